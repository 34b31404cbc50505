package tools

import (
	"context"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
)

// search_docs and msrl_status answer from the document search engine of
// package docsearch.

func registerDocSearchTools(r *Registry) {
	Register(r, "search_docs", "Hybrid search (0.75 vector + 0.25 BM25) over every markdown file, by section; "+
		"start_char/end_char count Unicode characters.",
		Annotations{ReadOnly: true, Idempotent: true}, searchDocs)
	Register(r, "msrl_status", "State of the document search index: snapshot_id, counts, watcher.",
		Annotations{ReadOnly: true, Idempotent: true}, msrlStatus)
}

type searchDocsFilters struct {
	DocURIPrefix        string   `json:"doc_uri_prefix,omitempty" jsonschema:"Documents whose vault path starts with this."`
	DocURIs             []string `json:"doc_uris,omitempty" jsonschema:"Only these documents (vault paths)." schema:"maxItems=1000"`
	HeadingPathContains string   `json:"heading_path_contains,omitempty" jsonschema:"Sections whose heading path contains this (any case)."`
}

type searchDocsArgs struct {
	Query           string            `json:"query" jsonschema:"What to look for, in words." schema:"minLength=1,maxLength=4000"`
	TopK            int               `json:"top_k,omitempty" schema:"default=8,minimum=1,cap=50"`
	MaxExcerptChars int               `json:"max_excerpt_chars,omitempty" schema:"default=4000,minimum=1,cap=20000"`
	Filters         searchDocsFilters `json:"filters,omitzero"`
	IncludeScores   bool              `json:"include_scores,omitempty" jsonschema:"Add vector_score, bm25_score and hybrid_score." schema:"default=false"`
}

type docHit struct {
	DocURI      string   `json:"doc_uri"`
	HeadingPath string   `json:"heading_path"`
	Excerpt     string   `json:"excerpt"`
	StartChar   int      `json:"start_char"`
	EndChar     int      `json:"end_char"`
	VectorScore *float64 `json:"vector_score,omitempty"`
	BM25Score   *float64 `json:"bm25_score,omitempty"`
	HybridScore *float64 `json:"hybrid_score,omitempty"`
}

type searchDocsResult struct {
	Results []docHit `json:"results"`
	Count   int      `json:"count"`
	TookMS  float64  `json:"took_ms"`
	// Degraded says why vectors were not used, when they were not.
	Degraded string `json:"degraded,omitempty"`
	// CorrectedQuery is the query as searched when the spelling
	// correction changed a word the vault does not hold (extra).
	CorrectedQuery string `json:"corrected_query,omitempty"`
}

func searchDocs(ctx context.Context, env *Env, a searchDocsArgs) (searchDocsResult, error) {
	start := time.Now()
	eng, err := docIndex(ctx, env)
	if err != nil {
		return searchDocsResult{}, err
	}
	hits, err := eng.SearchHits(ctx, docsearch.Query{Text: a.Query, TopK: a.TopK, MaxExcerptChars: a.MaxExcerptChars,
		DocPrefix: a.Filters.DocURIPrefix, Docs: a.Filters.DocURIs, HeadingContains: a.Filters.HeadingPathContains})
	if err != nil {
		return searchDocsResult{}, err
	}
	rs := hits.Results
	out := searchDocsResult{Results: make([]docHit, len(rs)), Count: len(rs), CorrectedQuery: hits.Corrected}
	for i, r := range rs {
		h := docHit{DocURI: r.Doc, HeadingPath: r.HeadingPath, Excerpt: r.Excerpt, StartChar: r.StartChar, EndChar: r.EndChar}
		if a.IncludeScores {
			h.VectorScore, h.BM25Score, h.HybridScore = &r.VectorScore, &r.BM25Score, &r.HybridScore
		}
		out.Results[i] = h
	}
	if state, reason := eng.State(); state != docsearch.StateReady {
		out.Degraded = reason
	}
	out.TookMS = float64(time.Since(start).Microseconds()) / 1000
	return out, nil
}

// msrlStatusArgs: msrl_status takes no parameters.
type msrlStatusArgs struct{}

type msrlStats struct {
	DocCount   int `json:"doc_count"`
	NodeCount  int `json:"node_count"`
	LeafCount  int `json:"leaf_count"`
	ShardCount int `json:"shard_count"`
	// TruncatedDocs lists the files indexed only in part (their first
	// 4 MiB): extra, absent when none.
	TruncatedDocs []string `json:"truncated_docs,omitempty"`
	// SkippedDocs lists the files left out of the index because they
	// could not be read (a symbolic link out of the vault, say), each with
	// why: extra, absent when none.
	SkippedDocs []docsearch.Skipped `json:"skipped_docs,omitempty"`
}

type msrlWatcher struct {
	Active    bool    `json:"active"`
	LastEvent *string `json:"last_event"`
}

type msrlStatusResult struct {
	State      string      `json:"state"`
	SnapshotID string      `json:"snapshot_id"`
	Stats      msrlStats   `json:"stats"`
	Watcher    msrlWatcher `json:"watcher"`
	Reason     string      `json:"reason,omitempty"`
	Embedder   string      `json:"embedder"`
}

func msrlStatus(ctx context.Context, env *Env, _ msrlStatusArgs) (msrlStatusResult, error) {
	eng, err := docIndex(ctx, env)
	if err != nil {
		return msrlStatusResult{}, err
	}
	st := eng.Status()
	out := msrlStatusResult{State: st.State, SnapshotID: st.SnapshotID, Reason: st.Reason, Embedder: st.Embedder,
		Stats: msrlStats{DocCount: st.Docs, NodeCount: st.Nodes, LeafCount: st.Leaves, ShardCount: st.Shards,
			TruncatedDocs: st.Truncated, SkippedDocs: st.Skipped},
		Watcher: msrlWatcher{Active: st.Watching}}
	if !st.LastEvent.IsZero() {
		t := st.LastEvent.UTC().Format(time.RFC3339)
		out.Watcher.LastEvent = &t
	}
	return out, nil
}

// docIndex returns the host's search engine, or, when the host has none,
// one built for this call from the vault (without writing a cache).
func docIndex(ctx context.Context, env *Env) (*docsearch.Engine, error) {
	if env.Docs != nil {
		return env.Docs, nil
	}
	if env.Project == nil {
		return nil, pc.Errorf(pc.CodeInternal, "no vault")
	}
	embedder, err := env.Embeddings.Option(env.Transport)
	if err != nil {
		return nil, err
	}
	return docsearch.Open(ctx, env.Project.Files(), embedder, docsearch.WithCache(""))
}

// docChanged tells the search engine that a tool wrote a file.
func docChanged(ctx context.Context, env *Env, name string) {
	if env.Docs != nil {
		_ = env.Docs.Update(ctx, name) // a failed re-index shows in msrl_status; the write stands
	}
}

// EntityHit is an entity found by SemanticEntities: its best section's
// hybrid score and where that section is.
type EntityHit struct {
	Entity      *pc.Entity
	Score       float64
	HeadingPath string
}

// SemanticEntities ranks entities by hybrid search over their files (the
// semantic mode of search_entities): an entity scores as its best-scoring
// section. keep, when non-nil, restricts the entities searched (filters).
// At most limit hits are returned, best first.
func SemanticEntities(ctx context.Context, env *Env, query string, limit int, keep func(*pc.Entity) bool) ([]EntityHit, error) {
	eng, err := docIndex(ctx, env)
	if err != nil {
		return nil, err
	}
	byPath := map[string]*pc.Entity{}
	var paths []string
	for _, e := range env.Project.All() {
		if keep == nil || keep(e) {
			byPath[e.Path] = e
			paths = append(paths, e.Path)
		}
	}
	if len(paths) == 0 || limit <= 0 {
		return nil, nil
	}
	// Sections, not entities, are ranked: ask for enough to fill limit
	// entities of several sections each.
	rs, err := eng.Search(ctx, docsearch.Query{Text: query, TopK: min(limit*8, 2000), Docs: paths})
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []EntityHit
	for _, r := range rs {
		if seen[r.Doc] {
			continue
		}
		seen[r.Doc] = true
		out = append(out, EntityHit{Entity: byPath[r.Doc], Score: r.HybridScore, HeadingPath: r.HeadingPath})
		if len(out) == limit {
			break
		}
	}
	return out, nil
}
