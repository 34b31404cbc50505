package docsearch

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/projectcanvas/projectcanvas/frontmatter"
)

// DefaultMaxChunk is the size, in bytes, above which a section is split
// into several chunks at paragraph boundaries.
const DefaultMaxChunk = 1500

// MaxIndexedBytes bounds what one file adds to the index: its first 4 MiB
// (cut at a line end). A longer file is indexed that far and reported by
// Status (Truncated), so that no file, however large, can stall a host.
const MaxIndexedBytes = 4 << 20

// IndexedBytes returns how much of src the index reads: all of it, or the
// part up to the last line end within MaxIndexedBytes (the last character
// boundary when that part holds no line end).
func IndexedBytes(src []byte) int {
	if len(src) <= MaxIndexedBytes {
		return len(src)
	}
	if i := bytes.LastIndexByte(src[:MaxIndexedBytes], '\n'); i > 0 {
		return i + 1
	}
	n := MaxIndexedBytes
	for n > 0 && !utf8.RuneStart(src[n]) {
		n--
	}
	return n
}

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
	src = src[:IndexedBytes(src)]
	if bodyStart > len(src) {
		bodyStart = len(src)
	}
	body := src[bodyStart:]
	hs := headings(body)

	var out []Chunk
	var path []heading // the open headings, outermost first
	counter := runeCounter{src: src}
	cutter := splitter{src: src, max: maxChunk, blankFrom: -1}
	add := func(section, start, end int, hp string) {
		for _, span := range cutter.span(start, end, nil) {
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

// splitter cuts sections into chunks in time linear in the file: the
// search for the next blank line beyond the window is remembered, since
// spans are cut in file order and each search would otherwise rescan the
// rest of a paragraph for every chunk of it (a 16 MB list without blank
// lines took minutes).
type splitter struct {
	src []byte
	max int
	// nextBlank is the offset of the first "\n\n" at or after blankFrom,
	// -1 when there is none; blankFrom < 0 until the first search.
	blankFrom, nextBlank int
}

// blankAfter returns the offset of the first "\n\n" at or after p, or -1.
func (s *splitter) blankAfter(p int) int {
	if s.blankFrom < 0 || p < s.blankFrom || s.nextBlank >= 0 && s.nextBlank < p {
		s.blankFrom, s.nextBlank = p, bytes.Index(s.src[p:], []byte("\n\n"))
		if s.nextBlank >= 0 {
			s.nextBlank += p
		}
	}
	return s.nextBlank
}

// span cuts src[start:end] into trimmed spans of at most max bytes where
// possible: at blank lines first, then at line ends, then at character
// boundaries. The part before a cut is small (a window) or one long
// paragraph, cut by lines; the part after it is the loop's next turn.
func (s *splitter) span(start, end int, out [][2]int) [][2]int {
	for {
		start, end = trim(s.src, start, end)
		if start >= end {
			return out
		}
		if end-start <= s.max {
			return append(out, [2]int{start, end})
		}
		c := s.blankLineCut(start, end)
		if c <= start || c >= end {
			c = lineCut(s.src, start, end, s.max)
		}
		if c <= start || c >= end {
			c = runeCut(s.src, start, end, s.max)
		}
		if c <= start || c >= end {
			return append(out, [2]int{start, end})
		}
		out = s.span(start, c, out)
		start = c
	}
}

// blankLineCut returns the offset of the last paragraph start within
// src[start:start+max], or -1.
func (s *splitter) blankLineCut(start, end int) int {
	src := s.src
	lim := min(end, start+s.max+2) // a blank line right after max bytes still counts
	if i := bytes.LastIndex(src[start:lim], []byte("\n\n")); i > 0 {
		return start + i + 1
	}
	if i := bytes.LastIndex(src[start:lim], []byte("\n\r\n")); i > 0 {
		return start + i + 1
	}
	if i := s.blankAfter(start); i > start && i+2 <= end {
		return i + 1 // a paragraph longer than max: cut after it
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
