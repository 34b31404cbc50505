// Package vaultgen generates realistic synthetic vaults for benchmarks and
// load tests: a hierarchy of milestones, stories and tasks with decisions,
// documents and features, dependencies and both sides of every relation.
// The output is deterministic for a given size.
package vaultgen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/projectcanvas/projectcanvas/graph"
)

var words = strings.Fields(`login form api cache index search editor sync billing invoice export import
share link token session mobile offline render canvas layout graph schema migrate backup restore audit
report metric alert deploy release queue worker upload image theme access role permission webhook`)

var workstreams = []string{"engineering", "design", "infra", "product", "marketing"}

type entity struct {
	id, typ, title, status, workstream, priority, parent string
	links                                                map[string][]string
}

// Files returns n entity files (path -> content) under Projects/.
func Files(n int) map[string]string {
	r := rand.New(rand.NewPCG(uint64(n), 42))
	counts := map[string]int{
		"milestone": max(1, n/100), "story": max(1, n*9/100), "decision": n * 5 / 100,
		"document": n * 5 / 100, "feature": n * 5 / 100,
	}
	counts["task"] = n - counts["milestone"] - counts["story"] - counts["decision"] - counts["document"] - counts["feature"]
	prefix := map[string]string{"milestone": "M", "story": "S", "task": "T", "decision": "DEC", "document": "DOC", "feature": "F"}
	folder := map[string]string{"milestone": "milestones", "story": "stories", "task": "tasks", "decision": "decisions", "document": "documents", "feature": "features"}
	statuses := map[string][]string{
		"milestone": {"Not Started", "In Progress", "Completed", "Blocked"}, "story": {"Not Started", "In Progress", "Completed", "Blocked"},
		"task": {"Not Started", "In Progress", "Completed", "Blocked", "Deferred"}, "decision": {"Pending", "Decided", "Superseded"},
		"document": {"Draft", "Review", "Approved"}, "feature": {"Planned", "In Progress", "Complete", "Deferred"},
	}
	byType := map[string][]*entity{}
	var all []*entity
	for _, typ := range []string{"milestone", "story", "task", "decision", "document", "feature"} {
		for i := 1; i <= counts[typ]; i++ {
			e := &entity{
				id: fmt.Sprintf("%s-%03d", prefix[typ], i), typ: typ,
				title:      title(r),
				status:     statuses[typ][r.IntN(len(statuses[typ]))],
				workstream: workstreams[r.IntN(len(workstreams))],
				priority:   fmt.Sprintf("P%d", r.IntN(5)),
				links:      map[string][]string{},
			}
			switch typ {
			case "story":
				e.parent = byType["milestone"][r.IntN(len(byType["milestone"]))].id
			case "task":
				e.parent = byType["story"][r.IntN(len(byType["story"]))].id
			}
			byType[typ] = append(byType[typ], e)
			all = append(all, e)
		}
	}
	link := func(from *entity, field string, to *entity, inverse string) {
		for _, x := range from.links[field] {
			if x == to.id {
				return
			}
		}
		from.links[field] = append(from.links[field], to.id)
		to.links[inverse] = append(to.links[inverse], from.id)
	}
	tasks := byType["task"]
	for i, t := range tasks {
		// Depend only on earlier tasks: no cycles.
		if i > 0 && r.IntN(3) == 0 {
			link(t, "depends_on", tasks[r.IntN(i)], "blocks")
		}
		if len(byType["feature"]) > 0 && r.IntN(4) == 0 {
			link(t, "implements", byType["feature"][r.IntN(len(byType["feature"]))], "implemented_by")
		}
	}
	for _, d := range byType["document"] {
		link(d, "documents", all[r.IntN(len(all))], "documented_by")
	}
	for _, d := range byType["decision"] {
		target := all[r.IntN(len(all))]
		if target != d {
			link(d, "affects", target, "decided_by")
		}
	}
	files := make(map[string]string, len(all))
	for i, e := range all {
		name := fmt.Sprintf("Projects/%s/%s %s.md", folder[e.typ], e.id, e.title)
		files[name] = render(e, i)
	}
	return files
}

func title(r *rand.Rand) string {
	n := 2 + r.IntN(4)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = words[r.IntN(len(words))]
	}
	return strings.ToUpper(parts[0][:1]) + strings.Join(parts, " ")[1:]
}

func render(e *entity, i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nid: %s\ntype: %s\ntitle: %s\nstatus: %s\nworkstream: %s\npriority: %s\n", e.id, e.typ, e.title, e.status, e.workstream, e.priority)
	if e.parent != "" {
		fmt.Fprintf(&b, "parent: %s\n", e.parent)
	}
	for _, f := range graph.Fields() {
		if ids := e.links[f]; len(ids) > 0 {
			fmt.Fprintf(&b, "%s: [%s]\n", f, strings.Join(ids, ", "))
		}
	}
	if e.typ == "feature" {
		phase := []string{"MVP", "0", "1", "2", "3", "4", "5"}[i%7]
		fmt.Fprintf(&b, "tier: %s\nphase: \"%s\"\nuser_story: As a user, I want %s, so that work goes faster\n", []string{"OSS", "Premium"}[i%2], phase, strings.ToLower(e.title))
		if i%3 != 0 {
			fmt.Fprintf(&b, "test_refs: [tests/%s_test.go]\n", strings.ReplaceAll(strings.ToLower(e.title), " ", "_"))
		}
	}
	day := 1 + i%28
	fmt.Fprintf(&b, "created_at: 2026-10-%02dT10:00:00Z\nupdated_at: 2026-11-%02dT10:00:00Z\n---\n", day, day)
	fmt.Fprintf(&b, "# %s\n\nThis %s covers %s. It touches the %s area and needs review before release.\n", e.title, e.typ, strings.ToLower(e.title), e.workstream)
	return b.String()
}

// Write puts the files of Files(n) under dir.
func Write(dir string, n int) error { return WriteFiles(dir, Files(n)) }

// WriteFiles puts files (path -> content) under dir.
func WriteFiles(dir string, files map[string]string) error {
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}
