package frontmatter

import (
	"errors"
	"testing"
)

func TestSyntaxErrorLines(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"unclosed flow list", "---\nid: 1\nstatus: [Todo\n---\n", 3, "did not find expected ',' or ']'"},
		{"mapping in value", "---\na: 1\nb: : c\n---\n", 3, "mapping values are not allowed in this context"},
		{"bad indentation", "---\na: 1\n  b: 2\n---\n", 3, "mapping values are not allowed in this context"},
		{"sequence then key", "---\n- a\nb: 1\n---\n", 3, "did not find expected '-' indicator"},
		{"key without colon", "---\na: 1\nb\n---\n", 3, "could not find expected ':'"},
		{"tab indentation", "---\na:\n\tb: 2\n---\n", 3, "found character that cannot start any token"},
		{"unknown anchor", "---\na: 1\nb: *x\n---\n", 3, "unknown anchor 'x' referenced"},
		{"non-mapping", "---\n- a\n- b\n---\n", 2, "front matter must be a mapping of keys to values, not a sequence"},
		{"scalar", "---\njust text\n---\n", 2, `front matter must be a mapping of keys to values, not the scalar "just text"`},
		{"null document", "---\n~\n---\n", 2, `front matter must be a mapping of keys to values, not the scalar "~"`},
		{"unterminated", "---\na: 1\n", 1, `unterminated front matter: no closing "---" line`},
		{"unterminated with BOM and CRLF", "\ufeff---\r\na: 1\r\n", 1, `unterminated front matter: no closing "---" line`},
		{"duplicate", "---\na: 1\nb: 2\na: 3\n---\n", 4, `duplicate key "a" (first on line 2)`},
		{"sequence key", "---\n[a, b]: 1\n---\n", 2, "top-level key must be a scalar, not a sequence"},
		{"two documents", "---\na: 1\n--- # second\nb: 2\n---\n", 3, "front matter holds more than one YAML document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse([]byte(tt.src))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse = %v, %v; want a *SyntaxError", d, err)
			}
			if se.Line != tt.line || se.Msg != tt.msg {
				t.Errorf("got line %d %q, want line %d %q", se.Line, se.Msg, tt.line, tt.msg)
			}
		})
	}
}

func TestSyntaxErrorText(t *testing.T) {
	err := &SyntaxError{Line: 7, Msg: "boom"}
	if got, want := err.Error(), "front matter line 7: boom"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
