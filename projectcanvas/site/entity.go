package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

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

// entityPage writes the entity's page (pageOf) into its frame and returns
// the entity's search entry (searchEntry.json).
func (s *site) entityPage(e *pc.Entity, fr frame) ([]byte, error) {
	body, err := s.p.TakeContent(e.ID) // read once: with the entity, when the project keeps the bodies (pc.WithBodies)
	if err != nil {
		return nil, err
	}
	fields := make([]field, 0, len(standardFields)+len(e.Fields))
	for _, k := range standardFields {
		if v, ok := e.Value(k); ok {
			fields = append(fields, field{k, show(v)})
		}
	}
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fields = append(fields, field{k, show(e.Fields[k])})
	}
	b := bytes.NewBuffer(s.pageBuffer())
	b.Grow(len(fr.head) + len(fr.mid) + len(fr.tail) + 2*len(body) + 2048)
	b.WriteString(fr.head)
	escTo(b, string(e.ID))
	b.WriteByte(' ')
	escTo(b, e.Title)
	b.WriteString(fr.mid)
	var plain string
	err = s.entityHTML(b, e, fields, s.relations(e, entityRoot), func() (err error) {
		plain, err = s.renderBody(b, body)
		return err
	})
	if err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "rendering %s: %v", e.Path, err)
	}
	b.WriteString(fr.tail)
	entry := searchEntry{ID: string(e.ID), Page: pageOf(e.ID), Title: e.Title, Type: string(e.Type), Status: string(e.Status), Text: plain}
	return entry.json(), s.emitPage(entry.Page, b.Bytes())
}

// entityHTML writes an entity page's content: its title and marks, its
// fields, its relations and its body, which body writes into b (goldmark's
// output with bodyRenderer: raw HTML escaped, links checked). Every text
// of the entity's goes through escTo.
func (s *site) entityHTML(b *bytes.Buffer, e *pc.Entity, fields []field, relations []relation, body func() error) error {
	w := b.WriteString
	w(`<article class="entity" data-pc-type="`)
	escTo(b, string(e.Type))
	w(`" data-pc-status="`)
	escTo(b, render.Slug(string(e.Status)))
	w("\">\n<h1><span class=\"id\">")
	escTo(b, string(e.ID))
	w("</span> ")
	escTo(b, e.Title)
	w("</h1>\n<p class=\"marks\"><span class=\"badge\">")
	escTo(b, badgeOf(e.Type))
	w(`</span> <span class="status">`)
	escTo(b, string(e.Status))
	w("</span></p>\n<h2>Fields</h2>\n<dl class=\"fields\">")
	for _, f := range fields {
		w("\n<dt>")
		escTo(b, f.Key)
		w("</dt><dd>")
		escTo(b, f.Value)
		w("</dd>")
	}
	w("\n</dl>\n<h2>Relations</h2>")
	if len(relations) == 0 {
		w("\n<p>None.</p>")
	} else {
		w("\n<dl class=\"relations\">")
		for _, r := range relations {
			w("\n<dt>")
			escTo(b, r.Name)
			w("</dt><dd><ul>")
			for _, it := range r.Items {
				w("<li>")
				if it.Href != "" {
					w(`<a href="`)
					escTo(b, it.Href)
					w(`"><span class="id">`)
					escTo(b, it.ID)
					w("</span> ")
					escTo(b, it.Title)
					w("</a>")
				} else {
					w(`<span class="unlinked">`)
					escTo(b, it.ID)
					w("</span>")
				}
				w("</li>")
			}
			w("</ul></dd>")
		}
		w("\n</dl>")
	}
	w("\n<h2>Notes</h2>\n<div class=\"body\">\n")
	if err := body(); err != nil {
		return err
	}
	w("\n</div>\n</article>\n")
	return nil
}

// relations are the entity's parent and children and every stored
// relation, as either side states it.
func (s *site) relations(e *pc.Entity, root string) []relation {
	var out []relation
	add := func(name string, ids []pc.ID) {
		// Most lists hold a few ids: a map only for a long one.
		dup := func(i int) bool { return slices.Contains(ids[:i], ids[i]) }
		if len(ids) > 16 {
			seen := make(map[pc.ID]bool, len(ids))
			dup = func(i int) bool { was := seen[ids[i]]; seen[ids[i]] = true; return was }
		}
		var items []ref
		for i, id := range ids {
			if !dup(i) {
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
	inverse := s.inverse[e.ID]
	for _, r := range pc.Relations {
		field := r.Field()
		ids := slices.Clip(e.Links[r]) // the first append copies: the entity's list stays as it is
		for _, in := range inverse {
			if in.field == field {
				ids = append(ids, in.id)
			}
		}
		add(field, ids)
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
