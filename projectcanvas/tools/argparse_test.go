package tools

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// reference is what parseInstance replaces: encoding/json with exact
// numbers turned to float64, after the duplicate key check.
func reference(data []byte) (any, error) {
	if err := checkDuplicateKeys(data); err != nil {
		return nil, err
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var toFloat func(any) any
	toFloat = func(v any) any {
		switch x := v.(type) {
		case json.Number:
			f, _ := x.Float64()
			return f
		case map[string]any:
			for k, e := range x {
				x[k] = toFloat(e)
			}
		case []any:
			for i, e := range x {
				x[i] = toFloat(e)
			}
		}
		return v
	}
	return toFloat(v), nil
}

func FuzzParseInstance(f *testing.F) {
	for _, s := range []string{
		`{}`, ` { "a" : [1, -2.5e3, true, false, null, "x\u00e9\n\"", {"b": {}}], "c": "日本" } `,
		`{"a":1,"a":2}`, `{"o":{"k":1,"k":1}}`, `[{"x":1},{"x":1}]`, `1e400`, `"\ud800"`, "\"\xff\"", `-0`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		want, wantErr := reference(data)
		got, err := parseInstance(data)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s: error %v, want %v", data, err, wantErr)
		}
		if err == nil && !equalInstance(got, want) {
			t.Fatalf("%s:\n got %#v\nwant %#v", data, got, want)
		}
	})
}

func equalInstance(a, b any) bool {
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && (fa == fb || math.IsNaN(fa) && math.IsNaN(fb))
	}
	return reflect.DeepEqual(a, b)
}
