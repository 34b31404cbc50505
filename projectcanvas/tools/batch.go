package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// MaxBatch is the most operations one batch may hold.
const MaxBatch = 1000

// clientLedger remembers which entity each batch client_id created, so that
// a client retrying a batch (after a timeout, say) does not create twice.
const clientLedger = ".projectcanvas/batch_clients.json"

// ledgerLimit bounds the ledger; the oldest entries are dropped first.
const ledgerLimit = 10_000

func registerBatchTools(r *Registry) {
	r.Add(&Tool{
		Name: "batch_update",
		Description: "Create, update and archive many entities in one call. Give each op a client_id and refer to entities created earlier " +
			"in the batch as \"{{client_id}}\" wherever an id goes. Retrying a batch never creates twice. options: atomic, dry_run, include_entities, fields.",
		InputSchema: object([]string{"ops"}, batchProps()...),
		Handler:     batchUpdate,
	})
	r.Add(&Tool{
		Name:        "handle_entities",
		Description: "Bulk tool: action get (ids, fields) fetches several entities; action batch (ops, options) works like batch_update.",
		InputSchema: object([]string{"action"}, append(batchProps(),
			enum("action", "What to do.", "get", "batch"),
			strings_("ids", "Entity ids (get)."),
			strings_("fields", "Fields to return (get)."))...),
		Handler: handleEntities,
	})
}

func batchProps() []prop {
	op := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"op":        map[string]any{"type": "string", "enum": []string{"create", "update", "archive"}},
			"client_id": map[string]any{"type": "string", "description": "Your name for this op; others refer to it as {{client_id}}."},
			"type":      map[string]any{"type": "string", "enum": entityTypes, "description": "Entity type (create)."},
			"id":        map[string]any{"type": "string", "description": "Entity id or {{client_id}} (update, archive)."},
			"payload":   map[string]any{"type": "object", "description": "Fields (create, update); update also takes status, cascade, add_dependencies, remove_dependencies, archived; archive takes cascade."},
		},
		"required": []string{"op"},
	}
	return []prop{
		{"ops", map[string]any{"type": "array", "items": op, "maxItems": MaxBatch, "description": "Operations, run in order."}},
		withProps("options", "Batch options.",
			boolean("atomic", "All or nothing (default false: failed ops are reported, the rest apply)."),
			boolean("dry_run", "Validate and show the ids that would be assigned; write nothing."),
			boolean("include_entities", "Return each entity."),
			strings_("fields", "Entity fields to return with include_entities."),
			str("canvas_source", "Canvas to add created nodes to."),
			boolean("add_to_canvas", "Add created entities to the canvas.")),
	}
}

type batchOp struct {
	Op       string         `json:"op"`
	ClientID string         `json:"client_id"`
	Type     string         `json:"type"`
	ID       string         `json:"id"`
	Payload  map[string]any `json:"payload"`
}

type batchOptions struct {
	Atomic          bool     `json:"atomic"`
	DryRun          bool     `json:"dry_run"`
	IncludeEntities bool     `json:"include_entities"`
	Fields          []string `json:"fields"`
	CanvasSource    string   `json:"canvas_source"`
	AddToCanvas     *bool    `json:"add_to_canvas"`
}

type batchArgs struct {
	Ops     []batchOp    `json:"ops"`
	Options batchOptions `json:"options"`
}

type opResult struct {
	Op         string         `json:"op"`
	ClientID   string         `json:"client_id,omitempty"`
	Success    bool           `json:"success"`
	ID         string         `json:"id,omitempty"`
	Message    string         `json:"message"`
	Error      *pc.Error      `json:"error,omitempty"`
	Idempotent bool           `json:"idempotent,omitempty"`
	Entity     map[string]any `json:"entity,omitempty"`

	entity *pc.Entity
}

type ledgerEntry struct {
	ID   string `json:"id"`
	Hash string `json:"hash"`
	At   string `json:"at"`
}

func batchUpdate(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a batchArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	return runBatch(env, a)
}

func runBatch(env *Env, a batchArgs) (map[string]any, error) {
	if a.Ops == nil {
		return nil, pc.Errorf(pc.CodeMissingField, "ops is required").With("field", "ops")
	}
	if len(a.Ops) > MaxBatch {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "a batch holds at most %d ops, got %d; split it", MaxBatch, len(a.Ops)).With("field", "ops")
	}
	b := &batch{env: env, opts: a.Options, refs: map[string]string{}, results: make([]opResult, len(a.Ops))}
	run := func(tx *pc.Tx) error { return b.run(tx, a.Ops) }
	var err error
	if a.Options.DryRun {
		err = env.Project.Plan(run)
	} else {
		_, err = env.Project.Write(run)
	}
	return b.report(err)
}

type batch struct {
	env     *Env
	opts    batchOptions
	refs    map[string]string // client_id -> entity id, for {{client_id}}
	ledger  map[string]ledgerEntry
	results []opResult
	failed  int // index of the op that failed an atomic batch, +1
}

func (b *batch) run(tx *pc.Tx, ops []batchOp) error {
	if err := b.readLedger(tx); err != nil {
		return err
	}
	for i, op := range ops {
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
	payload, err := b.resolve(op.Payload)
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
			return b.update(tx, id.(string), data, r)
		}
		return b.archive(tx, id.(string), data, r)
	case "":
		return pc.Errorf(pc.CodeMissingField, "op is required (create, update or archive)").With("field", "op")
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
		return pc.Errorf(pc.CodeMissingField, "payload is required for create (at least a title)").With("field", "payload")
	}
	e, err := tx.Create(t, data)
	if err != nil {
		return err
	}
	r.ID, r.Message, r.entity = string(e.ID), "created", e
	if op.ClientID != "" {
		b.refs[op.ClientID] = r.ID
		b.ledger[op.ClientID] = ledgerEntry{ID: r.ID, Hash: opHash(op), At: b.env.now().UTC().Format(time.RFC3339)}
	}
	return nil
}

// updateControls are the payload keys of an update that are not fields.
var updateControls = map[string]bool{"status": true, "cascade": true, "add_dependencies": true, "remove_dependencies": true, "archived": true}

func (b *batch) update(tx *pc.Tx, id string, payload map[string]any, r *opResult) error {
	var c pc.Change
	ctlKeys, data := splitKeys(payload, updateControls)
	c.Data = data
	controls, _ := json.Marshal(ctlKeys)
	var ctl struct {
		Status             string   `json:"status"`
		Cascade            bool     `json:"cascade"`
		AddDependencies    []string `json:"add_dependencies"`
		RemoveDependencies []string `json:"remove_dependencies"`
		Archived           *bool    `json:"archived"`
	}
	if err := decode(controls, &ctl); err != nil {
		return err
	}
	c.Status, c.Cascade, c.Archived = ctl.Status, ctl.Cascade, ctl.Archived
	c.AddDependencies, c.RemoveDependencies = ctl.AddDependencies, ctl.RemoveDependencies
	u, err := tx.Update(id, c)
	if err != nil {
		return err
	}
	r.ID, r.entity = string(u.Entity.ID), u.Entity
	r.Message = "updated " + strings.Join(u.Fields, ", ")
	if len(u.Fields) == 0 {
		r.Message = "nothing to change"
	}
	b.alias(r)
	return nil
}

func (b *batch) archive(tx *pc.Tx, id string, payload map[string]any, r *opResult) error {
	var opts struct {
		Cascade bool `json:"cascade"`
		Force   bool `json:"force"`
	}
	raw, _ := json.Marshal(payload)
	if err := decode(raw, &opts); err != nil {
		return err
	}
	archived, err := tx.Archive(id, opts.Cascade, opts.Force)
	if err != nil {
		return err
	}
	r.ID = archived[0].ID.String()
	r.entity = archived[0]
	r.Message = "archived 1 entity"
	if len(archived) > 1 {
		r.Message = fmt.Sprintf("archived %d entities", len(archived))
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

var refPattern = regexp.MustCompile(`^\{\{\s*([^{}]+?)\s*\}\}$`)

// resolve replaces every "{{client_id}}" string inside v by the id that
// client_id got earlier in the batch.
func (b *batch) resolve(v any) (any, error) {
	switch v := v.(type) {
	case string:
		m := refPattern.FindStringSubmatch(v)
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
	data, _ := json.Marshal([]any{op.Op, op.Type, op.Payload})
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
				r.Entity = r.entity.Map(b.opts.Fields...)
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

func handleEntities(ctx context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a struct {
		Action  string       `json:"action"`
		IDs     []string     `json:"ids"`
		Fields  []string     `json:"fields"`
		Ops     []batchOp    `json:"ops"`
		Options batchOptions `json:"options"`
	}
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	switch a.Action {
	case "get":
		if a.IDs == nil {
			return nil, pc.Errorf(pc.CodeMissingField, "ids is required for action get").With("field", "ids")
		}
		entities := []map[string]any{}
		notFound := []string{}
		for _, id := range a.IDs {
			e, err := env.Project.Get(id)
			if err != nil {
				notFound = append(notFound, id)
				continue
			}
			v, err := view(env, e, a.Fields, false)
			if err != nil {
				return nil, err
			}
			entities = append(entities, v)
		}
		return map[string]any{"entities": entities, "count": len(entities), "not_found": notFound}, nil
	case "batch":
		return runBatch(env, batchArgs{Ops: a.Ops, Options: a.Options})
	case "":
		return nil, pc.Errorf(pc.CodeMissingField, "action is required (get or batch)").With("field", "action")
	}
	return nil, pc.Errorf(pc.CodeInvalidArgument, "action %q is not valid (want get or batch)", a.Action).With("field", "action")
}
