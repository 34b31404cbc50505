package merge

import (
	"encoding/json"

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
