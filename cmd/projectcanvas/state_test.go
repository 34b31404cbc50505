package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A folder at one of the project's own state paths (a command of an
// earlier version made one, and git carried it to every clone) does not
// stop every command: the commands that need the file say which folder to
// remove, the others go on.
func TestStateFolderIsNamedNotFatal(t *testing.T) {
	for _, state := range []string{"config.json", "sequence.json", "workspaces.json", "sync/notion.json"} {
		t.Run(state, func(t *testing.T) {
			dir := t.TempDir()
			folder := filepath.Join(dir, ".projectcanvas", state)
			require.NoError(t, os.MkdirAll(folder, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(folder, "task.md"), []byte("# x\n"), 0o644))
			r := runCLI(t, nil, "", "--vault", dir, "index")
			assert.Equal(t, exitOK, r.code, r.stdout+r.stderr)
			r = runCLI(t, nil, "", "--vault", dir, "tool", "create_entity", `{"type":"milestone","data":{"title":"Beta"}}`)
			switch state {
			case "config.json":
				assert.Equal(t, exitOK, r.code, "the defaults hold: %s", r.stdout)
				r = runCLI(t, nil, "", "--vault", dir, "tool", "validate_project", `{}`)
				assert.Contains(t, r.stdout, `"kind": "state_folder"`)
				assert.Contains(t, r.stdout, ".projectcanvas/config.json is a folder")
			case "sequence.json":
				assert.Equal(t, exitToolError, r.code)
				assert.Contains(t, r.stdout, `"code":"invalid_argument"`)
				assert.Contains(t, r.stdout, ".projectcanvas/sequence.json is a folder, where the project keeps a file of its own: move what the folder holds elsewhere, delete it")
			case "workspaces.json":
				assert.Equal(t, exitOK, r.code, r.stdout)
				r = runCLI(t, nil, "", "--vault", dir, "tool", "list_workspaces", `{}`)
				assert.Contains(t, r.stdout, ".projectcanvas/workspaces.json is a folder, where the project keeps a file of its own")
			default:
				assert.Equal(t, exitOK, r.code, r.stdout)
			}
			_, err := os.Stat(filepath.Join(folder, "task.md"))
			assert.NoError(t, err, "the folder's content is the person's to move")
		})
	}
}
