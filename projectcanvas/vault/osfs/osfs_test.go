package osfs_test

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/vaulttest"
)

func TestConformance(t *testing.T) {
	vaulttest.Run(t, func(t *testing.T, files map[string]string) pc.FS {
		dir := t.TempDir()
		for name, data := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			mustFile(t, p, data)
		}
		fsys, err := osfs.New(dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { fsys.Close() })
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

// linkedVault makes a vault folder next to an outside folder holding
// secret.md, and returns both.
func linkedVault(t *testing.T) (vault, outside string, fsys *osfs.FS) {
	t.Helper()
	top := t.TempDir()
	vault, outside = filepath.Join(top, "vault"), filepath.Join(top, "outside")
	for _, d := range []string{vault, outside, filepath.Join(vault, "Other", "tasks"), filepath.Join(vault, "Projects")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mustFile(t, filepath.Join(outside, "secret.md"), "secret")
	mustFile(t, filepath.Join(vault, "Other", "tasks", "real.md"), "real")
	fsys, err := osfs.New(vault)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fsys.Close() })
	return vault, outside, fsys
}

func mustFile(t *testing.T, p, data string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

func walkAll(t *testing.T, fsys *osfs.FS) []string {
	t.Helper()
	var names []string
	if err := fsys.Walk(func(name string) error { names = append(names, name); return nil }); err != nil {
		t.Fatal(err)
	}
	return names
}

func TestSymlinkedFolderInsideIsReadAndWrittenConsistently(t *testing.T) {
	vault, _, fsys := linkedVault(t)
	mustLink(t, "../Other/tasks", filepath.Join(vault, "Projects", "tasks"))
	if got, err := fsys.ReadFile("Projects/tasks/real.md"); err != nil || string(got) != "real" {
		t.Fatalf("read through the link: %q, %v", got, err)
	}
	if err := fsys.WriteFile("Projects/tasks/new.md", []byte("new"), ""); err != nil {
		t.Fatal(err)
	}
	if err := fsys.WriteFile("Projects/tasks/real.md", []byte("changed"), pc.HashOf([]byte("real"))); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"Other/tasks/new.md": "new", "Other/tasks/real.md": "changed"} {
		if got, _ := os.ReadFile(filepath.Join(vault, name)); string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	// The walk lists each file once, at its real path.
	got := walkAll(t, fsys)
	want := []string{"Other/tasks/new.md", "Other/tasks/real.md"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("Walk = %v, want %v", got, want)
	}
}

func TestSymlinkedFileInsideIsWrittenThrough(t *testing.T) {
	vault, _, fsys := linkedVault(t)
	link := filepath.Join(vault, "Projects", "alias.md")
	mustLink(t, "../Other/tasks/real.md", link)
	if err := fsys.WriteFile("Projects/alias.md", []byte("via link"), pc.HashOf([]byte("real"))); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(vault, "Other", "tasks", "real.md")); string(got) != "via link" {
		t.Errorf("target = %q", got)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file: %v", err)
	}
}

func TestSymlinksOutsideAreRefused(t *testing.T) {
	for _, tc := range []struct{ name, target string }{{"relative", "../../outside"}, {"absolute", ""}} {
		t.Run(tc.name, func(t *testing.T) {
			vault, outside, fsys := linkedVault(t)
			target := tc.target
			if target == "" {
				target = outside
			}
			mustLink(t, target, filepath.Join(vault, "Projects", "tasks"))
			mustLink(t, filepath.Join("..", target, "secret.md"), filepath.Join(vault, "Projects", "secret.md"))
			if tc.target == "" {
				os.Remove(filepath.Join(vault, "Projects", "secret.md"))
				mustLink(t, filepath.Join(outside, "secret.md"), filepath.Join(vault, "Projects", "secret.md"))
			}
			for _, name := range []string{"Projects/tasks/secret.md", "Projects/secret.md"} {
				if _, err := fsys.ReadFile(name); pc.ErrorCode(err) != pc.CodeInvalidArgument {
					t.Errorf("ReadFile(%s) = %v, want invalid_argument", name, err)
				}
				if err := fsys.WriteFile(name, []byte("x"), pc.HashOf([]byte("secret"))); pc.ErrorCode(err) != pc.CodeInvalidArgument {
					t.Errorf("WriteFile(%s) = %v, want invalid_argument", name, err)
				}
			}
			if err := fsys.WriteFile("Projects/tasks/new.md", []byte("x"), ""); pc.ErrorCode(err) != pc.CodeInvalidArgument {
				t.Errorf("creating through the link: %v, want invalid_argument", err)
			}
			if err := fsys.Rename("Other/tasks/real.md", "Projects/tasks/real.md", pc.HashOf([]byte("real"))); pc.ErrorCode(err) != pc.CodeInvalidArgument {
				t.Errorf("moving out through the link: %v, want invalid_argument", err)
			}
			entries, _ := os.ReadDir(outside)
			if len(entries) != 1 {
				t.Errorf("files appeared outside the vault: %v", entries)
			}
			if got, _ := os.ReadFile(filepath.Join(vault, "Other", "tasks", "real.md")); string(got) != "real" {
				t.Errorf("the refused move changed the file: %q", got)
			}
			// The walk lists the linked markdown file, so that the index
			// reports it as unreadable, and does not enter the folder.
			if got := walkAll(t, fsys); strings.Join(got, ",") != "Other/tasks/real.md,Projects/secret.md" {
				t.Errorf("Walk = %v", got)
			}
		})
	}
}

func TestLockFileLinkedOutsideIsRefused(t *testing.T) {
	vault, outside, fsys := linkedVault(t)
	if err := os.MkdirAll(filepath.Join(vault, ".projectcanvas"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustLink(t, "../../outside/lock", filepath.Join(vault, ".projectcanvas", "lock"))
	if unlock, err := fsys.Lock(); err == nil {
		unlock()
		t.Fatal("Lock followed a link out of the vault")
	}
	if _, err := os.Lstat(filepath.Join(outside, "lock")); err == nil {
		t.Fatal("Lock created a file outside the vault")
	}
}

func TestTempFilesOfKilledWritesAreListed(t *testing.T) {
	dir := t.TempDir()
	fsys, _ := osfs.New(dir)
	for _, name := range []string{"a/.projectcanvas-0123456789abcdef.tmp", ".projectcanvas/.projectcanvas-fedcba9876543210.tmp", "b/.pc-123456.tmp", "b/.pc-notes.tmp", "c/.projectcanvas-x.tmp", ".obsidian/.pc-1.tmp", ".templates/.pc-42.tmp"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mustFile(t, p, "")
	}
	got, err := fsys.TempFiles()
	if err != nil {
		t.Fatal(err)
	}
	want := ".projectcanvas/.projectcanvas-fedcba9876543210.tmp,.templates/.pc-42.tmp,a/.projectcanvas-0123456789abcdef.tmp,b/.pc-123456.tmp"
	if strings.Join(got, ",") != want {
		t.Errorf("TempFiles = %v, want %s", got, want)
	}
}

// Scan lists, in one walk, what Walk and TempFiles list: notes, not the
// hidden folders' files, and the temporary files of every folder writes go
// to, the hidden ones the project writes included.
func TestScanIsWalkAndTempFilesInOneWalk(t *testing.T) {
	dir := t.TempDir()
	fsys, _ := osfs.New(dir)
	for _, name := range []string{"a/.projectcanvas-0123456789abcdef.tmp", ".projectcanvas/.projectcanvas-fedcba9876543210.tmp",
		".projectcanvas/config.json", ".templates/task.md", ".templates/.pc-42.tmp", ".obsidian/.pc-1.tmp", ".obsidian/x.md",
		"a/T-001 x.md", "a/.hidden.md", "b/c/note.md", "b/data.json", "node_modules/m.md", "z.md"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mustFile(t, p, "")
	}
	var walked, scanned []string
	if err := fsys.Walk(func(name string) error { walked = append(walked, name); return nil }); err != nil {
		t.Fatal(err)
	}
	temps, err := fsys.Scan(func(name string) error { scanned = append(scanned, name); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if want := "a/T-001 x.md,b/c/note.md,b/data.json,z.md"; strings.Join(walked, ",") != want || strings.Join(scanned, ",") != want {
		t.Errorf("Walk = %v, Scan = %v, want %s", walked, scanned, want)
	}
	want := ".projectcanvas/.projectcanvas-fedcba9876543210.tmp,.templates/.pc-42.tmp,a/.projectcanvas-0123456789abcdef.tmp"
	if strings.Join(temps, ",") != want {
		t.Errorf("Scan's temporary files = %v, want %s", temps, want)
	}
}

// editorSave saves like an editor: a temporary file renamed over the file.
func editorSave(t *testing.T, p, data string) {
	t.Helper()
	tmp := p + ".editor~"
	mustFile(t, tmp, data)
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

// TestEditorSaveInTheLastWindowSurvives saves "in the editor" at the worst
// moment: after the write's last check, just before its rename. On Linux
// the exchange detects it, the save stays and the write is a conflict.
func TestEditorSaveInTheLastWindowSurvives(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the window is closed with renameat2, on Linux only; elsewhere it is documented")
	}
	dir := t.TempDir()
	fsys, _ := osfs.New(dir)
	p := filepath.Join(dir, "a.md")
	mustFile(t, p, "one")
	for _, tc := range []struct{ name, editor, want string }{
		{"one save", "editor", "editor"},
		{"another save", "editor 2", "editor 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old, _ := os.ReadFile(p)
			osfs.SetBeforeRename(func(string) {
				editorSave(t, p, tc.editor)
			})
			defer osfs.SetBeforeRename(nil)
			err := fsys.WriteFile("a.md", []byte("tool"), pc.HashOf(old))
			if pc.ErrorCode(err) != pc.CodeConflict {
				t.Fatalf("WriteFile = %v, want conflict", err)
			}
			if got, _ := os.ReadFile(p); string(got) != tc.want {
				t.Fatalf("file = %q, want the editor's save %q", got, tc.want)
			}
		})
	}
	t.Run("new file", func(t *testing.T) {
		osfs.SetBeforeRename(func(string) { editorSave(t, filepath.Join(dir, "b.md"), "editor") })
		defer osfs.SetBeforeRename(nil)
		if err := fsys.WriteFile("b.md", []byte("tool"), ""); pc.ErrorCode(err) != pc.CodeConflict {
			t.Fatalf("WriteFile = %v, want conflict", err)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "b.md")); string(got) != "editor" {
			t.Fatalf("file = %q", got)
		}
	})
	if found, _ := fsys.TempFiles(); len(found) > 0 {
		t.Errorf("temporary files left: %v", found)
	}
}

// snapshot maps every entry below dir to its content, or to "-> target"
// for a symbolic link, so that a test sees any change anywhere.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&os.ModeSymlink != 0:
			target, err := os.Readlink(p)
			out[rel] = "-> " + target
			return err
		case d.IsDir():
			out[rel] = "/"
		default:
			data, err := os.ReadFile(p)
			out[rel] = string(data)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// hiddenLinkVault is linkedVault plus the files an attacker aims at:
// .obsidian/plugins/x/main.js (code Obsidian runs) and
// .projectcanvas/config.json (the core's settings), and a visible note.
func hiddenLinkVault(t *testing.T) (vault, outside string, fsys *osfs.FS) {
	t.Helper()
	vault, outside, fsys = linkedVault(t)
	for name, data := range map[string]string{
		".obsidian/plugins/x/main.js": "plugin code",
		".projectcanvas/config.json":  `{"secret":true}`,
		"notes/keep.md":               "keep",
	} {
		p := filepath.Join(vault, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mustFile(t, p, data)
	}
	return vault, outside, fsys
}

// TestLinksIntoHiddenFoldersAndOutAreRefused makes links, wherever they
// stand in a name, that lead a visible name into a hidden folder (even the
// core's own) or out of the vault: every read, write, removal and rename through them is refused
// with invalid_argument and nothing changes, inside or outside the vault.
func TestLinksIntoHiddenFoldersAndOutAreRefused(t *testing.T) {
	for _, tc := range []struct {
		what, link, target string // link and target relative to the vault; target "/..." is made absolute
		name, content      string // the name tried, and the content it reaches
	}{
		{"file to plugin code", "notes/x.md", "../.obsidian/plugins/x/main.js", "notes/x.md", "plugin code"},
		{"file to the core's settings", "notes/cfg.md", "../.projectcanvas/config.json", "notes/cfg.md", `{"secret":true}`},
		{"absolute link to plugin code", "notes/abs.md", "/.obsidian/plugins/x/main.js", "notes/abs.md", "plugin code"},
		{"dangling link into a plugin", "notes/new.md", "../.obsidian/plugins/y/main.js", "notes/new.md", ""},
		{"folder linked to .obsidian", "notes/cfg", "../.obsidian", "notes/cfg/plugins/x/main.js", "plugin code"},
		{"new file in a folder linked to .obsidian", "notes/cfg", "../.obsidian", "notes/cfg/plugins/y/main.js", ""},
		{"a chain of links", "notes/chain.md", "up/x/main.js", "notes/chain.md", "plugin code"},
		{"file out of the vault, relative", "notes/out.md", "../../outside/secret.md", "notes/out.md", "secret"},
		{"file out of the vault, absolute", "notes/out.md", "//outside/secret.md", "notes/out.md", "secret"},
		{"folder out of the vault, relative", "notes/out", "../../outside", "notes/out/secret.md", "secret"},
		{"folder out of the vault, absolute", "notes/out", "//outside", "notes/out/secret.md", "secret"},
		{"link loop", "notes/loop.md", "loop.md", "notes/loop.md", ""},
	} {
		t.Run(tc.what, func(t *testing.T) {
			vault, _, fsys := hiddenLinkVault(t)
			top := filepath.Dir(vault)
			target := filepath.FromSlash(tc.target)
			switch {
			case strings.HasPrefix(tc.target, "//"):
				target = filepath.Join(top, target[2:])
			case strings.HasPrefix(tc.target, "/"):
				target = filepath.Join(vault, target[1:])
			}
			mustLink(t, target, filepath.Join(vault, filepath.FromSlash(tc.link)))
			mustLink(t, "../.obsidian/plugins", filepath.Join(vault, "notes", "up"))
			before := snapshot(t, top)
			hash := pc.HashOf([]byte(tc.content))
			keep := pc.HashOf([]byte("keep"))
			refused := func(what string, err error) {
				t.Helper()
				if pc.ErrorCode(err) != pc.CodeInvalidArgument {
					t.Errorf("%s(%s) = %v, want invalid_argument", what, tc.name, err)
				}
			}
			_, err := fsys.ReadFile(tc.name)
			refused("ReadFile", err)
			_, err = fsys.Stat(tc.name)
			refused("Stat", err)
			refused("WriteFile over", fsys.WriteFile(tc.name, []byte("evil"), hash))
			refused("WriteFile new", fsys.WriteFile(tc.name, []byte("evil"), ""))
			refused("Remove", fsys.Remove(tc.name, hash))
			refused("Rename from", fsys.Rename(tc.name, "notes/moved.md", hash))
			refused("Rename to", fsys.Rename("notes/keep.md", tc.name, keep))
			if after := snapshot(t, top); !reflect.DeepEqual(before, after) {
				t.Errorf("refused operations changed the files:\nbefore %q\nafter  %q", before, after)
			}
		})
	}
}

// TestHiddenFilesAreReadByTheirOwnName: the core reads its settings by
// name, and a link inside a hidden folder stays the core's business.
func TestHiddenFilesAreReadByTheirOwnName(t *testing.T) {
	vault, _, fsys := hiddenLinkVault(t)
	mustLink(t, "config.json", filepath.Join(vault, ".projectcanvas", "alias.json"))
	for _, name := range []string{".projectcanvas/config.json", ".projectcanvas/alias.json"} {
		if got, err := fsys.ReadFile(name); err != nil || string(got) != `{"secret":true}` {
			t.Errorf("ReadFile(%s) = %q, %v", name, got, err)
		}
	}
	if err := fsys.WriteFile(".projectcanvas/config.json", []byte("{}"), pc.HashOf([]byte(`{"secret":true}`))); err != nil {
		t.Errorf("the core writes its own settings: %v", err)
	}
}

// TestOwnFolderLinkedIntoObsidianIsRefused links .projectcanvas, where the
// core writes its journal and lock, to a plugin folder: nothing is written
// there.
func TestOwnFolderLinkedIntoObsidianIsRefused(t *testing.T) {
	vault, _, fsys := linkedVault(t)
	plugin := filepath.Join(vault, ".obsidian", "plugins", "evil")
	if err := os.MkdirAll(plugin, 0o755); err != nil {
		t.Fatal(err)
	}
	mustLink(t, ".obsidian/plugins/evil", filepath.Join(vault, ".projectcanvas"))
	if err := fsys.WriteFile(".projectcanvas/journal.json", []byte("{}"), ""); pc.ErrorCode(err) != pc.CodeInvalidArgument {
		t.Errorf("WriteFile through the linked folder = %v, want invalid_argument", err)
	}
	if unlock, err := fsys.Lock(); pc.ErrorCode(err) != pc.CodeInvalidArgument {
		if err == nil {
			unlock()
		}
		t.Errorf("Lock through the linked folder = %v, want invalid_argument", err)
	}
	if entries, _ := os.ReadDir(plugin); len(entries) != 0 {
		t.Errorf("files appeared in the plugin folder: %v", entries)
	}
}

// Open removes the temporary files of killed writes with Remove: their
// hidden names are allowed there, in folders the project writes, and only
// when the real file is one (a link named like one removes no note).
func TestRemoveTakesTemporaryFiles(t *testing.T) {
	vault, _, fsys := hiddenLinkVault(t)
	temps := map[string]bool{ // name: removable
		"Projects/.projectcanvas-0123456789abcdef.tmp":            true,
		".projectcanvas/.pc-123.tmp":                              true,
		".obsidian/plugins/x/.projectcanvas-0123456789abcdef.tmp": false,
		"Projects/.pc-notes.tmp":                                  false,
	}
	for name := range temps {
		mustFile(t, filepath.Join(vault, filepath.FromSlash(name)), "tmp")
	}
	mustLink(t, "../notes/keep.md", filepath.Join(vault, "Projects", ".projectcanvas-fedcba9876543210.tmp"))
	temps["Projects/.projectcanvas-fedcba9876543210.tmp"] = false
	for name, ok := range temps {
		content := "tmp"
		if !ok && strings.Contains(name, "fedcba") {
			content = "keep"
		}
		err := fsys.Remove(name, pc.HashOf([]byte(content)))
		switch {
		case ok && err != nil:
			t.Errorf("Remove(%s) = %v", name, err)
		case !ok && pc.ErrorCode(err) != pc.CodeInvalidArgument:
			t.Errorf("Remove(%s) = %v, want invalid_argument", name, err)
		}
	}
	if got, err := os.ReadFile(filepath.Join(vault, "notes", "keep.md")); err != nil || string(got) != "keep" {
		t.Errorf("the note behind a link named like a temporary file: %q, %v", got, err)
	}
}

// TestLongNamesAreCheckedLikeShortOnes reads and writes names around and
// past 256 bytes, the most that the one-call link check passes to the
// kernel without allocating: a link in a long name is refused as in a
// short one, and a file without one is read and written.
func TestLongNamesAreCheckedLikeShortOnes(t *testing.T) {
	for _, n := range []int{254, 255, 256, 257, 600} {
		vault, outside, fsys := linkedVault(t)
		dir := "Projects/" + strings.Repeat("d", 200)
		for len(dir)+len("/x.md") < n {
			dir += "/" + strings.Repeat("e", min(200, n-len(dir)-len("/x.md")-1))
		}
		name := dir + "/x.md"
		if err := os.MkdirAll(filepath.Join(vault, filepath.FromSlash(dir)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := fsys.WriteFile(name, []byte("long"), ""); err != nil {
			t.Fatalf("%d bytes: WriteFile: %v", len(name), err)
		}
		if got, err := fsys.ReadFile(name); err != nil || string(got) != "long" {
			t.Fatalf("%d bytes: ReadFile = %q, %v", len(name), got, err)
		}
		mustLink(t, filepath.Join(outside, "secret.md"), filepath.Join(vault, filepath.FromSlash(dir), "secret.md"))
		if got, err := fsys.ReadFile(dir + "/secret.md"); pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf("%d bytes: ReadFile through a link outside = %q, %v; want invalid_argument", len(name), got, err)
		}
	}
}

// A folder where a file is read is pc.ErrIsFolder, through a link too, so
// that the core names it (pc.StateError) instead of failing to read.
func TestReadingAFolderIsErrIsFolder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".projectcanvas/config.json"), 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
	require.NoError(t, os.Symlink("real", filepath.Join(dir, "linked")))
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	for _, name := range []string{".projectcanvas/config.json", "linked", "real"} {
		_, err := fsys.ReadFile(name)
		assert.ErrorIs(t, err, pc.ErrIsFolder, name)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(pc.StateError(name, err)))
	}
	_, err = fsys.ReadFile("missing.md")
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// Through an in-vault link into .obsidian, a name gets the same answer
// whether a file exists there or not, and a path through a file ("a.md/x")
// is a missing file (read) or a refused path (write), never an internal
// error that tells what lies there.
func TestAnswersDoNotTellWhatExistsBehindALink(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".obsidian", "plugins"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".obsidian", "app.json"), []byte("{}"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "Notes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Notes", "a.md"), []byte("# a\n"), 0o644))
	require.NoError(t, os.Symlink("../.obsidian", filepath.Join(dir, "Notes", "ob")))
	fsys, err := osfs.New(dir)
	require.NoError(t, err)
	answer := func(err error) string {
		if err == nil {
			return "ok"
		}
		return string(pc.ErrorCode(err))
	}
	for _, pair := range [][2]string{
		{"Notes/ob/app.json/x.md", "Notes/ob/nothing.json/x.md"},
		{"Notes/ob/app.json", "Notes/ob/nothing.json"},
		{"Notes/ob/plugins/x.md", "Notes/ob/nofolder/x.md"},
	} {
		_, errA := fsys.ReadFile(pair[0])
		_, errB := fsys.ReadFile(pair[1])
		assert.Equal(t, answer(errB), answer(errA), "read %s vs %s: %v / %v", pair[0], pair[1], errA, errB)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(errA), "%v", errA)
		errA, errB = fsys.WriteFile(pair[0], []byte("x"), ""), fsys.WriteFile(pair[1], []byte("x"), "")
		assert.Equal(t, answer(errB), answer(errA), "write %s vs %s: %v / %v", pair[0], pair[1], errA, errB)
	}
	_, err = fsys.ReadFile("Notes/a.md/x.md")
	assert.ErrorIs(t, err, os.ErrNotExist)
	err = fsys.WriteFile("Notes/a.md/x.md", []byte("x"), "")
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%v", err)
	assert.Contains(t, err.Error(), "goes through a file")
}
