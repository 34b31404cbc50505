package frontmatter

import (
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

// yamlError turns an error from yaml.v3 into a *SyntaxError. yaml.v3 numbers
// lines from 1 at the start of the YAML text, which is the line after the
// opening delimiter, hence the +1. Errors without a line number are pinned to
// the opening delimiter.
func yamlError(err error) *SyntaxError {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, text, ok := strings.Cut(rest, ": "); ok {
			if n, convErr := strconv.Atoi(num); convErr == nil && n > 0 {
				line, msg = n, text
			}
		}
	}
	return &SyntaxError{Line: line + 1, Msg: msg}
}
