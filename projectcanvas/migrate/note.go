package migrate

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Change is one change of a note, or one thing left for a person
// (Kind "kept": the file does not change for it).
type Change struct {
	Kind   string `json:"kind"`
	Key    string `json:"key"`
	NewKey string `json:"new_key,omitempty"`
	From   any    `json:"from,omitempty"`
	To     any    `json:"to,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Kinds of Change.
const (
	Rename = "rename" // the key's value moved to NewKey
	Merge  = "merge"  // the key's value merged into NewKey, which held one
	Value  = "value"  // the value rewritten in this project's form
	Fill   = "fill"   // a missing key this project always writes
	Kept   = "kept"   // left as it is for a person to decide
)

// File is the migration of one note.
type File struct {
	File    string   `json:"file"`
	Entity  pc.ID    `json:"entity"`
	Changes []Change `json:"changes"`
}

// Report says what Vault did, or would do.
type Report struct {
	Applied bool   `json:"applied"`
	Notes   []File `json:"notes"`
	// Changed counts the notes that change (the others only have kept
	// entries).
	Changed int            `json:"changed"`
	ByKind  map[string]int `json:"by_kind"`
	Refused []pc.Refusal   `json:"refused"`
}

// String is the change in words, one line: "effort -> workstream: Infra".
func (c Change) String() string {
	switch c.Kind {
	case Rename:
		return fmt.Sprintf("%s -> %s: %v", c.Key, c.NewKey, c.From)
	case Merge:
		return fmt.Sprintf("%s merged into %s: %v (%s: %v)", c.Key, c.NewKey, c.From, c.NewKey, c.To)
	case Value:
		return fmt.Sprintf("%s: %v -> %v", c.Key, c.From, c.To)
	case Fill:
		return fmt.Sprintf("%s: set to %v", c.Key, c.To)
	}
	return fmt.Sprintf("left for you: %s (%s)", c.Key, c.Note)
}

// changes reports whether a note's migration changes its file.
func changes(cs []Change) bool {
	return slices.ContainsFunc(cs, func(c Change) bool { return c.Kind != Kept })
}

// Note migrates one note written in the old plugin's format (see
// above) and returns its new content and the changes; data itself when
// nothing changes. A note that is no entity (no id and type) has no
// changes; a note whose front matter does not parse gives the error.
func Note(data []byte) ([]byte, []Change, error) {
	doc, err := frontmatter.Parse(data)
	if err != nil {
		return data, nil, err
	}
	rawType, _ := doc.String("type")
	t, err := pc.ParseType(rawType)
	if _, hasID := doc.String("id"); !hasID || err != nil {
		return data, nil, nil
	}
	m := &migrator{doc: doc, t: t}
	m.timestamps()
	m.workstream()
	m.status()
	m.priority()
	m.relations()
	m.taskFields()
	if !changes(m.out) {
		return data, m.out, nil
	}
	out := doc.Bytes()
	if err := doc.Err(); err != nil {
		return data, nil, pc.Errorf(pc.CodeInvalidArgument, "the front matter cannot be rewritten without changing other keys (%v); migrate it by hand", err)
	}
	return out, m.out, nil
}

type migrator struct {
	doc *frontmatter.Document
	t   pc.Type
	out []Change
}

func (m *migrator) add(c Change) { m.out = append(m.out, c) }

func (m *migrator) has(key string) bool { return m.doc.Node(key) != nil }

// scalar returns a key's value when it is a non-empty scalar.
func (m *migrator) scalar(key string) (string, bool) {
	s, ok := m.doc.String(key)
	if !ok || s == "" || s == "null" || s == "~" {
		return "", false
	}
	return s, true
}

// moveScalar moves a legacy scalar key to this project's key: renamed when
// the key is free, merged away when it holds the same value (same says
// whether two values are the same), kept otherwise.
func (m *migrator) moveScalar(old, key string, same func(a, b string) bool) {
	v, ok := m.scalar(old)
	if !ok {
		m.notOneValue(old)
		return
	}
	if why := valueProblem(v); why != "" {
		m.add(Change{Kind: Kept, Key: old, NewKey: key, From: v,
			Note: old + " " + why + ", which " + key + " may not hold; write it as one line in " + key + " and delete " + old})
		return
	}
	cur, has := m.scalar(key)
	switch {
	case !has:
		m.doc.Set(key, m.doc.Node(old)) // as written: a number stays a number
		m.doc.Delete(old)
		m.add(Change{Kind: Rename, Key: old, NewKey: key, From: v})
	case same(v, cur):
		m.doc.Delete(old)
		m.add(Change{Kind: Merge, Key: old, NewKey: key, From: v, To: cur})
	default:
		m.add(Change{Kind: Kept, Key: old, NewKey: key, From: v, To: cur,
			Note: old + " and " + key + " disagree; keep the right one in " + key + " and delete " + old})
	}
}

// notOneValue reports a key that is there but holds no single value (a
// list, a mapping): nothing maps it, so it is kept for a person.
func (m *migrator) notOneValue(key string) {
	if n := m.doc.Node(key); n != nil && n.Kind != yaml.ScalarNode {
		m.add(Change{Kind: Kept, Key: key, Note: key + " holds a list or a mapping, not one value; set it by hand"})
	}
}

// valueProblem says why a scalar cannot become a value of this project's
// one-line fields (the tools' rule), or "".
func valueProblem(v string) string {
	switch {
	case strings.ContainsAny(v, "\r\n"):
		return "holds several lines"
	case strings.ContainsFunc(v, pc.IsBidiControl):
		return "holds a bidirectional-override character"
	}
	return ""
}

// timestamps merges created into created_at and updated into updated_at:
// the earlier creation and the later update win, as the old plugin's own
// migration did.
func (m *migrator) timestamps() {
	for _, p := range [][2]string{{"created", "created_at"}, {"updated", "updated_at"}} {
		old, key := p[0], p[1]
		later := key == "updated_at"
		v, ok := m.scalar(old)
		cur, has := m.scalar(key)
		tv, okv := pc.ParseTime(v)
		tc, okc := pc.ParseTime(cur)
		switch {
		case !ok:
		case !has:
			m.moveScalar(old, key, nil)
		case okv && okc:
			keep := cur
			if tv.After(tc) == later && !tv.Equal(tc) {
				keep = v
				m.doc.Set(key, m.doc.Node(old))
			}
			m.doc.Delete(old)
			m.add(Change{Kind: Merge, Key: old, NewKey: key, From: v, To: keep})
		default:
			m.moveScalar(old, key, func(a, b string) bool { return a == b })
		}
	}
}

// workstream moves effort to workstream and writes the workstream in its
// normalized form.
func (m *migrator) workstream() {
	m.moveScalar("effort", "workstream", func(a, b string) bool { return pc.NormalizeWorkstream(a) == pc.NormalizeWorkstream(b) })
	if v, ok := m.scalar("workstream"); ok {
		if n := pc.NormalizeWorkstream(v); n != v && n != "" {
			m.doc.SetString("workstream", n)
			m.add(Change{Kind: Value, Key: "workstream", From: v, To: n})
		}
	}
}

// status writes the status in its canonical form, fills a missing one, and
// starts work the old plugin flagged inProgress.
func (m *migrator) status() {
	v, ok := m.scalar("status")
	if !ok && m.has("status") {
		if n := m.doc.Node("status"); n.Kind != yaml.ScalarNode {
			m.notOneValue("status") // a list: what it means is the person's to say; never replaced
			return
		}
	}
	st := pc.InitialStatus(m.t)
	if ok {
		parsed, err := pc.ParseStatus(m.t, v)
		if err != nil {
			m.add(Change{Kind: Kept, Key: "status", From: v, Note: err.(*pc.Error).Message})
			return
		}
		st = parsed
	}
	if flag, _ := m.doc.String("inProgress"); strings.EqualFold(flag, "true") && (st == pc.NotStarted || st == pc.Planned) {
		st = pc.InProgress
	}
	switch {
	case !ok:
		m.doc.SetString("status", string(st))
		m.add(Change{Kind: Fill, Key: "status", To: string(st)})
	case string(st) != v:
		m.doc.SetString("status", string(st))
		m.add(Change{Kind: Value, Key: "status", From: v, To: string(st)})
	}
}

// priority writes Critical, High, Medium and Low as P0 to P3.
func (m *migrator) priority() {
	v, ok := m.scalar("priority")
	if !ok {
		return
	}
	p, err := pc.ParsePriority(v)
	switch {
	case err != nil:
		m.add(Change{Kind: Kept, Key: "priority", From: v, Note: err.(*pc.Error).Message})
	case string(p) != v:
		m.doc.SetString("priority", string(p))
		m.add(Change{Kind: Value, Key: "priority", From: v, To: string(p)})
	}
}

// relations renames the old relation keys, moves links to documents into
// documents/documented_by, and cleans the entries of every relation list.
func (m *migrator) relations() {
	m.moveList("enables", "blocks", nil)
	m.moveList("enabled_by", "depends_on", nil)
	isDoc := func(id pc.ID) bool { return id.Type() == pc.Document }
	if m.t == pc.Document {
		m.moveList("implemented_by", "documents", nil)
	} else if m.t != pc.Feature {
		m.moveList("implements", "documented_by", isDoc)
	}
	if m.t == pc.Decision {
		if items, ok := m.doc.Strings("decided_by"); ok && len(items) > 0 && slices.ContainsFunc(items, notAnID) {
			m.moveKey("decided_by", "decision_maker")
		}
	}
	for _, r := range pc.Relations {
		m.cleanList(r.Field())
	}
}

func notAnID(s string) bool {
	_, _, _, err := pc.ParseID(pc.LinkTarget(strings.TrimSpace(s)))
	return err != nil
}

// moveKey renames a key whose value is not this project's (a person's name
// in a decision's decided_by), keeping the value as written.
func (m *migrator) moveKey(old, key string) {
	if m.has(key) {
		m.add(Change{Kind: Kept, Key: old, NewKey: key, Note: key + " is taken; move " + old + " by hand"})
		return
	}
	v, _ := m.doc.Strings(old)
	m.doc.Set(key, m.doc.Node(old))
	m.doc.Delete(old)
	m.add(Change{Kind: Rename, Key: old, NewKey: key, From: v})
}

// moveList moves the ids of list old that pass keep (nil: all) into list
// key, without duplicates. Entries that are not ids, or that keep refuses,
// stay in old.
func (m *migrator) moveList(old, key string, keep func(pc.ID) bool) {
	if !m.has(old) {
		return
	}
	items, ok := m.doc.Strings(old)
	target, targetOK := m.doc.Strings(key)
	if !ok || m.has(key) && !targetOK {
		m.add(Change{Kind: Kept, Key: old, NewKey: key, Note: "not lists of ids; move " + old + " to " + key + " by hand"})
		return
	}
	var moved []string
	var stay []string
	for _, s := range items {
		if id, ok := listID(s); ok && (keep == nil || keep(id)) {
			moved = append(moved, string(id))
		} else {
			stay = append(stay, s)
		}
	}
	if len(moved) == 0 && len(stay) > 0 {
		return // nothing of ours in it
	}
	merged := slices.Clone(target)
	for _, id := range moved {
		if !slices.ContainsFunc(merged, func(s string) bool { got, ok := listID(s); return ok && string(got) == id }) {
			merged = append(merged, id)
		}
	}
	if !m.has(key) || len(merged) != len(target) {
		m.doc.SetStrings(key, merged)
	}
	kind := Rename
	if len(target) > 0 {
		kind = Merge
	}
	if len(stay) == 0 {
		m.doc.Delete(old)
	} else {
		m.doc.SetStrings(old, stay)
	}
	m.add(Change{Kind: kind, Key: old, NewKey: key, From: moved})
}

// listID reads one entry of a relation list: an id, a wikilink to one, or
// an id in single brackets as the old plugin sometimes wrote them.
func listID(s string) (pc.ID, bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && !strings.HasPrefix(s, "[[") {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	}
	id, _, _, err := pc.ParseID(pc.LinkTarget(s))
	return id, err == nil
}

// cleanList writes "[M-002]" entries as ids and drops an id listed twice.
func (m *migrator) cleanList(key string) {
	items, ok := m.doc.Strings(key)
	if !ok || len(items) == 0 {
		return
	}
	out := make([]string, 0, len(items))
	seen := map[pc.ID]bool{}
	for _, s := range items {
		id, ok := listID(s)
		switch {
		case !ok:
			out = append(out, s)
		case seen[id]:
		case strings.HasPrefix(strings.TrimSpace(s), "[") && !strings.HasPrefix(strings.TrimSpace(s), "[["):
			seen[id] = true
			out = append(out, string(id))
		default:
			seen[id] = true
			out = append(out, s)
		}
	}
	if !slices.Equal(out, items) {
		m.doc.SetStrings(key, out)
		m.add(Change{Kind: Value, Key: key, From: items, To: out})
	}
}

// taskFields moves a task's estimate and assignee to this project's keys.
func (m *migrator) taskFields() {
	if m.t != pc.Task {
		return
	}
	sameNumber := func(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) }
	m.moveScalar("estimate_hrs", "estimate_hours", sameNumber)
	m.moveScalar("time_estimate", "estimate_hours", sameNumber)
	m.moveScalar("assignee", "owner", func(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) })
}
