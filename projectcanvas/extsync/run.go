package extsync

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// pendingBody in an entry's remote body hash says a content replacement
// was under way when the run stopped: the page holds the sync's own half
// write, which the next run finishes rather than taking as an edit.
const pendingBody = "pending"

// run is the working state of one sync.
type run struct {
	s        *Syncer
	st       *state
	sum      *Summary
	pageOf   map[pc.ID][]*notion.Page // pages by the entity id they carry
	pages    map[string]*notion.Page
	entityOf map[string]pc.ID // page id -> entity id
	// badEntity: entities whose page could not be read this run (their
	// page id); they are reported and left alone.
	badEntity map[pc.ID]string
	done      int // pushes finished since the last save
}

// item is one entity's plan.
type item struct {
	e       *pc.Entity
	b       *entry
	isNew   bool // no base: a first sync, or a run that stopped before saving
	page    *notion.Page
	local   map[Field]string
	rem     remote
	blocks  []notion.Block // the page's content, when fetched
	fetched bool

	create, trash, restore bool
	pull, converge         []Field
	force                  []Field // pushed whatever the hashes say
	conflict               []Field // new conflicts
	resolution             string  // "mine" or "theirs": a conflict note resolved
	push                   []Field
	missingLinks           bool // relations to entities that had no page at creation
	failed                 bool
}

// fetch lists the data source's pages (or, for one entity, the pages
// carrying its id): one request per 100 pages, the whole cost of a run in
// which nothing changed.
func (r *run) fetch(ctx context.Context, entities []*pc.Entity, scoped bool) error {
	r.pages = map[string]*notion.Page{}
	idProp := r.s.m.Property(IDField)
	var filter any
	if scoped && len(entities) == 1 {
		filter = map[string]any{"property": idProp, "rich_text": map[string]string{"equals": string(entities[0].ID)}}
	}
	// The base says which entity a page is; the ID column is the vault's,
	// written one way (and restored when someone edits it), and names the
	// entity only of a page the base does not know.
	for id, b := range r.st.Entities {
		if b.Page != "" {
			r.entityOf[b.Page] = id
		}
	}
	err := r.s.c.Query(ctx, r.st.DataSourceID, filter, func(p *notion.Page) error {
		r.pages[p.ID] = p
		if _, known := r.entityOf[p.ID]; known {
			return nil
		}
		claim := pc.ID(strings.TrimSpace(notion.Plain(p.Properties[idProp].RichText)))
		if claim == "" {
			return nil
		}
		if b := r.st.Entities[claim]; b != nil && b.Page != "" {
			// Not that entity's page: merging it would let any page
			// rewrite the entity.
			r.sum.Failed = append(r.sum.Failed, Failure{ID: claim, Code: pc.CodeConflict,
				Message: "Notion page " + p.ID + " claims the ID " + pc.Echo(string(claim)) + ", which is the entity of page " + b.Page +
					"; it was skipped, never merged: give it another ID in Notion, or delete it"})
			return nil
		}
		r.pageOf[claim] = append(r.pageOf[claim], p)
		r.entityOf[p.ID] = claim
		return nil
	}, func(bad notion.BadPage) {
		// One page that cannot be read is one page: its entity (when its
		// ID property can be read) is reported and left alone this run.
		// The base first, as for pages that read (see above).
		id := r.entityOf[bad.ID]
		if id == "" {
			id = peekEntityID(bad.Raw, idProp)
		}
		if id != "" {
			r.badEntity[id] = bad.ID
		}
		r.sum.Failed = append(r.sum.Failed, Failure{ID: id, Code: pc.CodeInternal,
			Message: "Notion page " + bad.ID + " could not be read (" + pc.Echo(bad.Err.Error()) + "); it was skipped, the others synced"})
	})
	return err
}

// peekEntityID reads a page's ID property out of its JSON leniently, for
// a page that does not decode as a whole.
func peekEntityID(raw json.RawMessage, idProp string) pc.ID {
	var p struct {
		Properties map[string]struct {
			RichText []struct {
				PlainText string `json:"plain_text"`
			} `json:"rich_text"`
		} `json:"properties"`
	}
	if json.Unmarshal(raw, &p) != nil {
		return ""
	}
	var b strings.Builder
	for _, t := range p.Properties[idProp].RichText {
		b.WriteString(t.PlainText)
	}
	id, _, _, err := pc.ParseID(strings.TrimSpace(b.String()))
	if err != nil {
		return ""
	}
	return id
}

// plan decides, per entity, what goes which way.
func (r *run) plan(ctx context.Context, entities []*pc.Entity) ([]*item, error) {
	var items []*item
	for _, e := range entities {
		if _, bad := r.badEntity[e.ID]; bad {
			continue // reported by fetch; neither created again nor changed
		}
		it, err := r.planOne(ctx, e)
		if err != nil {
			if pc.ErrorCode(err) == pc.CodeUnauthorized || pc.ErrorCode(err) == pc.CodeForbidden {
				return nil, err
			}
			r.fail(e.ID, err)
			continue
		}
		if it != nil {
			items = append(items, it)
		}
	}
	return items, nil
}

func (r *run) planOne(ctx context.Context, e *pc.Entity) (*item, error) {
	body, err := r.s.p.Content(e.ID)
	if err != nil {
		return nil, err
	}
	it := &item{e: e, b: r.st.Entities[e.ID], local: r.s.localValues(e, body)}
	if it.b == nil {
		it.b, it.isNew = &entry{Local: map[Field]string{}, Remote: map[Field]string{}}, true
	}
	if it.b.Local == nil {
		it.b.Local, it.b.Remote = map[Field]string{}, map[Field]string{}
	}
	if err := r.findPage(ctx, it); err != nil || it.page == nil && !it.create && !it.restore {
		return nil, err
	}
	if it.create || it.restore {
		return it, nil
	}
	r.st.Entities[e.ID] = it.b
	if e.Archived {
		if !it.b.Trashed {
			it.trash = true
			return it, nil
		}
		return nil, nil
	}
	if it.isNew && r.st.BotID == "" {
		me, err := r.s.c.Me(ctx)
		if err != nil {
			return nil, err
		}
		r.st.BotID = me.ID
	}
	it.rem = r.s.remoteValues(e.Type, it.page, r.entityOf)
	if err := r.fetchBody(ctx, it); err != nil {
		return nil, err
	}
	r.decide(it)
	return it, nil
}

// findPage finds the entity's page: the base's, else one carrying its id
// (a page created by a run that stopped before saving, or written by
// another tool), else none and the entity is to be created.
func (r *run) findPage(ctx context.Context, it *item) error {
	b := it.b
	it.page = r.pages[b.Page]
	if it.page == nil {
		if cands := r.pageOf[it.e.ID]; len(cands) > 0 {
			slices.SortStableFunc(cands, func(x, y *notion.Page) int { return strings.Compare(x.CreatedTime, y.CreatedTime) })
			it.page = cands[0]
			if len(cands) > 1 {
				r.sum.Duplicates = append(r.sum.Duplicates, it.e.ID)
			}
			if it.page.ID != b.Page {
				b.Trashed, b.RemoteTrashed = false, false
				if b.Page != "" {
					it.isNew = true // another page than the base's: compare afresh
				}
				b.Page = it.page.ID
			}
		}
	}
	switch {
	case it.page != nil:
		if b.RemoteTrashed {
			b.RemoteTrashed = false // restored in Notion
		}
		return nil
	case b.Page == "":
		it.create = !it.e.Archived
		return nil
	case b.Trashed:
		it.restore = !it.e.Archived // the note came back from the archive
		return nil
	case b.RemoteTrashed:
		r.sum.TrashedInNotion = append(r.sum.TrashedInNotion, it.e.ID)
		return nil
	}
	// The base's page is not among the listed ones: in the trash, or gone.
	p, err := r.s.c.Page(ctx, b.Page)
	switch {
	case pc.ErrorCode(err) == pc.CodeNotFound:
		*b = entry{Local: map[Field]string{}, Remote: map[Field]string{}}
		it.isNew, it.create = true, !it.e.Archived
		return nil
	case err != nil:
		return err
	case p.InTrash:
		b.RemoteTrashed = true
		r.sum.TrashedInNotion = append(r.sum.TrashedInNotion, it.e.ID)
		return nil
	}
	it.page = p
	r.pages[p.ID] = p
	return nil
}

// fetchBody reads the page's content when the page may have changed since
// the sync last wrote it: its last edit time or editor differ from the
// base's. last_edited_time is rounded to the minute, so it only says what
// to fetch; the hashes say what changed.
func (r *run) fetchBody(ctx context.Context, it *item) error {
	b, p := it.b, it.page
	need := it.isNew || p.LastEditedTime != b.Edited || p.LastEditedBy.ID != b.EditedBy
	if b.Conflict != nil && slices.Contains(b.Conflict.Fields, Body) {
		need = true
	}
	if !need {
		return nil
	}
	blocks, err := r.s.c.Children(ctx, p.ID)
	if err != nil {
		return err
	}
	it.blocks, it.fetched = blocks, true
	md := notion.BlocksMarkdown(blocks)
	it.rem.raw[Body], it.rem.value[Body] = md, md
	return nil
}

// synced lists the fields an entity syncs: the mapped ones and the body.
func (r *run) synced(t pc.Type) []Field {
	var out []Field
	for _, f := range fields {
		if r.s.m.Property(f.name) == "" || (f.name == Tier || f.name == Phase) && t != pc.Feature {
			continue
		}
		out = append(out, f.name)
	}
	return append(out, Body)
}

func pullable(f Field) bool {
	if f == Body {
		return true
	}
	fd, _ := lookupField(f)
	return fd.pull
}

// decide compares each field with the base on both sides.
func (r *run) decide(it *item) {
	b := it.b
	var held []Field
	if b.Conflict != nil {
		it.resolution = readResolution(r.s.p.Files(), conflictNotePath(it.e))
		if it.resolution == "" {
			held = b.Conflict.Fields
		}
	}
	ours := it.isNew && r.st.BotID != "" && it.page.LastEditedBy.ID == r.st.BotID
	for _, f := range r.synced(it.e.Type) {
		if slices.Contains(held, f) {
			continue
		}
		lv := it.local[f]
		raw, known := it.rem.raw[f]
		lc := hashOf(lv) != b.Local[f]
		rc := known && hashOf(raw) != b.Remote[f]
		if ours || f == Body && b.Remote[Body] == pendingBody {
			// The page holds this sync's own write, unfinished or unsaved:
			// finish it.
			if known && lv == it.rem.value[f] {
				it.converge = append(it.converge, f)
			} else {
				it.force = append(it.force, f)
			}
			continue
		}
		if b.Conflict != nil && slices.Contains(b.Conflict.Fields, f) {
			if it.resolution == "mine" || !known {
				it.force = append(it.force, f)
			} else {
				it.pull = append(it.pull, f)
			}
			continue
		}
		switch {
		case it.isNew && known && it.rem.value[f] == "" && lv != "":
			it.force = append(it.force, f) // a page that never had the field
		case !lc && !rc:
		case lc && !rc:
			it.force = append(it.force, f)
		case !pullable(f):
			it.force = append(it.force, f)
		case !lc:
			it.pull = append(it.pull, f)
		case lv == it.rem.value[f]:
			it.converge = append(it.converge, f)
		default:
			it.conflict = append(it.conflict, f)
		}
	}
	for _, f := range it.converge {
		b.Local[f], b.Remote[f] = hashOf(it.local[f]), hashOf(it.rem.raw[f])
	}
}

func (r *run) fail(id pc.ID, err error) {
	e := pc.AsError(err)
	r.sum.Failed = append(r.sum.Failed, Failure{ID: id, Code: e.Code, Message: e.Message})
}

// save writes the base.
func (r *run) save() error {
	r.s.mu.Lock()
	data := r.st.encode()
	r.s.mu.Unlock()
	_, err := r.s.p.Write(func(tx *pc.Tx) error { return tx.WriteAux(StatePath, data) })
	return err
}
