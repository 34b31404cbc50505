package bridge

import (
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// checkChanges is the last guard before the host applies changes: memfs
// refuses these writes already, so they can only come from a bug, and the
// answer fails whole instead of handing them over.
func TestCheckChangesRefusesPathsTheProjectMayNotWrite(t *testing.T) {
	ok := memfs.Change{Op: "write", Path: "Notes/a.md"}
	for _, bad := range []memfs.Change{
		{Op: "write", Path: ".obsidian/plugins/evil/main.js"},
		{Op: "write", Path: "../ESCAPED.txt"},
		{Op: "write", Path: "/etc/passwd"},
		{Op: "write", Path: "C:/x.md"},
		{Op: "write", Path: "a\x00b.md"},
		{Op: "delete", Path: ".git/hooks/pre-commit"},
		{Op: "rename", Path: ".git/hooks/pre-commit", From: "a.md"},
		{Op: "rename", Path: "a.md", From: "../outside.md"},
	} {
		err := checkChanges([]memfs.Change{ok, bad})
		if pc.ErrorCode(err) != pc.CodeInternal {
			t.Errorf("checkChanges(%+v) = %v, want internal", bad, err)
		}
	}
	if err := checkChanges([]memfs.Change{ok, {Op: "write", Path: ".projectcanvas/journal.json"}, {Op: "rename", Path: "b.md", From: "a.md"}}); err != nil {
		t.Errorf("the core's own writes: %v", err)
	}
}
