package docsearch

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/projectcanvas/projectcanvas/projectcanvas/frontmatter"
)

// DefaultMaxChunk is the size, in bytes, above which a section is split
// into several chunks at paragraph boundaries.
const DefaultMaxChunk = 1500

// Chunk is one searchable piece of a markdown file: a section, or part of
// a long one. Start and End are byte offsets into the file and StartChar
// and EndChar the same span in characters (Unicode code points; each byte
// of invalid UTF-8 counts as one): file[Start:End] is the chunk's text.
type Chunk struct {
	Doc         string // the file's vault path
	HeadingPath string // "A > B > C"; empty before the first heading
	Section     int    // the section's number in the file, from 0
	Start, End  int    // bytes
	StartChar   int    // code points
	EndChar     int    // code points
}

// Text returns the chunk's text in src, the file it was cut from.
func (c *Chunk) Text(src []byte) string { return string(src[c.Start:c.End]) }

var markdown = goldmark.New()

// heading is a section boundary: the start of its line and its title.
type heading struct {
	start int
	level int
	title string
}

// headings returns the top-level headings of body, in order. Headings
// inside lists or quotes do not start sections, nor do empty ones.
func headings(body []byte) []heading {
	doc := markdown.Parser().Parse(text.NewReader(body))
	var hs []heading
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Lines().Len() == 0 {
			continue
		}
		first := h.Lines().At(0)
		var title strings.Builder
		for i := 0; i < h.Lines().Len(); i++ {
			seg := h.Lines().At(i)
			if i > 0 {
				title.WriteByte(' ')
			}
			title.Write(bytes.TrimSpace(seg.Value(body)))
		}
		start := bytes.LastIndexByte(body[:first.Start], '\n') + 1
		hs = append(hs, heading{start: start, level: h.Level, title: cleanTitle(title.String())})
	}
	return hs
}

// cleanTitle drops a closing "#" sequence and collapses spaces.
func cleanTitle(s string) string {
	s = strings.TrimSpace(s)
	if t := strings.TrimRight(s, "#"); t != s && (t == "" || strings.HasSuffix(t, " ")) {
		s = strings.TrimSpace(t)
	}
	return strings.Join(strings.Fields(s), " ")
}

// Split cuts the markdown file src at doc into chunks: one section per
// top-level heading (plus the text before the first heading), each with
// the path of its headings, and sections longer than maxChunk bytes cut
// at blank lines (or, for a longer paragraph, at line ends). Front matter
// is not searched. Chunks never hold only white space and never start or
// end with it. maxChunk <= 0 means DefaultMaxChunk.
func Split(doc string, src []byte, maxChunk int) []Chunk {
	if maxChunk <= 0 {
		maxChunk = DefaultMaxChunk
	}
	bodyStart := 0
	if body, err := frontmatter.BodyOf(src); err == nil {
		bodyStart = len(src) - len(body)
	}
	body := src[bodyStart:]
	hs := headings(body)

	var out []Chunk
	var path []heading // the open headings, outermost first
	counter := runeCounter{src: src}
	add := func(section, start, end int, hp string) {
		for _, span := range splitSpan(src, start, end, maxChunk) {
			c := Chunk{Doc: doc, HeadingPath: hp, Section: section, Start: span[0], End: span[1]}
			c.StartChar = counter.at(c.Start)
			c.EndChar = counter.at(c.End)
			out = append(out, c)
		}
	}
	section := 0
	if len(hs) == 0 || hs[0].start > 0 {
		end := len(body)
		if len(hs) > 0 {
			end = hs[0].start
		}
		if len(bytes.TrimSpace(body[:end])) > 0 {
			add(section, bodyStart, bodyStart+end, "")
			section++
		}
	}
	for i, h := range hs {
		for len(path) > 0 && path[len(path)-1].level >= h.level {
			path = path[:len(path)-1]
		}
		path = append(path, h)
		end := len(body)
		if i+1 < len(hs) {
			end = hs[i+1].start
		}
		if headingOnly(body[h.start:end]) {
			continue // a heading right above its subsections: nothing to find there
		}
		add(section, bodyStart+h.start, bodyStart+end, joinPath(path))
		section++
	}
	return out
}

func joinPath(hs []heading) string {
	titles := make([]string, len(hs))
	for i, h := range hs {
		titles[i] = h.title
	}
	return strings.Join(titles, " > ")
}

// splitSpan cuts src[start:end] into trimmed spans of at most max bytes
// where possible: at blank lines first, then at line ends, then at
// character boundaries.
func splitSpan(src []byte, start, end, max int) [][2]int {
	start, end = trim(src, start, end)
	if start >= end {
		return nil
	}
	if end-start <= max {
		return [][2]int{{start, end}}
	}
	var out [][2]int
	for _, cut := range []func([]byte, int, int, int) int{blankLineCut, lineCut, runeCut} {
		if c := cut(src, start, end, max); c > start && c < end {
			out = append(out, splitSpan(src, start, c, max)...)
			return append(out, splitSpan(src, c, end, max)...)
		}
	}
	return [][2]int{{start, end}}
}

// blankLineCut returns the offset of the last paragraph start within
// src[start:start+max], or -1.
func blankLineCut(src []byte, start, end, max int) int {
	lim := min(end, start+max+2) // a blank line right after max bytes still counts
	if i := bytes.LastIndex(src[start:lim], []byte("\n\n")); i > 0 {
		return start + i + 1
	}
	if i := bytes.LastIndex(src[start:lim], []byte("\n\r\n")); i > 0 {
		return start + i + 1
	}
	if i := bytes.Index(src[start:end], []byte("\n\n")); i > 0 {
		return start + i + 1 // a paragraph longer than max: cut after it
	}
	return -1
}

// lineCut returns the start of the last line beginning within
// src[start:start+max], or -1.
func lineCut(src []byte, start, end, max int) int {
	lim := min(end, start+max+1)
	if i := bytes.LastIndexByte(src[start:lim], '\n'); i > 0 {
		return start + i + 1
	}
	return -1
}

// runeCut returns the last character boundary at or before start+max.
func runeCut(src []byte, start, end, max int) int {
	c := min(end, start+max)
	for c > start && !utf8.RuneStart(src[c]) {
		c--
	}
	return c
}

func trim(src []byte, start, end int) (int, int) {
	for start < end && isSpace(src[start]) {
		start++
	}
	for end > start && isSpace(src[end-1]) {
		end--
	}
	return start, end
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// runeCounter converts increasing byte offsets into code point offsets
// in one pass over src.
type runeCounter struct {
	src        []byte
	off, count int
}

func (r *runeCounter) at(off int) int {
	if off < r.off {
		r.off, r.count = 0, 0
	}
	r.count += utf8.RuneCount(r.src[r.off:off])
	r.off = off
	return r.count
}

// headingOnly reports whether a section is its ATX heading line alone.
func headingOnly(sec []byte) bool {
	line, rest, _ := bytes.Cut(sec, []byte("\n"))
	return len(bytes.TrimSpace(rest)) == 0 && bytes.HasPrefix(bytes.TrimSpace(line), []byte("#"))
}
