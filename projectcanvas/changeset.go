package projectcanvas

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"time"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	"go.yaml.in/yaml/v3"
)

// sequencePath records the highest id number handed out per type, so that
// ids are never reused, even across processes and after files are deleted.
const sequencePath = ".projectcanvas/sequence.json"

// changeset stages changes to any number of entities and then writes them
// all or none. Every write of the project goes through one: a single
// update touches the files on both sides of each relation it changes, and a
// batch touches many. It is used with the project's write locks held.
type changeset struct {
	p      *Project
	now    string
	drafts map[ID]*draft
	order  []ID // staging order, which is also the write order
	// seq holds the id counters once the first create has read them;
	// seqDirty says they changed and must be written at commit.
	seq      map[Type]int
	seqDirty bool
	// aux holds the files other than entities that the changeset reads
	// and rewrites: the project's own under .projectcanvas (id counters,
	// batch client ids) and vault files such as canvases (Tx.WriteFile).
	aux map[string]*auxFile
	sp  *savepoint
	// depChanged lists entities whose depends_on or blocks changed since
	// the last cycle check.
	depChanged []ID
	// cascaded lists the entities a cascade of the current operation
	// changed besides the one named.
	cascaded []ID
	// rewrites holds entity files rewritten whole by a repair (ids after a
	// merge, a migration from the old plugin's format), outside the
	// drafts: such a repair changes what drafts are keyed by, the id.
	rewrites []fileRewrite
}

// fileRewrite is an entity file rewritten whole, and moved when to differs
// from from. The write is conditional on old, the content the repair read.
type fileRewrite struct {
	from, to  string
	old, data []byte
}

// auxFile is a file other than an entity's staged in a changeset. new is
// nil until something is staged; the write is conditional on hash.
type auxFile struct {
	old, new []byte
	hash     Hash // of old; "" when the file did not exist
}

// changed says whether the staged content must be written.
func (a *auxFile) changed() bool {
	return a.new != nil && (a.hash == "" || !bytes.Equal(a.new, a.old))
}

// savepoint records the state of a changeset so that a failed operation can
// be undone without abandoning the operations staged before it.
type savepoint struct {
	orderLen int
	saved    map[ID]draftState
	seq      map[Type]int
	seqDirty bool
	aux      map[string][]byte
}

type draftState struct {
	e       *Entity
	dirty   map[string]bool
	newPath string
	body    []byte
}

// draft is the staged state of one entity.
type draft struct {
	e       *Entity // the new state
	before  *Entity // the state when staged; nil for a created entity
	doc     *frontmatter.Document
	oldData []byte
	dirty   map[string]bool // front matter keys to rewrite
	newPath string
	body    []byte // a new body, applied at render; nil keeps the old one
	pos     int    // index in changeset.order
}

func (d *draft) state() draftState {
	return draftState{e: d.e.clone(), dirty: maps.Clone(d.dirty), newPath: d.newPath, body: d.body}
}

func (p *Project) newChangeset() *changeset {
	return &changeset{p: p, now: p.now().UTC().Format(time.RFC3339), drafts: map[ID]*draft{}}
}

// lookup returns the current state of an entity: staged if it is part of
// the changeset, indexed otherwise.
func (cs *changeset) lookup(id ID) *Entity {
	if d := cs.drafts[id]; d != nil {
		return d.e
	}
	cs.p.mu.RLock()
	defer cs.p.mu.RUnlock()
	return cs.p.idx.byID[id]
}

// stage makes the entity part of the changeset, reading its file afresh. If
// the file changed on disk since it was indexed, the new content is what
// the change applies to: edits made in the editor are never lost.
func (cs *changeset) stage(id ID) (*draft, error) {
	if d := cs.drafts[id]; d != nil {
		cs.save(d)
		return d, nil
	}
	cur := cs.lookup(id)
	if cur == nil {
		return nil, Errorf(CodeNotFound, "no entity with id %s", id).With("id", id)
	}
	data, err := cs.p.fs.ReadFile(cur.Path)
	if errors.Is(err, fs.ErrNotExist) {
		_ = cs.p.Refresh(cur.Path)
		return nil, Errorf(CodeConflict, "the file of %s (%s) was deleted or moved on disk; run rebuild_index", id, cur.Path).With("id", id)
	}
	if err != nil {
		return nil, err
	}
	if !cur.readFrom(data) {
		fresh, _ := decodeEntity(cur.Path, data)
		if fresh == nil || fresh.ID != id {
			_ = cs.p.Refresh(cur.Path)
			return nil, Errorf(CodeConflict, "%s no longer holds %s; run rebuild_index", cur.Path, id).With("id", id)
		}
		cur = fresh
	}
	doc, err := frontmatter.Parse(data)
	if err != nil {
		return nil, Errorf(CodeConflict, "%s: %v", cur.Path, err).With("id", id)
	}
	d := &draft{e: cur.clone(), before: cur, doc: doc, oldData: data, dirty: map[string]bool{}, newPath: cur.Path}
	cs.add(d)
	return d, nil
}

// stageRaw stages the entity named by an id as a caller typed it.
func (cs *changeset) stageRaw(raw string) (*draft, error) {
	id, _, _, err := ParseID(raw)
	if err != nil {
		return nil, err
	}
	return cs.stage(id)
}

// add makes a new draft part of the changeset.
func (cs *changeset) add(d *draft) {
	d.pos = len(cs.order)
	cs.drafts[d.e.ID] = d
	cs.order = append(cs.order, d.e.ID)
}

// readAux returns the staged content of a file other than an entity's,
// nil if absent.
func (cs *changeset) readAux(name string) ([]byte, error) {
	data, _, err := cs.readFile(name)
	return data, err
}

// readFile returns the staged content of a file other than an entity's:
// what the changeset staged for it, else what it held when first read.
func (cs *changeset) readFile(name string) (data []byte, exists bool, err error) {
	if a, ok := cs.aux[name]; ok {
		if a.new != nil {
			return a.new, true, nil
		}
		return a.old, a.hash != "", nil
	}
	data, err = cs.p.fs.ReadFile(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, false, StateError(name, err)
	}
	a := &auxFile{old: data}
	if err == nil {
		if a.old == nil {
			a.old = []byte{} // empty, not absent: undo puts it back
		}
		a.hash = HashOf(data)
	}
	if cs.aux == nil {
		cs.aux = map[string]*auxFile{}
	}
	cs.aux[name] = a
	return a.old, a.hash != "", nil
}

// writeAux stages new content for a file read with readFile (or readAux).
func (cs *changeset) writeAux(name string, data []byte) {
	if _, ok := cs.aux[name]; !ok {
		_, _, _ = cs.readFile(name)
	}
	if data == nil {
		data = []byte{} // nil means "nothing staged"
	}
	cs.aux[name].new = data
}

// mark starts a savepoint: what is staged from now on can be undone with
// rollback, leaving earlier staged changes in place.
func (cs *changeset) mark() {
	sp := &savepoint{orderLen: len(cs.order), saved: map[ID]draftState{}, seq: maps.Clone(cs.seq), seqDirty: cs.seqDirty, aux: map[string][]byte{}}
	for name, a := range cs.aux {
		sp.aux[name] = a.new
	}
	cs.sp = sp
}

// save records a draft's state at the savepoint before its first change.
func (cs *changeset) save(d *draft) {
	sp := cs.sp
	if sp == nil || d.pos >= sp.orderLen {
		return // no savepoint, or staged after it: rollback drops it whole
	}
	if _, done := sp.saved[d.e.ID]; !done {
		sp.saved[d.e.ID] = d.state()
	}
}

// rollback undoes everything staged since mark.
func (cs *changeset) rollback() {
	sp := cs.sp
	if sp == nil {
		return
	}
	for _, id := range cs.order[sp.orderLen:] {
		delete(cs.drafts, id)
	}
	cs.order = cs.order[:sp.orderLen]
	for id, st := range sp.saved {
		d := cs.drafts[id]
		d.e, d.dirty, d.newPath, d.body = st.e, st.dirty, st.newPath, st.body
	}
	cs.seq, cs.seqDirty = sp.seq, sp.seqDirty
	cs.depChanged = nil
	for name, a := range cs.aux {
		if data, ok := sp.aux[name]; ok {
			a.new = data
		} else {
			a.new = nil
		}
	}
	cs.sp = nil
}

// touch marks a front matter key of the draft for rewriting.
func (d *draft) touch(key string) { d.dirty[key] = true }

// link adds id to relation r of the draft, if not there yet.
func (d *draft) link(r Relation, id ID) {
	if !slices.Contains(d.e.Links[r], id) {
		d.e.Links[r] = append(d.e.Links[r], id)
		d.touch(r.Field())
	}
}

// unlink removes id from relation r of the draft.
func (d *draft) unlink(r Relation, id ID) {
	if i := slices.Index(d.e.Links[r], id); i >= 0 {
		d.e.Links[r] = slices.Delete(d.e.Links[r], i, i+1)
		d.touch(r.Field())
	}
}

// render writes the draft's dirty keys into its document.
func (d *draft) render(now string) []byte {
	if len(d.dirty) > 0 && d.before != nil {
		d.e.UpdatedAt = now
		d.touch("updated_at")
	}
	for _, key := range d.order() {
		v, ok := d.e.Value(key)
		if !ok || v == false && key == "archived" {
			d.doc.Delete(key)
			continue
		}
		n := valueNode(v)
		if spec, _ := schemaField(d.e.Type, key); (spec.Kind == KindTime || spec.Kind == KindDate) && n.Tag == "!!str" {
			n.Tag = "!!timestamp" // written plain, as people write dates
		}
		d.doc.Set(key, n)
	}
	if d.body != nil {
		d.doc.SetBody(d.body)
	}
	return d.doc.Bytes()
}

// order lists the dirty keys: schema order first, so a new file reads
// naturally, then other keys alphabetically.
func (d *draft) order() []string {
	keys := make([]string, 0, len(d.dirty))
	for _, f := range schemas[d.e.Type].Fields {
		if d.dirty[f.Name] {
			keys = append(keys, f.Name)
		}
	}
	var rest []string
	for k := range d.dirty {
		if _, known := schemaField(d.e.Type, k); !known && k != ContentKey {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(keys, rest...)
}

// valueNode builds the YAML node for a field value.
func valueNode(v any) *yaml.Node {
	switch v := v.(type) {
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v}
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v)}
	case int64:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(v, 10)}
	case float64:
		if v == float64(int64(v)) {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(int64(v), 10)}
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strconv.FormatFloat(v, 'g', -1, 64)}
	case []string:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
		for _, s := range v {
			n.Content = append(n.Content, valueNode(s))
		}
		return n
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
		for _, s := range v {
			n.Content = append(n.Content, valueNode(s))
		}
		return n
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: ""}
	}
	return &n
}

// write is one file operation of a commit, with what it takes to undo it.
type write struct {
	name    string
	data    []byte
	want    Hash   // expected current content; "" for a new file
	undo    []byte // content to put back; nil: remove the file
	removes bool   // the operation removes name instead of writing it
	to      string // when set, the operation renames name to to
}

// commit writes every staged change. If any write fails, the writes already
// done are undone in reverse order and the index is left as it was; a
// crash midway is undone at the next open (see journal.go).
func (cs *changeset) commit() ([]*Entity, error) {
	if cs.seqDirty {
		data, _ := json.MarshalIndent(cs.seq, "", "  ")
		cs.writeAux(sequencePath, append(data, '\n'))
	}
	var plan []write
	names := slices.Sorted(maps.Keys(cs.aux))
	for _, name := range names {
		if a := cs.aux[name]; a.changed() {
			plan = append(plan, write{name: name, data: a.new, want: a.hash, undo: a.old})
		}
	}
	var rewritten []string
	for _, r := range cs.rewrites {
		want := HashOf(r.old)
		if r.to != r.from {
			// Moved first, then rewritten in place, as a draft's rename.
			plan = append(plan, write{name: r.from, to: r.to, want: want, undo: r.old})
		}
		plan = append(plan, write{name: r.to, data: r.data, want: want, undo: r.old})
		rewritten = append(rewritten, r.from, r.to)
	}
	out := make([]*Entity, 0, len(cs.order))
	for _, id := range cs.order {
		d := cs.drafts[id]
		if d.before != nil && len(d.dirty) == 0 && d.newPath == d.before.Path {
			continue // staged but unchanged
		}
		data := d.render(cs.now)
		if err := d.doc.Err(); err != nil {
			// The codec could not write the edit without changing other
			// values (an anchor's aliases past its copy budget, say).
			return nil, Errorf(CodeInvalidArgument, "%s cannot be rewritten without changing keys this change does not touch (%v); edit it by hand",
				d.e.Path, err).With("id", d.e.ID)
		}
		if err := checkFileSize(d.e.ID, data, d.doc.Body()); err != nil {
			return nil, err
		}
		e := d.e
		e.Path = d.newPath
		e.readAs(data, false)
		switch {
		case d.before == nil:
			plan = append(plan, write{name: e.Path, data: data})
		case d.newPath != d.before.Path:
			// Rename, then rewrite in place: the entity has one file at
			// every moment, even if the process dies in between.
			old := HashOf(d.oldData)
			plan = append(plan,
				write{name: d.before.Path, to: e.Path, want: old, undo: d.oldData},
				write{name: e.Path, data: data, want: old, undo: d.oldData})
		default:
			plan = append(plan, write{name: e.Path, data: data, want: HashOf(d.oldData), undo: d.oldData})
		}
		out = append(out, e)
	}
	if err := cs.p.apply(plan); err != nil {
		return nil, err
	}
	cs.p.mu.Lock()
	for _, e := range out {
		if old := cs.p.idx.byID[e.ID]; old != nil && old.Path != e.Path {
			cs.p.idx.remove(old.Path)
		}
		cs.p.idx.put(e, cs.drafts[e.ID].doc.Body())
	}
	cs.p.mu.Unlock()
	if len(rewritten) > 0 {
		// Read back like an editor's saves: a moved file lets go of its id
		// first, and a duplicate it hid takes the id over (Refresh).
		if err := cs.p.RefreshFiles(rewritten); err != nil {
			return out, err
		}
	}
	return out, nil
}

// archivePath is where the file of e goes when archived is set to v.
func (p *Project) archivePath(e *Entity, archived bool) string {
	return path.Join(p.folderFor(e.Type, archived), path.Base(e.Path))
}

// newFilePath is the one place the path of a new entity's file is made:
// the type's folder (under archive/ when archived), id and title.
func (p *Project) newFilePath(e *Entity) string {
	return path.Join(p.folderFor(e.Type, e.Archived), FileName(e.ID, e.Title))
}
