package extsync

import (
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// Each synced field has a canonical text on each side: what the hashes of
// the base are taken of and what the two sides are compared by. Relations
// are sorted, comma-joined entity ids; the body is markdown as it comes
// back from Notion (notion.CanonicalMarkdown), so that a note and the page
// made from it read the same.

// localValues reads an entity's synced fields.
func (s *Syncer) localValues(e *pc.Entity, body string) map[Field]string {
	v := map[Field]string{
		Title: e.Title, IDField: string(e.ID), TypeField: string(e.Type), Status: string(e.Status),
		Priority: string(e.Priority), Workstream: e.Workstream, Parent: string(e.Parent),
		DependsOn: joinIDs(idStrings(e.Linked(pc.DependsOn))), Blocks: joinIDs(idStrings(e.Linked(pc.Blocks))),
		Updated: e.LastUpdated(), VaultPath: e.Path, Body: notion.CanonicalMarkdown(body),
	}
	if e.Type == pc.Feature {
		v[Tier], v[Phase] = fieldString(e, "tier"), fieldString(e, "phase")
	}
	return v
}

func fieldString(e *pc.Entity, name string) string {
	if x, ok := e.Fields[name]; ok && x != nil {
		if s, ok := x.(string); ok {
			return s
		}
	}
	return ""
}

func idStrings(ids []pc.ID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return out
}

// remote is a page's synced fields: raw, as Notion holds them (hashed for
// the base), and read as the note would hold them (compared, pulled).
type remote struct {
	raw, value map[Field]string
}

// remoteValues reads a page's synced fields. entityOf maps page ids to
// entity ids; a relation to a page of no entity is left out. A relation
// with more pages than a page object shows is not read (unknown).
func (s *Syncer) remoteValues(t pc.Type, p *notion.Page, entityOf map[string]pc.ID) remote {
	r := remote{raw: map[Field]string{}, value: map[Field]string{}}
	for _, f := range fields {
		name := s.m.Property(f.name)
		if name == "" {
			continue
		}
		if (f.name == Tier || f.name == Phase) && t != pc.Feature {
			continue
		}
		pv := p.Properties[name]
		switch pv.Type {
		case notion.TypeTitle:
			r.raw[f.name] = notion.Plain(pv.Title)
		case notion.TypeRichText:
			r.raw[f.name] = notion.Plain(pv.RichText)
		case notion.TypeSelect, notion.TypeStatus:
			if o := pickOption(pv); o != nil {
				r.raw[f.name] = o.Name
			} else {
				r.raw[f.name] = ""
			}
		case notion.TypeDate:
			if pv.Date != nil {
				r.raw[f.name] = pv.Date.Start
			} else {
				r.raw[f.name] = ""
			}
		case notion.TypeRelation:
			if pv.HasMore {
				continue
			}
			var pages, ids []string
			for _, ref := range pv.Relation {
				pages = append(pages, ref.ID)
				if id, ok := entityOf[ref.ID]; ok {
					ids = append(ids, string(id))
				}
			}
			r.raw[f.name] = joinIDs(pages)
			r.value[f.name] = joinIDs(ids)
			continue
		default:
			continue // the property is gone or changed type: not read
		}
		r.value[f.name] = r.raw[f.name]
	}
	if v, ok := r.value[Title]; ok {
		r.value[Title] = oneLine(v)
	}
	if v, ok := r.value[Status]; ok && v != "" {
		if st, ok := s.m.statusFrom(t, v); ok {
			r.value[Status] = string(st)
		}
	}
	if v, ok := r.value[Priority]; ok && v != "" {
		if pr, err := pc.ParsePriority(v); err == nil {
			r.value[Priority] = string(pr)
		}
	}
	return r
}

func pickOption(pv notion.PropertyValue) *notion.Option {
	if pv.Type == notion.TypeStatus {
		return pv.Status
	}
	return pv.Select
}

// properties renders the given fields of an entity as page property
// values. pageOf gives the page of an entity id; targets without a page
// yet are left out and reported in missing.
func (s *Syncer) properties(e *pc.Entity, local map[Field]string, only []Field, propTypes map[string]string, pageOf func(pc.ID) string) (props map[string]notion.PropertyValue, missing bool) {
	props = map[string]notion.PropertyValue{}
	for _, f := range only {
		name := s.m.Property(f)
		if name == "" || f == Body {
			continue
		}
		v := local[f]
		typ := propTypes[name]
		pv := notion.PropertyValue{Type: typ}
		switch typ {
		case notion.TypeTitle:
			pv.Title = capText(v)
		case notion.TypeRichText:
			pv.RichText = capText(v)
		case notion.TypeSelect, notion.TypeStatus:
			if f == Status {
				v = s.m.statusName(pc.Status(v))
			}
			if n := selectName(v); n != "" {
				pv.Select, pv.Status = &notion.Option{Name: n}, &notion.Option{Name: n}
			}
			if typ == notion.TypeStatus && pv.Status == nil {
				continue // a status property cannot be emptied
			}
		case notion.TypeDate:
			if t, ok := pc.ParseTime(v); ok {
				pv.Date = &notion.Date{Start: t.UTC().Format("2006-01-02T15:04:05Z")}
			}
		case notion.TypeRelation:
			for _, id := range splitIDs(v) {
				if pg := pageOf(pc.ID(id)); pg != "" {
					pv.Relation = append(pv.Relation, notion.PageRef{ID: pg})
				} else {
					missing = true
				}
			}
			if len(pv.Relation) > 100 {
				pv.Relation = pv.Relation[:100] // Notion's limit; the rest stays in the vault
			}
		default:
			continue
		}
		props[name] = pv
	}
	return props, missing
}

// capText is text for a property: split at Notion's limits, at most 100
// text objects (200,000 characters; longer is cut).
func capText(s string) []notion.RichText {
	rt := notion.SplitText(s)
	if len(rt) > notion.MaxRichText {
		rt = rt[:notion.MaxRichText]
	}
	return rt
}

func splitIDs(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// oneLine folds the line breaks of a title typed in Notion (Shift+Enter in
// its title cell) into spaces: a title is one line, and a refused title
// would hold the entity's sync back on every run.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\r' || r == '\n' }), " ")
}
