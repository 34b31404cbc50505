package insight

import (
	"cmp"
	"slices"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Unassigned is the workstream name under which entities without one are
// counted, and the filter value that selects them.
const Unassigned = "unassigned"

// OverviewOptions selects the entities an overview counts. The zero value
// counts nothing completed and nothing archived; callers set the defaults
// they document.
type OverviewOptions struct {
	IncludeCompleted bool // Completed, Complete, Decided and Approved entities
	IncludeArchived  bool
	Workstream       string // normalized; "" for every workstream
	RecentLimit      int    // how many recent updates; <= 0 for none
}

// Overview is the result of Summarize. Every list is non-nil.
type Overview struct {
	Summary     Summary          `json:"summary"`
	Workstreams []WorkstreamStat `json:"workstreams"`
	Recent      []RecentUpdate   `json:"recent_updates"`
}

// Summary counts entities by type and by status. ByType holds every type,
// ByStatus only the statuses found.
type Summary struct {
	TotalEntities int            `json:"total_entities"`
	ByType        map[string]int `json:"by_type"`
	ByStatus      map[string]int `json:"by_status"`
}

// WorkstreamStat counts the entities of one workstream.
type WorkstreamStat struct {
	Name        string `json:"name"`
	EntityCount int    `json:"entity_count"`
	InProgress  int    `json:"in_progress"`
	Blocked     int    `json:"blocked"`
}

// RecentUpdate is one recently changed entity.
type RecentUpdate struct {
	ID        pc.ID     `json:"id"`
	Title     string    `json:"title"`
	Status    pc.Status `json:"status"`
	UpdatedAt string    `json:"updated_at"`
	at        time.Time
}

// Summarize counts the entities selected by opt and lists the most recently
// updated ones, newest first (ties by id). Entities with no readable
// updated_at or created_at have no place in that list.
func Summarize(entities []*pc.Entity, opt OverviewOptions) Overview {
	// One map update per entity, keyed by everything the counts need, then
	// sums over the few distinct keys: hashing three short strings once is
	// cheaper than updating three tables per entity on a large vault.
	buckets := map[bucket]int{}
	recent := newTopK(opt.RecentLimit)
	for _, e := range entities {
		if opt.selects(e) {
			buckets[bucket{e.Type, e.Status, e.Workstream}]++
			recent.offer(e)
		}
	}
	return Overview{Summary: summarize(buckets), Workstreams: workstreams(buckets), Recent: recent.list()}
}

// bucket is one combination of the values an overview counts by.
type bucket struct {
	typ        pc.Type
	status     pc.Status
	workstream string
}

func summarize(buckets map[bucket]int) Summary {
	sum := Summary{ByType: make(map[string]int, len(pc.Types)), ByStatus: map[string]int{}}
	for _, t := range pc.Types {
		sum.ByType[string(t)] = 0
	}
	for b, n := range buckets {
		sum.TotalEntities += n
		sum.ByType[string(b.typ)] += n
		sum.ByStatus[string(b.status)] += n
	}
	return sum
}

func workstreams(buckets map[bucket]int) []WorkstreamStat {
	streams := map[string]*WorkstreamStat{}
	for b, n := range buckets {
		name := cmp.Or(b.workstream, Unassigned)
		st := streams[name]
		if st == nil {
			st = &WorkstreamStat{Name: name}
			streams[name] = st
		}
		st.EntityCount += n
		switch b.status {
		case pc.InProgress:
			st.InProgress += n
		case pc.Blocked:
			st.Blocked += n
		}
	}
	// Sort the names, not the stats: strings share the sort the rest of the
	// program instantiates, a struct would add its own to the WebAssembly.
	names := make([]string, 0, len(streams))
	for name := range streams {
		names = append(names, name)
	}
	slices.Sort(names)
	out := make([]WorkstreamStat, len(names))
	for i, name := range names {
		out[i] = *streams[name]
	}
	return out
}

func (opt OverviewOptions) selects(e *pc.Entity) bool {
	return (opt.IncludeArchived || !e.Archived) &&
		(opt.IncludeCompleted || !isCompleted(e.Status)) &&
		inWorkstream(e, opt.Workstream)
}

// topK keeps the k newest updates seen so far, newest first. A bounded
// insertion beats sorting every entity: k is small (at most a page) and
// most entities are older than the k-th newest, so they cost a compare.
type topK struct {
	k     int
	items []RecentUpdate
}

func newTopK(k int) *topK { return &topK{k: max(k, 0), items: make([]RecentUpdate, 0, max(k, 0))} }

// newer orders updates newest first, then by id.
func newer(a, b RecentUpdate) int {
	if c := b.at.Compare(a.at); c != 0 {
		return c
	}
	return compareIDs(a.ID, b.ID)
}

func (t *topK) offer(e *pc.Entity) {
	if t.k == 0 {
		return
	}
	stamp := lastUpdated(e)
	if len(t.items) == t.k && olderUTC(stamp, t.items[t.k-1].UpdatedAt) {
		return
	}
	at, ok := parseTime(stamp)
	if !ok {
		return
	}
	u := RecentUpdate{ID: e.ID, Title: e.Title, Status: e.Status, UpdatedAt: stamp, at: at}
	if len(t.items) == t.k && newer(u, t.items[t.k-1]) >= 0 {
		return
	}
	// Replace the oldest (or append) and move up: as cheap as a binary
	// search and an insert for a small k, and no generic code for
	// RecentUpdate in the WebAssembly.
	if len(t.items) == t.k {
		t.items[t.k-1] = u
	} else {
		t.items = append(t.items, u)
	}
	for i := len(t.items) - 1; i > 0 && newer(t.items[i], t.items[i-1]) < 0; i-- {
		t.items[i], t.items[i-1] = t.items[i-1], t.items[i]
	}
}

func (t *topK) list() []RecentUpdate { return t.items }

// olderUTC reports whether a is strictly older than b when both are written
// the way the project writes them (RFC 3339 in UTC, whole seconds), where
// text order is time order. It spares parsing the timestamps of most
// entities; any other shape answers false and is parsed.
func olderUTC(a, b string) bool {
	return isUTCStamp(a) && isUTCStamp(b) && a < b
}

func isUTCStamp(s string) bool {
	return len(s) == len("2006-01-02T15:04:05Z") && s[10] == 'T' && s[19] == 'Z'
}
