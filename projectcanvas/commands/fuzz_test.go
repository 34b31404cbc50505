package commands_test

import (
	"context"
	"encoding/json"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// FuzzCommand feeds any command id and any input to the registry: it
// answers a result or a coded error, never panics (Run recovers, so a
// panic shows as an internal error, which fails here), and a refused
// command writes nothing.
func FuzzCommand(f *testing.F) {
	for _, c := range registry.Commands() {
		f.Add(c.ID, `{}`)
	}
	for _, in := range []string{`{"id":"T-002"}`, `{"node_id":"entity-T-002"}`, `{"file":"Projects/tasks/T-002 Build sign-up and login pages.md"}`,
		`{"query":"lo"}`, `{"query":"x","limit":1e9}`, `{"types":["task","nope"]}`, `{"id":"F-001","phase":"MVP"}`, `{"tier":"OSS","gap":"tests"}`,
		`{"feature":"F-001","ids":["T-002","T-002"]}`, `{"title":"$&","user_story":"{{x}}"}`, `{"folder":"../x"}`, `null`, `[]`, `"x"`, `{"a":{"a":{}}}`,
		`{"id":"T-002","id":"T-003"}`, `{"canvas":"x.canvas\u0000"}`, `{"file":"a/../../b.md"}`} {
		f.Add("navigate-to-parent", in)
		f.Add("search-entity-on-canvas", in)
		f.Add("set-feature-phase", in)
	}
	v := exampleVault(f)
	f.Fuzz(func(t *testing.T, id, input string) {
		before := v.fs.Files()
		res, err := registry.Run(context.Background(), v.env, id, json.RawMessage(input))
		changes := v.fs.TakeChanges()
		if err != nil {
			if code := pc.ErrorCode(err); code == pc.CodeInternal || code == "" {
				t.Fatalf("%s %q: %v", id, input, err)
			}
			if len(changes) > 0 {
				t.Fatalf("%s %q refused but wrote %v", id, input, changes)
			}
			if len(v.fs.Files()) != len(before) {
				t.Fatalf("%s %q refused but changed the vault", id, input)
			}
			return
		}
		if res == nil || res.Notice == "" {
			t.Fatalf("%s %q: a result without a notice", id, input)
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("%s %q: result does not encode: %v", id, input, err)
		}
	})
}
