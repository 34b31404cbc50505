package frontmatter

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// SyntaxError reports front matter that cannot be read: broken YAML, a top
// level that is not a mapping, a missing closing delimiter, or a key that
// appears twice.
type SyntaxError struct {
	// Line is the 1-based line number in the whole file; the opening "---"
	// is line 1, so an editor can jump straight to it.
	Line int
	// Msg describes the problem, without the line number.
	Msg string
}

// Error returns "front matter line N: msg".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("front matter line %d: %s", e.Line, e.Msg)
}

// parserProblems are the yaml.v3 parser (not scanner) messages. yaml.v3
// reports their line 0-based, and leaves it out when it is 0; scanner
// messages have 1-based lines.
var parserProblems = []string{
	"did not find expected <stream-start>",
	"did not find expected <document start>",
	"did not find expected node content",
	"did not find expected '-' indicator",
	"did not find expected key",
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"found undefined tag handle",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found duplicate %TAG directive",
}

// yamlError turns an error from yaml.v3 on the YAML text into a
// *SyntaxError with a file line number: the YAML text starts on line 2.
func yamlError(err error, text []byte) *SyntaxError {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0 // 1-based within text; 0 when unknown
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, problem, ok := strings.Cut(rest, ": "); ok {
			if n, convErr := strconv.Atoi(num); convErr == nil && n > 0 {
				line, msg = n, problem
			}
		}
	}
	for _, p := range parserProblems {
		if msg == p {
			line++ // 0-based, or absent for the first line
			break
		}
	}
	if line == 0 {
		line = 1
		if name, ok := unknownAnchor(msg); ok {
			if i := bytes.Index(text, []byte("*"+strings.Trim(name, "'"))); i >= 0 {
				line = len(lineStarts(text[:i+1], nil))
			}
		}
	}
	return &SyntaxError{Line: line + 1, Msg: msg}
}

// unknownAnchor reads the anchor's name from yaml's "unknown anchor 'x'
// referenced" (a name has no spaces). By hand rather than with
// fmt.Sscanf, whose scanner was the only one the WebAssembly build linked:
// 60 KB.
func unknownAnchor(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, "unknown anchor ")
	if !ok {
		return "", false
	}
	name, after, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
	if name == "" || !strings.HasPrefix(strings.TrimLeft(after, " "), "referenced") {
		return "", false
	}
	return name, true
}
