package extsync

import (
	"context"
	"slices"
	"sync"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// saveEvery is how many finished pushes go between saves of the base, so
// that a run stopped half-way redoes little.
const saveEvery = 50

// push sends what changed in the vault to Notion: new pages first, parents
// before children (a level at a time), then updates, trash and restores,
// and the relations that pointed at pages not yet made.
func (r *run) push(ctx context.Context, items []*item) error {
	var updates []*item
	for _, it := range items {
		if it.failed {
			continue
		}
		if !it.create {
			r.pushFields(it)
		}
		if it.create || it.trash || it.restore || len(it.push) > 0 {
			updates = append(updates, it)
		} else if it.b.Conflict == nil || len(it.conflict) > 0 || it.resolution != "" {
			r.sum.Unchanged++
		}
		if it.b.Conflict != nil && len(it.conflict) == 0 && it.resolution == "" {
			r.sum.Conflicts = append(r.sum.Conflicts, ConflictReport{ID: it.e.ID, Fields: it.b.Conflict.Fields, Note: conflictNotePath(it.e)})
		}
	}
	for level := 0; level <= 3; level++ {
		var wave []*item
		for _, it := range updates {
			if it.create && depth(it.e.Type) == level {
				wave = append(wave, it)
			}
		}
		if err := r.parallel(ctx, wave, r.createOne); err != nil {
			return err
		}
	}
	var rest []*item
	for _, it := range updates {
		if !it.create {
			rest = append(rest, it)
		} else if it.missingLinks && !it.failed {
			it.create, it.push = false, []Field{Parent, DependsOn, Blocks}
			rest = append(rest, it)
		}
	}
	return r.parallel(ctx, rest, r.updateOne)
}

// pushFields lists the fields to send: those changed in the vault only
// (after the pulls), and those pushed whatever (resolved "mine", the
// vault's own fields).
func (r *run) pushFields(it *item) {
	if it.trash || it.restore {
		return
	}
	body, err := r.s.p.Content(it.e.ID)
	if e, gerr := r.s.p.Get(string(it.e.ID)); gerr == nil && err == nil {
		it.e, it.local = e, r.s.localValues(e, body) // as the pulls left it
	}
	for _, f := range r.synced(it.e.Type) {
		skip := slices.Contains(it.pull, f) || slices.Contains(it.conflict, f) || slices.Contains(it.converge, f) ||
			it.b.Conflict != nil && it.resolution == "" && slices.Contains(it.b.Conflict.Fields, f)
		if slices.Contains(it.force, f) || !skip && hashOf(it.local[f]) != it.b.Local[f] {
			it.push = append(it.push, f)
		}
	}
	r.settle(it)
	if len(it.push) == 1 && it.push[0] == Updated {
		// updated_at alone moved (a pull wrote the note): it rides along
		// with the next real change rather than costing a request.
		it.push = nil
	}
}

// parallel runs fn over items on the workers. A failure is the item's
// (reported, retried next run); a canceled context ends the run.
func (r *run) parallel(ctx context.Context, items []*item, fn func(context.Context, *item) error) error {
	jobs := make(chan *item)
	var wg sync.WaitGroup
	for range min(r.s.workers, len(items)) {
		wg.Go(func() {
			for it := range jobs {
				err := fn(ctx, it)
				r.s.mu.Lock()
				if err != nil {
					it.failed = true
					r.fail(it.e.ID, err)
				}
				r.done++
				flush := r.done >= saveEvery
				if flush {
					r.done = 0
				}
				r.s.mu.Unlock()
				if flush {
					_ = r.save() // a failed save only means more to redo
				}
			}
		})
	}
	for _, it := range items {
		if ctx.Err() != nil {
			break
		}
		jobs <- it
	}
	close(jobs)
	wg.Wait()
	return ctx.Err()
}

// pageFor is the page of an entity, as far as this run knows.
func (r *run) pageFor(id pc.ID) string {
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	if b := r.st.Entities[id]; b != nil && !b.Trashed && !b.RemoteTrashed {
		return b.Page
	}
	return ""
}

// createOne makes the entity's page with its properties and content.
func (r *run) createOne(ctx context.Context, it *item) error {
	all := r.synced(it.e.Type)
	props, missing := r.s.properties(it.e, it.local, all, r.st.PropTypes, r.pageFor)
	blocks := notion.MarkdownBlocks(it.local[Body])
	chunks := notion.Chunks(blocks)
	var first []notion.Block
	if len(chunks) > 0 {
		first = chunks[0]
	}
	p, err := r.s.c.CreatePage(ctx, r.st.DataSourceID, props, first)
	if err != nil {
		return err
	}
	b := it.b
	r.s.mu.Lock()
	b.Page, r.st.BotID = p.ID, p.LastEditedBy.ID
	r.st.Entities[it.e.ID] = b
	r.entityOf[p.ID] = it.e.ID
	r.s.mu.Unlock()
	edited, by := p.LastEditedTime, p.LastEditedBy.ID
	if len(chunks) > 1 {
		if _, err := r.s.c.AppendChildren(ctx, p.ID, blocks[len(first):], notion.Position{}); err != nil {
			r.s.mu.Lock()
			b.Remote[Body] = pendingBody
			r.s.mu.Unlock()
			return err
		}
		edited = "" // appended after: fetch the content next time
	}
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	r.record(it, all, p, edited, by)
	it.missingLinks = missing
	r.sum.Created++
	return nil
}

// record sets the base of fields just written: the vault's value, and the
// page's as Notion answered.
func (r *run) record(it *item, fs []Field, p *notion.Page, edited, by string) {
	rem := r.s.remoteValues(it.e.Type, p, r.entityOf)
	for _, f := range fs {
		it.b.Local[f] = hashOf(it.local[f])
		if f == Body {
			it.b.Remote[f] = hashOf(it.local[Body])
		} else if raw, ok := rem.raw[f]; ok {
			it.b.Remote[f] = hashOf(raw)
		}
	}
	it.b.Edited, it.b.EditedBy = edited, by
}

// updateOne restores, trashes or updates an existing page: content first
// (replaced safely), then properties, whose answer tells the page's last
// edit for the next run's hint.
func (r *run) updateOne(ctx context.Context, it *item) error {
	b := it.b
	if it.trash {
		yes := true
		if _, err := r.s.c.UpdatePage(ctx, b.Page, nil, &yes); err != nil {
			return err
		}
		r.s.mu.Lock()
		b.Trashed = true
		r.st.Entities[it.e.ID] = b
		r.sum.Trashed++
		r.s.mu.Unlock()
		return nil
	}
	if it.restore {
		no := false
		p, err := r.s.c.UpdatePage(ctx, b.Page, nil, &no)
		if err != nil {
			return err
		}
		r.s.mu.Lock()
		b.Trashed = false
		r.sum.Restored++
		r.s.mu.Unlock()
		it.page, it.push = p, r.synced(it.e.Type)
		body, _ := r.s.p.Content(it.e.ID)
		it.local = r.s.localValues(it.e, body)
	}
	edited, by := "", ""
	if slices.Contains(it.push, Body) {
		if err := r.replaceBody(ctx, it); err != nil {
			return err
		}
	}
	props, _ := r.s.properties(it.e, it.local, it.push, r.st.PropTypes, r.pageFor)
	var p *notion.Page
	if len(props) > 0 {
		var err error
		if p, err = r.s.c.UpdatePage(ctx, b.Page, props, nil); err != nil {
			if notion.ErrorCode(err) == "validation_error" {
				r.s.mu.Lock()
				r.st.Schema = "" // check the schema again next run
				r.s.mu.Unlock()
			}
			return err
		}
		edited, by = p.LastEditedTime, p.LastEditedBy.ID
	}
	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	if p == nil {
		p = it.page
	}
	r.record(it, it.push, p, edited, by)
	r.st.Entities[it.e.ID] = b
	if !it.restore {
		r.sum.UpdatedRemote++
	}
	return nil
}

// replaceBody makes the page's content the note's body without ever
// leaving it empty: the blocks both share at the start and at the end stay,
// the new middle is appended after the shared start, and only then is the
// old middle deleted. A run that stops in between leaves both, marked
// pending in the base, and the next run finishes the job.
func (r *run) replaceBody(ctx context.Context, it *item) error {
	old := it.blocks
	if !it.fetched {
		var err error
		if old, err = r.s.c.Children(ctx, it.b.Page); err != nil {
			return err
		}
	}
	want := notion.MarkdownBlocks(it.local[Body])
	pre := 0
	for pre < len(old) && pre < len(want) && sameBlock(old[pre], want[pre]) {
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(want)-pre && sameBlock(old[len(old)-1-suf], want[len(want)-1-suf]) {
		suf++
	}
	add, drop := want[pre:len(want)-suf], old[pre:len(old)-suf]
	if len(add) == 0 && len(drop) == 0 {
		return nil
	}
	if err := r.markPending(it); err != nil {
		return err
	}
	if len(add) > 0 {
		pos := notion.Position{Start: pre == 0}
		if pre > 0 {
			pos.AfterBlock = old[pre-1].ID
		}
		if _, err := r.s.c.AppendChildren(ctx, it.b.Page, add, pos); err != nil {
			return err
		}
	}
	for _, bl := range drop {
		if err := r.s.c.DeleteBlock(ctx, bl.ID); err != nil && pc.ErrorCode(err) != pc.CodeNotFound {
			return err
		}
	}
	return nil
}

// markPending saves the base with the entity's content marked as being
// replaced, before the first block is written.
func (r *run) markPending(it *item) error {
	r.s.mu.Lock()
	it.b.Remote[Body] = pendingBody
	r.st.Entities[it.e.ID] = it.b
	r.s.mu.Unlock()
	return r.save()
}

func sameBlock(a, b notion.Block) bool {
	return a.Type == b.Type && !a.HasChildren && notion.Plain(a.Text) == notion.Plain(b.Text) &&
		a.Checked == b.Checked && (a.Type != "code" || a.Language == b.Language)
}

// settle takes the page's last edit as the hint for the next run once its
// content, read this run, is in the base, and the minute of that edit is
// over: another edit within the same minute would not change the rounded
// time, so until then the hint stays stale and the next run looks again.
func (r *run) settle(it *item) {
	if !it.fetched || it.b.Remote[Body] != hashOf(it.rem.raw[Body]) {
		return
	}
	edited, err := time.Parse(time.RFC3339, it.page.LastEditedTime)
	if err != nil || r.s.p.Now().Before(edited.Add(time.Minute)) {
		return
	}
	it.b.Edited, it.b.EditedBy = it.page.LastEditedTime, it.page.LastEditedBy.ID
}
