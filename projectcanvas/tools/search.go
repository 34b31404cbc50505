package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/fulltext"
)

// search_entities has four modes: full-text (query), navigation (from_id +
// direction), list (filters only) and semantic (query + semantic).

var directions = []string{"parent", "children", "dependencies", "dependents", "documents", "decisions", "features", "siblings", "up", "down"}

var defaultSearchFields = []string{"id", "type", "title", "status", "workstream"}

func registerSearchTools(r *Registry) {
	r.Add(&Tool{
		Name: "search_entities",
		Description: "Find entities. Modes: full-text (query), navigate (from_id + direction: parent, children, dependencies, " +
			"dependents, documents, decisions, features, siblings), list (filters only), semantic (query + semantic). Archived entities are left out unless filters.archived.",
		InputSchema: object(nil,
			str("query", "Words to search titles and bodies for (BM25)."),
			boolean("semantic", "Semantic search over the vault's documents."),
			str("from_id", "Navigate from this entity."),
			enum("direction", "Which way to navigate.", directions...),
			integer("depth", "Levels to follow (parent, children, dependencies, dependents); 0 = all.", 0, 1),
			withProps("filters", "Narrow the results.",
				prop{"type", map[string]any{"type": []string{"string", "array"}, "items": map[string]any{"type": "string"}, "description": "Entity type(s)."}},
				prop{"status", map[string]any{"type": []string{"string", "array"}, "items": map[string]any{"type": "string"}, "description": "Status(es); aliases accepted."}},
				prop{"workstream", map[string]any{"type": []string{"string", "array"}, "items": map[string]any{"type": "string"}, "description": "Workstream(s)."}},
				boolean("archived", "Include archived entities.")),
			strings_("fields", "Fields of each result (default id, type, title, status, workstream)."),
			integer("max_items", "Page size (max 200).", 1, 20),
			str("continuation_token", "From the previous page."),
			str("since", "Only entities updated after this ISO 8601 time.")),
		Handler: searchEntities,
	})
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

type searchArgs struct {
	Query     string `json:"query"`
	Semantic  bool   `json:"semantic"`
	FromID    string `json:"from_id"`
	Direction string `json:"direction"`
	Depth     *int   `json:"depth"`
	Filters   struct {
		Type       stringOrList `json:"type"`
		Status     stringOrList `json:"status"`
		Workstream stringOrList `json:"workstream"`
		Archived   bool         `json:"archived"`
	} `json:"filters"`
	Fields            []string `json:"fields"`
	MaxItems          int      `json:"max_items"`
	ContinuationToken string   `json:"continuation_token"`
	Since             string   `json:"since"`
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
		t, err := parseTime(a.Since)
		if err != nil {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "since: %q is not an ISO 8601 time (e.g. 2026-11-01 or 2026-11-01T09:00:00Z)", a.Since).With("field", "since")
		}
		f.since = t
	}
	return f, nil
}

func parseTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, pc.Errorf(pc.CodeInvalidArgument, "not a time")
}

// keep reports whether e passes the filter.
func (f *filter) keep(e *pc.Entity) bool {
	if e.Archived && !f.archived || f.types != nil && !slices.Contains(f.types, e.Type) {
		return false
	}
	if f.workstream != nil && !slices.Contains(f.workstream, e.Workstream) {
		return false
	}
	if f.statuses != nil && !slices.Contains(f.statuses, typedStatus{e.Type, e.Status}) {
		return false
	}
	if !f.since.IsZero() {
		t, err := parseTime(lastUpdated(e))
		if err != nil || !t.After(f.since) {
			return false
		}
	}
	return true
}

func searchEntities(_ context.Context, env *Env, raw json.RawMessage) (any, error) {
	var a searchArgs
	if err := decode(raw, &a); err != nil {
		return nil, err
	}
	f, err := compileFilter(&a)
	if err != nil {
		return nil, err
	}
	fields := a.Fields
	if len(fields) == 0 {
		fields = defaultSearchFields
	}
	switch {
	case a.FromID != "" || a.Direction != "":
		return navigate(env, &a, f, fields)
	case a.Semantic:
		if a.Query == "" {
			return nil, pc.Errorf(pc.CodeMissingField, "semantic search needs a query").With("field", "query")
		}
		return nil, pc.Errorf(pc.CodeInvalidArgument, "semantic search is not enabled in this build; drop semantic for full-text search").With("field", "semantic")
	case a.Query != "":
		return fullText(env, &a, f, fields)
	}
	return list(env, &a, f, fields)
}

func list(env *Env, a *searchArgs, f *filter, fields []string) (any, error) {
	var matches []*pc.Entity
	for _, e := range env.Project.All() {
		if f.keep(e) {
			matches = append(matches, e)
		}
	}
	return pageOf(env, a, matches, nil, fields)
}

// maxTextHits bounds how many full-text hits are ranked; deeper pages than
// that are not useful to anyone.
const maxTextHits = 1000

func fullText(env *Env, a *searchArgs, f *filter, fields []string) (any, error) {
	hits := env.Project.SearchText(a.Query, maxTextHits, f.keep)
	matches := make([]*pc.Entity, len(hits))
	scores := make(map[pc.ID]float64, len(hits))
	for i, h := range hits {
		matches[i] = h.Entity
		scores[h.Entity.ID] = h.Score
	}
	return pageOf(env, a, matches, scores, fields)
}

// pageOf renders one page of matches. With scores (full-text), each result
// gets its score and a snippet around the first matching word.
func pageOf(env *Env, a *searchArgs, matches []*pc.Entity, scores map[pc.ID]float64, fields []string) (map[string]any, error) {
	pg, err := paginate(len(matches), a.MaxItems, a.ContinuationToken)
	if err != nil {
		return nil, err
	}
	results := make([]map[string]any, 0, pg.end-pg.start)
	for _, e := range matches[pg.start:pg.end] {
		r, err := view(env, e, fields, false)
		if err != nil {
			return nil, err
		}
		if scores != nil {
			r["score"] = scores[e.ID]
			r["snippet"] = snippet(env, e, a.Query)
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
