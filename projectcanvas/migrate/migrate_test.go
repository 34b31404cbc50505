package migrate_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/migrate"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

var updateGolden = flag.Bool("update", false, "rewrite the testdata/**/*.golden files from the current output")

// TestMigrateGolden migrates notes written in the old plugin's format
// (testdata, see its README): the new file, then the changes.
func TestMigrateGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, inputs)
	for _, in := range inputs {
		if filepath.Base(in) == "README.md" {
			continue
		}
		t.Run(filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			require.NoError(t, err)
			out, changes, err := migrate.Note(src)
			require.NoError(t, err)
			report, err := json.MarshalIndent(changes, "", "  ")
			require.NoError(t, err)
			got := string(out) + "\n<!-- changes -->\n" + string(report) + "\n"
			golden := strings.TrimSuffix(in, ".md") + ".golden"
			if *updateGolden {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
			checkMigrated(t, src, out, changes)
		})
	}
}

// checkMigrated holds for every migration: the body is the same byte for
// byte, every key is still there unless the report says where its value
// went, and a second run changes nothing.
func checkMigrated(t *testing.T, src, out []byte, changes []migrate.Change) {
	t.Helper()
	before, err := frontmatter.Parse(src)
	require.NoError(t, err)
	after, err := frontmatter.Parse(out)
	require.NoError(t, err, "the output parses")
	assert.Equal(t, string(before.Body()), string(after.Body()), "not a line of body lost")
	moved := map[string]bool{}
	for _, c := range changes {
		if c.Kind == migrate.Rename || c.Kind == migrate.Merge {
			moved[c.Key] = true
			assert.NotNil(t, after.Node(c.NewKey), "%s went to %s", c.Key, c.NewKey)
		}
	}
	for _, k := range before.Keys() {
		if !moved[k] {
			assert.NotNil(t, after.Node(k), "key %s kept", k)
		}
	}
	again, changes2, err := migrate.Note(out)
	require.NoError(t, err)
	assert.Equal(t, string(out), string(again), "idempotent")
	for _, c := range changes2 {
		assert.Equal(t, migrate.Kept, c.Kind, "a second run only repeats what is left for a person: %+v", c)
	}
}

func TestMigrateVault(t *testing.T) {
	files := map[string]string{}
	inputs, _ := filepath.Glob("testdata/*.md")
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		require.NoError(t, err)
		files["Projects/"+filepath.Base(in)] = string(data)
	}
	p, fsys := openMem(t, files)
	before := fsys.Files()

	dry, err := migrate.Vault(p, false)
	require.NoError(t, err)
	assert.Equal(t, before, fsys.Files(), "a dry run writes nothing")
	assert.Equal(t, 9, dry.Changed, "every note of the old plugin but the plain note and the document already in this format")

	mig, err := migrate.Vault(p, true)
	require.NoError(t, err)
	assert.True(t, mig.Applied)
	for _, n := range mig.Notes {
		out, _, err := migrate.Note([]byte(before[n.File]))
		require.NoError(t, err)
		assert.Equal(t, string(out), fsys.Files()[n.File], n.File)
	}
	e, err := p.Get("T-007")
	require.NoError(t, err)
	assert.Equal(t, "engineering", e.Workstream, "the index reads the migrated files")
	assert.Equal(t, pc.Priority("P1"), e.Priority)

	again, err := migrate.Vault(p, true)
	require.NoError(t, err)
	assert.Zero(t, again.Changed, "a second run has nothing to do")
	assert.False(t, again.Applied)
	for _, n := range again.Notes {
		assert.False(t, slices.ContainsFunc(n.Changes, func(c migrate.Change) bool { return c.Kind != migrate.Kept }), n.File)
	}
}

// A note changed on disk since the index read it is refused alone.
func TestMigrateRefusesAFileChangedSinceRead(t *testing.T) {
	src, err := os.ReadFile("testdata/template-task.md")
	require.NoError(t, err)
	other, err := os.ReadFile("testdata/real-story.md")
	require.NoError(t, err)
	p, fsys := openMem(t, map[string]string{"a.md": string(src), "b.md": string(other)})
	require.NoError(t, fsys.Put("a.md", append(src, "typed meanwhile\n"...)))
	mig, err := migrate.Vault(p, true)
	require.NoError(t, err)
	assert.Equal(t, []pc.Refusal{{File: "a.md", Reason: "changed on disk since it was read; run the repair again"}}, mig.Refused)
	assert.Equal(t, string(src)+"typed meanwhile\n", fsys.Files()["a.md"])
	assert.NotEqual(t, string(other), fsys.Files()["b.md"], "the rest is migrated")
}

// FuzzMigrateNote: hostile notes never panic the migration, and what it
// writes keeps the body, every key and its own idempotence.
func FuzzMigrateNote(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/*.md")
	for _, in := range inputs {
		data, _ := os.ReadFile(in)
		f.Add(data)
	}
	for _, s := range []string{
		"---\nid: T-001\ntype: task\nstatus: [a, b]\n---\n",
		"---\nid: T-001\ntype: task\neffort: &a x\nworkstream: *a\n---\nbody",
		"---\nid: DEC-001\ntype: decision\ndecided_by: {a: 1}\nblocks: [[T-001]]\n---\n",
		"---\nid: M-001\ntype: milestone\nimplements: DOC-001\ndocumented_by: x\nenables: [\"[M-002]\", M-002, M-002]\n---\n",
		"---\nid: T-001\ntype: task\ncreated: not a date\ncreated_at: 2026-01-01\nupdated: 2027-01-01\nupdated_at: 2026-01-01\n---\n",
		"---\r\nid: S-001\r\ntype: story\r\nstatus: in_progress\r\n---\r\nbody\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, changes, err := migrate.Note(src)
		if err != nil {
			return
		}
		if !slices.ContainsFunc(changes, func(c migrate.Change) bool { return c.Kind != migrate.Kept }) {
			require.Equal(t, string(src), string(out), "nothing to change: the note is untouched")
			return
		}
		checkMigrated(t, src, out, changes)
	})
}

// What cannot be mapped is kept and reported, never replaced or lost: a
// status written as a list, a legacy value of several lines (the tools
// take one), a legacy key holding a list.
func TestMigrateKeepsWhatItCannotMap(t *testing.T) {
	for _, tt := range []struct {
		name, front, key string
	}{
		{"list status", "status: [todo, done]\n", "status"},
		{"mapping status", "status: {a: 1}\n", "status"},
		{"multi-line assignee", "assignee: |\n  Ann\n  Bob\n", "assignee"},
		{"multi-line effort", "effort: \"Engineering\\nDesign\"\n", "effort"},
		{"bidi assignee", "assignee: \"Ann\u202eevil\"\n", "assignee"},
		{"list effort", "effort: [Engineering, Design]\n", "effort"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			note := "---\nid: T-001\ntype: task\ntitle: X\n" + tt.front + "---\n# X\n"
			out, cs, err := migrate.Note([]byte(note))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), tt.front) {
				t.Errorf("%s was changed:\n%s", tt.key, out)
			}
			kept := false
			for _, c := range cs {
				if c.Key == tt.key && c.Kind == migrate.Kept && c.Note != "" {
					kept = true
				}
				if c.Key == tt.key && c.Kind != migrate.Kept {
					t.Errorf("%s: %+v", tt.key, c)
				}
			}
			if !kept {
				t.Errorf("%s is not reported as kept: %+v", tt.key, cs)
			}
		})
	}
}

func openMem(t testing.TB, files map[string]string) (*pc.Project, *memfs.FS) {
	t.Helper()
	fsys := memfs.New(files)
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	return p, fsys
}
