package projectcanvas

import (
	"encoding/json"
	"os"
	"path"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestVaultPathRule(t *testing.T) {
	long := strings.Repeat("a", 256)
	tests := []struct {
		name           string
		path, writable bool
	}{
		{"Projects/tasks/T-001 Login.md", true, true},
		{"Projects.canvas", true, true},
		{"notes/ünïcode ✓.md", true, true},
		{".projectcanvas/journal.json", true, true},
		{".projectcanvas/cache/docsearch.idx", true, true},
		{".obsidian/plugins/evil/main.js", true, false},
		{"notes/.git/hooks/pre-commit", true, false},
		{".git/config", true, false},
		{".projectcanvas/.hidden/x", true, false},
		{".projectcanvas", true, false},
		{".templates/task.md", true, true},
		{".templates/.hidden.md", true, false},
		{".templates/sub/.git/x", true, false},
		{".templatesx/task.md", true, false},
		{"node_modules/x/index.js", true, false},
		{"notes/.env", true, false},
		{"M-009 evil\u202Egnp.exe.md", true, false},
		{"a\u2066/b.md", true, false}, // a folder shows its name too: refused in every element
		{"", false, false},
		{"..", false, false},
		{"../ESCAPED.txt", false, false},
		{"notes/../../x.md", false, false},
		{"notes/..", false, false},
		{"/etc/passwd", false, false},
		{"C:/x.md", false, false},
		{"c:x.md", false, false},
		{`notes\..\x.md`, false, false},
		{"a\x00.md", false, false},
		{"a\nb.md", false, false},
		{"a//b.md", false, false},
		{"a/./b.md", false, false},
		{"./a.md", false, false},
		{"a/", false, false},
		{"\xff.md", false, false},
		{long + ".md", false, false},
		{strings.Repeat("a/", 600) + "b", false, false},
	}
	for _, tt := range tests {
		if got := CheckPath(tt.name) == nil; got != tt.path {
			t.Errorf("CheckPath(%q) ok = %v, want %v", tt.name, got, tt.path)
		}
		if got := CheckWritable(tt.name) == nil; got != tt.writable {
			t.Errorf("CheckWritable(%q) ok = %v, want %v", tt.name, got, tt.writable)
		}
	}
}

func TestVaultPathErrorIsShort(t *testing.T) {
	err := CheckPath(strings.Repeat("x/", 1<<20))
	if ErrorCode(err) != CodeInvalidArgument || len(err.Error()) > 400 {
		t.Fatalf("got %d bytes: %.100v", len(err.Error()), err)
	}
}

// FuzzVaultPath checks the rule's promises on any string: an accepted path
// is clean, relative and stays inside the vault; a writable one is accepted
// and out of hidden folders unless it is the project's own.
func FuzzVaultPath(f *testing.F) {
	for _, s := range []string{"a.md", "../x", "/x", "C:/x", ".obsidian/x", ".projectcanvas/x", "a/./b", "a\x00b", "a\\b", "x\u202E.md"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if CheckPath(name) != nil {
			if CheckWritable(name) == nil {
				t.Fatalf("%q writable but not a vault path", name)
			}
			return
		}
		if path.Clean(name) != name || path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") ||
			strings.ContainsAny(name, "\\\x00") || !utf8.ValidString(name) || len(name) > MaxPathBytes {
			t.Fatalf("%q accepted", name)
		}
		if CheckWritable(name) == nil && Hidden(name) && !Own(name) {
			t.Fatalf("%q writable in a hidden folder", name)
		}
		if Hidden(name) != hiddenByElement(name) {
			t.Fatalf("Hidden(%q) = %v, unlike its rule", name, Hidden(name))
		}
	})
}

// hiddenByElement is Hidden's rule as written: any element starting with
// a dot, or node_modules.
func hiddenByElement(name string) bool {
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") || part == "node_modules" {
			return true
		}
	}
	return false
}

// TestHidden: the fast path answers as the rule does, element by element.
func TestHidden(t *testing.T) {
	for _, name := range []string{"", "a.md", ".obsidian/app.json", "a/.git/x", "a/b.c/d.md", "a./b.md", "x/node_modules/y.md",
		"node_modules", "my_node_modules/x.md", "node_modules_x/y.md", "a/node_modulesx", ".", "a/.", "Projects/T-001 A.md"} {
		if got, want := Hidden(name), hiddenByElement(name); got != want {
			t.Errorf("Hidden(%q) = %v, want %v", name, got, want)
		}
	}
}

// The table the editor plugin's own check (plugin/src/vault/vaultPath.ts) runs
// too: the two copies of the rule answer every case alike.
func TestCheckWritableSharedTable(t *testing.T) {
	data, err := os.ReadFile("testdata/writable_paths.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Path     string `json:"path"`
		Writable bool   `json:"writable"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		if err := CheckWritable(c.Path); (err == nil) != c.Writable {
			t.Errorf("CheckWritable(%q) = %v, want writable %v", c.Path, err, c.Writable)
		}
	}
}
