package projectcanvas

import (
	"bytes"
	"io/fs"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/projectcanvas/projectcanvas/frontmatter"
)

// Tx is a set of changes that are written together, all or none. Get one
// from Project.Write or Project.Plan.
type Tx struct {
	cs *changeset
}

// Change describes an update of one entity. Zero fields change nothing.
type Change struct {
	// Data sets fields by name, as in get_schema; null clears a field.
	Data map[string]any
	// Status moves the entity to a new status (forgiving input).
	Status string
	// AddDependencies and RemoveDependencies edit depends_on by difference.
	AddDependencies    []string
	RemoveDependencies []string
	// Archived, when set, archives (true) or restores (false) the entity.
	Archived *bool
	// AddTo and RemoveFrom edit any relation field by difference, keyed by
	// field name: {"implements": ["F-001"]}.
	AddTo, RemoveFrom map[string][]string
	// Cascade lets completing a parent complete its unfinished descendants.
	Cascade bool
}

// ContentKey is the pseudo-field of create and update data that holds the
// markdown body of the entity rather than a front matter key.
const ContentKey = "content"

// bodyFor is the body of an entity titled title with the given content: the
// content as given when it starts with a heading, else under "# title".
func bodyFor(title string, content any) ([]byte, error) {
	s := ""
	if content != nil {
		var err error
		if s, err = asString(ContentKey, content); err != nil {
			return nil, err
		}
		if err := checkText(ContentKey, s, false, MaxContentBytes); err != nil {
			return nil, err
		}
	}
	s = strings.TrimLeft(s, "\n")
	if strings.HasPrefix(s, "# ") {
		return []byte(s), nil
	}
	if s == "" {
		return []byte("# " + title + "\n"), nil
	}
	return []byte("# " + title + "\n\n" + strings.TrimRight(s, "\n") + "\n"), nil
}

// Updated reports what an update changed.
type Updated struct {
	Entity *Entity
	// Fields lists the changed front matter keys of the entity itself.
	Fields []string
	// Cascaded lists every other entity whose status or archive flag the
	// update changed: descendants completed or archived with it, and
	// ancestors started with it (a task set in progress starts its story
	// and milestone).
	Cascaded []ID
}

// Write runs fn and then writes every change it made in one step. If fn or
// any write fails, no file is changed.
func (p *Project) Write(fn func(tx *Tx) error) ([]*Entity, error) {
	return p.transact(fn, true)
}

// Plan runs fn with every check a write makes, but writes nothing: a dry run.
// Ids that creates would get are allocated as they would be.
func (p *Project) Plan(fn func(tx *Tx) error) error {
	_, err := p.transact(fn, false)
	return err
}

func (p *Project) transact(fn func(tx *Tx) error, commit bool) (written []*Entity, err error) {
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	unlock, err := p.fs.Lock()
	if err != nil {
		return nil, Errorf(CodeInternal, "locking the vault: %v", err)
	}
	defer unlock()
	if err := p.recoverBeforeWrite(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil { // a bug must not take a server down with it
			written, err = nil, Errorf(CodeInternal, "internal error: %v", r)
		}
	}()
	tx := &Tx{cs: p.newChangeset()}
	if err := fn(tx); err != nil {
		return nil, err
	}
	if err := tx.cs.checkCycles(); err != nil {
		return nil, err
	}
	if !commit {
		return nil, nil
	}
	return tx.cs.commit()
}

// Create adds an entity of type t with the given fields and returns it.
func (p *Project) Create(t Type, data map[string]any) (*Entity, error) {
	var e *Entity
	_, err := p.Write(func(tx *Tx) (err error) {
		e, err = tx.Create(t, data)
		return err
	})
	return e, err
}

// Update changes one entity and returns it with the names of the changed
// fields. Entities on the other side of changed relations are updated too.
func (p *Project) Update(id string, c Change) (*Updated, error) {
	var u *Updated
	_, err := p.Write(func(tx *Tx) (err error) {
		u, err = tx.Update(id, c)
		return err
	})
	return u, err
}

// Create stages a new entity. Its id is allocated at once and may be used by
// later operations of the same transaction.
func (tx *Tx) Create(t Type, data map[string]any) (*Entity, error) {
	if !t.Valid() {
		_, err := ParseType(string(t))
		return nil, err
	}
	title, _ := data["title"].(string)
	if strings.TrimSpace(title) == "" {
		if _, isString := data["title"].(string); data["title"] != nil && !isString {
			return nil, badField("title", "want a string, got %s", jsonKind(data["title"]))
		}
		return nil, Errorf(CodeMissingField, "title is required to create a %s", t).With("field", "title")
	}
	if want := t.ParentType(); want != "" {
		if p, _ := asString("parent", data["parent"]); strings.TrimSpace(p) == "" {
			return nil, Errorf(CodeOrphan, "a %s needs a parent %s (set parent to its id)", t, want).With("field", "parent")
		}
	}
	cs := tx.cs
	id, err := cs.nextID(t)
	if err != nil {
		return nil, err
	}
	doc, _ := frontmatter.Parse(nil)
	e := &Entity{ID: id, Type: t, Status: InitialStatus(t), CreatedAt: cs.now, UpdatedAt: cs.now}
	d := &draft{e: e, doc: doc, dirty: map[string]bool{}}
	for _, k := range []string{"id", "type", "title", "status", "created_at", "updated_at"} {
		d.touch(k)
	}
	cs.add(d)
	fields := make(map[string]any, len(data))
	for k, v := range data {
		if k != "status" && k != ContentKey {
			fields[k] = v
		}
	}
	if err := cs.setFields(d, fields); err != nil {
		return nil, err
	}
	e.Title = strings.TrimSpace(e.Title)
	d.newPath = cs.p.newFilePath(e)
	e.Path = d.newPath
	if raw, ok := data["status"]; ok && raw != nil {
		s, err := asString("status", raw)
		if err != nil {
			return nil, err
		}
		st, err := ParseStatus(t, s)
		if err != nil {
			return nil, err
		}
		e.Status = st
		if st == InProgress && t.Hierarchical() {
			if err := cs.startAncestors(e.Parent); err != nil {
				return nil, err
			}
		}
	}
	body, err := bodyFor(e.Title, data[ContentKey])
	if err != nil {
		return nil, err
	}
	d.body = body
	if err := cs.checkCycles(); err != nil {
		return nil, err
	}
	return e, nil
}

// Update stages a change of one entity.
func (tx *Tx) Update(rawID string, c Change) (*Updated, error) {
	cs := tx.cs
	d, err := cs.stageRaw(rawID)
	if err != nil {
		return nil, err
	}
	// Collect this update's changes apart from what earlier operations of
	// the transaction staged on the same entity (a create, say), so that
	// they are reported even when those touched the same keys.
	earlier := d.dirty
	d.dirty = map[string]bool{}
	defer func() {
		for k := range earlier {
			d.dirty[k] = true
		}
	}()
	cs.cascaded = nil
	data := c.Data
	if st, ok := data["status"]; ok && c.Status == "" {
		s, err := asString("status", st)
		if err != nil {
			return nil, err
		}
		c.Status = s
	}
	if a, ok := data["archived"]; ok && c.Archived == nil {
		spec, _ := schemaField(d.e.Type, "archived")
		b, err := normalizeValue(spec, a)
		if err != nil {
			return nil, err
		}
		archived := b.(bool)
		c.Archived = &archived
	}
	fields := make(map[string]any, len(data))
	for k, v := range data {
		if k != "status" && k != "archived" && k != ContentKey {
			fields[k] = v
		}
	}
	if err := cs.setFields(d, fields); err != nil {
		return nil, err
	}
	if content, ok := data[ContentKey]; ok {
		body, err := bodyFor(d.e.Title, content)
		if err != nil {
			return nil, err
		}
		d.body = body
		d.touch(ContentKey)
	}
	if err := cs.editLinks(d, c.AddTo, cs.addLinks); err != nil {
		return nil, err
	}
	if err := cs.editLinks(d, c.RemoveFrom, cs.removeLinks); err != nil {
		return nil, err
	}
	if c.Status != "" {
		if err := cs.setStatus(d, c.Status, c.Cascade); err != nil {
			return nil, err
		}
	}
	if len(c.AddDependencies) > 0 {
		if err := cs.addLinks(d, DependsOn, c.AddDependencies); err != nil {
			return nil, err
		}
	}
	if len(c.RemoveDependencies) > 0 {
		if err := cs.removeLinks(d, DependsOn, c.RemoveDependencies); err != nil {
			return nil, err
		}
	}
	if c.Archived != nil {
		if err := cs.archive(d, *c.Archived, c.Cascade, false); err != nil {
			return nil, err
		}
	}
	var changed []string
	for _, k := range d.order() {
		if k != "updated_at" {
			changed = append(changed, k)
		}
	}
	if err := cs.checkCycles(); err != nil {
		return nil, err
	}
	if d.dirty[ContentKey] {
		changed = append(changed, ContentKey)
	}
	return &Updated{Entity: d.e, Fields: changed, Cascaded: cs.cascaded}, nil
}

// Try runs fn as one step of the transaction: if fn fails, everything it
// staged is undone and the steps before it stay staged. Batches use it to
// skip a failing operation and go on with the next.
func (tx *Tx) Try(fn func() error) error {
	tx.cs.mark()
	defer func() { tx.cs.sp = nil }()
	if err := fn(); err != nil {
		tx.cs.rollback()
		return err
	}
	return nil
}

// ReadAux returns the content of a project bookkeeping file (under
// .projectcanvas) as this transaction sees it, nil when it does not exist.
func (tx *Tx) ReadAux(name string) ([]byte, error) { return tx.cs.readAux(name) }

// WriteAux stages new content for a bookkeeping file; it is written with the
// entities, all or none.
func (tx *Tx) WriteAux(name string, data []byte) error {
	if !strings.HasPrefix(name, ".projectcanvas/") {
		return Errorf(CodeInvalidArgument, "bookkeeping files live under .projectcanvas/, not %s", name)
	}
	if _, err := tx.cs.readAux(name); err != nil {
		return err
	}
	tx.cs.writeAux(name, data)
	return nil
}

// ReadFile returns the content of a vault file that is not an entity (a
// canvas, say) as this transaction sees it: what the transaction staged
// for it with WriteFile, else what the file held when the transaction first
// read it. A file that does not exist gives an error satisfying
// errors.Is(err, fs.ErrNotExist). Markdown files (entities: use Get, Create
// and Update), the project's bookkeeping under .projectcanvas (ReadAux) and
// paths that leave the vault are refused with invalid_argument.
func (tx *Tx) ReadFile(name string) ([]byte, error) {
	if err := checkVaultFile(name); err != nil {
		return nil, err
	}
	data, exists, err := tx.cs.readFile(name)
	if err == nil && !exists {
		err = &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return data, err
}

// WriteFile stages new content for a vault file that is not an entity, on
// the same terms as ReadFile. It is written with the transaction's entities,
// all or none, journaled like them, and only if the file still holds what
// the transaction read (it is read now if it was not read before): if
// someone changed it meanwhile, the whole write fails with a conflict.
// A file written as it was read is not written.
func (tx *Tx) WriteFile(name string, data []byte) error {
	if err := checkVaultFile(name); err != nil {
		return err
	}
	if _, _, err := tx.cs.readFile(name); err != nil {
		return err
	}
	tx.cs.writeAux(name, data)
	return nil
}

// ReadNote returns the content of a markdown file as this transaction sees
// it, as ReadFile does for other files: the base WriteNote's conflict check
// compares with.
func (tx *Tx) ReadNote(name string) ([]byte, error) {
	if err := checkNote(name); err != nil {
		return nil, err
	}
	if !strings.EqualFold(path.Ext(name), ".md") {
		return nil, pathError(name, "is not a markdown file")
	}
	data, exists, err := tx.cs.readFile(name)
	if err == nil && !exists {
		err = &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return data, err
}

// WriteNote stages new content for a markdown file that is not an entity
// (a note), or new body text below an entity file's front matter, on the
// terms of WriteFile: written with the transaction, journaled, and only if
// the file still holds what the transaction read. An entity is made of its
// front matter, which changes only through Create and Update, where every
// rule is checked (lifecycles, ids, both sides of relations, cycles): a
// write that changes an entity file's front matter, or gives a note front
// matter declaring an id, is refused with invalid_argument naming the tool
// to use instead.
func (tx *Tx) WriteNote(name string, data []byte) error {
	if err := checkNote(name); err != nil {
		return err
	}
	if !strings.EqualFold(path.Ext(name), ".md") {
		return pathError(name, "is not a markdown file")
	}
	old, exists, err := tx.cs.readFile(name)
	if err != nil {
		return err
	}
	if exists && tx.cs.p.indexedAt(name) != "" {
		if oldFM, ok := frontMatterOf(old); !ok || !bytes.Equal(oldFM, frontMatterBytes(data)) {
			id := tx.cs.p.indexedAt(name)
			return Errorf(CodeInvalidArgument, "%s is the file of %s: its front matter changes only through update_entity "+
				"(which checks its status, relations and id); edit the text below the front matter here", name, id).With("path", name).With("id", id)
		}
	} else if d := decodeFile(name, data, false); d.e != nil || d.claim != "" {
		id := d.claim
		if d.e != nil {
			id = d.e.ID
		}
		return Errorf(CodeInvalidArgument, "the front matter of %s declares the entity %s: entities are made with create_entity "+
			"(which gives each a free id and writes both sides of its relations)", name, id).With("path", name).With("id", id)
	}
	tx.cs.writeAux(name, data)
	return nil
}

// checkNote refuses the paths ReadNote and WriteNote do not take: any the
// project may not write, and any in the project's own folder, which holds
// its state and no notes (a note there could make a folder of a state
// file: .projectcanvas/config.json/task.md).
func checkNote(name string) error {
	if err := CheckWritable(name); err != nil {
		return err
	}
	if Own(name) {
		return pathError(name, "is in the project's own folder "+OwnFolder+"/, which holds its state, not notes")
	}
	return nil
}

// frontMatterOf returns the front matter block of src (empty when it has
// none) and false when src's front matter is malformed.
func frontMatterOf(src []byte) ([]byte, bool) {
	body, err := frontmatter.BodyOf(src)
	if err != nil {
		return nil, false
	}
	return src[:len(src)-len(body)], true
}

// frontMatterBytes is frontMatterOf without the verdict: all of src when
// its front matter is malformed, which then matches no well-formed block.
func frontMatterBytes(src []byte) []byte {
	if fm, ok := frontMatterOf(src); ok {
		return fm
	}
	return src
}

// checkVaultFile refuses the paths ReadFile and WriteFile do not take: any
// the project may not write (see CheckWritable), markdown and bookkeeping.
func checkVaultFile(name string) error {
	if err := CheckWritable(name); err != nil {
		return err
	}
	switch {
	case strings.EqualFold(path.Ext(name), ".md"):
		return pathError(name, "is a markdown file; entities change through Create and Update")
	case Own(name):
		return pathError(name, "is the project's bookkeeping; use ReadAux and WriteAux")
	}
	return nil
}

// Get returns an entity as the transaction currently sees it.
func (tx *Tx) Get(id ID) (*Entity, error) {
	if e := tx.cs.lookup(id); e != nil {
		return e, nil
	}
	return nil, Errorf(CodeNotFound, "no entity with id %s", id).With("id", id)
}

// FileName is the file name of a new entity: its id and its title made safe
// for every file system, at most 60 characters of title.
func FileName(id ID, title string) string {
	var b strings.Builder
	space := false
	for _, r := range title {
		switch {
		case strings.ContainsRune(`\/:*?"<>|#^[]`, r) || unicode.IsControl(r) || unicode.IsSpace(r) || IsBidiControl(r):
			space = b.Len() > 0
			continue
		case space:
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	safe := b.String()
	if utf8.RuneCountInString(safe) > 60 {
		safe = string([]rune(safe)[:60])
		if i := strings.LastIndexByte(safe, ' '); i > 40 {
			safe = safe[:i]
		}
	}
	safe = strings.TrimRight(safe, ". ")
	if safe == "" {
		return string(id) + ".md"
	}
	return string(id) + " " + safe + ".md"
}
