package projectcanvas

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"time"
)

// Entity is one tracked item: the front matter of its markdown file, decoded.
// Entities handed out by a Project are snapshots; changing one changes
// nothing on disk (use Project.Update).
type Entity struct {
	ID         ID
	Type       Type
	Title      string
	Status     Status
	Workstream string
	Priority   Priority
	Parent     ID
	Archived   bool
	CreatedAt  string // RFC 3339, as written in the file
	UpdatedAt  string
	// Links holds the stored relations, indexed by Relation.
	Links [relationCount][]ID
	// Fields holds every other front matter key: the type's optional schema
	// fields (owner, tier, user_story...) and keys the user added.
	Fields map[string]any
	// Path is where the file lives, relative to the vault root.
	Path string

	// read is what the file held when it was read (see readFrom): from an
	// FS that shares the bytes it keeps (SharedReader), those bytes
	// ([]byte), which cost no memory and no hashing; else 128 bits of
	// their SHA-256 ([16]byte; HashOf, the FS's check, keeps 96).
	read any
}

// readAs records that e was read from data: shared, the bytes an FS keeps
// and never changes (SharedReader), or bytes of its own.
func (e *Entity) readAs(data []byte, shared bool) {
	if shared && data != nil {
		e.read = data
	} else {
		e.read = digest(data)
	}
}

// readFrom reports whether data is the content e was read from: the same
// bytes, or bytes of the same digest.
func (e *Entity) readFrom(data []byte) bool {
	switch r := e.read.(type) {
	case []byte:
		return bytes.Equal(r, data)
	case [16]byte:
		return digest(data) == r
	}
	return false
}

func digest(data []byte) (d [16]byte) {
	sum := sha256.Sum256(data)
	copy(d[:], sum[:])
	return d
}

// Linked returns the ids held in relation r.
func (e *Entity) Linked(r Relation) []ID { return e.Links[r] }

// clone returns a copy that can be changed without touching e.
func (e *Entity) clone() *Entity {
	c := *e
	for r := range c.Links {
		c.Links[r] = slices.Clone(e.Links[r])
	}
	if e.Fields != nil {
		c.Fields = make(map[string]any, len(e.Fields))
		for k, v := range e.Fields {
			c.Fields[k] = v
		}
	}
	return &c
}

// Value returns the value of a front matter field by name, in the shape it
// has in JSON output: strings, lists of id strings, bools, or the decoded
// value of another key. ok is false when the field is unset.
func (e *Entity) Value(field string) (v any, ok bool) {
	switch field {
	case "id":
		return string(e.ID), true
	case "type":
		return string(e.Type), true
	case "title":
		return e.Title, true
	case "status":
		return string(e.Status), e.Status != ""
	case "workstream":
		return e.Workstream, e.Workstream != ""
	case "priority":
		return string(e.Priority), e.Priority != ""
	case "parent":
		return string(e.Parent), e.Parent != ""
	case "archived":
		return e.Archived, true
	case "created_at":
		return e.CreatedAt, e.CreatedAt != ""
	case "updated_at":
		return e.LastUpdated(), e.LastUpdated() != ""
	case "path":
		return e.Path, true
	}
	if r, isRel := relationByField(field); isRel {
		ids := e.Links[r]
		if len(ids) == 0 {
			return emptyList, false
		}
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = string(id)
		}
		return out, len(ids) > 0
	}
	v, ok = e.Fields[field]
	return v, ok
}

// Map returns the entity as a JSON-ready map. With no fields it holds every
// set field (archived only when true), every relation list (empty ones as
// []) and path; otherwise just the named ones, id and type always, [] for
// an empty list field of the schema and null for another unset one. It is
// the one renderer of entities: tools add only derived fields (children,
// content...) to it.
func (e *Entity) Map(fields ...string) map[string]any {
	if len(fields) > 0 {
		out := make(map[string]any, len(fields)+2)
		out["id"], out["type"] = string(e.ID), string(e.Type)
		for _, f := range fields {
			if v, ok := e.Value(f); ok {
				out[f] = v
			} else if spec, known := schemaField(e.Type, f); known {
				out[f] = spec.unset()
			}
		}
		return out
	}
	out := make(map[string]any, 24)
	for _, f := range schemas[e.Type].Fields {
		if v, ok := e.Value(f.Name); ok && (f.Name != "archived" || e.Archived) {
			out[f.Name] = v
		} else if f.Kind == KindRefs {
			out[f.Name] = emptyList
		}
	}
	for k, v := range e.Fields {
		if _, done := out[k]; !done {
			out[k] = v // the user's own keys
		}
	}
	out["path"] = e.Path
	return out
}

// unset is how an unset field of this spec is rendered: [] for a list, null
// otherwise.
func (f FieldSpec) unset() any {
	if f.Kind == KindRefs || f.Kind == KindStrings {
		return emptyList
	}
	return nil
}

// emptyList is [] as a map value, boxed once: an entity has many empty
// relation lists, and boxing a slice for an interface allocates (a cost
// that shows in WebAssembly). Sharing it is safe: it has no element to
// change, and appending to it copies.
var emptyList any = []string{}

// LastUpdated is the one "last updated" rule: updated_at, or created_at for
// a file that was never updated.
func (e *Entity) LastUpdated() string {
	if e.UpdatedAt != "" {
		return e.UpdatedAt
	}
	return e.CreatedAt
}

// timeLayouts are the timestamp shapes found in vaults and arguments: what
// the project writes (RFC 3339) and what people type by hand.
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", time.DateOnly}

// ParseTime is the one timestamp parser: RFC 3339, or a date and time
// without a zone (read as UTC), with T or a space between them, or a date
// alone. ok is false when s is empty or unreadable.
func ParseTime(s string) (t time.Time, ok bool) {
	if s == "" {
		return time.Time{}, false
	}
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
