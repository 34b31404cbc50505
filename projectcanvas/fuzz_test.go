package projectcanvas_test

import (
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// FuzzOpenAndUpdate feeds arbitrary file content to the index and then
// updates whatever entity it found: loading never panics, and an update
// either succeeds and keeps the entity loadable or is refused with a coded
// error, leaving the file as it was.
func FuzzOpenAndUpdate(f *testing.F) {
	f.Add("---\nid: T-001\ntype: task\ntitle: A\nparent: S-001\nstatus: wip\n---\n# A\n")
	f.Add("---\nid: S-001\ntype: story\ntitle: B\nparent: M-001\ndepends_on: [S-001, \"[[S-002]]\"]\n---\n")
	f.Add("---\nid: F-001\ntype: feature\ntier: Gold\nphase: 9\ntest_refs: x\n---\n")
	f.Add("---\nid: DEC-001\ntype: decision\naffects:\n  - T-001\n  - nope\nextra: {a: [1, 2]}\n---\nbody")
	f.Add("\ufeff---\r\nid: M-001\r\ntype: milestone\r\n---\r\n")
	for _, content := range hostileCorpus(f) { // testdata/hostile: cycles, bombs, deep nesting...
		if len(content) < 64<<10 {
			f.Add(content)
		}
	}
	f.Fuzz(func(t *testing.T, content string) {
		files := map[string]string{
			"Projects/milestones/M-001 M.md": "---\nid: M-001\ntype: milestone\ntitle: M\n---\n",
			"Projects/stories/S-001 S.md":    "---\nid: S-001\ntype: story\ntitle: S\nparent: M-001\n---\n",
			"Fuzz/x.md":                      content,
		}
		fsys := memfs.New(files)
		p, err := pc.Open(fsys)
		if err != nil {
			t.Fatalf("open failed on a bad file: %v", err)
		}
		for _, e := range p.All() {
			if e.Path != "Fuzz/x.md" {
				continue
			}
			before := fsys.Files()["Fuzz/x.md"]
			_, err := p.Update(string(e.ID), pc.Change{Data: map[string]any{"owner": "fuzz", "tags": []any{"a"}}})
			after := fsys.Files()["Fuzz/x.md"]
			if err != nil {
				if pc.ErrorCode(err) == "" {
					t.Fatalf("uncoded error %v", err)
				}
				if before != after {
					t.Fatalf("a refused update changed the file")
				}
				continue
			}
			if _, err := p.Reload(); err != nil {
				t.Fatal(err)
			}
			again, err := p.Get(string(e.ID))
			if err != nil {
				t.Fatalf("entity lost after update: %v\n%q\n->\n%q", err, before, after)
			}
			if again.Fields["owner"] != "fuzz" {
				t.Fatalf("update not read back: %v", again.Fields)
			}
		}
	})
}
