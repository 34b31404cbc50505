package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func init() {
	register(&command{name: "report", summary: "print the project overview and health analysis", run: func(ctx context.Context, c *cli, _ []string) int {
		env, err := c.open()
		if err != nil {
			return toolFailure(c.stdout, err)
		}
		if err := report(ctx, c.stdout, c.registry, env); err != nil {
			return toolFailure(c.stdout, err)
		}
		return exitOK
	}})
}

// report prints the project overview and the health analysis for a person
// at a terminal, from the typed results of the tools an assistant calls
// (get_project_overview, analyze_project_state): a field renamed there
// breaks this build rather than print nothing.
func report(_ context.Context, w io.Writer, _ *tools.Registry, env *tools.Env) error {
	printOverview(w, env)
	printHealth(w, env)
	printStartHint(w, env.Project)
	return nil
}

func printOverview(w io.Writer, env *tools.Env) {
	o := tools.Overview(env, 5)
	fmt.Fprintf(w, "PROJECT OVERVIEW: %d entities\n", o.Summary.TotalEntities)
	fmt.Fprintf(w, "  by type:   %s\n", counts(o.Summary.ByType))
	fmt.Fprintf(w, "  by status: %s\n", counts(o.Summary.ByStatus))
	fmt.Fprintln(w, "\nWORKSTREAMS")
	for _, ws := range o.Workstreams {
		fmt.Fprintf(w, "  %-14s %3d entities  %3d in progress  %3d blocked\n", ws.Name, ws.EntityCount, ws.InProgress, ws.Blocked)
	}
	fmt.Fprintln(w, "\nRECENT UPDATES")
	for _, u := range o.Recent {
		fmt.Fprintf(w, "  %-8s %-12s %s  %s\n", u.ID, u.Status, u.UpdatedAt, u.Title)
	}
}

func printHealth(w io.Writer, env *tools.Env) {
	h := tools.Analysis(env)
	fmt.Fprintf(w, "\nHEALTH: %d/100\n", h.HealthScore)
	for _, f := range h.HealthFactors {
		fmt.Fprintf(w, "  %-28s %3d  -%d\n", f.Factor, f.Count, f.Penalty)
	}
	fmt.Fprintln(w, "\nBLOCKERS")
	for _, b := range h.Blockers {
		fmt.Fprintf(w, "  %-8s %s\n", b.ID, b.Title)
		if len(b.BlockedBy) > 0 {
			fmt.Fprintf(w, "           waits on %s\n", ids(b.BlockedBy))
		}
		if len(b.Blocking) > 0 {
			fmt.Fprintf(w, "           holds up %s\n", ids(b.Blocking))
		}
	}
	fmt.Fprintln(w, "\nRISKS")
	for _, r := range h.Risks {
		fmt.Fprintf(w, "  %-7s %-20s %s\n", r.Severity, r.Type, ids(r.Entities))
	}
	fmt.Fprintf(w, "\nREADY TO START (%d)\n", len(h.Ready))
	for i, r := range h.Ready {
		if i == 10 {
			fmt.Fprintf(w, "  ... and %d more (analyze_project_state)\n", len(h.Ready)-10)
			break
		}
		priority := "-"
		if r.Priority != nil {
			priority = string(*r.Priority)
		}
		fmt.Fprintf(w, "  %-8s %-4s unblocks %-3d %s\n", r.ID, priority, r.Unblocks, r.Title)
	}
	if cp := h.CriticalPath; cp != nil {
		fmt.Fprintf(w, "\nCRITICAL PATH (%d entities)\n  %s\n", cp.Overall.Length, strings.ReplaceAll(ids(cp.Overall.IDs), ", ", " → "))
	}
}

func ids(list []pc.ID) string {
	parts := make([]string, len(list))
	for i, id := range list {
		parts[i] = string(id)
	}
	return strings.Join(parts, ", ")
}

// counts renders {"task": 31, "story": 9} as "story 9, task 31".
func counts(m map[string]int) string {
	keys := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
