package tools

import (
	"encoding/json"
	"testing"
	"time"
)

func TestAppendJSONIsEncodingJSON(t *testing.T) {
	for _, v := range []any{
		nil, "", "plain", "quote \" backslash \\ <tag> & \u2028 \u2029 \x00 \x1f \t\n\r\b\f é 日本", "bad \xff utf8 \xc3",
		true, false, 0, -42, int64(1) << 60, 1.5, 1e21, 1e-7, float32(0.1), uint8(7),
		[]string{}, []string(nil), []string{"a", "<b>"}, []any{}, []any(nil), []any{1, "x", nil, []any{true}},
		map[string]any{}, map[string]any(nil), map[string]any{"b": 1, "a": []string{"x"}, "<": map[string]any{"z": nil, "y": 2.5}},
		map[string]any{"raw": json.RawMessage(` {"x" : 1} `), "t": time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), "s": struct{ A int }{1}},
		map[string]int{"b": 2, "a": 1},
	} {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendJSON(nil, v)
		if err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		if string(got) != string(want) {
			t.Errorf("%#v:\n got %s\nwant %s", v, got, want)
		}
	}
	if _, err := appendJSON(nil, map[string]any{"f": func() {}}); err == nil {
		t.Error("an unencodable value must fail as json.Marshal does")
	}
}

// FuzzAppendJSON checks strings and keys byte for byte against encoding/json.
func FuzzAppendJSON(f *testing.F) {
	for _, s := range []string{"", "a<b>&c", "\u2028\xff\x00", "日本\"\\"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, k, s string) {
		v := map[string]any{k: []any{s, []string{s, k}, map[string]any{s: k}}}
		want, _ := json.Marshal(v)
		got, err := appendJSON(nil, v)
		if err != nil || string(got) != string(want) {
			t.Fatalf("got %s (%v), want %s", got, err, want)
		}
	})
}
