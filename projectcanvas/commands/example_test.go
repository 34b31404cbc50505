package commands_test

import (
	"context"
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// Running an editor command: the input is JSON, the result says what the
// editor shows (a notice, nodes to select, files to open) and the vault
// holds what it wrote. Every host runs commands this way.
func ExampleRegistry_Run() {
	fsys := memfs.New(map[string]string{
		"Projects/stories/S-001 Sign-in.md": "---\nid: S-001\ntype: story\ntitle: Sign-in\n---\n",
		"Projects/tasks/T-001 Form.md":      "---\nid: T-001\ntype: task\ntitle: Form\nparent: S-001\n---\n",
	})
	p, _ := pc.Open(fsys)
	reg := commands.New(tools.New())
	env := &tools.Env{Project: p}

	res, err := reg.Run(context.Background(), env, "navigate-to-parent", []byte(`{"id":"T-001"}`))
	fmt.Println(res.Notice, res.Open, err)

	res, _ = reg.Run(context.Background(), env, "populate-canvas-from-vault", []byte(`{}`))
	fmt.Println(res.Notice)
	_, err = fsys.ReadFile("Projects.canvas")
	fmt.Println("canvas written:", err == nil)
	// Output:
	// T-001 → S-001 Sign-in [Projects/stories/S-001 Sign-in.md] <nil>
	// Added 2 entities and 0 edges to Projects.canvas; 0 already on it.
	// canvas written: true
}
