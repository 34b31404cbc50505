package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit statuses.
const (
	exitOK        = 0
	exitToolError = 1
	exitUsage     = 2
)

const usage = `usage: projectcanvas [--vault DIR] COMMAND

commands:
  tool NAME [JSON|-]  run a tool with JSON arguments (- reads them from stdin)
  tools               list the tools and what they do
  index               index the vault and print what was found
  report              print the project overview and health analysis
  reconcile [--dry-run] make both sides of every relation agree
  canvas populate|layout|features [--canvas PATH]
                      add the entities to a canvas, lay it out; the features grid
  canvas focus|find QUERY [--canvas PATH]
                      node ids to hide for focus-in-progress; entities on the canvas matching QUERY
  features import [FILE] | set-phase ID PHASE | set-tier ID TIER | link FEATURE ID...
                      import FUTURE_FEATURES.md; move a feature; link entities to a feature
  navigate DIRECTION ID [--canvas PATH]
                      parent, children, dependencies, dependents, documents, decisions,
                      features or implemented-by of ID, with their canvas node ids
  render [--canvas PATH] [-o FILE.svg]    draw a canvas as SVG
  version             print the version

The vault is --vault, else $PROJECTCANVAS_VAULT, else the current folder.
`

// usageError is bad command-line usage: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := flag.NewFlagSet("projectcanvas", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	vaultDir := fs.String("vault", "", "vault folder")
	if err := fs.Parse(args); err != nil {
		return fail(stderr, usageError{err.Error()})
	}
	if *vaultDir == "" {
		*vaultDir = getenv("PROJECTCANVAS_VAULT")
	}
	if *vaultDir == "" {
		*vaultDir = "."
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return fail(stderr, usageError{"no command given"})
	}
	registry := tools.New()
	switch cmd, rest := rest[0], rest[1:]; cmd {
	case "version":
		fmt.Fprintln(stdout, "projectcanvas", version)
		return exitOK
	case "tools":
		return listTools(stdout, registry)
	case "tool":
		if len(rest) < 1 || len(rest) > 2 {
			return fail(stderr, usageError{"usage: projectcanvas tool NAME [JSON|-]"})
		}
		if _, ok := registry.Lookup(rest[0]); !ok {
			return fail(stderr, usageError{fmt.Sprintf("unknown tool %q (see projectcanvas tools)", rest[0])})
		}
		args, err := toolArgs(rest[1:], stdin)
		if err != nil {
			return fail(stderr, err)
		}
		env, err := openEnv(*vaultDir)
		if err != nil {
			return toolFailure(stdout, err)
		}
		result, err := registry.Call(ctx, env, rest[0], args)
		if err != nil {
			return toolFailure(stdout, err)
		}
		return printJSON(stdout, result)
	case "reconcile":
		return reconcileCommand(ctx, rest, stdout, stderr, registry, *vaultDir)
	case "canvas":
		return canvasCommand(ctx, rest, stdout, stderr, registry, *vaultDir)
	case "render":
		return renderCommand(rest, stdout, stderr, *vaultDir)
	case "features":
		return featuresCommand(ctx, rest, stdout, stderr, registry, *vaultDir)
	case "navigate":
		return navigateCommand(rest, stdout, stderr, *vaultDir)
	case "index":
		env, err := openEnv(*vaultDir)
		if err != nil {
			return toolFailure(stdout, err)
		}
		return printIndex(stdout, env.Project)
	case "report":
		env, err := openEnv(*vaultDir)
		if err != nil {
			return toolFailure(stdout, err)
		}
		if err := report(ctx, stdout, registry, env); err != nil {
			return toolFailure(stdout, err)
		}
		return exitOK
	default:
		return fail(stderr, usageError{fmt.Sprintf("unknown command %q", cmd)})
	}
}

func openEnv(dir string) (*tools.Env, error) {
	fsys, err := osfs.New(dir)
	if err != nil {
		return nil, err
	}
	p, err := pc.Open(fsys)
	if err != nil {
		return nil, err
	}
	return &tools.Env{Project: p}, nil
}

// toolArgs reads the JSON arguments: absent, inline, or "-" for stdin.
func toolArgs(rest []string, stdin io.Reader) (json.RawMessage, error) {
	if len(rest) == 0 {
		return json.RawMessage("{}"), nil
	}
	data := []byte(rest[0])
	if rest[0] == "-" {
		var err error
		if data, err = io.ReadAll(stdin); err != nil {
			return nil, err
		}
	}
	if !json.Valid(data) {
		return nil, usageError{"arguments are not valid JSON"}
	}
	return data, nil
}

func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "projectcanvas:", err)
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprint(stderr, "\n"+usage)
		return exitUsage
	}
	return exitToolError
}

func toolFailure(stdout io.Writer, err error) int {
	stdout.Write(tools.ErrorJSON(err))
	fmt.Fprintln(stdout)
	return exitToolError
}

func printJSON(w io.Writer, v any) int {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return toolFailure(w, pc.Errorf(pc.CodeInternal, "encoding the result: %v", err))
	}
	w.Write(buf.Bytes())
	return exitOK
}

func listTools(w io.Writer, r *tools.Registry) int {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, t := range r.Tools() {
		fmt.Fprintf(tw, "%s\t%s\n", t.Name, t.Description)
	}
	tw.Flush()
	return exitOK
}

// printIndex summarizes the vault: entities per type and status, problems.
func printIndex(w io.Writer, p *pc.Project) int {
	counts := map[pc.Type]map[pc.Status]int{}
	for _, e := range p.All() {
		if counts[e.Type] == nil {
			counts[e.Type] = map[pc.Status]int{}
		}
		counts[e.Type][e.Status]++
	}
	fmt.Fprintf(w, "%d entities\n", p.Len())
	for _, t := range pc.Types {
		total, parts := 0, []string{}
		for _, st := range pc.Statuses(t) {
			if n := counts[t][st]; n > 0 {
				total += n
				parts = append(parts, fmt.Sprintf("%d %s", n, st))
			}
		}
		fmt.Fprintf(w, "  %-9s %3d  %s\n", t, total, strings.Join(parts, ", "))
	}
	problems := p.Problems()
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Path < problems[j].Path })
	fmt.Fprintf(w, "%d file problem(s)\n", len(problems))
	for _, pr := range problems {
		fmt.Fprintf(w, "  %s: %s: %s\n", pr.Path, pr.Kind, pr.Message)
	}
	return exitOK
}
