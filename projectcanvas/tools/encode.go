package tools

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/projectcanvas/projectcanvas/internal/jsonstr"
)

// appendJSON appends v as encoding/json would marshal it. Tool results are
// mostly trees of maps, lists, strings, numbers and booleans; encoding/json
// walks those by reflection, copying each map key and value and sorting
// keys through reflect, which is most of a small call's cost (and more so
// in WebAssembly). These types are written directly; any other value
// (structs, json.RawMessage, Marshalers) goes through json.Marshal, so the
// output is encoding/json's byte for byte (FuzzAppendJSON checks).
func appendJSON(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return jsonstr.Append(b, x, jsonstr.GoJSON), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case []string:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, s := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonstr.Append(b, s, jsonstr.GoJSON)
		}
		return append(b, ']'), nil
	case []any:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSON(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case map[string]any:
		if x == nil {
			return append(b, "null"...), nil
		}
		var small [32]string // most maps: no allocation for the keys
		keys := small[:0]
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(jsonstr.Append(b, k, jsonstr.GoJSON), ':')
			var err error
			if b, err = appendJSON(b, x[k]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, data...), nil
}
