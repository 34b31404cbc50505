package projectcanvas

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"go.yaml.in/yaml/v3"
)

// Problem is something wrong with one file of the vault, found while
// loading it. Problems never stop the index from loading the other files.
//
// Kinds: invalid_yaml (the front matter cannot be read, or a value contains
// itself through an alias), too_large (the file, its front matter or a value
// is over a limit; see MaxFileBytes), invalid_encoding (a UTF-16 file),
// invalid_id, id_out_of_range (an id above MaxIDNumber: loaded, but not
// counted when allocating), unknown_type, duplicate_id, invalid_value,
// merge_conflict (see MergeConflictKey), unreadable. A file with a problem
// other than invalid_value, id_out_of_range and merge_conflict is not
// loaded, and is never written.
type Problem struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
}

// decodeEntity reads an entity from the file at name. It returns a nil
// entity for a file that is not an entity (no id and type), and problems for
// what it could not accept. Values it can mend (a status alias, a
// non-canonical priority) are mended in memory only; the file is untouched.
func decodeEntity(name string, data []byte) (*Entity, []Problem) {
	d := decodeFile(name, data, false)
	return d.e, d.problems
}

// decoded is what reading one file gives the index.
type decoded struct {
	e        *Entity
	body     []byte
	problems []Problem
	// claim is the id a file that was not loaded seems to declare, read
	// leniently (see ScanID): ids are never handed out again while a broken
	// file still holds them.
	claim ID
	// data is the file's bytes when the FS shares them (SharedReader),
	// which the index cache keeps (see decodedRecord).
	data []byte
}

// decodeFile is decodeEntity that also returns the markdown body and, for a
// file that could not be loaded, the id it claims. Files over the limits
// are refused before their YAML is parsed. The body is a slice of data,
// which it does not copy (nor change). The entity keeps data itself when
// shared (the bytes an FS keeps, from SharedReader), else its hash.
func decodeFile(name string, data []byte, shared bool) decoded {
	if text, ok := fromUTF16(data); ok {
		claim := ScanID(text)
		if claim == "" {
			return decoded{} // an ordinary note; nothing of ours
		}
		return decoded{claim: claim, problems: []Problem{{Path: name, Kind: "invalid_encoding",
			Message: "the file is UTF-16 encoded and was not read; save it as UTF-8"}}}
	}
	cut, err := frontmatter.CutFile(data)
	body := cut.Body()
	switch {
	case err != nil: // unterminated front matter
		return decoded{claim: ScanID(data), problems: []Problem{syntaxProblem(name, err)}}
	case len(data) > MaxFileBytes || len(data)-len(body) > MaxFrontMatterBytes:
		claim := ScanID(data)
		if claim == "" {
			return decoded{} // a large ordinary note
		}
		return decoded{claim: claim, problems: []Problem{{Path: name, Kind: "too_large", Message: fmt.Sprintf(
			"the file is %d bytes with %d of front matter; entity files are read up to %d bytes with %d of front matter",
			len(data), len(data)-len(body), MaxFileBytes, MaxFrontMatterBytes)}}}
	}
	doc, err := cut.Parse()
	if err != nil {
		return decoded{claim: ScanID(data), problems: []Problem{syntaxProblem(name, err)}}
	}
	e, problems := decodeDoc(name, doc)
	if e == nil {
		return decoded{claim: ScanID(data), problems: problems}
	}
	e.readAs(data, shared)
	return decoded{e: e, body: doc.Body(), problems: problems}
}

func syntaxProblem(name string, err error) Problem {
	p := Problem{Path: name, Kind: "invalid_yaml", Message: err.Error()}
	if se, ok := err.(*frontmatter.SyntaxError); ok {
		p.Line = se.Line
	}
	return p
}

func decodeDoc(name string, doc *frontmatter.Document) (*Entity, []Problem) {
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
	d := decoder{doc: doc, e: &Entity{ID: id, Type: typ, Path: name}, values: valueReader{budget: MaxValueBytes}}
	d.decode()
	if d.fail != nil {
		return nil, []Problem{{Path: name, Kind: d.fail.kind, Message: d.fail.msg}}
	}
	if n := id.Number(); n > MaxIDNumber {
		d.problems = append(d.problems, Problem{Path: name, Kind: "id_out_of_range", Message: fmt.Sprintf(
			"%s is above %s, the highest id the project hands out; it is loaded, but new ids are not numbered after it",
			id, NewID(typ, MaxIDNumber))})
	}
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
	values   valueReader
	fail     *valueError // a value over the limits: the file is not loaded
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
			if key == MergeConflictKey {
				d.mergeConflicts()
			}
			v, err := d.values.value(d.doc.Node(key), 0)
			if err != nil {
				ve := err.(*valueError)
				d.fail = &valueError{ve.kind, key + ": " + ve.msg}
				return
			}
			if e.Fields == nil {
				e.Fields = make(map[string]any, 4)
			}
			e.Fields[key] = v
		}
	}
	if e.Status == "" {
		e.Status = InitialStatus(e.Type)
	}
}

// MergeConflictKey is the front matter key where git's merge driver
// (projectcanvas merge-file) lists what two branches changed differently:
// one line per conflict, the field keeping the current branch's value. The
// entity loads; each line is a merge_conflict problem until a person
// resolves it and deletes the key.
const MergeConflictKey = "merge_conflict"

// mergeConflicts reports the lines of merge_conflict as problems.
func (d *decoder) mergeConflicts() {
	lines, ok := d.doc.Strings(MergeConflictKey)
	if !ok {
		d.problems = append(d.problems, Problem{Path: d.e.Path, Kind: "merge_conflict", Message: "merge_conflict holds a conflict of a merge"})
		return
	}
	for _, l := range lines {
		d.problems = append(d.problems, Problem{Path: d.e.Path, Kind: "merge_conflict", Message: l})
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
		id, _, _, err := ParseID(LinkTarget(s))
		if err != nil {
			d.bad("%s: %s", key, err.(*Error).Message)
			continue
		}
		out = append(out, id)
	}
	return out
}

// LinkTarget reduces a wiki link to the name it links to, as a relation
// list reads it: "[[T-001 Wire the form|alias]]" to "T-001". Any other
// value is returned as it is.
func LinkTarget(s string) string {
	if !strings.HasPrefix(s, "[[") {
		return s
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "[["), "]]")
	if i := strings.IndexAny(s, " |#"); i >= 0 {
		s = s[:i]
	}
	return s
}

// valueReader converts YAML nodes to JSON-ready values within the limits
// of one file: it follows aliases, refuses a value that contains itself,
// and stops at MaxValueDepth levels and after MaxValueBytes of output
// (aliases expanded), so that neither a cycle nor an alias bomb can exhaust
// the stack or memory.
type valueReader struct {
	budget int          // bytes of output left; see MaxValueBytes
	path   []*yaml.Node // the collections being converted, outermost first
}

// valueError is why a value could not be read; kind is the Problem kind.
type valueError struct{ kind, msg string }

func (e *valueError) Error() string { return e.msg }

// value converts n, which sits depth levels below the top of its key.
// Scalars stay strings unless YAML typed them as numbers or booleans; dates
// stay strings.
func (r *valueReader) value(n *yaml.Node, depth int) (any, error) {
	if n == nil {
		return nil, nil
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return nil, nil
		}
		if slices.Contains(r.path, n.Alias) { // path is at most MaxValueDepth long
			return nil, &valueError{"invalid_yaml", fmt.Sprintf("the alias *%s refers to a value that contains it", n.Value)}
		}
		n = n.Alias
	}
	r.budget -= 8 + len(n.Value)
	if r.budget < 0 {
		return nil, &valueError{"too_large", fmt.Sprintf("the custom front matter values expand to more than %d bytes (aliases included)", MaxValueBytes)}
	}
	if n.Kind != yaml.SequenceNode && n.Kind != yaml.MappingNode {
		return scalarValue(n), nil
	}
	if depth >= MaxValueDepth {
		return nil, &valueError{"too_large", fmt.Sprintf("a value is nested more than %d levels deep", MaxValueDepth)}
	}
	r.path = append(r.path, n)
	defer func() { r.path = r.path[:len(r.path)-1] }()
	if n.Kind == yaml.SequenceNode {
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := r.value(c, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	out := make(map[string]any, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind == yaml.AliasNode && k.Alias != nil {
			k = k.Alias
		}
		r.budget -= len(k.Value)
		v, err := r.value(n.Content[i+1], depth+1)
		if err != nil {
			return nil, err
		}
		out[k.Value] = v
	}
	return out, nil
}

// scalarValue converts a scalar node.
func scalarValue(n *yaml.Node) any {
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
