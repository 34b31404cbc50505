package site

import (
	"bytes"
	"html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// bodyRenderer draws the parts of a note's body the site must not pass
// through as goldmark would: links (kept to http, https, mailto and the
// site's pages), images (their alt text: the site copies no file), raw
// HTML (shown as text) and wiki links (resolved to entity pages).
type bodyRenderer struct {
	s *site
	// root is the way from the page the body is on to the site's root.
	root string
}

func (r *bodyRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindLink, r.link)
	reg.Register(ast.KindAutoLink, r.autoLink)
	reg.Register(ast.KindImage, func(util.BufWriter, []byte, ast.Node, bool) (ast.WalkStatus, error) {
		return ast.WalkContinue, nil // the alt text, as the children's text
	})
	reg.Register(ast.KindRawHTML, r.rawHTML)
	reg.Register(ast.KindHTMLBlock, r.htmlBlock)
	reg.Register(kindWikiLink, r.wikiLink)
}

// markdown is the goldmark of one page: CommonMark with GitHub's tables,
// strikethrough, task lists and bare URLs, and the site's wiki links.
func (s *site) markdown(root string) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, extension.Linkify),
		goldmark.WithParserOptions(parser.WithInlineParsers(util.Prioritized(wikiParser{}, 199))),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(&bodyRenderer{s: s, root: root}, 100))),
	)
}

// renderBody renders a body to HTML at the end of out, and returns its
// text for the search index, with the site's one goldmark for the entity
// pages (made once: goldmark is safe for concurrent use, and its parsers
// are costly to make).
func (s *site) renderBody(out *bytes.Buffer, body string) (plain string, err error) {
	md := s.bodyMarkdown
	src := []byte(body)
	doc := md.Parser().Parse(text.NewReader(src))
	nestHeadings(doc)
	if err := md.Renderer().Render(bufWriter{out}, src, doc); err != nil {
		return "", err
	}
	return s.plainText(doc, src), nil
}

// bufWriter is a bytes.Buffer as goldmark's renderer writes to: given
// anything else, it wraps it in a new bufio.Writer (4 KiB) per body.
type bufWriter struct{ *bytes.Buffer }

func (bufWriter) Buffered() int  { return 0 }
func (bufWriter) Flush() error   { return nil }
func (bufWriter) Available() int { return 0 }

// nestHeadings puts the body's headings below the page's: the page is the
// h1 and the body sits under an h2, so the body's highest headings become
// h3s, and a heading that skips a level ("#" then "###") comes one below
// the one before it, so that the headings stay in order for those who
// move by them.
func nestHeadings(doc ast.Node) {
	var headings []*ast.Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			headings = append(headings, h)
		}
		return ast.WalkContinue, nil
	})
	prev := 2
	for _, h := range headings {
		h.Level = min(h.Level+2, prev+1, 6)
		prev = h.Level
	}
}

// href is where a link of a body may go: an http(s) or mailto address as
// written, or the page of the published entity a relative link names;
// "" for anything else (javascript:, data:, a vault file not published).
func (r *bodyRenderer) href(dest string) string {
	// Browsers drop tabs and newlines in addresses ("java\tscript:").
	clean := strings.Map(func(c rune) rune {
		if c <= ' ' {
			return -1
		}
		return c
	}, dest)
	if scheme, _, ok := strings.Cut(clean, ":"); ok && !strings.ContainsAny(scheme, "/?#") {
		switch strings.ToLower(scheme) {
		case "http", "https", "mailto":
			return clean
		}
		return ""
	}
	name, err := url.PathUnescape(strings.SplitN(clean, "#", 2)[0])
	if err != nil || name == "" {
		return ""
	}
	if e := r.s.resolve(name); e != nil {
		return r.root + pageOf(e.ID)
	}
	return ""
}

func writeHref(w util.BufWriter, href string) {
	_, _ = w.WriteString(`<a href="`)
	_, _ = w.Write(util.EscapeHTML(util.URLEscape([]byte(href), false)))
	_, _ = w.WriteString(`">`)
}

func (r *bodyRenderer) link(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	href := r.href(string(n.(*ast.Link).Destination))
	if href == "" {
		return ast.WalkContinue, nil // the link's text, not a link
	}
	if entering {
		writeHref(w, href)
	} else {
		_, _ = w.WriteString("</a>")
	}
	return ast.WalkContinue, nil
}

func (r *bodyRenderer) autoLink(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	l := n.(*ast.AutoLink)
	label := string(l.Label(src))
	dest := string(l.URL(src))
	if l.AutoLinkType == ast.AutoLinkEmail && !strings.HasPrefix(strings.ToLower(dest), "mailto:") {
		dest = "mailto:" + dest
	}
	if href := r.href(dest); href != "" && strings.Contains(href, ":") {
		writeHref(w, href)
		_, _ = w.WriteString(html.EscapeString(label) + "</a>")
	} else {
		_, _ = w.WriteString(html.EscapeString(label))
	}
	return ast.WalkContinue, nil
}

func (r *bodyRenderer) rawHTML(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		segs := n.(*ast.RawHTML).Segments
		for i := 0; i < segs.Len(); i++ {
			seg := segs.At(i)
			_, _ = w.Write(util.EscapeHTML(seg.Value(src)))
		}
	}
	return ast.WalkSkipChildren, nil
}

func (r *bodyRenderer) htmlBlock(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	b := n.(*ast.HTMLBlock)
	_, _ = w.WriteString("<pre class=\"raw-html\">")
	lines := b.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		_, _ = w.Write(util.EscapeHTML(seg.Value(src)))
	}
	if b.HasClosure() {
		closure := b.ClosureLine
		_, _ = w.Write(util.EscapeHTML(closure.Value(src)))
	}
	_, _ = w.WriteString("</pre>\n")
	return ast.WalkSkipChildren, nil
}

func (r *bodyRenderer) wikiLink(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	l := n.(*wikiLink)
	label := html.EscapeString(r.s.wikiText(l))
	if e := r.s.resolve(l.Target); e != nil {
		writeHref(w, r.root+pageOf(e.ID))
		_, _ = w.WriteString(label + "</a>")
	} else {
		_, _ = w.WriteString(`<span class="unlinked">` + label + `</span>`)
	}
	return ast.WalkContinue, nil
}

// plainText is the words of a parsed body, for the search index.
func (s *site) plainText(doc ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			b.Write(n.Segment.Value(src))
			b.WriteByte(' ')
		case *ast.String:
			b.Write(n.Value)
			b.WriteByte(' ')
		case *wikiLink:
			b.WriteString(s.wikiText(n) + " ")
		case *ast.AutoLink:
			b.Write(n.Label(src))
			b.WriteByte(' ')
		case *ast.RawHTML, *ast.HTMLBlock:
			return ast.WalkSkipChildren, nil // markup, not words
		case *ast.CodeBlock, *ast.FencedCodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				b.Write(seg.Value(src))
			}
		}
		return ast.WalkContinue, nil
	})
	return words(b.String())
}

// words is strings.Join(strings.Fields(s), " ") without the list between:
// every run of white space one space, none at either end.
func words(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if unicode.IsSpace(r) {
			space = true
		} else {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
