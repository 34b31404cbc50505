package projectcanvas_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// hostileJournals are journals no transaction of this program writes: a
// journal is data, never orders, so each is reported and ignored.
func hostileJournals() map[string]string {
	op := func(ops ...map[string]any) string {
		data, _ := json.Marshal(map[string]any{"version": 1, "started": "2026-11-20T10:00:00Z", "ops": ops})
		return string(data)
	}
	// "Before" content an attacker wants written; "absent" + a write makes
	// the rollback remove a file instead.
	plant := func(path string) map[string]any {
		return map[string]any{"op": "remove", "path": path, "before": []byte("evil()")}
	}
	many := make([]map[string]any, pc.MaxJournalOps+1)
	for i := range many {
		many[i] = plant("Projects/x.md")
	}
	return map[string]string{
		"out of the vault":      op(plant("../ESCAPED.txt")),
		"absolute":              op(plant("/tmp/escaped.txt")),
		"drive letter":          op(plant("C:/escaped.txt")),
		"into .obsidian":        op(plant(".obsidian/plugins/evil/main.js")),
		"into .git":             op(plant(".git/hooks/pre-commit")),
		"the journal itself":    op(plant(pc.JournalPath)),
		"the token":             op(plant(".projectcanvas/token")),
		"a move into .obsidian": op(map[string]any{"op": "move", "path": "Projects/a.md", "to": ".obsidian/plugins/evil/main.js", "before": []byte("x")}),
		"an unknown op":         op(map[string]any{"op": "exec", "path": "Projects/a.md"}),
		"NUL":                   op(plant("Projects/a\u0000.md")),
		"too many ops":          op(many...),
	}
}

func TestHostileJournalIsIgnored(t *testing.T) {
	for name, journal := range hostileJournals() {
		t.Run(name, func(t *testing.T) {
			fsys := memfs.New(map[string]string{pc.JournalPath: journal, "Projects/a.md": "a note\n"})
			p, err := pc.Open(fsys)
			require.NoError(t, err, "a hostile journal does not stop the vault from opening")
			rec := p.Recovered()
			require.Len(t, rec, 1)
			assert.NotEmpty(t, rec[0].Ignored)
			assert.Empty(t, rec[0].RolledBack)
			assert.Equal(t, map[string]string{pc.JournalPath: journal, "Projects/a.md": "a note\n"}, fsys.Files(),
				"opening changed nothing")

			// The next innocent write works, writes nothing the journal
			// named, and keeps the journal aside for a person to read.
			m, err := p.Create(pc.Milestone, map[string]any{"title": "Beta"})
			require.NoError(t, err)
			files := fsys.Files()
			assert.NotContains(t, files, pc.JournalPath)
			assert.Equal(t, "a note\n", files["Projects/a.md"])
			var aside []string
			for f := range files {
				assert.False(t, strings.HasPrefix(f, ".obsidian") || strings.HasPrefix(f, ".git/") || f == ".projectcanvas/token", f)
				if strings.HasPrefix(f, ".projectcanvas/journal.rejected-") {
					aside = append(aside, f)
					assert.Equal(t, journal, files[f])
				}
			}
			assert.Len(t, aside, 1)
			assert.Contains(t, files, m.Path)
			last := p.Recovered()[len(p.Recovered())-1]
			assert.Contains(t, last.Ignored, "moved to "+aside[0])
		})
	}
}

// Natively, a read-only command on a vault holding a hostile journal
// writes nothing outside the project's own folder.
func TestHostileJournalNatively(t *testing.T) {
	for name, journal := range hostileJournals() {
		t.Run(name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "vault")
			require.NoError(t, os.MkdirAll(filepath.Join(dir, ".projectcanvas"), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.FromSlash(pc.JournalPath)), []byte(journal), 0o644))
			fsys, err := osfs.New(dir)
			require.NoError(t, err)
			defer fsys.Close()
			p, err := pc.Open(fsys)
			require.NoError(t, err)
			_, err = p.Reload()
			require.NoError(t, err)
			assert.NoDirExists(t, filepath.Join(dir, ".obsidian"))
			assert.NoDirExists(t, filepath.Join(dir, ".git"))
			assert.NoFileExists(t, filepath.Join(parent, "ESCAPED.txt"))
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(pc.JournalPath)))
			require.NoError(t, err)
			assert.Equal(t, journal, string(data), "the journal is left as it is")
		})
	}
}
