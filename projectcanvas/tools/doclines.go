package tools

import (
	"strings"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// docLines is a text file as lines, for read_docs and update_doc. Lines
// are numbered from 1; a final line ending does not start another line.
// The file's line ending ("\n" or "\r\n") is kept for lines that are
// added.
type docLines struct {
	lines   []string // without their endings
	eol     string
	finalNL bool // the text ends with a line ending
}

func parseLines(text string) docLines {
	d := docLines{eol: "\n"}
	if i := strings.IndexByte(text, '\n'); i > 0 && text[i-1] == '\r' {
		d.eol = "\r\n"
	}
	if text == "" {
		return d
	}
	d.finalNL = strings.HasSuffix(text, "\n")
	text = strings.TrimSuffix(text, "\n")
	for l := range strings.SplitSeq(text, "\n") {
		d.lines = append(d.lines, strings.TrimSuffix(l, "\r"))
	}
	return d
}

func (d docLines) String() string {
	if len(d.lines) == 0 {
		return ""
	}
	s := strings.Join(d.lines, d.eol)
	if d.finalNL {
		s += d.eol
	}
	return s
}

// contentLines splits new content into lines (its final line ending, if
// any, is not an extra empty line).
func contentLines(content string) []string {
	if content == "" {
		return nil
	}
	return parseLines(content).lines
}

// checkRange refuses a 1-based inclusive range outside lines 1..n.
func checkRange(r []int, n int, field string) (lo, hi int, err error) {
	if len(r) != 2 {
		return 0, 0, pc.Errorf(pc.CodeInvalidArgument, "%s must be [start, end]", field).With("field", field)
	}
	lo, hi = r[0], r[1]
	if lo < 1 || hi < lo || hi > n {
		return 0, 0, pc.Errorf(pc.CodeInvalidArgument, "%s [%d, %d] is outside the file's lines 1-%d", field, lo, hi, n).
			With("field", field).With("line_count", n)
	}
	return lo, hi, nil
}

// bodyLine is the number of the first line after the front matter of
// text (1 when there is none).
func bodyLine(text string) int {
	body, err := frontmatter.BodyOf([]byte(text))
	if err != nil || len(body) == len(text) {
		return 1
	}
	return strings.Count(text[:len(text)-len(body)], "\n") + 1
}

// editLines applies one update_doc line operation to the file's text.
// prepend adds after the front matter, so metadata stays first.
func editLines(text, op, content string, lineNumber int, lineRange []int) (string, error) {
	d := parseLines(text)
	n := len(d.lines)
	add := contentLines(content)
	if n == 0 && len(add) > 0 {
		d.finalNL = true
	}
	at := func(i int, rm int) { d.lines = append(d.lines[:i], append(add, d.lines[i+rm:]...)...) }
	switch op {
	case "append":
		at(n, 0)
	case "prepend":
		at(min(bodyLine(text)-1, n), 0)
	case "insert":
		if lineNumber < 1 || lineNumber > n+1 {
			return "", pc.Errorf(pc.CodeInvalidArgument, "line_number %d is outside 1-%d (insert goes before that line; %d appends)", lineNumber, n+1, n+1).
				With("field", "line_number").With("line_count", n)
		}
		at(lineNumber-1, 0)
	case "replace", "delete":
		if op == "delete" {
			add = nil
		}
		switch {
		case lineRange != nil:
			lo, hi, err := checkRange(lineRange, n, "line_range")
			if err != nil {
				return "", err
			}
			at(lo-1, hi-lo+1)
		case lineNumber != 0:
			if _, _, err := checkRange([]int{lineNumber, lineNumber}, n, "line_number"); err != nil {
				return "", err
			}
			at(lineNumber-1, 1)
		case op == "replace":
			return content, nil
		default:
			return "", pc.Errorf(pc.CodeMissingField, "delete needs line_number or line_range").With("field", "line_range")
		}
	}
	return d.String(), nil
}
