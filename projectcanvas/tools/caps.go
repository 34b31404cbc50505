package tools

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// Caps: limits that answer instead of failing. An assistant that asks for
// 500 results gets the 50 a search gives at most, and a field saying so,
// rather than an error and a retry. A field tagged `schema:"cap=N"` is one
// (see Register): only top-level integer counts and sizes of output are.

// capField is a capped parameter of an arguments struct.
type capField struct {
	name  string // the parameter's JSON name
	index []int  // the struct field
	max   int64
}

// capsOf lists the capped parameters of the struct type t.
func capsOf(t reflect.Type) []capField {
	var out []capField
	for f := range structFields(t) {
		for kv := range strings.SplitSeq(f.Tag.Get("schema"), ",") {
			if v, ok := strings.CutPrefix(kv, "cap="); ok {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil || f.Type.Kind() != reflect.Int {
					panic("cap on " + f.Name + ": a cap is an integer on an int field")
				}
				out = append(out, capField{name: jsonName(f), index: f.Index, max: n})
			}
		}
	}
	return out
}

// applyCaps reduces the capped parameters of the struct a that exceed their
// cap and returns what it reduced, by parameter name (nil when nothing was).
func applyCaps(a reflect.Value, caps []capField) map[string]int64 {
	var capped map[string]int64
	for _, c := range caps {
		v := a.FieldByIndex(c.index)
		if v.Int() > c.max {
			v.SetInt(c.max)
			if capped == nil {
				capped = map[string]int64{}
			}
			capped[c.name] = c.max
		}
	}
	return capped
}

// cappedResult is a tool's result object with "capped" added.
type cappedResult struct {
	result any
	capped map[string]int64
}

func (c cappedResult) MarshalJSON() ([]byte, error) {
	data, err := json.Marshal(c.result)
	if err != nil {
		return nil, err
	}
	capped, err := json.Marshal(c.capped)
	if err != nil {
		return nil, err
	}
	if len(data) < 2 || data[0] != '{' {
		return data, nil // not an object: nowhere to say it
	}
	if string(data) == "{}" {
		return append([]byte(`{"capped":`), append(capped, '}')...), nil
	}
	out := append(data[:len(data)-1:len(data)-1], `,"capped":`...)
	return append(append(out, capped...), '}'), nil
}
