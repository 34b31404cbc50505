package notion

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Notion's limits on text.
const (
	// MaxTextLen is the most characters a text object may hold. Notion
	// counts UTF-16 code units (its API is JavaScript's), so a character
	// outside the Basic Multilingual Plane counts two.
	MaxTextLen = 2000
	// MaxRichText is the most text objects a rich_text array may hold.
	MaxRichText = 100
)

// SplitText cuts s into text objects of at most MaxTextLen characters,
// never inside a character. Joined, their contents are s again.
func SplitText(s string) []RichText {
	if s == "" {
		return nil
	}
	var out []RichText
	for s != "" {
		cut, units := 0, 0
		for cut < len(s) {
			r, size := utf8.DecodeRuneInString(s[cut:])
			u := utf16.RuneLen(r)
			if u < 0 {
				u = 1
			}
			if units+u > MaxTextLen {
				break
			}
			units += u
			cut += size
		}
		out = append(out, text(s[:cut]))
		s = s[cut:]
	}
	return out
}

func text(s string) RichText { return RichText{Type: "text", Text: &TextContent{Content: s}} }

// TextLen is the length of s as Notion counts it (UTF-16 code units).
func TextLen(s string) int {
	n := 0
	for _, r := range s {
		if u := utf16.RuneLen(r); u > 0 {
			n += u
		} else {
			n++
		}
	}
	return n
}

// textBlocks makes blocks of type typ holding s, as many as the rich_text
// limit needs (one but for text over 200,000 characters).
func textBlocks(typ string, s string, checked bool, lang string) []Block {
	parts := SplitText(s)
	if len(parts) == 0 {
		return []Block{{Type: typ, Checked: checked, Language: lang}}
	}
	var out []Block
	for len(parts) > 0 {
		n := min(len(parts), MaxRichText)
		out = append(out, Block{Type: typ, Text: parts[:n], Checked: checked, Language: lang})
		parts = parts[n:]
	}
	return out
}

// Compiled on first use (sync.OnceValue), not at start-up: the editor's
// core runs every package's initialization as it starts.
var (
	numbered = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d{1,9}[.)] `) })
	fence    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^(```+|~~~+)\\s*([\\w+#.-]*)\\s*$") })
)

// codeLanguages are the fence languages kept as themselves: a language
// Notion does not know fails the whole append, so others go as plain text.
var codeLanguages = map[string]bool{"bash": true, "c": true, "c++": true, "c#": true, "css": true, "diff": true,
	"go": true, "graphql": true, "html": true, "java": true, "javascript": true, "json": true, "kotlin": true,
	"makefile": true, "markdown": true, "python": true, "ruby": true, "rust": true, "shell": true, "sql": true,
	"swift": true, "typescript": true, "xml": true, "yaml": true}

// MarkdownBlocks turns a note's markdown into Notion blocks: headings (#
// to ###), bulleted, numbered and to-do items, quotes, fenced code,
// dividers, and paragraphs for the rest. Inline markdown stays as written
// (Notion shows **bold** with its asterisks); lines that start no block
// (an indented sub-item, a #### heading) stay in the text of the block they
// follow, so BlocksMarkdown gives the same text back.
func MarkdownBlocks(md string) []Block {
	lines := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n")
	var out []Block
	var cur *Block // the block later lines may continue
	var buf strings.Builder
	flush := func() {
		if cur != nil {
			out = append(out, textBlocks(cur.Type, strings.TrimRight(buf.String(), " \t\n"), cur.Checked, cur.Language)...)
			cur = nil
			buf.Reset()
		}
	}
	start := func(typ, s string, checked bool) {
		flush()
		cur = &Block{Type: typ, Checked: checked}
		buf.WriteString(s)
	}
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t")
		if m := fence().FindStringSubmatch(line); m != nil {
			flush()
			var code []string
			i++
			for ; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), m[1][:3]); i++ {
				code = append(code, lines[i])
			}
			lang := strings.ToLower(m[2])
			if !codeLanguages[lang] {
				lang = "plain text"
			}
			out = append(out, textBlocks("code", strings.Join(code, "\n"), false, lang)...)
			continue
		}
		switch {
		case line == "":
			flush()
		case line == "---" || line == "***" || line == "___":
			flush()
			out = append(out, Block{Type: "divider"})
		case strings.HasPrefix(line, "# "):
			start("heading_1", line[2:], false)
			flush()
		case strings.HasPrefix(line, "## "):
			start("heading_2", line[3:], false)
			flush()
		case strings.HasPrefix(line, "### "):
			start("heading_3", line[4:], false)
			flush()
		case strings.HasPrefix(line, "- [ ] "), strings.HasPrefix(line, "- [x] "), strings.HasPrefix(line, "- [X] "):
			start("to_do", line[6:], line[3] != ' ')
		case strings.HasPrefix(line, "- "), strings.HasPrefix(line, "* "), strings.HasPrefix(line, "+ "):
			start("bulleted_list_item", line[2:], false)
		case numbered().MatchString(line):
			start("numbered_list_item", line[len(numbered().FindString(line)):], false)
		case strings.HasPrefix(line, "> "):
			start("quote", line[2:], false)
		case cur != nil:
			buf.WriteByte('\n')
			buf.WriteString(line)
		default:
			start("paragraph", line, false)
		}
	}
	flush()
	return out
}

// BlocksMarkdown turns blocks back into markdown: the inverse of
// MarkdownBlocks for what it makes, and a plain rendering of the text of
// other blocks (a toggle's, a callout's) so that nothing written in Notion
// is dropped silently.
func BlocksMarkdown(blocks []Block) string {
	var b strings.Builder
	prev := ""
	for _, bl := range blocks {
		t := Plain(bl.Text)
		item := bl.Type == "bulleted_list_item" || bl.Type == "numbered_list_item" || bl.Type == "to_do"
		if b.Len() > 0 {
			if item && bl.Type == prev {
				b.WriteString("\n")
			} else {
				b.WriteString("\n\n")
			}
		}
		prev = bl.Type
		switch bl.Type {
		case "heading_1":
			b.WriteString("# " + t)
		case "heading_2":
			b.WriteString("## " + t)
		case "heading_3":
			b.WriteString("### " + t)
		case "bulleted_list_item":
			b.WriteString("- " + t)
		case "numbered_list_item":
			b.WriteString("1. " + t)
		case "to_do":
			if bl.Checked {
				b.WriteString("- [x] " + t)
			} else {
				b.WriteString("- [ ] " + t)
			}
		case "quote":
			b.WriteString("> " + t)
		case "divider":
			b.WriteString("---")
		case "code":
			lang := bl.Language
			if lang == "plain text" {
				lang = ""
			}
			b.WriteString("```" + lang + "\n" + t + "\n```")
		default:
			b.WriteString(t)
		}
	}
	return b.String()
}

// CanonicalMarkdown is md as it comes back from Notion after a round trip:
// what two sides are compared by.
func CanonicalMarkdown(md string) string { return BlocksMarkdown(MarkdownBlocks(md)) }
