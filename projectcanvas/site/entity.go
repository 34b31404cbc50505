package site

import (
	"encoding/json"
	"fmt"
	"html/template"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

type entityBody struct {
	ID, Title, Badge, Slug string
	Type                   pc.Type
	Status                 pc.Status
	Fields                 []field
	Relations              []relation
	HTML                   template.HTML
}

type field struct{ Key, Value string }

type relation struct {
	Name  string
	Items []ref
}

// ref is an entity a page names: a link to its page when it is published,
// else its id alone, as text.
type ref struct {
	ID, Title, Href, Status string
}

// ref is the reference to id from a page root levels below the site's root.
func (s *site) ref(id pc.ID, root string) ref {
	e := s.shown[id]
	if e == nil {
		return ref{ID: string(id)}
	}
	return ref{ID: string(id), Title: e.Title, Href: root + pageOf(id), Status: string(e.Status)}
}

// standardFields are the front matter keys every entity may have, in the
// order the page lists them (the relations have their own section).
var standardFields = []string{"id", "type", "title", "status", "workstream", "priority", "archived", "created_at", "updated_at"}

// entityPage writes e/ID.html and returns the entity's search entry.
func (s *site) entityPage(e *pc.Entity, canvases []canvasLink) (searchEntry, error) {
	const root = "../"
	body, err := s.p.Content(e.ID)
	if err != nil {
		return searchEntry{}, err
	}
	htmlOut, plain, err := s.renderBody(body, root)
	if err != nil {
		return searchEntry{}, pc.Errorf(pc.CodeInternal, "rendering %s: %v", e.Path, err)
	}
	b := entityBody{ID: string(e.ID), Title: e.Title, Badge: badgeOf(e.Type), Slug: render.Slug(string(e.Status)),
		Type: e.Type, Status: e.Status, HTML: template.HTML(htmlOut)} //nolint:gosec // goldmark's output with bodyRenderer: raw HTML escaped, links checked
	for _, k := range standardFields {
		if v, ok := e.Value(k); ok {
			b.Fields = append(b.Fields, field{k, show(v)})
		}
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b.Fields = append(b.Fields, field{k, show(e.Fields[k])})
	}
	b.Relations = s.relations(e, root)
	err = s.write(pageOf(e.ID), "entity", page{Title: string(e.ID) + " " + e.Title, Root: root, Body: b}, canvases)
	return searchEntry{ID: string(e.ID), Title: e.Title, Type: string(e.Type), Status: string(e.Status), Text: plain}, err
}

// relations are the entity's parent and children and every stored
// relation, as either side states it.
func (s *site) relations(e *pc.Entity, root string) []relation {
	var out []relation
	add := func(name string, ids []pc.ID) {
		seen := map[pc.ID]bool{}
		var items []ref
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				items = append(items, s.ref(id, root))
			}
		}
		if len(items) > 0 {
			out = append(out, relation{name, items})
		}
	}
	if e.Parent != "" {
		add("parent", []pc.ID{e.Parent})
	}
	add("children", s.p.Children(e.ID))
	for _, r := range pc.Relations {
		ids := slices.Clone(e.Links[r])
		for _, in := range s.inverse[e.ID] {
			if in.field == r.Field() {
				ids = append(ids, in.id)
			}
		}
		add(r.Field(), ids)
	}
	return out
}

// show writes a front matter value as text: strings as they are, lists
// joined with commas, anything else as JSON.
func show(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []string:
		return strings.Join(v, ", ")
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = show(x)
		}
		return strings.Join(parts, ", ")
	case bool, int, int64, float64:
		return fmt.Sprint(v)
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
