package projectcanvas

import (
	"maps"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/projectcanvas/projectcanvas/frontmatter"
)

// Vaults from the plugin this project replaces (ostanlabs/obsidian_plugin).
// Its notes are entity files of the same six types with the same ids, but
// they carry its keys and values (its entity template, util/template.ts,
// and its types.ts and migrator.ts):
//
//   - effort: the workstream, written in capitals (Engineering);
//   - created and updated: the legacy timestamps beside created_at and
//     updated_at;
//   - status aliases (todo, in_progress, done, Accepted, Proposed) and
//     none at all; an inProgress flag for work started;
//   - priority names (Critical, High, Medium, Low) where this project
//     writes P0 to P3;
//   - enables and enabled_by, the old names of blocks and depends_on;
//   - implements pointing at documents (milestones and stories implemented
//     specs) where a document documents them here, and implemented_by on
//     documents;
//   - a decision's decided_by naming a person where here it lists the
//     decisions affecting an entity;
//   - a task's time_estimate or estimate_hrs and assignee, here
//     estimate_hours and owner;
//   - relation lists with an entry written "[M-002]" or twice.
//
// MigrateNote rewrites one note to this project's fields with the
// front matter codec: only the keys it changes are rewritten, every other
// key (created_by_plugin, canvas_source, vault_path, notion_page_id,
// inProgress, children...) and every line of the body stay as they are. A
// legacy key whose value moves to this project's key is removed (its
// value lives on there, and the report says what moved); one that holds
// something else than this project's key says is kept, and reported for a
// person. Running it on its own output changes nothing.

// MigrationChange is one change of a note, or one thing left for a person
// (Kind "kept": the file does not change for it).
type MigrationChange struct {
	Kind   string `json:"kind"`
	Key    string `json:"key"`
	NewKey string `json:"new_key,omitempty"`
	From   any    `json:"from,omitempty"`
	To     any    `json:"to,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Kinds of MigrationChange.
const (
	MigrateRename = "rename" // the key's value moved to NewKey
	MigrateMerge  = "merge"  // the key's value merged into NewKey, which held one
	MigrateValue  = "value"  // the value rewritten in this project's form
	MigrateFill   = "fill"   // a missing key this project always writes
	MigrateKept   = "kept"   // left as it is for a person to decide
)

// MigratedNote is the migration of one note.
type MigratedNote struct {
	File    string            `json:"file"`
	Entity  ID                `json:"entity"`
	Changes []MigrationChange `json:"changes"`
}

// Migration reports what Migrate did, or would do.
type Migration struct {
	Applied bool           `json:"applied"`
	Notes   []MigratedNote `json:"notes"`
	// Changed counts the notes that change (the others only have kept
	// entries).
	Changed int            `json:"changed"`
	ByKind  map[string]int `json:"by_kind"`
	Refused []Refusal      `json:"refused"`
}

// changes reports whether a note's migration changes its file.
func changes(cs []MigrationChange) bool {
	return slices.ContainsFunc(cs, func(c MigrationChange) bool { return c.Kind != MigrateKept })
}

// MigrateNote migrates one note written in the old plugin's format (see
// above) and returns its new content and the changes; data itself when
// nothing changes. A note that is no entity (no id and type) has no
// changes; a note whose front matter does not parse gives the error.
func MigrateNote(data []byte) ([]byte, []MigrationChange, error) {
	doc, err := frontmatter.Parse(data)
	if err != nil {
		return data, nil, err
	}
	rawType, _ := doc.String("type")
	t, err := ParseType(rawType)
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
		return data, nil, Errorf(CodeInvalidArgument, "the front matter cannot be rewritten without changing other keys (%v); migrate it by hand", err)
	}
	return out, m.out, nil
}

type migrator struct {
	doc *frontmatter.Document
	t   Type
	out []MigrationChange
}

func (m *migrator) add(c MigrationChange) { m.out = append(m.out, c) }

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
		m.add(MigrationChange{Kind: MigrateKept, Key: old, NewKey: key, From: v,
			Note: old + " " + why + ", which " + key + " may not hold; write it as one line in " + key + " and delete " + old})
		return
	}
	cur, has := m.scalar(key)
	switch {
	case !has:
		m.doc.Set(key, m.doc.Node(old)) // as written: a number stays a number
		m.doc.Delete(old)
		m.add(MigrationChange{Kind: MigrateRename, Key: old, NewKey: key, From: v})
	case same(v, cur):
		m.doc.Delete(old)
		m.add(MigrationChange{Kind: MigrateMerge, Key: old, NewKey: key, From: v, To: cur})
	default:
		m.add(MigrationChange{Kind: MigrateKept, Key: old, NewKey: key, From: v, To: cur,
			Note: old + " and " + key + " disagree; keep the right one in " + key + " and delete " + old})
	}
}

// notOneValue reports a key that is there but holds no single value (a
// list, a mapping): nothing maps it, so it is kept for a person.
func (m *migrator) notOneValue(key string) {
	if n := m.doc.Node(key); n != nil && n.Kind != yaml.ScalarNode {
		m.add(MigrationChange{Kind: MigrateKept, Key: key, Note: key + " holds a list or a mapping, not one value; set it by hand"})
	}
}

// valueProblem says why a scalar cannot become a value of this project's
// one-line fields (the tools' rule), or "".
func valueProblem(v string) string {
	switch {
	case strings.ContainsAny(v, "\r\n"):
		return "holds several lines"
	case strings.ContainsFunc(v, IsBidiControl):
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
		tv, okv := ParseTime(v)
		tc, okc := ParseTime(cur)
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
			m.add(MigrationChange{Kind: MigrateMerge, Key: old, NewKey: key, From: v, To: keep})
		default:
			m.moveScalar(old, key, func(a, b string) bool { return a == b })
		}
	}
}

// workstream moves effort to workstream and writes the workstream in its
// normalized form.
func (m *migrator) workstream() {
	m.moveScalar("effort", "workstream", func(a, b string) bool { return NormalizeWorkstream(a) == NormalizeWorkstream(b) })
	if v, ok := m.scalar("workstream"); ok {
		if n := NormalizeWorkstream(v); n != v && n != "" {
			m.doc.SetString("workstream", n)
			m.add(MigrationChange{Kind: MigrateValue, Key: "workstream", From: v, To: n})
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
	st := InitialStatus(m.t)
	if ok {
		parsed, err := ParseStatus(m.t, v)
		if err != nil {
			m.add(MigrationChange{Kind: MigrateKept, Key: "status", From: v, Note: err.(*Error).Message})
			return
		}
		st = parsed
	}
	if flag, _ := m.doc.String("inProgress"); strings.EqualFold(flag, "true") && (st == NotStarted || st == Planned) {
		st = InProgress
	}
	switch {
	case !ok:
		m.doc.SetString("status", string(st))
		m.add(MigrationChange{Kind: MigrateFill, Key: "status", To: string(st)})
	case string(st) != v:
		m.doc.SetString("status", string(st))
		m.add(MigrationChange{Kind: MigrateValue, Key: "status", From: v, To: string(st)})
	}
}

// priority writes Critical, High, Medium and Low as P0 to P3.
func (m *migrator) priority() {
	v, ok := m.scalar("priority")
	if !ok {
		return
	}
	p, err := ParsePriority(v)
	switch {
	case err != nil:
		m.add(MigrationChange{Kind: MigrateKept, Key: "priority", From: v, Note: err.(*Error).Message})
	case string(p) != v:
		m.doc.SetString("priority", string(p))
		m.add(MigrationChange{Kind: MigrateValue, Key: "priority", From: v, To: string(p)})
	}
}

// relations renames the old relation keys, moves links to documents into
// documents/documented_by, and cleans the entries of every relation list.
func (m *migrator) relations() {
	m.moveList("enables", "blocks", nil)
	m.moveList("enabled_by", "depends_on", nil)
	isDoc := func(id ID) bool { return id.Type() == Document }
	if m.t == Document {
		m.moveList("implemented_by", "documents", nil)
	} else if m.t != Feature {
		m.moveList("implements", "documented_by", isDoc)
	}
	if m.t == Decision {
		if items, ok := m.doc.Strings("decided_by"); ok && len(items) > 0 && slices.ContainsFunc(items, notAnID) {
			m.moveKey("decided_by", "decision_maker")
		}
	}
	for _, r := range Relations {
		m.cleanList(r.Field())
	}
}

func notAnID(s string) bool {
	_, _, _, err := ParseID(linkTarget(strings.TrimSpace(s)))
	return err != nil
}

// moveKey renames a key whose value is not this project's (a person's name
// in a decision's decided_by), keeping the value as written.
func (m *migrator) moveKey(old, key string) {
	if m.has(key) {
		m.add(MigrationChange{Kind: MigrateKept, Key: old, NewKey: key, Note: key + " is taken; move " + old + " by hand"})
		return
	}
	v, _ := m.doc.Strings(old)
	m.doc.Set(key, m.doc.Node(old))
	m.doc.Delete(old)
	m.add(MigrationChange{Kind: MigrateRename, Key: old, NewKey: key, From: v})
}

// moveList moves the ids of list old that pass keep (nil: all) into list
// key, without duplicates. Entries that are not ids, or that keep refuses,
// stay in old.
func (m *migrator) moveList(old, key string, keep func(ID) bool) {
	if !m.has(old) {
		return
	}
	items, ok := m.doc.Strings(old)
	target, targetOK := m.doc.Strings(key)
	if !ok || m.has(key) && !targetOK {
		m.add(MigrationChange{Kind: MigrateKept, Key: old, NewKey: key, Note: "not lists of ids; move " + old + " to " + key + " by hand"})
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
	kind := MigrateRename
	if len(target) > 0 {
		kind = MigrateMerge
	}
	if len(stay) == 0 {
		m.doc.Delete(old)
	} else {
		m.doc.SetStrings(old, stay)
	}
	m.add(MigrationChange{Kind: kind, Key: old, NewKey: key, From: moved})
}

// listID reads one entry of a relation list: an id, a wikilink to one, or
// an id in single brackets as the old plugin sometimes wrote them.
func listID(s string) (ID, bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") && !strings.HasPrefix(s, "[[") {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
	}
	id, _, _, err := ParseID(linkTarget(s))
	return id, err == nil
}

// cleanList writes "[M-002]" entries as ids and drops an id listed twice.
func (m *migrator) cleanList(key string) {
	items, ok := m.doc.Strings(key)
	if !ok || len(items) == 0 {
		return
	}
	out := make([]string, 0, len(items))
	seen := map[ID]bool{}
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
		m.add(MigrationChange{Kind: MigrateValue, Key: key, From: items, To: out})
	}
}

// taskFields moves a task's estimate and assignee to this project's keys.
func (m *migrator) taskFields() {
	if m.t != Task {
		return
	}
	sameNumber := func(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) }
	m.moveScalar("estimate_hrs", "estimate_hours", sameNumber)
	m.moveScalar("time_estimate", "estimate_hours", sameNumber)
	m.moveScalar("assignee", "owner", func(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) })
}

// MigrationPlan reports what Migrate would change, without a write: for
// validate_project.
func (p *Project) MigrationPlan() *Migration {
	mig, _ := p.migration(nil, nil)
	return mig
}

// Migrate rewrites every entity file written in the old plugin's format
// (see MigrateNote) in one journaled write, or, with apply false, reports
// what it would do. A file changed on disk since it was read is refused,
// alone, and reported; the rest is migrated.
func (p *Project) Migrate(apply bool) (*Migration, error) {
	var mig *Migration
	err := p.rewriteRetrying(apply, func(tx *Tx, refused map[string]string) error {
		var err error
		mig, err = p.migration(tx.cs, refused)
		return err
	})
	if err != nil {
		return nil, err
	}
	mig.Applied = apply && mig.Changed > 0
	return mig, nil
}

// migration migrates every entity file, staging the rewrites in cs (nil:
// only report).
func (p *Project) migration(cs *changeset, refused map[string]string) (*Migration, error) {
	mig := &Migration{Notes: []MigratedNote{}, ByKind: map[string]int{}, Refused: []Refusal{}}
	for _, name := range slices.Sorted(maps.Keys(refused)) {
		mig.Refused = append(mig.Refused, Refusal{File: name, Reason: refused[name]})
	}
	held, dups := p.entityFiles()
	files := append(slices.Clone(held), dups...)
	slices.SortFunc(files, func(a, b *Entity) int { return strings.Compare(a.Path, b.Path) })
	for _, e := range files {
		if refused[e.Path] != "" {
			continue
		}
		data, err := p.fs.ReadFile(e.Path)
		if err != nil || !e.readFrom(data) {
			mig.Refused = append(mig.Refused, Refusal{File: e.Path, Reason: changedReason})
			continue
		}
		out, cs2, err := MigrateNote(data)
		if err == nil {
			body, _ := frontmatter.BodyOf(out)
			err = checkFileSize(e.ID, out, body)
		}
		if err != nil {
			mig.Refused = append(mig.Refused, Refusal{File: e.Path, Reason: AsError(err).Message})
			continue
		}
		if len(cs2) == 0 {
			continue
		}
		mig.Notes = append(mig.Notes, MigratedNote{File: e.Path, Entity: e.ID, Changes: cs2})
		for _, c := range cs2 {
			mig.ByKind[c.Kind]++
		}
		if !changes(cs2) {
			continue
		}
		mig.Changed++
		if cs != nil {
			cs.rewrites = append(cs.rewrites, fileRewrite{from: e.Path, to: e.Path, old: data, data: out})
		}
	}
	return mig, nil
}
