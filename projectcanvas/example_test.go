package projectcanvas_test

import (
	"fmt"
	"slices"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// A Go program opens a vault, creates a milestone, a story under it and a
// task under the story, then reads them back. Here the vault lives in
// memory; vault/osfs opens a folder on disk the same way.
func Example() {
	vault := memfs.New(nil)
	project, err := pc.Open(vault, pc.WithClock(func() time.Time {
		return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	}))
	if err != nil {
		panic(err)
	}
	m, _ := project.Create(pc.Milestone, map[string]any{"title": "Public beta"})
	s, _ := project.Create(pc.Story, map[string]any{"title": "Sign-in", "parent": m.ID})
	t, _ := project.Create(pc.Task, map[string]any{"title": "Login form", "parent": s.ID, "priority": "high"})

	// Starting the task starts the story and the milestone too.
	if _, err := project.Update(string(t.ID), pc.Change{Status: "wip"}); err != nil {
		panic(err)
	}
	for _, id := range []string{"M-001", "S-001", "T-001"} {
		e, _ := project.Get(id)
		fmt.Printf("%s %-11s %-12s %s\n", e.ID, e.Status, e.Title, e.Path)
	}
	fmt.Println("children of S-001:", project.Children(s.ID))
	// Output:
	// M-001 In Progress Public beta  Projects/milestones/M-001 Public beta.md
	// S-001 In Progress Sign-in      Projects/stories/S-001 Sign-in.md
	// T-001 In Progress Login form   Projects/tasks/T-001 Login form.md
	// children of S-001: [T-001]
}

// Every refusal is a *projectcanvas.Error with a code.
func Example_errors() {
	project, _ := pc.Open(memfs.New(nil))
	_, err := project.Create(pc.Task, map[string]any{"title": "Stray task"})
	fmt.Println(pc.ErrorCode(err))
	fmt.Println(err)
	// Output:
	// orphan
	// orphan: a task needs a parent story (set parent to its id)
}

// A host that opens the same vault again and again (the editor plugin, at
// every start) keeps the index cache between opens: the next open decodes
// only the files that changed since.
func ExampleWithIndexCache() {
	files := map[string]string{
		"Projects/milestones/M-001 Beta.md": "---\nid: M-001\ntype: milestone\ntitle: Beta\n---\n",
		"Projects/stories/S-001 Sign-in.md": "---\nid: S-001\ntype: story\ntitle: Sign-in\nparent: M-001\n---\n",
		"Notes/ideas.md":                    "# Ideas\n",
	}
	// The key names the build that made the cache: another build's is ignored.
	first, _ := pc.Open(memfs.New(files), pc.WithIndexCache(nil, "build-1"))
	cache := first.IndexCache() // saved by the host

	files["Projects/stories/S-001 Sign-in.md"] = "---\nid: S-001\ntype: story\ntitle: Sign-in with SSO\nparent: M-001\n---\n"
	next, _ := pc.Open(memfs.New(files), pc.WithIndexCache(cache, "build-1"))
	s, _ := next.Get("S-001")
	fmt.Printf("%+v\n%s\n", next.IndexCacheStats(), s.Title)
	// Output:
	// {Restored:2 Decoded:1 Ignored: Stale:true}
	// Sign-in with SSO
}

// A caller that wants the vault's other files too hears of them from the
// walk Open makes anyway: projectcanvas site finds the canvases so.
func ExampleWithFileNames() {
	vault := memfs.New(map[string]string{
		"Projects/T-001 Login.md": "---\nid: T-001\ntype: task\ntitle: Login\nstatus: Not Started\n---\n",
		"Projects.canvas":         `{"nodes":[],"edges":[]}`,
		"Boards/Sprint.canvas":    `{"nodes":[],"edges":[]}`,
	})
	var canvases []string
	project, err := pc.Open(vault, pc.WithFileNames(func(name string) {
		if strings.HasSuffix(name, ".canvas") {
			canvases = append(canvases, name)
		}
	}))
	if err != nil {
		panic(err)
	}
	slices.Sort(canvases)
	fmt.Println(project.Len(), "entity;", "canvases:", canvases)
	// Output:
	// 1 entity; canvases: [Boards/Sprint.canvas Projects.canvas]
}
