package memfs_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/vaulttest"
)

func TestConformance(t *testing.T) {
	vaulttest.Run(t, func(_ *testing.T, files map[string]string) pc.FS { return memfs.New(files) })
}

func TestChangeLog(t *testing.T) {
	m := memfs.New(map[string]string{"a.md": "A"})
	m.Put("host.md", []byte("from the host")) // not recorded, even once tracking
	m.TrackChanges()
	m.Put("host2.md", []byte("x"))
	m.Move("host2.md", "host3.md")
	m.Delete("host3.md")
	if err := m.WriteFile("b.md", []byte("B"), ""); err != nil {
		t.Fatal(err)
	}
	if err := m.Rename("b.md", "c.md", pc.HashOf([]byte("B"))); err != nil {
		t.Fatal(err)
	}
	if err := m.Remove("a.md", pc.HashOf([]byte("A"))); err != nil {
		t.Fatal(err)
	}
	_ = m.WriteFile("b.md", []byte("conflict"), "nope") // refused writes are not changes
	got := m.TakeChanges()
	want := []memfs.Change{{Op: "write", Path: "b.md", Content: "B"}, {Op: "rename", Path: "c.md", From: "b.md"}, {Op: "delete", Path: "a.md"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("changes = %+v, want %+v", got, want)
	}
	if again := m.TakeChanges(); len(again) != 0 {
		t.Fatalf("changes are handed over once, got %+v", again)
	}
}

// The host's own updates (Put, Delete, Move) and Load take only vault
// paths: a name the rule refuses is refused whole, never trimmed into
// another ("/a.md" was stored as "a.md").
func TestHostUpdatesTakeOnlyVaultPaths(t *testing.T) {
	for _, bad := range []string{"/a.md", "../a.md", "a/../../b.md", "C:/a.md", "a\x00b.md", `a\b.md`, "", "./a.md"} {
		m := memfs.New(map[string]string{"a.md": "A"})
		m.TrackChanges()
		for what, err := range map[string]error{
			"Put":       m.Put(bad, []byte("x")),
			"Delete":    m.Delete(bad),
			"Move from": m.Move(bad, "b.md"),
			"Move to":   m.Move("a.md", bad),
		} {
			if pc.ErrorCode(err) != pc.CodeInvalidArgument {
				t.Errorf("%s(%q) = %v, want invalid_argument", what, bad, err)
			}
		}
		// Reads refuse it too, though only a name the FS lacks is checked.
		for what, read := range map[string]func(string) ([]byte, error){"ReadShared": m.ReadShared, "ReadFile": m.ReadFile} {
			if _, err := read(bad); pc.ErrorCode(err) != pc.CodeInvalidArgument {
				t.Errorf("%s(%q) = %v, want invalid_argument", what, bad, err)
			}
		}
		if got := m.Files(); !reflect.DeepEqual(got, map[string]string{"a.md": "A"}) {
			t.Errorf("refused updates with %q changed the files: %q", bad, got)
		}
		if _, err := memfs.Load(map[string]string{"ok.md": "", bad: "x"}); pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf("Load with %q = %v, want invalid_argument", bad, err)
		}
	}
	// Hidden files are the host's to hand over: they load and update.
	m, err := memfs.Load(map[string]string{".obsidian/app.json": "{}", ".projectcanvas/config.json": "{}"})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Put(".obsidian/plugins/x/main.js", []byte("code")); err != nil {
		t.Fatal(err)
	}
}

func TestNewPanicsOnAFixedBadName(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("New accepted ../a.md")
		}
	}()
	memfs.New(map[string]string{"../a.md": "x"})
}

// A write the rule refuses is no change: TakeChanges never hands one over.
func TestRefusedWritesAreNotChanges(t *testing.T) {
	m := memfs.New(map[string]string{"a.md": "A", ".git/hooks/x": "hook"})
	m.TrackChanges()
	hash := pc.HashOf([]byte("A"))
	for _, err := range []error{
		m.WriteFile(".obsidian/plugins/evil/main.js", []byte("code"), ""),
		m.WriteFile("../ESCAPED.txt", []byte("x"), ""),
		m.Rename("a.md", ".git/hooks/pre-commit", hash),
		m.Remove(".git/hooks/x", pc.HashOf([]byte("hook"))),
	} {
		if pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf("got %v, want invalid_argument", err)
		}
	}
	if c := m.TakeChanges(); len(c) != 0 {
		t.Errorf("refused writes became changes: %+v", c)
	}
}

// TestReadSharedStaysAsRead checks ReadShared's promise: the bytes it hands
// out are those ReadFile copies, and no later write, put, move or input
// changes them (the index keeps them as what an entity was read from).
func TestReadSharedStaysAsRead(t *testing.T) {
	input := []byte("content")
	m := memfs.New(map[string]string{"a.md": "A", "b.md": "B"})
	if err := m.Put("c.md", input); err != nil {
		t.Fatal(err)
	}
	a, err := m.ReadShared("a.md")
	if err != nil || string(a) != "A" {
		t.Fatalf("ReadShared = %q, %v", a, err)
	}
	c, _ := m.ReadShared("c.md")
	input[0] = 'X' // the host's buffer, given to Put
	if err := m.WriteFile("a.md", []byte("changed"), pc.HashOf([]byte("A"))); err != nil {
		t.Fatal(err)
	}
	m.Put("c.md", []byte("put again"))
	m.Move("b.md", "a.md")
	if string(a) != "A" || string(c) != "content" {
		t.Fatalf("shared bytes changed: %q, %q", a, c)
	}
	for _, name := range []string{"missing.md", "../x.md"} {
		if _, err := m.ReadShared(name); err == nil {
			t.Errorf("ReadShared(%q) did not fail", name)
		}
	}
	var _ pc.SharedReader = m
}

// Load refuses files with a name that is no vault path, and names the same
// one (the first in order) whatever the map's order.
func TestLoadRefusesTheSameBadName(t *testing.T) {
	files := map[string]string{"ok.md": "x", "z/../up.md": "x", "../a.md": "x", "/abs.md": "x", "b.md": "y"}
	for range 30 {
		m, err := memfs.Load(files)
		if m != nil || err == nil || !strings.Contains(err.Error(), "../a.md") {
			t.Fatalf("Load = %v, %v; want the refusal of ../a.md", m, err)
		}
	}
	m, err := memfs.Load(map[string]string{"a/b.md": "x", "c.canvas": "{}"})
	if err != nil {
		t.Fatal(err)
	}
	if data, err := m.ReadFile("a/b.md"); err != nil || string(data) != "x" {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
}

// LoadSeq keeps the later content of a path given twice, and refuses a
// bad name as Load does.
func TestLoadSeqLaterWins(t *testing.T) {
	pairs := [][2]string{{"a.md", "first"}, {"b.md", "b"}, {"a.md", "second"}}
	seq := func(yield func(string, string) bool) {
		for _, p := range pairs {
			if !yield(p[0], p[1]) {
				return
			}
		}
	}
	m, err := memfs.LoadSeq(seq, len(pairs))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := m.ReadFile("a.md"); string(got) != "second" {
		t.Errorf("a.md = %q, want the later content", got)
	}
	pairs = append(pairs, [2]string{"../x.md", "x"})
	if _, err := memfs.LoadSeq(seq, len(pairs)); pc.ErrorCode(err) != pc.CodeInvalidArgument {
		t.Errorf("a bad name: %v", err)
	}
}

// Walk lists the names in order, hidden ones left out, however the files
// were handed over and whatever came or went since.
func TestWalkInOrderAfterChanges(t *testing.T) {
	walk := func(m *memfs.FS) []string {
		var out []string
		if err := m.Walk(func(name string) error { out = append(out, name); return nil }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, order := range [][]string{{".obsidian/x.json", "a.md", "b/c.md", "d.md"}, {"d.md", "b/c.md", ".obsidian/x.json", "a.md"}} {
		seq := func(yield func(string, string) bool) {
			for _, name := range order {
				if !yield(name, name) {
					return
				}
			}
		}
		m, err := memfs.LoadSeq(seq, len(order))
		if err != nil {
			t.Fatal(err)
		}
		if got := walk(m); !slices.Equal(got, []string{"a.md", "b/c.md", "d.md"}) {
			t.Errorf("loaded in order %v: walk %v", order, got)
		}
		if err := m.WriteFile("0.md", []byte("new"), ""); err != nil {
			t.Fatal(err)
		}
		a, _ := m.ReadFile("a.md")
		if err := m.Rename("a.md", "z.md", pc.HashOf(a)); err != nil {
			t.Fatal(err)
		}
		if err := m.Delete("d.md"); err != nil {
			t.Fatal(err)
		}
		if got := walk(m); !slices.Equal(got, []string{"0.md", "b/c.md", "z.md"}) {
			t.Errorf("after changes: walk %v", got)
		}
	}
}
