package osfs_test

import (
	"os"
	"path/filepath"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/vaulttest"
)

func TestConformance(t *testing.T) {
	vaulttest.Run(t, func(t *testing.T) pc.FS {
		fsys, err := osfs.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return fsys
	})
}

func TestPathsStayInsideTheVault(t *testing.T) {
	dir := t.TempDir()
	fsys, err := osfs.New(filepath.Join(dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"../escape.md", "a/../../escape.md", ".."} {
		if err := fsys.WriteFile(name, []byte("x"), ""); pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf("WriteFile(%q) = %v, want invalid_argument", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape.md")); err == nil {
		t.Fatal("a write escaped the vault")
	}
}

func TestWritesAreAtomicAndKeepMode(t *testing.T) {
	dir := t.TempDir()
	fsys, _ := osfs.New(dir)
	if err := fsys.WriteFile("a.md", []byte("one"), ""); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, "a.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := fsys.WriteFile("a.md", []byte("two"), pc.HashOf([]byte("one"))); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(filepath.Join(dir, "a.md"))
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}
