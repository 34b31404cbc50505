package merge_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/merge"
)

// pureText is a text merge without git for the properties and the fuzz
// targets: one side changed takes it, both changed is a conflict (ours
// kept, no markers).
func pureText(base, ours, theirs []byte) ([]byte, bool, error) {
	switch {
	case string(ours) == string(theirs), string(base) == string(theirs):
		return ours, false, nil
	case string(base) == string(ours):
		return theirs, false, nil
	}
	return ours, true, nil
}

// genNote makes a random entity note; vary changes some of a note's keys.
type noteGen struct{ r *rand.Rand }

var (
	genStatuses = []string{"Not Started", "In Progress", "Blocked", "Done"}
	genIDs      = []string{"T-002", "T-003", "T-004", "T-005", "S-001"}
	genTags     = []string{"ui", "api", "login", "docs"}
	genLines    = []string{"# Form", "", "The login form.", "- [ ] fields", "- [x] design", "Notes: none", "See T-002."}
)

func (g noteGen) subset(pool []string) []string {
	var out []string
	for _, s := range pool {
		if g.r.IntN(2) == 0 {
			out = append(out, s)
		}
	}
	g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func (g noteGen) base() map[string]any {
	return map[string]any{
		"status": genStatuses[g.r.IntN(len(genStatuses))], "title": "Form", "depends_on": g.subset(genIDs),
		"tags": g.subset(genTags), "updated_at": fmt.Sprintf("2026-11-%02dT09:00:00Z", 10+g.r.IntN(5)),
		"reviewer": "Ana", "body": g.subset(genLines),
	}
}

// vary changes each key with probability 1/3 (a key may be deleted).
func (g noteGen) vary(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	for _, k := range []string{"status", "title", "depends_on", "tags", "updated_at", "reviewer", "body"} {
		if g.r.IntN(3) != 0 {
			continue
		}
		switch k {
		case "status":
			out[k] = genStatuses[g.r.IntN(len(genStatuses))]
		case "title":
			out[k] = []string{"Form", "Login form", "Sign-in"}[g.r.IntN(3)]
		case "depends_on":
			out[k] = g.subset(genIDs)
		case "tags":
			out[k] = g.subset(genTags)
		case "updated_at":
			out[k] = fmt.Sprintf("2026-11-%02dT09:00:00Z", 10+g.r.IntN(10))
		case "reviewer":
			if g.r.IntN(2) == 0 {
				delete(out, k)
			} else {
				out[k] = "Bo"
			}
		case "body":
			out[k] = g.subset(genLines)
		}
	}
	return out
}

func render(m map[string]any) []byte {
	var b strings.Builder
	b.WriteString("---\nid: T-001\ntype: task\n")
	for _, k := range []string{"title", "status", "depends_on", "tags", "reviewer", "updated_at"} {
		v, ok := m[k]
		if !ok {
			continue
		}
		if list, ok := v.([]string); ok {
			fmt.Fprintf(&b, "%s: [%s]\n", k, strings.Join(list, ", "))
		} else {
			fmt.Fprintf(&b, "%s: %s\n", k, v)
		}
	}
	b.WriteString("---\n")
	for _, l := range m["body"].([]string) {
		b.WriteString(l + "\n")
	}
	return []byte(b.String())
}

// values reads a merged note back: each key's value (set fields sorted),
// and the body.
func values(t *testing.T, data []byte) map[string]string {
	t.Helper()
	doc, err := frontmatter.Parse(data)
	require.NoError(t, err, "%s", data)
	out := map[string]string{"body": string(doc.Body())}
	for _, k := range doc.Keys() {
		if list, ok := doc.Strings(k); ok && (k == "depends_on" || k == "tags") {
			list = slices.Clone(list)
			slices.Sort(list)
			out[k] = strings.Join(list, ",")
			continue
		}
		v, _ := doc.String(k)
		out[k] = v
	}
	return out
}

// The three-way properties over random notes: a change merged with an
// unchanged side gives the change; both sides equal gives that side; the
// merge is the same whichever side is OURS, but for the keys in conflict.
func TestFrontMatterProperties(t *testing.T) {
	for seed := range uint64(400) {
		g := noteGen{rand.New(rand.NewPCG(seed, 1))}
		bm := g.base()
		base, ours, theirs := render(bm), render(g.vary(bm)), render(g.vary(bm))

		res, err := merge.FrontMatter(base, base, theirs, pureText)
		require.NoError(t, err)
		assert.Equal(t, values(t, theirs), values(t, res.Data), "seed %d: an unchanged ours gives theirs", seed)
		res, err = merge.FrontMatter(base, ours, base, pureText)
		require.NoError(t, err)
		assert.Equal(t, string(ours), string(res.Data), "seed %d: an unchanged theirs gives ours, byte for byte", seed)
		res, err = merge.FrontMatter(base, ours, ours, pureText)
		require.NoError(t, err)
		assert.Equal(t, string(ours), string(res.Data), "seed %d: equal sides give that side", seed)

		ab, err := merge.FrontMatter(base, ours, theirs, pureText)
		require.NoError(t, err)
		ba, err := merge.FrontMatter(base, theirs, ours, pureText)
		require.NoError(t, err)
		require.Equal(t, len(ab.Conflicts), len(ba.Conflicts), "seed %d", seed)
		va, vb := values(t, ab.Data), values(t, ba.Data)
		for _, c := range ab.Conflicts {
			delete(va, c.Where)
			delete(vb, c.Where)
		}
		delete(va, merge.ConflictKey)
		delete(vb, merge.ConflictKey)
		assert.Equal(t, va, vb, "seed %d: the merge does not depend on which side is ours\nbase:\n%s\nours:\n%s\ntheirs:\n%s", seed, base, ours, theirs)
	}
}

// randomCanvas is a canvas of up to 8 nodes (some of them entity nodes)
// and edges between them; vary moves, recolours, deletes and adds.
func randomCanvas(r *rand.Rand) *canvas.Canvas {
	c := &canvas.Canvas{}
	for i := range 2 + r.IntN(6) {
		n := &canvas.Node{ID: fmt.Sprintf("n%d", i), Type: canvas.TypeText, Text: "idea", X: float64(r.IntN(5) * 100), Y: float64(r.IntN(5) * 100), Width: 200, Height: 100}
		if i%2 == 0 {
			n.ID, n.Type, n.Text, n.File = fmt.Sprintf("entity-T-%03d", i+1), canvas.TypeFile, "", fmt.Sprintf("Projects/tasks/T-%03d.md", i+1)
		}
		_ = c.AddNode(n)
	}
	for i := 1; i < len(c.Nodes); i++ {
		if r.IntN(2) == 0 {
			_ = c.AddEdge(&canvas.Edge{ID: fmt.Sprintf("e%d", i), FromNode: c.Nodes[i-1].ID, ToNode: c.Nodes[i].ID})
		}
	}
	return c
}

func varyCanvas(r *rand.Rand, data []byte, side string) []byte {
	c, _ := canvas.Parse(data)
	for _, n := range slices.Clone(c.Nodes) {
		switch r.IntN(6) {
		case 0:
			n.X += float64(10 * (1 + r.IntN(3)))
		case 1:
			n.Color = []string{"1", "4"}[r.IntN(2)]
		case 2:
			c.RemoveNode(n.ID)
		case 3:
			_ = n.SetExtra("pin", json.RawMessage(`"`+side+`"`)) // another plugin's key
		}
	}
	if r.IntN(2) == 0 {
		_ = c.AddNode(&canvas.Node{ID: "new-" + side, Type: canvas.TypeText, Text: side, Width: 10, Height: 10})
	}
	return c.Bytes()
}

// nodeView is what the symmetry compares: each node's content and, unless
// both sides moved it, its place.
func nodeView(t *testing.T, data []byte, skip map[string]bool) map[string]string {
	c, err := canvas.Parse(data)
	require.NoError(t, err)
	out := map[string]string{}
	for _, n := range c.Nodes {
		v := n.Type + n.File + n.Text + n.Color + string(n.Extra("pin"))
		if !skip[n.ID] {
			v += fmt.Sprint(n.X, n.Y)
		}
		out[n.ID] = v
	}
	for _, e := range c.Edges {
		out["edge "+e.ID] = e.FromNode + ">" + e.ToNode
	}
	return out
}

func TestCanvasProperties(t *testing.T) {
	for seed := range uint64(400) {
		r := rand.New(rand.NewPCG(seed, 2))
		base := randomCanvas(r).Bytes()
		ours, theirs := varyCanvas(r, base, "ours"), varyCanvas(r, base, "theirs")

		res, err := merge.Canvas(base, base, theirs)
		require.NoError(t, err)
		assert.Equal(t, string(theirs), string(res.Data), "seed %d: an unchanged ours gives theirs", seed)
		res, err = merge.Canvas(base, ours, ours)
		require.NoError(t, err)
		assert.Equal(t, string(ours), string(res.Data), "seed %d: equal sides give that side", seed)

		ab, err := merge.Canvas(base, ours, theirs)
		require.NoError(t, err)
		ba, err := merge.Canvas(base, theirs, ours)
		require.NoError(t, err)
		skip := map[string]bool{}
		for _, list := range [][]string{ab.Notes, ba.Notes} {
			for _, n := range list {
				if id, ok := strings.CutPrefix(n, "node "); ok && strings.Contains(n, "moved on both sides") {
					skip[strings.Fields(id)[0]] = true
				}
			}
		}
		for _, c := range append(ab.Conflicts, ba.Conflicts...) {
			skip[strings.TrimPrefix(c.Where, "node ")] = true
		}
		va, vb := nodeView(t, ab.Data, skip), nodeView(t, ba.Data, skip)
		for id := range skip {
			if strings.HasPrefix(va[id], canvas.TypeText) || strings.HasPrefix(va[id], canvas.TypeFile) {
				delete(va, id)
				delete(vb, id)
			}
		}
		assert.Equal(t, va, vb, "seed %d: the merge does not depend on which side is ours", seed)
	}
}

// Bodies merge as `git merge-file` merges them: the merge's shortcuts
// (one side unchanged) agree with git, and git's output is taken as is.
func TestBodyMatchesGitMergeFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o600))
		return p
	}
	for seed := range uint64(60) {
		g := noteGen{rand.New(rand.NewPCG(seed, 3))}
		bm := g.base()
		om, tm := g.vary(bm), g.vary(bm)
		om["status"], tm["status"] = bm["status"], bm["status"] // front matter aside
		base, ours, theirs := render(bm), render(om), render(tm)
		res, err := merge.FrontMatter(base, ours, theirs, gitText)
		require.NoError(t, err)
		body := func(d []byte) []byte { b, _ := frontmatter.BodyOf(d); return b }
		want, conflicted, err := merge.GitMergeFile(merge.DefaultLabels,
			write("ours", body(ours)), write("base", body(base)), write("theirs", body(theirs)))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(body(res.Data)), "seed %d", seed)
		assert.Equal(t, conflicted, slices.ContainsFunc(res.Conflicts, func(c merge.Conflict) bool { return c.Where == "body" }), "seed %d", seed)
	}
}
