package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

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
// at a terminal. It runs the same tools an assistant would call.
func report(ctx context.Context, w io.Writer, reg *tools.Registry, env *tools.Env) error {
	overview, err := callMap(ctx, reg, env, "get_project_overview", `{"recent_limit":5}`)
	if err != nil {
		return err
	}
	health, err := callMap(ctx, reg, env, "analyze_project_state", `{"include_critical_path":true}`)
	if err != nil {
		return err
	}
	printOverview(w, overview)
	printHealth(w, health)
	printStartHint(w, env.Project)
	return nil
}

func callMap(ctx context.Context, reg *tools.Registry, env *tools.Env, name, args string) (map[string]any, error) {
	res, err := reg.Call(ctx, env, name, json.RawMessage(args))
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(data, &out)
}

func printOverview(w io.Writer, o map[string]any) {
	summary, _ := o["summary"].(map[string]any)
	fmt.Fprintf(w, "PROJECT OVERVIEW: %v entities\n", summary["total_entities"])
	fmt.Fprintf(w, "  by type:   %s\n", counts(summary["by_type"]))
	fmt.Fprintf(w, "  by status: %s\n", counts(summary["by_status"]))
	fmt.Fprintln(w, "\nWORKSTREAMS")
	for _, ws := range list(o["workstreams"]) {
		fmt.Fprintf(w, "  %-14s %3v entities  %3v in progress  %3v blocked\n", ws["name"], ws["entity_count"], ws["in_progress"], ws["blocked"])
	}
	fmt.Fprintln(w, "\nRECENT UPDATES")
	for _, u := range list(o["recent_updates"]) {
		fmt.Fprintf(w, "  %-8s %-12s %s  %s\n", u["id"], u["status"], u["updated_at"], u["title"])
	}
}

func printHealth(w io.Writer, h map[string]any) {
	fmt.Fprintf(w, "\nHEALTH: %v/100\n", h["health_score"])
	for _, f := range list(h["health_factors"]) {
		fmt.Fprintf(w, "  %-28s %3v  -%v\n", f["factor"], f["count"], f["penalty"])
	}
	fmt.Fprintln(w, "\nBLOCKERS")
	for _, b := range list(h["blockers"]) {
		fmt.Fprintf(w, "  %-8s %s\n", b["id"], b["title"])
		if by := ids(b["blocked_by"]); by != "" {
			fmt.Fprintf(w, "           waits on %s\n", by)
		}
		if blocking := ids(b["blocking"]); blocking != "" {
			fmt.Fprintf(w, "           holds up %s\n", blocking)
		}
	}
	fmt.Fprintln(w, "\nRISKS")
	for _, r := range list(h["risks"]) {
		fmt.Fprintf(w, "  %-7s %-20s %s\n", r["severity"], r["type"], ids(r["entities"]))
	}
	ready := list(h["ready"])
	fmt.Fprintf(w, "\nREADY TO START (%d)\n", len(ready))
	for i, r := range ready {
		if i == 10 {
			fmt.Fprintf(w, "  ... and %d more (analyze_project_state)\n", len(ready)-10)
			break
		}
		fmt.Fprintf(w, "  %-8s %-4v unblocks %-3v %s\n", r["id"], orDash(r["priority"]), r["unblocks"], r["title"])
	}
	if cp, ok := h["critical_path"].(map[string]any); ok {
		overall, _ := cp["overall"].(map[string]any)
		fmt.Fprintf(w, "\nCRITICAL PATH (%v entities)\n  %s\n", overall["length"], strings.ReplaceAll(ids(overall["ids"]), ", ", " → "))
	}
}

// orDash is v, or "-" when it is absent.
func orDash(v any) any {
	if v == nil {
		return "-"
	}
	return v
}

func list(v any) []map[string]any {
	var out []map[string]any
	items, _ := v.([]any)
	for _, item := range items {
		if m, ok := item.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func ids(v any) string {
	items, _ := v.([]any)
	parts := make([]string, 0, len(items))
	for _, item := range items {
		parts = append(parts, fmt.Sprint(item))
	}
	return strings.Join(parts, ", ")
}

// counts renders {"task": 31, "story": 9} as "story 9, task 31".
func counts(v any) string {
	m, _ := v.(map[string]any)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %v", k, m[k])
	}
	return strings.Join(parts, ", ")
}
