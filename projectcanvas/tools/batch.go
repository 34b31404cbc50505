package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// MaxBatch is the most operations one batch may hold.
const MaxBatch = pc.MaxBatchOps

// clientLedger remembers which entity each batch client_id created, so that
// a client retrying a batch (after a timeout, say) does not create twice.
const clientLedger = ".projectcanvas/batch_clients.json"

// ledgerLimit bounds the ledger; the oldest entries are dropped first.
const ledgerLimit = 10_000

func registerBatchTools(r *Registry) {
	Register(r, "batch_update",
		"Up to 1000 ops in one call: create (type, data), update (id, data), archive (id). "+
			"Later ops name an earlier op's entity \"{{client_id}}\"; a retried batch never creates twice.",
		Annotations{Destructive: true}, batchUpdate)
	Register(r, "handle_entities",
		"action get (ids, fields: as get_entities) or batch (ops, options: as batch_update).",
		Annotations{Destructive: true}, handleEntities)
}

type batchOp struct {
	Op       string         `json:"op" schema:"enum=create|update|archive"`
	ClientID string         `json:"client_id,omitempty"`
	Type     string         `json:"type,omitempty"`
	ID       string         `json:"id,omitempty"`
	Data     map[string]any `json:"data,omitempty" jsonschema:"As create_entity/update_entity data."`
	Cascade  bool           `json:"cascade,omitempty"`
	Force    bool           `json:"force,omitempty" jsonschema:"archive: without its live children."`
}

type batchOptions struct {
	Atomic          bool     `json:"atomic,omitempty" schema:"default=false"`
	DryRun          bool     `json:"dry_run,omitempty" schema:"default=false"`
	IncludeEntities bool     `json:"include_entities,omitempty" schema:"default=false"`
	Fields          []string `json:"fields,omitempty" schema:"maxItems=100"`
	CanvasSource    string   `json:"canvas_source,omitempty" jsonschema:"Canvas the created entities go on; default the configured one, created if missing."`
	AddToCanvas     bool     `json:"add_to_canvas,omitempty" schema:"default=true"`
}

type batchArgs struct {
	Ops     []batchOp    `json:"ops" schema:"maxItems=1000"`
	Options batchOptions `json:"options,omitzero"`
}

type opResult struct {
	Op         string         `json:"op"`
	ClientID   string         `json:"client_id,omitempty"`
	Success    bool           `json:"success"`
	ID         string         `json:"id,omitempty"`
	Message    string         `json:"message"`
	Error      *pc.Error      `json:"error,omitempty"`
	Idempotent bool           `json:"idempotent,omitempty"`
	Cascaded   []string       `json:"cascaded,omitempty"`
	Entity     map[string]any `json:"entity,omitempty"`
	// CanvasNodeAdded is set on every create op that succeeded: whether its
	// entity got a node on the canvas.
	CanvasNodeAdded *bool `json:"canvas_node_added,omitempty"`

	entity *pc.Entity
}

type ledgerEntry struct {
	ID   string `json:"id"`
	Hash string `json:"hash"`
	At   string `json:"at"`
}

func batchUpdate(ctx context.Context, env *Env, a batchArgs) (map[string]any, error) {
	if len(a.Ops) > MaxBatch { // the schema says so too; this guards other callers
		return nil, pc.Errorf(pc.CodeInvalidArgument, "a batch holds at most %d ops, got %d; split it", MaxBatch, len(a.Ops)).With("field", "ops")
	}
	b := &batch{ctx: ctx, env: env, opts: a.Options}
	var err error
	if a.Options.DryRun {
		err = env.Project.Plan(func(tx *pc.Tx) error { return b.run(tx, a.Ops) })
	} else {
		var hook canvasHook
		opts := canvasOptions{CanvasSource: a.Options.CanvasSource, AddToCanvas: a.Options.AddToCanvas}
		hook, err = writeWithCanvas(env, opts, func(tx *pc.Tx) ([]*pc.Entity, error) {
			if err := b.run(tx, a.Ops); err != nil {
				return nil, err
			}
			return b.created(tx), nil
		})
		if err == nil {
			b.markCanvas(hook)
		}
	}
	if ctxErr := ctx.Err(); ctxErr != nil && err != nil {
		return nil, cancelled(ctxErr) // stopped: nothing was written
	}
	return b.report(err)
}

// created returns the entities the batch's create ops made, as the batch
// leaves them (a later op may have archived or moved one), for the canvas.
func (b *batch) created(tx *pc.Tx) []*pc.Entity {
	var out []*pc.Entity
	for i := range b.results {
		if r := &b.results[i]; r.Op == "create" && r.Success {
			if e, err := tx.Get(pc.ID(r.ID)); err == nil {
				out = append(out, e)
			}
		}
	}
	return out
}

// markCanvas marks each create op that succeeded with canvas_node_added,
// and the batch with canvas_error when the canvas could not be changed.
func (b *batch) markCanvas(hook canvasHook) {
	b.canvasErr = hook.err
	for i := range b.results {
		if r := &b.results[i]; r.Op == "create" && r.Success {
			added := hook.added[pc.ID(r.ID)]
			r.CanvasNodeAdded = &added
		}
	}
}

type batch struct {
	ctx     context.Context
	env     *Env
	opts    batchOptions
	refs    map[string]string // client_id -> entity id, for {{client_id}}
	ledger  map[string]ledgerEntry
	results []opResult
	failed  int // index of the op that failed an atomic batch, +1
	// canvasErr is why the created entities could not go on the canvas.
	canvasErr string
}

// run stages the ops in tx. It starts from scratch, so that a write that
// failed on a conflict can run it again.
func (b *batch) run(tx *pc.Tx, ops []batchOp) error {
	b.refs, b.results, b.failed = map[string]string{}, make([]opResult, len(ops)), 0
	if err := b.readLedger(tx); err != nil {
		return err
	}
	for i, op := range ops {
		if err := b.ctx.Err(); err != nil {
			return err // abandons the whole transaction
		}
		r := &b.results[i]
		r.Op, r.ClientID = op.Op, op.ClientID
		err := tx.Try(func() error { return b.apply(tx, op, r) })
		if err != nil {
			r.Success, r.Error, r.Message = false, pc.AsError(err), pc.AsError(err).Message
			if b.opts.Atomic {
				b.failed = i + 1
				return err
			}
			continue
		}
		r.Success = true
	}
	return b.writeLedger(tx)
}

// apply runs one op, filling in r.
func (b *batch) apply(tx *pc.Tx, op batchOp, r *opResult) error {
	payload, err := b.resolve(op.Data)
	if err != nil {
		return err
	}
	data, _ := payload.(map[string]any)
	switch op.Op {
	case "create":
		return b.create(tx, op, data, r)
	case "update", "archive":
		id, err := b.resolve(op.ID)
		if err != nil {
			return err
		}
		if id == "" {
			return pc.Errorf(pc.CodeMissingField, "id is required for %s", op.Op).With("field", "id")
		}
		if op.Op == "update" {
			return b.update(tx, id.(string), op, data, r)
		}
		return b.archive(tx, id.(string), op, data, r)
	}
	return pc.Errorf(pc.CodeInvalidArgument, "op %q is not valid (want create, update or archive)", op.Op).With("field", "op")
}

func (b *batch) create(tx *pc.Tx, op batchOp, data map[string]any, r *opResult) error {
	if op.ClientID != "" {
		if id, done := b.refs[op.ClientID]; done {
			r.ID, r.Idempotent, r.Message = id, true, "client_id already used in this batch; created once"
			r.entity, _ = tx.Get(pc.ID(id))
			return nil
		}
		if prev, ok := b.ledger[op.ClientID]; ok && prev.Hash == opHash(op) {
			if e, err := tx.Get(pc.ID(prev.ID)); err == nil {
				b.refs[op.ClientID] = prev.ID
				r.ID, r.Idempotent, r.Message, r.entity = prev.ID, true, "already created by an earlier run of this batch", e
				return nil
			}
		}
	}
	if op.Type == "" {
		return pc.Errorf(pc.CodeMissingField, "type is required for create").With("field", "type")
	}
	t, err := pc.ParseType(op.Type)
	if err != nil {
		return err
	}
	if data == nil {
		return pc.Errorf(pc.CodeMissingField, "data is required for create (at least a title)").With("field", "data")
	}
	e, err := tx.Create(t, data)
	if err != nil {
		return err
	}
	r.ID, r.Message, r.entity = string(e.ID), "created", e
	if op.ClientID != "" {
		b.refs[op.ClientID] = r.ID
		b.ledger[op.ClientID] = ledgerEntry{ID: r.ID, Hash: opHash(op), At: b.env.Project.Now().UTC().Format(time.RFC3339)}
	}
	return nil
}

// updateControls are the keys of an update's data that are not fields.
var updateControls = map[string]bool{"cascade": true, "add_dependencies": true, "remove_dependencies": true}

func (b *batch) update(tx *pc.Tx, id string, op batchOp, payload map[string]any, r *opResult) error {
	ctlKeys, data := splitKeys(payload, updateControls)
	controls, _ := json.Marshal(ctlKeys)
	var ctl struct {
		Cascade            bool     `json:"cascade"`
		AddDependencies    []string `json:"add_dependencies"`
		RemoveDependencies []string `json:"remove_dependencies"`
	}
	if err := decode(controls, &ctl); err != nil {
		return err
	}
	u, err := tx.Update(id, pc.Change{
		Data: data, Cascade: ctl.Cascade || op.Cascade,
		AddDependencies: ctl.AddDependencies, RemoveDependencies: ctl.RemoveDependencies,
	})
	if err != nil {
		return err
	}
	r.ID, r.entity, r.Cascaded = string(u.Entity.ID), u.Entity, ids(u.Cascaded)
	r.Message = "updated " + strings.Join(u.Fields, ", ")
	if len(u.Fields) == 0 {
		r.Message = "nothing to change"
	}
	b.alias(r)
	return nil
}

func (b *batch) archive(tx *pc.Tx, id string, op batchOp, payload map[string]any, r *opResult) error {
	var opts struct {
		Cascade bool `json:"cascade"`
		Force   bool `json:"force"`
	}
	raw, _ := json.Marshal(payload)
	if err := decode(raw, &opts); err != nil {
		return err
	}
	archived, err := tx.Archive(id, opts.Cascade || op.Cascade, opts.Force || op.Force)
	if err != nil {
		return err
	}
	r.ID = archived[0].ID.String()
	r.entity = archived[0]
	r.Message = "archived 1 entity"
	if len(archived) > 1 {
		r.Message = fmt.Sprintf("archived %d entities", len(archived))
		for _, e := range archived[1:] {
			r.Cascaded = append(r.Cascaded, string(e.ID))
		}
	}
	b.alias(r)
	return nil
}

// alias lets later ops refer to an updated or archived entity by the op's
// client_id too.
func (b *batch) alias(r *opResult) {
	if r.ClientID != "" {
		if _, taken := b.refs[r.ClientID]; !taken {
			b.refs[r.ClientID] = r.ID
		}
	}
}

// Compiled on first use (sync.OnceValue), not at start-up.
var refPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\{\{\s*([^{}]+?)\s*\}\}$`) })

// resolve replaces every "{{client_id}}" string inside v by the id that
// client_id got earlier in the batch.
func (b *batch) resolve(v any) (any, error) {
	switch v := v.(type) {
	case string:
		m := refPattern().FindStringSubmatch(v)
		if m == nil {
			return v, nil
		}
		id, ok := b.refs[m[1]]
		if !ok {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s refers to client_id %q, which no earlier op of this batch created", v, m[1]).With("ref", m[1])
		}
		return id, nil
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			var err error
			if out[i], err = b.resolve(item); err != nil {
				return nil, err
			}
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, item := range v {
			var err error
			if out[k], err = b.resolve(item); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return v, nil
}

func (b *batch) readLedger(tx *pc.Tx) error {
	b.ledger = map[string]ledgerEntry{}
	data, err := tx.ReadAux(clientLedger)
	if err != nil || data == nil {
		return err
	}
	if json.Unmarshal(data, &b.ledger) != nil {
		b.ledger = map[string]ledgerEntry{} // a damaged ledger only costs idempotency
	}
	return nil
}

func (b *batch) writeLedger(tx *pc.Tx) error {
	for len(b.ledger) > ledgerLimit {
		oldest := ""
		for k, e := range b.ledger {
			if oldest == "" || e.At < b.ledger[oldest].At || e.At == b.ledger[oldest].At && k < oldest {
				oldest = k
			}
		}
		delete(b.ledger, oldest)
	}
	data, err := json.MarshalIndent(b.ledger, "", "  ")
	if err != nil {
		return err
	}
	old, _ := tx.ReadAux(clientLedger)
	if old == nil && len(b.ledger) == 0 {
		return nil
	}
	return tx.WriteAux(clientLedger, append(data, '\n'))
}

// opHash fingerprints an op as the client sent it, refs unresolved, so a
// retry of the same batch matches and a different op reusing a client_id
// does not.
func opHash(op batchOp) string {
	data, _ := json.Marshal([]any{op.Op, op.Type, op.Data})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// splitKeys splits m into the entries whose keys are in keys and the rest.
func splitKeys(m map[string]any, keys map[string]bool) (in, rest map[string]any) {
	in, rest = map[string]any{}, map[string]any{}
	for k, v := range m {
		if keys[k] {
			in[k] = v
		} else {
			rest[k] = v
		}
	}
	return in, rest
}

// report builds the batch result. err is the transaction's error: the
// failing op of an atomic batch, or a write that failed at commit.
func (b *batch) report(err error) (map[string]any, error) {
	succeeded := 0
	rolledBack := err != nil
	for i := range b.results {
		r := &b.results[i]
		if rolledBack && r.Success {
			r.Success = false
			r.Message = "not applied: " + rollbackReason(b.failed, err)
		}
		if r.Success {
			succeeded++
			if b.opts.IncludeEntities && r.entity != nil {
				var viewErr error
				if r.Entity, viewErr = view(b.env, r.entity, b.opts.Fields, false); viewErr != nil {
					return nil, viewErr
				}
			}
		}
	}
	out := map[string]any{
		"results": b.results,
		"summary": map[string]int{"total": len(b.results), "succeeded": succeeded, "failed": len(b.results) - succeeded},
	}
	if b.opts.DryRun {
		out["dry_run"] = true
	}
	if b.canvasErr != "" {
		out["canvas_error"] = b.canvasErr
	}
	if rolledBack {
		out["rolled_back"] = true
		out["error"] = pc.AsError(err)
	}
	return out, nil
}

func rollbackReason(failed int, err error) string {
	if failed > 0 {
		return fmt.Sprintf("the batch is atomic and op %d failed", failed)
	}
	return "writing the batch failed: " + pc.AsError(err).Message
}

type handleEntitiesArgs struct {
	Action  string       `json:"action" schema:"enum=get|batch"`
	IDs     []string     `json:"ids,omitempty" schema:"maxItems=200"`
	Fields  []string     `json:"fields,omitempty" schema:"maxItems=100"`
	Ops     []batchOp    `json:"ops,omitempty" schema:"maxItems=1000"`
	Options batchOptions `json:"options,omitzero"`
}

func handleEntities(ctx context.Context, env *Env, a handleEntitiesArgs) (map[string]any, error) {
	switch a.Action {
	case "get":
		if a.IDs == nil {
			return nil, pc.Errorf(pc.CodeMissingField, "ids is required for action get").With("field", "ids")
		}
		return getEntities(ctx, env, getManyArgs{IDs: a.IDs, Fields: a.Fields})
	case "batch":
		if a.Ops == nil {
			return nil, pc.Errorf(pc.CodeMissingField, "ops is required for action batch").With("field", "ops")
		}
		return batchUpdate(ctx, env, batchArgs{Ops: a.Ops, Options: a.Options})
	}
	return nil, pc.Errorf(pc.CodeInvalidArgument, "action %q is not valid (want get or batch)", a.Action).With("field", "action")
}
