package projectcanvas_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func manyStrings(n int, format string) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = fmt.Sprintf(format, i)
	}
	return out
}

// TestInputLimits: every limit of limits.go refuses input one past it with
// invalid_argument naming the field, and accepts input at it. A refused
// create or update writes nothing.
func TestInputLimits(t *testing.T) {
	long := func(n int) string { return strings.Repeat("x", n) }
	tests := []struct {
		name string
		typ  pc.Type // create this type; "" updates T-001 instead
		data map[string]any
		// field is the "field" detail of the error, or "id:X" for its "id"
		// detail; "" means the input is accepted.
		field string
	}{
		{"title with NUL", pc.Task, map[string]any{"title": "A\x00B"}, "title"},
		{"title with a line break", pc.Task, map[string]any{"title": "A\nB"}, "title"},
		{"title with a tab", pc.Task, map[string]any{"title": "A\tB"}, "title"},
		{"title with ESC", pc.Task, map[string]any{"title": "A\x1b[31mB"}, "title"},
		{"title with DEL", pc.Task, map[string]any{"title": "A\x7fB"}, "title"},
		{"title with a C1 control", pc.Task, map[string]any{"title": "A\u0085B"}, "title"},
		{"title with a line separator", pc.Task, map[string]any{"title": "A\u2028B"}, "title"},
		{"title not UTF-8", pc.Task, map[string]any{"title": "A\xffB"}, "title"},
		{"title of 501 characters", pc.Task, map[string]any{"title": strings.Repeat("é", pc.MaxTitleRunes+1)}, "title"},
		{"title of 500 characters", pc.Task, map[string]any{"title": strings.Repeat("é", pc.MaxTitleRunes)}, ""},
		{"title of 50 MB", pc.Task, map[string]any{"title": long(50 << 20)}, "title"},
		{"title updated with NUL", "", map[string]any{"title": "A\x00"}, "title"},
		{"owner with NUL", pc.Task, map[string]any{"owner": "a\x00b"}, "owner"},
		{"owner over the limit", pc.Task, map[string]any{"owner": long(pc.MaxStringBytes + 1)}, "owner"},
		{"owner at the limit", pc.Task, map[string]any{"owner": long(pc.MaxStringBytes)}, ""},
		{"workstream with a line break", pc.Task, map[string]any{"workstream": "a\nb"}, "workstream"},
		{"user story may span lines", pc.Feature, map[string]any{"user_story": "As a user,\n\tI want"}, ""},
		{"user story with NUL", pc.Feature, map[string]any{"user_story": "As a\x00"}, "user_story"},
		{"version with NUL", pc.Document, map[string]any{"version": "1\x00"}, "version"},
		{"content with NUL", pc.Task, map[string]any{"content": "a\x00b"}, "content"},
		{"content with a bell", pc.Task, map[string]any{"content": "a\x07b"}, "content"},
		{"content over the limit", pc.Task, map[string]any{"content": long(pc.MaxContentBytes + 1)}, "content"},
		{"content with tabs and lines", pc.Task, map[string]any{"content": "a\n\tb\r\n"}, ""},
		{"negative estimate", pc.Task, map[string]any{"estimate_hours": -1.0}, "estimate_hours"},
		{"negative estimate as a string", pc.Task, map[string]any{"estimate_hours": "-1"}, "estimate_hours"},
		{"NaN estimate", pc.Task, map[string]any{"estimate_hours": "NaN"}, "estimate_hours"},
		{"infinite estimate", pc.Task, map[string]any{"estimate_hours": "Inf"}, "estimate_hours"},
		{"zero estimate", pc.Task, map[string]any{"estimate_hours": 0.0}, ""},
		{"updated estimate negative", "", map[string]any{"estimate_hours": -0.5}, "estimate_hours"},
		{"tags over the limit", pc.Task, map[string]any{"tags": manyStrings(pc.MaxListItems+1, "t%d")}, "tags"},
		{"tags at the limit", pc.Task, map[string]any{"tags": manyStrings(pc.MaxListItems, "t%d")}, ""},
		{"tag with NUL", pc.Task, map[string]any{"tags": []any{"ok", "a\x00"}}, "tags[1]"},
		{"tag with a line break", pc.Task, map[string]any{"tags": []any{"a\nb"}}, "tags[0]"},
		{"tag over the limit", pc.Task, map[string]any{"tags": []any{long(pc.MaxStringBytes + 1)}}, "tags[0]"},
		{"acceptance criteria over the limit", pc.Story, map[string]any{"acceptance_criteria": manyStrings(pc.MaxListItems+1, "c%d")}, "acceptance_criteria"},
		{"depends_on over the limit", pc.Task, map[string]any{"depends_on": manyStrings(pc.MaxListItems+1, "T-%03d")}, "depends_on"},
		{"front matter over the limit", "", map[string]any{"tags": manyStrings(10, long(30<<10)+"%d")}, "id:T-001"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, fsys := seeded(t)
			before := fsys.Files()
			var err error
			if tt.typ != "" {
				data := map[string]any{"title": "T"}
				if tt.typ == pc.Task {
					data["parent"] = "S-001"
				}
				if tt.typ == pc.Story {
					data["parent"] = "M-001"
				}
				for k, v := range tt.data {
					data[k] = v
				}
				_, err = p.Create(tt.typ, data)
			} else {
				_, err = p.Update("T-001", pc.Change{Data: tt.data})
			}
			if tt.field == "" {
				require.NoError(t, err)
				return
			}
			var e *pc.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, pc.CodeInvalidArgument, e.Code, "%v", err)
			if id, ok := strings.CutPrefix(tt.field, "id:"); ok {
				assert.EqualValues(t, id, e.Details["id"], "%v", err)
			} else {
				assert.Equal(t, tt.field, e.Details["field"], "%v", err)
			}
			assert.Less(t, len(e.Message), 1000, "the message does not echo the input")
			assert.Equal(t, before, fsys.Files(), "nothing is written")
		})
	}
}

// TestRelationEditLimits: add_to, remove_from and the dependency shortcuts
// take at most MaxListItems ids.
func TestRelationEditLimits(t *testing.T) {
	p, _ := seeded(t)
	ids := make([]string, pc.MaxListItems+1)
	for i := range ids {
		ids[i] = fmt.Sprintf("T-%03d", i+1)
	}
	for name, c := range map[string]pc.Change{
		"add":    {AddDependencies: ids},
		"remove": {RemoveDependencies: ids},
		"add_to": {AddTo: map[string][]string{"blocks": ids}},
	} {
		_, err := p.Update("T-001", c)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), name)
	}
}

// TestListsAreDeduplicated: repeated list items are dropped, keeping the
// first of each in order. Issue 7 item 10: with slices.Contains this was
// quadratic, and 100,000 tags held the vault lock for 9.3 s; now 100,000
// are refused at once (MaxListItems) and 10,000 are de-duplicated with a
// map (see BenchmarkUpdateManyTags).
func TestListsAreDeduplicated(t *testing.T) {
	p, _ := seeded(t)
	tags := append(manyStrings(pc.MaxListItems/2, "t%d"), manyStrings(pc.MaxListItems/2, "t%d")...)
	u, err := p.Update("T-001", pc.Change{Data: map[string]any{"tags": tags, "depends_on": []any{"T-002", "t-002", "[[T-002]]"}}})
	require.NoError(t, err)
	got := u.Entity.Fields["tags"].([]string)
	assert.Len(t, got, pc.MaxListItems/2)
	assert.Equal(t, "t0", got[0])
	assert.Equal(t, fmt.Sprintf("t%d", pc.MaxListItems/2-1), got[len(got)-1])
	assert.Equal(t, []pc.ID{"T-002"}, u.Entity.Linked(pc.DependsOn))
}

func BenchmarkUpdateManyTags(b *testing.B) {
	p, _ := seeded(b)
	tags := manyStrings(pc.MaxListItems, "tag-%d")
	for b.Loop() {
		if _, err := p.Update("T-001", pc.Change{Data: map[string]any{"tags": tags}}); err != nil {
			b.Fatal(err)
		}
		if _, err := p.Update("T-001", pc.Change{Data: map[string]any{"tags": nil}}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestProjectsFolderMustBeVisible: a projects folder the index skips
// (hidden, node_modules) or outside the vault is refused at Open, so that
// new entities are never written where they cannot be found.
func TestProjectsFolderMustBeVisible(t *testing.T) {
	for folder, ok := range map[string]bool{
		"Projects":          true,
		"Work/Projects":     true,
		"/Work/Projects/":   true, // slashes are trimmed
		".projects":         false,
		"Work/.hidden":      false,
		"node_modules":      false,
		"a/node_modules/b":  false,
		"..":                false,
		"../outside":        false,
		"Work/../..":        false,
		"Work/./Projects":   false,
		"Work//Projects":    false,
		`Work\Projects`:     false,
		"Work/\x00Projects": false,
	} {
		config, err := json.Marshal(map[string]string{"projects_folder": folder})
		require.NoError(t, err)
		fsys := memfs.New(map[string]string{pc.ConfigPath: string(config)})
		_, err = pc.Open(fsys)
		if ok {
			assert.NoError(t, err, folder)
			continue
		}
		var e *pc.Error
		if assert.ErrorAs(t, err, &e, folder) {
			assert.Equal(t, pc.CodeInvalidArgument, e.Code, folder)
			assert.Equal(t, "projects_folder", e.Details["field"], folder)
		}
	}
}
