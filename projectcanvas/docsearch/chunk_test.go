package docsearch

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type span struct {
	path, text string
}

func spans(src string, maxChunk int) []span {
	var out []span
	for _, c := range Split("d.md", []byte(src), maxChunk) {
		out = append(out, span{c.HeadingPath, src[c.Start:c.End]})
	}
	return out
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		src  string
		max  int
		want []span
	}{
		{"headings nest", "# A\ntext a\n## B\ntext b\n### C\nc\n## D\nd\n", 0, []span{
			{"A", "# A\ntext a"}, {"A > B", "## B\ntext b"}, {"A > B > C", "### C\nc"}, {"A > D", "## D\nd"}}},
		{"preamble and front matter", "---\ntitle: x\n---\nintro\n\n# H\nbody", 0, []span{
			{"", "intro"}, {"H", "# H\nbody"}}},
		{"front matter is not a heading", "---\ntitle: x\n---\n# H\nbody", 0, []span{{"H", "# H\nbody"}}},
		{"setext", "Title\n=====\ntext\n\nSub\n---\nmore", 0, []span{
			{"Title", "Title\n=====\ntext"}, {"Title > Sub", "Sub\n---\nmore"}}},
		{"code fence hides #", "# A\n```\n# not\n```\n", 0, []span{{"A", "# A\n```\n# not\n```"}}},
		{"closing hashes and emphasis kept raw", "## Deploy **now** ##\nx", 0, []span{{"Deploy **now**", "## Deploy **now** ##\nx"}}},
		{"heading-only sections dropped", "# A\n\n## B\nb", 0, []span{{"A > B", "## B\nb"}}},
		{"only whitespace", " \n\n\t", 0, nil},
		{"long section split at paragraphs", "# A\none one\n\ntwo two\n\nthree three", 12, []span{
			{"A", "# A\none one"}, {"A", "two two"}, {"A", "three three"}}},
		{"long paragraph split at lines", "# A\nline one\nline two\nline three", 12, []span{
			{"A", "# A\nline one"}, {"A", "line two"}, {"A", "line three"}}},
		{"long line split at characters", "ééééé", 4, []span{{"", "éé"}, {"", "éé"}, {"", "é"}}},
		{"heading in list does not split", "# A\n- item\n  # inner\n", 0, []span{{"A", "# A\n- item\n  # inner"}}},
		{"unclosed front matter is text", "---\nno end\n# H\nx", 0, []span{{"", "---\nno end"}, {"H", "# H\nx"}}},
		{"CRLF", "# A\r\nx\r\n# B\r\ny\r\n", 0, []span{{"A", "# A\r\nx"}, {"B", "# B\r\ny"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := spans(tt.src, tt.max)
			if len(got) != len(tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("chunk %d: got %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// checkChunks verifies the invariants of Split's output for src.
func checkChunks(t *testing.T, src []byte, chunks []Chunk) {
	t.Helper()
	prevEnd := 0
	for i, c := range chunks {
		if c.Start < prevEnd || c.End <= c.Start || c.End > len(src) {
			t.Fatalf("chunk %d: bad span [%d,%d) after %d in %d bytes", i, c.Start, c.End, prevEnd, len(src))
		}
		if c.StartChar != utf8.RuneCount(src[:c.Start]) || c.EndChar != utf8.RuneCount(src[:c.End]) {
			t.Fatalf("chunk %d: chars [%d,%d) do not match bytes [%d,%d)", i, c.StartChar, c.EndChar, c.Start, c.End)
		}
		if text := c.Text(src); strings.TrimSpace(text) != text || text == "" {
			t.Fatalf("chunk %d: untrimmed or empty %q", i, text)
		}
		prevEnd = c.End
	}
}

func TestSplitCharOffsets(t *testing.T) {
	src := []byte("# 検索\n日本語のテキスト\n\n## Zürich\ncafé ☕ \xff bytes\n")
	chunks := Split("d.md", src, 0)
	checkChunks(t, src, chunks)
	if len(chunks) != 2 || chunks[1].HeadingPath != "検索 > Zürich" {
		t.Fatalf("got %+v", chunks)
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"# A\nb\n## C\n", "---\na: b\n---\n# x", "Title\n===\n", "```\n# x\n```", "> # q\n", "ééé\n\néé", "# A\r\n\r\nb"} {
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, src string, max int) {
		max = max%64 + 1
		if max < 1 {
			max = -max + 1
		}
		checkChunks(t, []byte(src), Split("f.md", []byte(src), max))
	})
}

// referenceSpan is the recursive split the linear splitter replaced (it
// rescanned the rest of a paragraph for every chunk): kept to check that
// the linear one cuts at exactly the same places.
func referenceSpan(src []byte, start, end, max int) [][2]int {
	start, end = trim(src, start, end)
	if start >= end {
		return nil
	}
	if end-start <= max {
		return [][2]int{{start, end}}
	}
	blank := func(src []byte, start, end, max int) int {
		lim := min(end, start+max+2)
		if i := bytes.LastIndex(src[start:lim], []byte("\n\n")); i > 0 {
			return start + i + 1
		}
		if i := bytes.LastIndex(src[start:lim], []byte("\n\r\n")); i > 0 {
			return start + i + 1
		}
		if i := bytes.Index(src[start:end], []byte("\n\n")); i > 0 {
			return start + i + 1
		}
		return -1
	}
	for _, cut := range []func([]byte, int, int, int) int{blank, lineCut, runeCut} {
		if c := cut(src, start, end, max); c > start && c < end {
			return append(referenceSpan(src, start, c, max), referenceSpan(src, c, end, max)...)
		}
	}
	return [][2]int{{start, end}}
}

func FuzzSplitterMatchesReference(f *testing.F) {
	f.Add("a\nb\n\nc d e f g\nh\n\n\ni j k l m n o p\n", 4, 0)
	f.Add("- x\n- y\n- z\n- w\n\n- v\n", 3, 2)
	f.Add("word word word word word", 5, 1)
	f.Fuzz(func(t *testing.T, src string, max, from int) {
		max = max%40 + 1
		if max < 1 {
			max = -max + 1
		}
		if from < 0 || from > len(src) {
			from = 0
		}
		s := splitter{src: []byte(src), max: max, blankFrom: -1}
		// Two sections, in file order, sharing one splitter as Split does.
		got := s.span(0, from, nil)
		got = s.span(from, len(src), got)
		want := append(referenceSpan([]byte(src), 0, from, max), referenceSpan([]byte(src), from, len(src), max)...)
		if len(got) != len(want) || len(got) > 0 && fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("max %d from %d:\n got %v\nwant %v", max, from, got, want)
		}
	})
}

// A file beyond MaxIndexedBytes is indexed up to a line end within it.
func TestSplitCapsHugeFiles(t *testing.T) {
	line := []byte("- an item\n")
	src := bytes.Repeat(line, MaxIndexedBytes/len(line)+1000)
	chunks := Split("huge.md", src, 0)
	require.NotEmpty(t, chunks)
	last := chunks[len(chunks)-1]
	assert.LessOrEqual(t, last.End, MaxIndexedBytes)
	assert.Greater(t, last.End, MaxIndexedBytes-DefaultMaxChunk)
	assert.Equal(t, IndexedBytes(src), last.End+1, "cut after the last whole line")
	one := bytes.Repeat([]byte("é"), MaxIndexedBytes) // no line end, two bytes a character
	assert.True(t, utf8.Valid(one[:IndexedBytes(one)]))
	assert.Equal(t, utf8.RuneCount(src[:last.End]), last.EndChar)
}
