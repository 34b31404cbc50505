package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/projectcanvas/projectcanvas/internal/lazygroup"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// Command is one entry of the registry.
type Command struct {
	// ID is the command id of the specification, e.g. navigate-to-parent.
	ID string `json:"id"`
	// Name is the palette name, without the "Project Canvas: " prefix.
	Name        string `json:"name"`
	Description string `json:"description"`
	// Editor is set for commands that need the editor itself; what runs
	// here is their Go half, if any.
	Editor bool `json:"editor"`
	// InputSchema is the JSON Schema of the input object.
	InputSchema json.RawMessage `json:"input_schema"`

	run func(ctx context.Context, env *tools.Env, input json.RawMessage) (*Result, error)
	// group is 1 + the index in groups of the function that registers the
	// command for real while only its name is known (see New); 0 once it
	// is complete.
	group int
}

// Registry holds the commands in the specification's order.
type Registry struct {
	tools    *tools.Registry
	mu       sync.Mutex // guards commands: a group is completed on first use
	commands []*Command
	canvases *canvasCache
	naming   int // set while New names a group's commands (its group)
}

// groups register every command, group by group.
var groups = []func(*Registry){registerCanvas, registerFeatures, registerNavigate, registerEditor, registerMigrate, registerDescribe}

// New returns the registry of every command. Commands that run a tool run
// it through reg, the hosts' own tool registry. As tools.New, it names the
// commands only; building their input checks by reflection waits for the
// first Lookup or Commands that needs it (the WebAssembly core's start-up).
func New(reg *tools.Registry) *Registry {
	r := &Registry{tools: reg, canvases: newCanvasCache()}
	for i, group := range groups {
		r.naming = i + 1
		group(r)
	}
	r.naming = 0
	return r
}

// complete registers for real the group of the named-only command at i
// (every group for -1). r.mu is held.
func (r *Registry) complete(i int) {
	lazygroup.Complete(r.commands, i, func(c *Command) int { return c.group }, func(g int) []*Command {
		built := &Registry{tools: r.tools, canvases: r.canvases}
		groups[g-1](built)
		return built.commands
	})
}

// Spec is a command's identity, as register takes it.
type spec struct {
	id, name, description string
	editor                bool
}

// register adds a typed command: I is its input, decoded and checked as a
// tool's arguments are (tools.NewDecoder). Only this line names I: generic
// code is compiled once per input struct, and the WebAssembly build
// carries every copy.
func register[I any](r *Registry, s spec, run func(ctx context.Context, c *call, in I) (*Result, error)) {
	r.register(s, reflect.TypeFor[I](), func(ctx context.Context, c *call, in any) (*Result, error) {
		return run(ctx, c, *in.(*I))
	})
}

// register is register past the types: run takes a *I.
func (r *Registry) register(s spec, t reflect.Type, run func(ctx context.Context, c *call, in any) (*Result, error)) {
	if r.naming != 0 {
		r.commands = append(r.commands, &Command{ID: s.id, Name: s.name, Description: s.description, Editor: s.editor, group: r.naming})
		return
	}
	d, err := tools.NewDecoder(t)
	if err != nil {
		panic(fmt.Sprintf("command %s: %v", s.id, err)) // a bug in an input struct, caught by the registry test
	}
	r.commands = append(r.commands, &Command{
		ID: s.id, Name: s.name, Description: s.description, Editor: s.editor, InputSchema: d.Schema,
		run: func(ctx context.Context, env *tools.Env, raw json.RawMessage) (*Result, error) {
			in, capped, err := d.Decode(raw)
			if err != nil {
				return nil, err
			}
			res, err := run(ctx, &call{env: env, canvases: r.canvases}, in)
			if err == nil && capped != nil {
				res.Capped = capped
			}
			return res, err
		},
	})
}

// Commands lists the commands in the specification's order.
func (r *Registry) Commands() []*Command {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.complete(-1)
	return slices.Clone(r.commands)
}

// Lookup finds a command by id.
func (r *Registry) Lookup(id string) (*Command, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, c := range r.commands {
		if c.ID == id {
			r.complete(i)
			return r.commands[i], true
		}
	}
	return nil, false
}

// Run runs the command id on a JSON input object (empty or null for none).
// Every failure is a *projectcanvas.Error; a panic becomes an internal one.
func (r *Registry) Run(ctx context.Context, env *tools.Env, id string, input json.RawMessage) (res *Result, err error) {
	c, ok := r.Lookup(id)
	if !ok {
		return nil, pc.Errorf(pc.CodeNotFound, "unknown command %q; GET /commands (or `projectcanvas commands`) lists them", id).With("command", id)
	}
	if err := ctx.Err(); err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "command %s: %v", id, err)
	}
	if t := bytes.TrimSpace(input); len(t) == 0 || bytes.Equal(t, []byte("null")) {
		input = json.RawMessage("{}")
	}
	defer func() {
		if v := recover(); v != nil {
			res, err = nil, pc.Errorf(pc.CodeInternal, "command %s failed: %v", id, v)
		}
	}()
	res, err = c.run(ctx, env, input)
	if err != nil {
		return nil, pc.AsError(err)
	}
	return res, nil
}

// Dispatch runs a command and returns its Result as JSON.
func (r *Registry) Dispatch(ctx context.Context, env *tools.Env, id string, input []byte) ([]byte, error) {
	res, err := r.Run(ctx, env, id, input)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(res)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "command %s: encoding the result: %v", id, err)
	}
	return data, nil
}

// call is what a command's function works with: the host's environment
// and the canvases read. Commands call the tools' functions directly,
// typed (tools.PopulateCanvas...), so a renamed field breaks the build.
type call struct {
	env      *tools.Env
	canvases *canvasCache
}

func (c *call) project() *pc.Project { return c.env.Project }
