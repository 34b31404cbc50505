package canvas

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzParseObject checks the one-pass reader against encoding/json's
// decoder on valid input: same members, same compacted values, same
// refusals.
func FuzzParseObject(f *testing.F) {
	for _, s := range []string{
		`{}`, ` { "a" : 1 , "b":[ 1, {"c" : "d e"} ], "e\u00e9\\n": "x\"y", "n": null, "t": true, "f": -1.5e3 } `,
		`{"a":1,"a":2}`, `[1]`, `"x"`, `{"k":{"k":1,"k":2}}`, "{\"\xff\":1}", `{"nodes":[{"id":"a","x":1}, {"id":"b"}]}`,
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"c":19}`,
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"q":18}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		want, wantErr := decodeObject(data)
		got, err := parseObject(data)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s: error %v, want %v", data, err, wantErr)
		}
		if err != nil {
			return
		}
		if len(got) != len(want) || len(got) > 0 && !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\n got %q\nwant %q", data, got, want)
		}
		for _, m := range got {
			if m.value[0] != '[' {
				continue
			}
			var wantItems []json.RawMessage
			if err := json.Unmarshal(m.value, &wantItems); err != nil {
				t.Fatal(err)
			}
			items, err := splitArray(m.value)
			if err != nil || len(items) != len(wantItems) {
				t.Fatalf("%s: items %q (%v), want %q", m.value, items, err, wantItems)
			}
			for i := range items {
				if string(items[i]) != string(wantItems[i]) {
					t.Fatalf("%s: item %d %s, want %s", m.value, i, items[i], wantItems[i])
				}
			}
		}
	})
}

// encodeFields keeps the specs it wrote in a 64-bit mask.
func TestFieldSpecsFitTheMask(t *testing.T) {
	if len(nodeFields) > 64 || len(edgeFields) > 64 {
		t.Fatal("more than 64 field specs: widen encodeFields' written mask")
	}
}
