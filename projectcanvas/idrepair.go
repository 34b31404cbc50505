package projectcanvas

import (
	"errors"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
)

// Duplicate ids after a merge. Two people create T-031 on two branches (or
// two synced devices); after the merge two files hold T-031 and the index
// shows one of them. RepairIDs keeps the id on the oldest copy and gives
// every newer copy the next free id of its type, renames its file and
// rewrites the references that can be told apart.
//
// Which copy a reference means (the rule, in order):
//
//  1. The copies' own files: a reference from R is the copy's that holds
//     its other side (R in the copy's blocks for R's depends_on, in its
//     implemented_by for R's implements, in its children for R's parent as
//     the old plugin wrote them, and so on). Several copies holding it: R
//     means them all, and the new id is added beside the old one; but a
//     parent holds one id, and when R's own id is duplicated too the copies
//     may name R's other copy: then the next rule decides.
//  2. created_at: the copy R was created after. R created after the older
//     copy and before the newer one means the older (nothing changes); R
//     created at or after the newer copy means the newer one, unless an
//     older copy was changed (its updated_at) between the newer copy's
//     creation and R's: work then went on with both copies when R was
//     made, and the reference is left to a person.
//  3. Everything else is left to a person: R created before every copy
//     (the reference came with a later edit), a created_at missing or
//     unreadable, two copies created at the same instant.
//
// Canvas nodes point at files, so the nodes of a renamed file are told
// apart by their path; the caller rewrites them (see RepairIDs' also).

// IDRepair reports what RepairIDs did, or would do in a dry run.
type IDRepair struct {
	Applied    bool          `json:"applied"`
	Renumbered []Renumbered  `json:"renumbered"`
	Rewritten  []IDReference `json:"rewritten"`
	// Undecided lists the references that cannot be told apart: they keep
	// the id (the oldest copy's) for a person to decide.
	Undecided []IDReference `json:"undecided"`
	// Refused lists the files left alone because they changed on disk
	// since they were read; run the repair again after.
	Refused []Refusal `json:"refused"`
	refused map[string]string
}

// Renumbered is a newer copy of a duplicated id, given a new id and file.
type Renumbered struct {
	ID      ID     `json:"id"`
	NewID   ID     `json:"new_id"`
	File    string `json:"file"`
	NewFile string `json:"new_file"`
	// Kept is the file that keeps the id: the oldest copy.
	Kept string `json:"kept"`
}

// IDReference is one reference to a duplicated id, in field of entity's
// file.
type IDReference struct {
	Entity ID     `json:"entity"`
	File   string `json:"file"`
	Field  string `json:"field"`
	ID     ID     `json:"id"`
	// NewID is the id written instead of ID, or beside it when Added.
	NewID  ID     `json:"new_id,omitempty"`
	Added  bool   `json:"added,omitempty"`
	Reason string `json:"reason"`
	// Candidates lists the files of the copies an undecided reference may
	// mean.
	Candidates []string `json:"candidates,omitempty"`
}

// Refusal is a file a repair left alone, and why.
type Refusal struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// Moves maps the old path of every renamed file to its new one.
func (r *IDRepair) Moves() map[string]string {
	out := make(map[string]string, len(r.Renumbered))
	for _, n := range r.Renumbered {
		out[n.File] = n.NewFile
	}
	return out
}

// changedReason is why a file changed on disk since the index read it is
// left alone.
const changedReason = "changed on disk since it was read; run the repair again"

// RepairIDs repairs every id held by two or more files (see the rule at the
// top of this file) in one journaled write, or, with apply false, reports
// what it would do and writes nothing. also, when set, runs in the same
// transaction after the entity files are staged, to change other files
// (the canvases' nodes of the moved files, with Tx.ReadFile and
// Tx.WriteFile); it must skip the files the repair refuses (IsRefused).
//
// A file that changed on disk since it was read is refused, alone: the
// rest is repaired and the refusal reported. So is one that changes while
// the repair is written: the write is then planned again without it.
func (p *Project) RepairIDs(apply bool, also func(tx *Tx, r *IDRepair) error) (*IDRepair, error) {
	var rep *IDRepair
	err := p.rewriteRetrying(apply, func(tx *Tx, refused map[string]string) error {
		var err error
		if rep, err = tx.cs.repairIDs(refused); err != nil {
			return err
		}
		if also != nil {
			return also(tx, rep)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep.Applied = apply && (len(rep.Renumbered) > 0 || len(rep.Rewritten) > 0)
	return rep, nil
}

// IsRefused reports whether the repair leaves the file alone.
func (r *IDRepair) IsRefused(file string) bool { return r.refused[file] != "" }

// Refuse leaves a file alone (a canvas also could not change) and reports
// it.
func (r *IDRepair) Refuse(file, reason string) {
	if r.refused[file] == "" {
		r.refused[file] = reason
		r.Refused = append(r.Refused, Refusal{File: file, Reason: reason})
	}
}

// rewriteRetrying runs stage in a transaction, written when apply is set
// (else a dry run, Plan). A write that fails because a file changed in
// between is planned again with that file refused, a few times.
func (p *Project) rewriteRetrying(apply bool, stage func(tx *Tx, refused map[string]string) error) error {
	refused := map[string]string{}
	for attempt := 0; ; attempt++ {
		fn := func(tx *Tx) error { return stage(tx, refused) }
		if !apply {
			return p.Plan(fn)
		}
		_, err := p.Write(fn)
		name := conflictPath(err)
		if name == "" || refused[name] != "" || attempt >= 8 {
			return err
		}
		refused[name] = changedReason
	}
}

// conflictPath is the file a conflict error names, "" for another error.
func conflictPath(err error) string {
	e := AsError(err)
	if e == nil || e.Code != CodeConflict {
		return ""
	}
	if s, ok := e.Details["path"].(string); ok {
		return s
	}
	if paths, ok := e.Details["paths"].([]string); ok && len(paths) > 0 {
		return paths[0]
	}
	return ""
}

// entityFiles returns every loaded entity file: the index's entities in id
// order, then the duplicates it hides, by path.
func (p *Project) entityFiles() (held, dups []*Entity) {
	held = p.All()
	p.mu.RLock()
	defer p.mu.RUnlock()
	for _, e := range p.idx.dups {
		dups = append(dups, e)
	}
	slices.SortFunc(dups, func(a, b *Entity) int { return strings.Compare(a.Path, b.Path) })
	return held, dups
}

// dupGroup is the files of one duplicated id, oldest first.
type dupGroup struct {
	id     ID
	copies []*Entity
	times  []time.Time // created_at of each copy; zero when missing
	newIDs []ID        // per copy: its new id, "" for the kept one and refused ones
}

// reference is one field of an entity file naming a duplicated id.
type reference struct {
	from  *Entity
	field string
}

// repairer holds one run of the repair.
type repairer struct {
	cs      *changeset
	rep     *IDRepair
	dupIDs  map[ID]bool
	read    map[string][]byte // files read, by path
	edits   map[string]*fileEdit
	planned map[string]bool // new paths taken by this repair
}

// fileEdit is what the repair changes in one entity file.
type fileEdit struct {
	e       *Entity
	newID   ID
	newPath string
	fields  []fieldEdit
}

// fieldEdit replaces (or, when add, adds beside) id in a field.
type fieldEdit struct {
	field     string
	id, newID ID
	add       bool
}

func (cs *changeset) repairIDs(refused map[string]string) (*IDRepair, error) {
	rep := &IDRepair{Renumbered: []Renumbered{}, Rewritten: []IDReference{}, Undecided: []IDReference{}, Refused: []Refusal{}, refused: map[string]string{}}
	for _, name := range slices.Sorted(maps.Keys(refused)) {
		rep.Refuse(name, refused[name])
	}
	held, dups := cs.p.entityFiles()
	if len(dups) == 0 {
		return rep, nil
	}
	r := &repairer{cs: cs, rep: rep, dupIDs: map[ID]bool{}, read: map[string][]byte{}, edits: map[string]*fileEdit{}, planned: map[string]bool{}}
	groups := r.groups(held, dups)
	refs := r.references(held, dups)
	for _, g := range groups {
		if err := r.renumber(g); err != nil {
			return nil, err
		}
	}
	for _, g := range groups {
		for _, ref := range refs[g.id] {
			r.assign(g, ref)
		}
	}
	return rep, r.stage()
}

// groups collects the copies of every duplicated id, oldest first (by
// created_at, then path; a copy without a readable created_at first).
func (r *repairer) groups(held, dups []*Entity) []*dupGroup {
	byID := map[ID]*dupGroup{}
	var out []*dupGroup
	for _, d := range dups {
		g := byID[d.ID]
		if g == nil {
			holder := r.cs.lookup(d.ID)
			if holder == nil {
				continue // the holder just went: a reload settles it
			}
			g = &dupGroup{id: d.ID, copies: []*Entity{holder}}
			byID[d.ID] = g
			out = append(out, g)
			r.dupIDs[d.ID] = true
		}
		g.copies = append(g.copies, d)
	}
	for _, g := range out {
		for _, c := range g.copies {
			t, _ := ParseTime(c.CreatedAt)
			g.times = append(g.times, t)
		}
		idx := make([]int, len(g.copies))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			if c := g.times[a].Compare(g.times[b]); c != 0 {
				return c
			}
			return strings.Compare(g.copies[a].Path, g.copies[b].Path)
		})
		copies, times := make([]*Entity, len(idx)), make([]time.Time, len(idx))
		for i, j := range idx {
			copies[i], times[i] = g.copies[j], g.times[j]
		}
		g.copies, g.times, g.newIDs = copies, times, make([]ID, len(copies))
	}
	slices.SortFunc(out, func(a, b *dupGroup) int { return compareIDs(a.id, b.id) })
	return out
}

// refFields lists the fields that name other entities: parent, the old
// plugin's children, and the relations.
var refFields = func() []string {
	out := []string{"parent", "children"}
	for _, rel := range Relations {
		out = append(out, rel.Field())
	}
	return out
}()

// idsIn returns the ids an entity's field names.
func idsIn(e *Entity, field string) []ID {
	switch field {
	case "parent":
		if e.Parent != "" {
			return []ID{e.Parent}
		}
		return nil
	case "children":
		var out []ID
		list, _ := e.Fields["children"].([]any)
		for _, v := range list {
			if s, ok := v.(string); ok {
				if id, _, _, err := ParseID(LinkTarget(s)); err == nil {
					out = append(out, id)
				}
			}
		}
		return out
	}
	rel, _ := relationByField(field)
	return e.Links[rel]
}

// references finds, per duplicated id, the fields of other entity files
// that name it.
func (r *repairer) references(held, dups []*Entity) map[ID][]reference {
	out := map[ID][]reference{}
	visit := func(e *Entity) {
		for _, f := range refFields {
			for _, id := range idsIn(e, f) {
				if r.dupIDs[id] && id != e.ID {
					out[id] = append(out[id], reference{from: e, field: f})
				}
			}
		}
	}
	for _, e := range held {
		visit(e)
	}
	for _, e := range dups {
		visit(e)
	}
	return out
}

// fresh reads an entity's file and says whether it still holds what the
// index read; a file that changed is refused.
func (r *repairer) fresh(e *Entity) bool {
	if r.rep.IsRefused(e.Path) {
		return false
	}
	if _, done := r.read[e.Path]; done {
		return true
	}
	data, err := r.cs.p.fs.ReadFile(e.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		r.rep.Refuse(e.Path, "deleted or moved on disk since it was read; run the repair again")
		return false
	case err != nil:
		r.rep.Refuse(e.Path, err.Error())
		return false
	case !e.readFrom(data):
		r.rep.Refuse(e.Path, changedReason)
		return false
	}
	r.read[e.Path] = data
	return true
}

// edit returns the pending edit of an entity's file.
func (r *repairer) edit(e *Entity) *fileEdit {
	fe := r.edits[e.Path]
	if fe == nil {
		fe = &fileEdit{e: e, newPath: e.Path}
		r.edits[e.Path] = fe
	}
	return fe
}

// renumber gives every copy of g but the oldest a new id and file name.
func (r *repairer) renumber(g *dupGroup) error {
	for i, c := range g.copies[1:] {
		if !r.fresh(c) {
			continue
		}
		newID, err := r.cs.nextID(g.id.Type())
		if err != nil {
			return err
		}
		newPath := renamedPath(c, newID)
		if r.taken(newPath) {
			r.rep.Refuse(c.Path, "its new name "+newPath+" is taken; rename that file and run the repair again")
			continue
		}
		r.planned[newPath] = true
		g.newIDs[i+1] = newID
		fe := r.edit(c)
		fe.newID, fe.newPath = newID, newPath
		r.rep.Renumbered = append(r.rep.Renumbered, Renumbered{ID: g.id, NewID: newID, File: c.Path, NewFile: newPath, Kept: g.copies[0].Path})
	}
	return nil
}

// renamedPath is where a renumbered copy's file goes: its folder, the name
// with the old id replaced when it starts with it ("T-031 Login.md" becomes
// "T-040 Login.md"), else the name a new entity gets.
func renamedPath(e *Entity, newID ID) string {
	dir, base := path.Split(e.Path)
	if rest, ok := strings.CutPrefix(base, string(e.ID)); ok && (strings.HasPrefix(rest, " ") || strings.EqualFold(rest, ".md")) {
		return dir + string(newID) + rest
	}
	return dir + FileName(newID, e.Title)
}

// taken reports whether a path is held by a file or by this repair.
func (r *repairer) taken(name string) bool {
	if r.planned[name] || r.cs.p.indexedAt(name) != "" {
		return true
	}
	_, err := r.cs.p.fs.ReadFile(name)
	return !errors.Is(err, fs.ErrNotExist)
}

// assign decides which copy of g the reference means and stages the edit.
func (r *repairer) assign(g *dupGroup, ref reference) {
	owners, reason := g.owners(ref, r.dupIDs)
	out := IDReference{Entity: ref.from.ID, File: ref.from.Path, Field: ref.field, ID: g.id, Reason: reason}
	if owners == nil {
		for _, c := range g.copies {
			out.Candidates = append(out.Candidates, c.Path)
		}
		r.rep.Undecided = append(r.rep.Undecided, out)
		return
	}
	var moves []int // owners other than the kept copy
	for _, i := range owners {
		if i > 0 {
			moves = append(moves, i)
		}
	}
	if len(moves) == 0 {
		return // the kept copy: the reference stays as it is
	}
	for _, i := range moves {
		if g.newIDs[i] == "" { // that copy was refused: the reference waits with it
			out.Reason = g.copies[i].Path + " was left alone: " + r.rep.refused[g.copies[i].Path]
			r.rep.Undecided = append(r.rep.Undecided, out)
			return
		}
	}
	if !r.fresh(ref.from) {
		out.Reason = "its file " + changedReason
		r.rep.Undecided = append(r.rep.Undecided, out)
		return
	}
	keep := owners[0] == 0 // the old id stays for the kept copy
	fe := r.edit(ref.from)
	for n, i := range moves {
		add := keep || n > 0
		fe.fields = append(fe.fields, fieldEdit{field: ref.field, id: g.id, newID: g.newIDs[i], add: add})
		done := out
		done.NewID, done.Added = g.newIDs[i], add
		r.rep.Rewritten = append(r.rep.Rewritten, done)
	}
}

// owners applies the rule (see the top of the file): the indexes of the
// copies ref means, and why; nil when a person must decide.
func (g *dupGroup) owners(ref reference, dupIDs map[ID]bool) ([]int, string) {
	var mirrored []int
	for i, c := range g.copies {
		if mirrors(c, ref) {
			mirrored = append(mirrored, i)
		}
	}
	switch {
	case len(mirrored) == 1 || len(mirrored) > 1 && ref.field != "parent" && !dupIDs[ref.from.ID]:
		names := make([]string, len(mirrored))
		for n, i := range mirrored {
			names[n] = g.copies[i].Path
		}
		return mirrored, "the other side of the link is in " + strings.Join(names, " and ")
	case len(mirrored) > 1 && ref.field == "parent":
		return nil, "every copy lists it as a child"
	}
	t, ok := ParseTime(ref.from.CreatedAt)
	if !ok {
		return nil, "no readable created_at to tell which copy it was created with"
	}
	last := -1 // the newest copy created at or before ref
	for i, ct := range g.times {
		if !ct.IsZero() && !ct.After(t) {
			last = i
		}
	}
	switch {
	case last < 0:
		return nil, "created before every copy: the reference came with a later edit"
	case last > 0 && g.times[last].Equal(g.times[last-1]):
		return nil, "two copies were created at the same instant"
	case last == 0:
		return []int{0}, ""
	}
	for _, older := range g.copies[:last] {
		if u, ok := ParseTime(older.LastUpdated()); ok && !u.Before(g.times[last]) && !u.After(t) {
			return nil, older.Path + " was changed after " + g.copies[last].Path + " was created and before this: work went on with both copies"
		}
	}
	return []int{last}, "created after " + g.copies[last].Path + " and before any later copy"
}

// mirrors reports whether copy c holds the other side of ref.
func mirrors(c *Entity, ref reference) bool {
	var field string
	switch ref.field {
	case "parent":
		field = "children"
	case "children":
		field = "parent"
	default:
		rel, _ := relationByField(ref.field)
		field = rel.Inverse().Field()
	}
	return slices.Contains(idsIn(c, field), ref.from.ID)
}

// stage writes every pending file edit into the changeset, by path.
func (r *repairer) stage() error {
	for _, name := range slices.Sorted(maps.Keys(r.edits)) {
		fe := r.edits[name]
		data := r.read[name]
		doc, err := frontmatter.Parse(data)
		if err != nil {
			r.rep.Refuse(name, err.Error())
			continue
		}
		if fe.newID != "" {
			doc.SetString("id", string(fe.newID))
		}
		// Additions first: they find the old id before a replacement of
		// the same field takes it away.
		ptrsort.StableFunc(fe.fields, func(a, b *fieldEdit) int { return boolOrder(b.add) - boolOrder(a.add) })
		for _, f := range fe.fields {
			rewriteRef(doc, f)
		}
		out := doc.Bytes()
		if err := doc.Err(); err != nil {
			return Errorf(CodeInvalidArgument, "%s cannot be rewritten without changing other keys (%v); repair it by hand", name, err).With("path", name)
		}
		if err := checkFileSize(fe.e.ID, out, doc.Body()); err != nil {
			return err
		}
		r.cs.rewrites = append(r.cs.rewrites, fileRewrite{from: name, to: fe.newPath, old: data, data: out})
	}
	return nil
}

// rewriteRef replaces f.id by f.newID in a field, or adds f.newID after it,
// keeping how each entry is written ("[[T-031 Login]]" becomes
// "[[T-040 Login]]").
func rewriteRef(doc *frontmatter.Document, f fieldEdit) {
	swap := func(s string) string {
		if strings.Contains(s, string(f.id)) {
			return strings.Replace(s, string(f.id), string(f.newID), 1)
		}
		return string(f.newID)
	}
	names := func(s string) bool {
		id, _, _, err := ParseID(LinkTarget(strings.TrimSpace(s)))
		return err == nil && id == f.id
	}
	if f.field == "parent" {
		if s, ok := doc.String("parent"); ok && names(s) {
			doc.SetString("parent", swap(s))
		}
		return
	}
	items, ok := doc.Strings(f.field)
	if !ok {
		return
	}
	out := make([]string, 0, len(items)+1)
	for _, s := range items {
		switch {
		case !names(s):
			out = append(out, s)
		case f.add:
			out = append(out, s, swap(s))
		default:
			out = append(out, swap(s))
		}
	}
	doc.SetStrings(f.field, out)
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}
