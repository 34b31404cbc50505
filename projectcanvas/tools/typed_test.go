package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

type sampleOptions struct {
	Atomic bool   `json:"atomic,omitempty" schema:"default=true"`
	Canvas string `json:"canvas,omitempty"`
}

type sampleArgs struct {
	ID      string        `json:"id" jsonschema:"Entity id."`
	Max     int           `json:"max_items,omitempty" schema:"default=20,minimum=1,maximum=200"`
	Mode    string        `json:"mode,omitempty" schema:"default=list,enum=list|tree"`
	IDs     []string      `json:"ids,omitempty" schema:"maxItems=3"`
	Kind    string        `json:"kind,omitempty"`
	Options sampleOptions `json:"options,omitzero"`
}

func (sampleArgs) TuneSchema(s *jsonschema.Schema) {
	s.Properties["kind"].Enum = []any{"milestone", "story"}
}

func sampleRegistry(got *sampleArgs) *Registry {
	r := &Registry{}
	Register(r, "sample", "A sample.", Annotations{ReadOnly: true}, func(_ context.Context, _ *Env, a sampleArgs) (map[string]any, error) {
		*got = a
		return map[string]any{"ok": true}, nil
	})
	return r
}

func TestRegisterDecodesWithDefaults(t *testing.T) {
	var got sampleArgs
	r := sampleRegistry(&got)
	for _, tc := range []struct {
		args string
		want sampleArgs
	}{
		{`{"id":"T-1"}`, sampleArgs{ID: "T-1", Max: 20, Mode: "list", Options: sampleOptions{Atomic: true}}},
		{`{"id":"T-1","max_items":5,"options":{"canvas":"a.canvas"}}`, sampleArgs{ID: "T-1", Max: 5, Mode: "list", Options: sampleOptions{Atomic: true, Canvas: "a.canvas"}}},
		{`{"id":"T-1","options":{"atomic":false},"mode":"tree","kind":"story"}`, sampleArgs{ID: "T-1", Max: 20, Mode: "tree", Kind: "story"}},
	} {
		got = sampleArgs{}
		_, err := r.Dispatch(context.Background(), &Env{}, "sample", []byte(tc.args))
		require.NoError(t, err, tc.args)
		assert.Equal(t, tc.want, got, tc.args)
	}
}

func TestRegisterRefusesBadArguments(t *testing.T) {
	var got sampleArgs
	r := sampleRegistry(&got)
	for _, args := range []string{
		`{}`,                           // id is required
		`{"id":"T-1","max_items":0}`,   // below minimum
		`{"id":"T-1","max_items":201}`, // above maximum
		`{"id":"T-1","max_items":1.5}`, // not an integer
		`{"id":"T-1","mode":"graph"}`,  // not in enum
		`{"id":"T-1","kind":"task"}`,   // not in the tuned enum
		`{"id":"T-1","ids":["a","b","c","d"]}`,
		`{"ID":"T-1"}`,            // wrong case
		`{"id":"T-1","id":"T-2"}`, // duplicate key
		`{"id":"T-1","options":{"atomic":true,"atomic":false}}`,
		`{"id":"T-1","extra":1}`,         // unknown
		`{"id":"T-1","options":{"x":1}}`, // unknown nested
		`{"id":1}`,                       // wrong type
		`[1]`, `"x"`, `{"id":"T-1"} {}`, `{"id":`,
	} {
		got = sampleArgs{}
		_, err := r.Dispatch(context.Background(), &Env{}, "sample", []byte(args))
		require.Error(t, err, args)
		want := pc.CodeInvalidArgument
		if args == `{}` {
			want = pc.CodeMissingField
		}
		assert.Equal(t, want, pc.ErrorCode(err), "%s: %v", args, err)
		assert.Equal(t, sampleArgs{}, got, "handler must not run for %s", args)
	}
}

func TestRegisterSchema(t *testing.T) {
	var got sampleArgs
	tool, ok := sampleRegistry(&got).Lookup("sample")
	require.True(t, ok)
	var s map[string]any
	require.NoError(t, json.Unmarshal(tool.InputSchema, &s))
	assert.Equal(t, []any{"id"}, s["required"])
	props := s["properties"].(map[string]any)
	assert.Equal(t, map[string]any{"type": "integer", "default": 20.0, "minimum": 1.0, "maximum": 200.0}, props["max_items"])
	assert.Equal(t, "Entity id.", props["id"].(map[string]any)["description"])
	assert.Equal(t, []any{"milestone", "story"}, props["kind"].(map[string]any)["enum"])
	assert.Equal(t, true, props["options"].(map[string]any)["properties"].(map[string]any)["atomic"].(map[string]any)["default"])
	assert.True(t, tool.Annotations.ReadOnly)
}

// A default that is a list is decoded afresh for each call: a handler
// changing its arguments cannot change the next call's defaults.
func TestRegisterDefaultsAreNotShared(t *testing.T) {
	type listArgs struct {
		Tags []string `json:"tags,omitempty" schema:"default=[\"a\"]"`
		N    int      `json:"n,omitempty" schema:"default=2"`
	}
	r := &Registry{}
	var seen []string
	Register(r, "list", "Lists.", Annotations{}, func(_ context.Context, _ *Env, a listArgs) (bool, error) {
		seen = append(seen, fmt.Sprint(a.Tags, a.N))
		a.Tags[0] = "changed"
		return true, nil
	})
	for _, args := range []string{`{}`, `{}`, `{"tags":["x","y"],"n":3}`, `{}`} {
		_, err := r.Dispatch(context.Background(), &Env{}, "list", []byte(args))
		require.NoError(t, err)
	}
	assert.Equal(t, []string{"[a] 2", "[a] 2", "[x y] 3", "[a] 2"}, seen)
}
