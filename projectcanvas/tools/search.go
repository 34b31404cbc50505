package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/projectcanvas/projectcanvas/fulltext"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/insight"
)

// search_entities has four modes: full-text (query), navigation (from_id +
// direction), list (filters only) and semantic (query + semantic). Every
// result carries a numeric score: BM25 in full-text, the hybrid score
// (0 to 1) in semantic, 1/depth in navigation, 1 in list.

var defaultSearchFields = []string{"id", "type", "title", "status", "workstream"}

func registerSearchTools(r *Registry) {
	Register(r, "search_entities",
		"Find entities: full-text (query), navigation (from_id + direction), list (filters only), semantic (query + semantic).",
		Annotations{ReadOnly: true, Idempotent: true}, searchEntities)
}

// stringOrList accepts "x" or ["x", "y"].
type stringOrList []string

func (s *stringOrList) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*s = []string{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return pc.Errorf(pc.CodeInvalidArgument, "filters: want a string or a list of strings")
	}
	*s = many
	return nil
}

type searchFilters struct {
	Type       stringOrList `json:"type,omitempty" schema:"maxItems=6"`
	Status     stringOrList `json:"status,omitempty" jsonschema:"Statuses; aliases accepted." schema:"maxItems=50"`
	Workstream stringOrList `json:"workstream,omitempty" schema:"maxItems=50"`
	Archived   bool         `json:"archived,omitempty" jsonschema:"Include archived entities." schema:"default=false"`
	Ready      bool         `json:"ready,omitempty" jsonschema:"Only work that can start, in ready order." schema:"default=false"`
}

type searchArgs struct {
	Query             string        `json:"query,omitempty"`
	Semantic          bool          `json:"semantic,omitempty" schema:"default=false"`
	FromID            string        `json:"from_id,omitempty"`
	Direction         string        `json:"direction,omitempty"`
	Depth             int           `json:"depth,omitempty" jsonschema:"Levels to follow; 0: all." schema:"default=1,minimum=0,cap=1000"`
	Filters           searchFilters `json:"filters,omitzero"`
	Fields            []string      `json:"fields,omitempty" jsonschema:"Default id, type, title, status, workstream." schema:"maxItems=100"`
	MaxItems          int           `json:"max_items,omitempty" schema:"default=20,minimum=1,cap=200"`
	ContinuationToken string        `json:"continuation_token,omitempty"`
	Since             string        `json:"since,omitempty" jsonschema:"ISO 8601; only entities updated after it."`
}

// filter is the compiled form of filters and since. Filters hold a handful
// of values, so they are slices: a linear scan beats hashing at that size,
// and keep runs once per entity of the vault.
type filter struct {
	types      []pc.Type     // nil: any type
	statuses   []typedStatus // nil: any status
	workstream []string      // nil: any workstream
	archived   bool
	since      time.Time
	ready      map[pc.ID]bool // filters.ready; nil: no filter
	readyIDs   []pc.ID        // the same, in the ready order
}

type typedStatus struct {
	t pc.Type
	s pc.Status
}

func compileFilter(a *searchArgs) (*filter, error) {
	f := &filter{archived: a.Filters.Archived}
	for _, s := range a.Filters.Type {
		t, err := pc.ParseType(s)
		if err != nil {
			return nil, pc.AsError(err).With("field", "filters.type")
		}
		if !slices.Contains(f.types, t) {
			f.types = append(f.types, t)
		}
	}
	for _, s := range a.Filters.Status {
		found := false
		for _, t := range pc.Types {
			if st, err := pc.ParseStatus(t, s); err == nil && (f.types == nil || slices.Contains(f.types, t)) {
				f.statuses, found = append(f.statuses, typedStatus{t, st}), true
			}
		}
		if !found {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "filters.status: %q is not a status of the filtered types", s).With("field", "filters.status")
		}
	}
	for _, w := range a.Filters.Workstream {
		f.workstream = append(f.workstream, pc.NormalizeWorkstream(w))
	}
	if a.Since != "" {
		t, ok := pc.ParseTime(a.Since)
		if !ok {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "since: %q is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:00:00Z)", a.Since).With("field", "since")
		}
		f.since = t
	}
	return f, nil
}

// keep reports whether e passes the filter.
func (f *filter) keep(e *pc.Entity) bool {
	if e.Archived && !f.archived || f.types != nil && !slices.Contains(f.types, e.Type) {
		return false
	}
	if f.workstream != nil && !slices.Contains(f.workstream, e.Workstream) {
		return false
	}
	if f.ready != nil && !f.ready[e.ID] {
		return false
	}
	if f.statuses != nil && !slices.Contains(f.statuses, typedStatus{e.Type, e.Status}) {
		return false
	}
	if !f.since.IsZero() {
		t, ok := pc.ParseTime(e.LastUpdated())
		if !ok || !t.After(f.since) {
			return false
		}
	}
	return true
}

func searchEntities(ctx context.Context, env *Env, a searchArgs) (map[string]any, error) {
	f, err := compileFilter(&a)
	if err != nil {
		return nil, err
	}
	if a.Filters.Ready {
		f.setReady(env)
	}
	fields := a.Fields
	if len(fields) == 0 {
		fields = defaultSearchFields
	}
	switch {
	case a.FromID != "" || a.Direction != "":
		return navigate(ctx, env, &a, f, fields)
	case a.Semantic:
		if a.Query == "" {
			return nil, pc.Errorf(pc.CodeMissingField, "semantic search needs a query").With("field", "query")
		}
		return semantic(ctx, env, &a, f, fields)
	case a.Query != "":
		return fullText(ctx, env, &a, f, fields)
	}
	return list(ctx, env, &a, f, fields)
}

// scored is a match and its score.
type scored struct {
	e     *pc.Entity
	score float64
}

func list(ctx context.Context, env *Env, a *searchArgs, f *filter, fields []string) (map[string]any, error) {
	var matches []scored
	if f.ready != nil {
		// In the ready order, the other filters applied.
		g := env.Project.Graph()
		for _, id := range f.readyIDs {
			if e := g.Entity(id); e != nil && f.keep(e) {
				matches = append(matches, scored{e, 1})
			}
		}
		return pageOf(ctx, env, a, matches, fields, false)
	}
	for _, e := range env.Project.All() {
		if f.keep(e) {
			matches = append(matches, scored{e, 1})
		}
	}
	return pageOf(ctx, env, a, matches, fields, false)
}

// setReady narrows the filter to the work ready to start (insight.Ready over
// every workstream: filters.workstream narrows it like any list), in the
// order analyze_project_state lists it.
func (f *filter) setReady(env *Env) {
	items, _ := insight.Ready(env.Project.All(), "")
	f.ready = make(map[pc.ID]bool, len(items))
	f.readyIDs = make([]pc.ID, len(items))
	for i, r := range items {
		f.ready[r.ID], f.readyIDs[i] = true, r.ID
	}
}

// maxTextHits bounds how many full-text hits are ranked; deeper pages than
// that are not useful to anyone.
const maxTextHits = 1000

// An exact id or title, or one they start with, ranks first, as
// search-entity-on-canvas ranks it (assist.Ranker, the one rule for a
// person's query); then the full-text hits; then, when full text found
// fewer than typoFloor entities, the titles within a few typos or a
// swapped pair of letters ("logn", "lgoin" for login), nearer first.
func fullText(ctx context.Context, env *Env, a *searchArgs, f *filter, fields []string) (map[string]any, error) {
	hits := env.Project.SearchText(a.Query, maxTextHits, f.keep)
	ranker := entityRanker(env.Project)
	first := ranker.RankPrefixes(a.Query, maxTextHits)
	var more []assist.Match
	if len(hits) < typoFloor {
		more = ranker.Rank(a.Query, maxTextHits)
	}
	return pageOf(ctx, env, a, mergeMatches(env.Project.Graph(), f.keep, first, hits, more), fields, true)
}

// typoFloor is how few full-text hits make search_entities look for typos
// too: a query that found its entities needs none, and the typo pass over
// every title costs more than the full-text search.
const typoFloor = 10

// mergeMatches orders the matches of a full-text query: first (exact and
// prefix matches), then the full-text hits (which keep has filtered
// already), then more (typos and substrings), each entity once and only
// those keep keeps. Scores fall along the order: first's lie above the
// best full-text score, more's below the worst. more is only looked for
// when the hits are few, so only first needs a set.
func mergeMatches(g *pc.Graph, keep func(*pc.Entity) bool, first []assist.Match, hits []pc.TextHit, more []assist.Match) []scored {
	out := make([]scored, 0, len(first)+len(hits)+len(more))
	top, bottom := 1.0, 1.0
	if len(hits) > 0 {
		top, bottom = hits[0].Score, hits[len(hits)-1].Score
	}
	placed := make(map[pc.ID]bool, len(first)+len(more))
	for i, m := range first {
		if e := g.Entity(m.ID); e != nil && !placed[e.ID] && (keep == nil || keep(e)) {
			placed[e.ID] = true
			out = append(out, scored{e, top + float64(len(first)-i)})
		}
	}
	for _, h := range hits {
		if len(placed) == 0 || !placed[h.Entity.ID] {
			out = append(out, scored{h.Entity, h.Score})
		}
	}
	for i, m := range more {
		e := g.Entity(m.ID)
		if e == nil || placed[e.ID] || (keep != nil && !keep(e)) || slices.ContainsFunc(hits, func(h pc.TextHit) bool { return h.Entity.ID == e.ID }) {
			continue
		}
		placed[e.ID] = true
		out = append(out, scored{e, bottom / float64(2+i)})
	}
	return out
}

// rankers keeps the ranker of the last entity graph searched: built once
// per state of the index (Project.Graph is), so a query compares bytes
// only.
var rankers struct {
	sync.Mutex
	graph  *pc.Graph
	ranker *assist.Ranker
}

func entityRanker(p *pc.Project) *assist.Ranker {
	g := p.Graph()
	rankers.Lock()
	defer rankers.Unlock()
	if rankers.graph != g {
		rankers.graph, rankers.ranker = g, assist.NewRanker(g.All())
	}
	return rankers.ranker
}

// semantic ranks entities by hybrid search over their files (0.75 vector +
// 0.25 BM25, package docsearch): it finds misspelt and inflected words
// that full-text search misses. An entity scores as its best section; the
// filters choose the entities searched. Entities that score 0 (the
// furthest from the query) are left out.
func semantic(ctx context.Context, env *Env, a *searchArgs, f *filter, fields []string) (map[string]any, error) {
	hits, err := SemanticEntities(ctx, env, a.Query, maxTextHits, f.keep)
	if err != nil {
		return nil, err
	}
	matches := make([]scored, 0, len(hits))
	for _, h := range hits {
		if h.Score > 0 {
			matches = append(matches, scored{h.Entity, h.Score})
		}
	}
	return pageOf(ctx, env, a, matches, fields, true)
}

// pageOf renders one page of matches, each with its score; full-text
// results also get a snippet around the first matching word.
func pageOf(ctx context.Context, env *Env, a *searchArgs, matches []scored, fields []string, snippets bool) (map[string]any, error) {
	pg, err := paginate(len(matches), a.MaxItems, a.ContinuationToken)
	if err != nil {
		return nil, err
	}
	results := make([]map[string]any, 0, pg.end-pg.start)
	for _, m := range matches[pg.start:pg.end] {
		if err := ctx.Err(); err != nil {
			return nil, cancelled(err)
		}
		r, err := view(env, m.e, fields, false)
		if err != nil {
			return nil, err
		}
		r["score"] = m.score
		if snippets {
			r["snippet"] = snippet(env, m.e, a.Query)
		}
		results = append(results, r)
	}
	out := map[string]any{"results": results, "count": len(results), "total_count": pg.total}
	pg.report(out)
	return out, nil
}

// snippet is up to 200 characters of the body around the first match.
func snippet(env *Env, e *pc.Entity, query string) string {
	body, err := env.Project.Content(e.ID)
	if err != nil || body == "" {
		return ""
	}
	start, _, ok := fulltext.FirstMatch(body, query)
	if !ok {
		start = 0
	}
	from := max(0, start-60)
	for from > 0 && from < len(body) && (body[from]&0xC0) == 0x80 {
		from-- // not in the middle of a UTF-8 sequence
	}
	text := body[from:]
	if len(text) > 200 {
		cut := 200
		for cut > 0 && (text[cut]&0xC0) == 0x80 {
			cut--
		}
		text = text[:cut] + "…"
	}
	if from > 0 {
		text = "…" + text
	}
	return strings.Join(strings.Fields(text), " ")
}
