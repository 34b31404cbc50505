package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func init() {
	register(&command{name: "index", summary: "index the vault and print what was found", run: func(_ context.Context, c *cli, _ []string) int {
		env, err := c.open()
		if err != nil {
			return toolFailure(c.stdout, err)
		}
		printIndex(c.stdout, env.Project)
		return exitOK
	}})
}

// printIndex summarizes the vault: entities per type and status, problems.
func printIndex(w io.Writer, p *pc.Project) {
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
	printRecovered(w, p.Recovered())
	printStartHint(w, p)
}

// printStartHint says how to begin when the vault holds no entity and no
// file that failed to be one (a wrong --vault, or a new project).
func printStartHint(w io.Writer, p *pc.Project) {
	if p.Len() > 0 || len(p.Problems()) > 0 {
		return
	}
	fmt.Fprint(w, `No entity in this vault yet (is --vault or $PROJECTCANVAS_VAULT the right folder?). Start with one:
  projectcanvas tool create_entity '{"type":"milestone","data":{"title":"First milestone"}}'
or try the example project: make run, in a clone of Project Canvas, serves a copy of examples/vault.
`)
}

// printRecovered tells what opening the vault did about writes a killed
// process left unfinished.
func printRecovered(w io.Writer, recovered []pc.Recovery) {
	for _, r := range recovered {
		if r.Started != "" {
			fmt.Fprintf(w, "recovered an interrupted write of %s: %d file(s) rolled back\n", r.Started, len(r.RolledBack))
		}
		for _, name := range r.LeftAlone {
			fmt.Fprintf(w, "  %s: changed since, left as it is\n", name)
		}
		if len(r.TempRemoved) > 0 {
			fmt.Fprintf(w, "removed %d temporary file(s) of interrupted writes\n", len(r.TempRemoved))
		}
		if r.Error != "" {
			fmt.Fprintf(w, "recovery failed, writes are refused until it succeeds: %s\n", r.Error)
		}
	}
}
