package jsonstr

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestAppend(t *testing.T) {
	for _, tc := range []struct{ in, goJSON, js string }{
		{"plain", `"plain"`, `"plain"`},
		{`a"b\c`, `"a\"b\\c"`, `"a\"b\\c"`},
		{"<a & b>", `"\u003ca \u0026 b\u003e"`, `"<a & b>"`},
		{"tab\tnl\ncr\r\b\f\x01", `"tab\tnl\ncr\r\b\f\u0001"`, `"tab\tnl\ncr\r\b\f\u0001"`},
		{"bad\xffbyte", `"bad\ufffdbyte"`, "\"bad\uFFFDbyte\""},
		{"line\u2028sep", `"line\u2028sep"`, "\"line\u2028sep\""},
		{"日本語", `"日本語"`, `"日本語"`},
	} {
		if got := string(Append(nil, tc.in, GoJSON)); got != tc.goJSON {
			t.Errorf("GoJSON %q = %s, want %s", tc.in, got, tc.goJSON)
		}
		if got := string(Append(nil, tc.in, JavaScript)); got != tc.js {
			t.Errorf("JavaScript %q = %s, want %s", tc.in, got, tc.js)
		}
	}
}

// FuzzAppend: the GoJSON flavour is encoding/json's output byte for byte,
// and the JavaScript flavour reads back as the same string (invalid UTF-8
// as U+FFFD).
func FuzzAppend(f *testing.F) {
	for _, s := range []string{"", "a<b>&", "\x00\x1f\x7f", "\xff\xfe", "\u2028\u2029", `"\`, "é日"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := Append(nil, s, GoJSON); string(got) != string(want) {
			t.Fatalf("GoJSON %q = %s, want %s", s, got, want)
		}
		var back string
		if err := json.Unmarshal(Append(nil, s, JavaScript), &back); err != nil {
			t.Fatal(err)
		}
		if back != string([]rune(s)) && utf8.ValidString(s) {
			t.Fatalf("JavaScript %q reads back as %q", s, back)
		}
	})
}
