package memfs_test

import (
	"reflect"
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
