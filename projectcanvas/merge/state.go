package merge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Sequence merges .projectcanvas/sequence.json, the highest id number
// handed out per type: each type takes the larger counter of the two
// sides (counters only grow, so ids are never handed out twice). The base
// does not matter. Written as the core writes it: indented by two spaces,
// keys sorted, a newline at the end. It fails (Merge then merges by
// lines) when a side is not an object of counters.
//
// Both sides may still have handed out the same id, each for another
// entity: that shows after the merge as a duplicate id, which
// reconcile_relationships with repair_ids renumbers.
func Sequence(_, ours, theirs []byte) (*Result, error) {
	merged := map[string]int{}
	for _, side := range []struct {
		name string
		data []byte
	}{{"ours", ours}, {"theirs", theirs}} {
		if len(side.data) == 0 {
			continue
		}
		var counters map[string]int
		if len(side.data) > MaxNoteBytes || json.Unmarshal(side.data, &counters) != nil {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s is not an object of id counters", side.name)
		}
		for k, n := range counters {
			merged[k] = max(merged[k], n)
		}
	}
	data, _ := json.MarshalIndent(merged, "", "  ")
	return &Result{Data: append(data, '\n')}, nil
}

// Workspaces merges .projectcanvas/workspaces.json, the named folders of
// the document tools ({"updated_at": ..., "workspaces": {"eng": {...}}}):
// workspaces key by key by the three-way rule (added on either side kept,
// deleted on one side and unchanged on the other deleted, a workspace both
// changed differently keeps OURS's and is a conflict), updated_at the
// later, other keys by the same rule whole. Written as the tools write it:
// indented by two spaces, keys sorted, a newline at the end. It fails
// (Merge then merges by lines) when a side is not a JSON object.
func Workspaces(base, ours, theirs []byte) (*Result, error) {
	b, errB := object(base)
	o, err := object(ours)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "ours: %v", err)
	}
	t, err := object(theirs)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "theirs: %v", err)
	}
	res := &Result{}
	if errB != nil {
		res.note("the base is not a JSON object; merged as if both sides added every workspace")
	}
	out := make(map[string]json.RawMessage, len(o)+len(t))
	for _, k := range unionOf(b, o, t) {
		switch k {
		case "updated_at":
			var ov, tv string
			_ = json.Unmarshal(o[k], &ov)
			_ = json.Unmarshal(t[k], &tv)
			if v := o[k]; v != nil && !later(tv, ov) {
				out[k] = v
			} else if t[k] != nil {
				out[k] = t[k]
			}
			continue
		case "workspaces":
			bw, _ := object(b[k])
			ow, errO := object(o[k])
			tw, errT := object(t[k])
			if errO == nil && errT == nil {
				merged := make(map[string]json.RawMessage, len(ow)+len(tw))
				for _, name := range unionOf(bw, ow, tw) {
					v, conflict := threeWay(bw[name], ow[name], tw[name])
					if conflict {
						res.conflict("workspace "+name, "changed differently on both sides; kept ours")
					}
					if v != nil {
						merged[name] = v
					}
				}
				out[k], _ = json.Marshal(merged)
				continue
			}
		}
		v, conflict := threeWay(b[k], o[k], t[k])
		if conflict {
			res.conflict(k, "changed differently on both sides; kept ours")
		}
		if v != nil {
			out[k] = v
		}
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "writing the merged workspaces: %v", err)
	}
	res.Data = append(data, '\n')
	return res, nil
}

// object reads a JSON object's members; empty input is an empty object.
func object(data []byte) (map[string]json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(data)) == 0 {
		return m, nil
	}
	if len(data) > MaxNoteBytes {
		return nil, fmt.Errorf("over %d bytes", MaxNoteBytes)
	}
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	return m, nil
}

// unionOf lists the keys of the maps, sorted.
func unionOf(maps ...map[string]json.RawMessage) []string {
	var keys []string
	for _, m := range maps {
		for k := range m {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return keys
}

// threeWay is the three-way rule on raw JSON values (nil: absent): a
// value only one side changed takes that side's; a value both changed
// differently keeps ours's and is a conflict. Values compare compacted.
func threeWay(b, o, t []byte) (v []byte, conflict bool) {
	switch {
	case sameJSON(t, o), sameJSON(t, b):
		return o, false
	case sameJSON(o, b):
		return t, false
	}
	return o, true
}

func sameJSON(a, b []byte) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	if bytes.Equal(a, b) {
		return true
	}
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}
