package projectcanvas

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/projectcanvas/projectcanvas/projectcanvas/frontmatter"
	"go.yaml.in/yaml/v3"
)

// Problem is something wrong with one file of the vault, found while
// loading it. Problems never stop the index from loading the other files.
type Problem struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"` // invalid_yaml, invalid_id, unknown_type, duplicate_id, invalid_value
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
}

// decodeEntity reads an entity from the file at name. It returns a nil
// entity for a file that is not an entity (no id and type), and problems for
// what it could not accept. Values it can mend (a status alias, a
// non-canonical priority) are mended in memory only; the file is untouched.
func decodeEntity(name string, data []byte) (*Entity, []Problem) {
	e, _, problems := decodeFile(name, data)
	return e, problems
}

// decodeFile is decodeEntity that also returns the markdown body.
func decodeFile(name string, data []byte) (*Entity, []byte, []Problem) {
	doc, err := frontmatter.Parse(data)
	if err != nil {
		p := Problem{Path: name, Kind: "invalid_yaml", Message: err.Error()}
		if se, ok := err.(*frontmatter.SyntaxError); ok {
			p.Line = se.Line
		}
		return nil, nil, []Problem{p}
	}
	e, problems := decodeDoc(name, data, doc)
	return e, doc.Body(), problems
}

func decodeDoc(name string, data []byte, doc *frontmatter.Document) (*Entity, []Problem) {
	rawID, hasID := doc.String("id")
	rawType, hasType := doc.String("type")
	if !hasID && !hasType {
		return nil, nil
	}
	typ, typeErr := ParseType(rawType)
	id, idType, _, idErr := ParseID(rawID)
	switch {
	case !hasID || !hasType:
		if typeErr == nil || idErr == nil {
			return nil, []Problem{{Path: name, Kind: "invalid_id", Message: "front matter has an id or a type but not both"}}
		}
		return nil, nil // an ordinary note with a "type" key of its own
	case idErr != nil && typeErr != nil:
		return nil, nil
	case idErr != nil:
		return nil, []Problem{{Path: name, Kind: "invalid_id", Message: idErr.(*Error).Message}}
	case typeErr != nil:
		return nil, []Problem{{Path: name, Kind: "unknown_type", Message: typeErr.(*Error).Message}}
	case idType != typ:
		return nil, []Problem{{Path: name, Kind: "invalid_id", Message: "id " + string(id) + " does not match type " + string(typ)}}
	}
	d := decoder{doc: doc, e: &Entity{ID: id, Type: typ, Path: name, hash: HashOf(data)}}
	d.decode()
	if d.e.Title == "" {
		d.e.Title = titleFromBody(doc.Body())
		if d.e.Title == "" {
			d.e.Title = strings.TrimSuffix(path.Base(name), ".md")
		}
	}
	return d.e, d.problems
}

type decoder struct {
	doc      *frontmatter.Document
	e        *Entity
	problems []Problem
}

func (d *decoder) bad(format string, args ...any) {
	d.problems = append(d.problems, Problem{Path: d.e.Path, Kind: "invalid_value", Message: fmt.Sprintf(format, args...)})
}

func (d *decoder) decode() {
	e := d.e
	for _, key := range d.doc.Keys() {
		switch key {
		case "id", "type":
		case "title":
			e.Title, _ = d.doc.String(key)
		case "status":
			raw, _ := d.doc.String(key)
			st, err := ParseStatus(e.Type, raw)
			if err != nil {
				d.bad("%s", err.(*Error).Message)
				st = Status(raw)
			}
			e.Status = st
		case "priority":
			raw, _ := d.doc.String(key)
			p, err := ParsePriority(raw)
			if err != nil && raw != "" {
				d.bad("%s", err.(*Error).Message)
				p = Priority(raw)
			}
			e.Priority = p
		case "workstream":
			raw, _ := d.doc.String(key)
			e.Workstream = NormalizeWorkstream(raw)
		case "parent":
			raw, _ := d.doc.String(key)
			if ids := d.ids(key, []string{raw}); len(ids) == 1 {
				e.Parent = ids[0]
			}
		case "archived":
			raw, _ := d.doc.String(key)
			e.Archived, _ = strconv.ParseBool(raw)
		case "created_at":
			e.CreatedAt, _ = d.doc.String(key)
		case "updated_at":
			e.UpdatedAt, _ = d.doc.String(key)
		default:
			if r, ok := relationByField(key); ok {
				raw, _ := d.doc.Strings(key)
				e.Links[r] = d.ids(key, raw)
				continue
			}
			if e.Fields == nil {
				e.Fields = make(map[string]any, 4)
			}
			e.Fields[key] = nodeValue(d.doc.Node(key))
		}
	}
	if e.Status == "" {
		e.Status = InitialStatus(e.Type)
	}
}

// ids parses a list of id references. Besides plain ids it accepts the
// wikilinks Obsidian users write by hand: [[T-001]], [[T-001 Title|alias]].
func (d *decoder) ids(key string, raw []string) []ID {
	var out []ID
	for _, s := range raw {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		id, _, _, err := ParseID(linkTarget(s))
		if err != nil {
			d.bad("%s: %s", key, err.(*Error).Message)
			continue
		}
		out = append(out, id)
	}
	return out
}

// linkTarget reduces "[[T-001 Wire the form|alias]]" to "T-001".
func linkTarget(s string) string {
	if !strings.HasPrefix(s, "[[") {
		return s
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "[["), "]]")
	if i := strings.IndexAny(s, " |#"); i >= 0 {
		s = s[:i]
	}
	return s
}

// nodeValue converts a YAML node to a JSON-ready value. Scalars stay strings
// unless YAML typed them as numbers or booleans; dates stay strings.
func nodeValue(n *yaml.Node) any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case yaml.AliasNode:
		return nodeValue(n.Alias)
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			out[i] = nodeValue(c)
		}
		return out
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			out[n.Content[i].Value] = nodeValue(n.Content[i+1])
		}
		return out
	}
	switch n.ShortTag() {
	case "!!int":
		if v, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return v
		}
	case "!!float":
		if v, err := strconv.ParseFloat(n.Value, 64); err == nil {
			return v
		}
	case "!!bool":
		if v, err := strconv.ParseBool(strings.ToLower(n.Value)); err == nil {
			return v
		}
	case "!!null":
		return nil
	}
	return n.Value
}
