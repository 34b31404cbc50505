package extsync

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// Options configures a Syncer.
type Options struct {
	Client *notion.Client
	Config Config // DatabaseID is required
	// TokenSource says where the token came from ("$PROJECTCANVAS_NOTION_TOKEN",
	// "the plugin's access token"), for the message when Notion refuses it.
	TokenSource string
	// Workers is how many requests may be under way at once (default 3:
	// with Notion's latency, fewer cannot keep up with its rate).
	Workers int
	// Deadline bounds one run (default DefaultDeadline): past it the run
	// stops, keeps what it did, and says what is left for the next one.
	Deadline time.Duration
}

// errDeadline is the cause of a run's end at its deadline.
var errDeadline = errors.New("the run's deadline")

// DefaultDeadline is how long a run may take unless Options.Deadline says
// otherwise: a first sync of thousands of entities at Notion's three
// requests a second fits, and a server that never ends a run does not
// hold the editor's sync for longer.
const DefaultDeadline = 10 * time.Minute

// Syncer syncs a project's entities with a Notion database.
type Syncer struct {
	p       *pc.Project
	c       *notion.Client
	cfg     Config
	m       *Mapping
	db      string
	tokenOf string
	workers int
	// deadline bounds a run (Options.Deadline).
	deadline time.Duration

	mu sync.Mutex // guards the state and summary while workers push
}

// New checks the options and returns a Syncer.
func New(p *pc.Project, o Options) (*Syncer, error) {
	m, err := NewMapping(o.Config)
	if err != nil {
		return nil, err
	}
	db, err := NormalizeID(o.Config.DatabaseID)
	if err != nil {
		return nil, err
	}
	if o.Client == nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "no Notion client")
	}
	s := &Syncer{p: p, c: o.Client, cfg: o.Config, m: m, db: db, tokenOf: o.TokenSource, workers: o.Workers}
	if s.tokenOf == "" {
		s.tokenOf = "the Notion integration token"
	}
	if s.workers <= 0 {
		s.workers = 3
	}
	s.deadline = o.Deadline
	if s.deadline <= 0 {
		s.deadline = DefaultDeadline
	}
	return s, nil
}

// Compiled on first use (sync.OnceValue), not at start-up: the editor's
// core runs every package's initialization as it starts.
var hexID = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`([0-9a-fA-F]{8})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{4})-?([0-9a-fA-F]{12})(?:[^0-9a-fA-F]|$)`)
})

// NormalizeID reads a Notion id in any of the shapes people paste: with or
// without dashes, or a page URL ending in it.
func NormalizeID(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", pc.Errorf(pc.CodeInvalidArgument, "no Notion database id: pass --database ID or set notion.database_id in %s", pc.ConfigPath).With("field", "database_id")
	}
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	all := hexID().FindAllStringSubmatch(s, -1)
	if len(all) == 0 {
		return "", pc.Errorf(pc.CodeInvalidArgument, "%q is not a Notion database id (32 hexadecimal digits, as in the database's URL)", pc.Echo(s)).With("field", "database_id")
	}
	m := all[len(all)-1]
	return strings.ToLower(strings.Join(m[1:6], "-")), nil
}

// Summary is what a run did.
type Summary struct {
	Created       int              `json:"created"`
	UpdatedRemote int              `json:"updated_remote"`
	UpdatedLocal  int              `json:"updated_local"`
	Trashed       int              `json:"trashed"`
	Restored      int              `json:"restored"`
	Unchanged     int              `json:"unchanged"`
	Conflicts     []ConflictReport `json:"conflicts"`
	Resolved      []pc.ID          `json:"resolved,omitempty"`
	// TrashedInNotion lists entities whose page someone put in the trash:
	// their notes are kept, and not synced until the page is restored.
	TrashedInNotion []pc.ID `json:"trashed_in_notion,omitempty"`
	Duplicates      []pc.ID `json:"duplicates,omitempty"`
	// TitlesFolded lists entities whose title came from Notion with line
	// breaks, written into the note as one line (breaks become spaces).
	TitlesFolded    []pc.ID   `json:"titles_folded,omitempty"`
	PropertiesAdded []string  `json:"properties_added,omitempty"`
	Failed          []Failure `json:"failed,omitempty"`
	Requests        int64     `json:"requests"`
}

// ConflictReport is an entity changed on both sides since the last sync.
type ConflictReport struct {
	ID     pc.ID   `json:"id"`
	Fields []Field `json:"fields"`
	Note   string  `json:"note"`
}

// Failure is an entity the run could not sync; the next run tries again.
type Failure struct {
	ID      pc.ID   `json:"id"`
	Code    pc.Code `json:"code"`
	Message string  `json:"message"`
}

// Run syncs every entity of the project.
func (s *Syncer) Run(ctx context.Context) (*Summary, error) { return s.run(ctx, nil) }

// RunOnly syncs the given entities (a canvas's, one note's).
func (s *Syncer) RunOnly(ctx context.Context, ids []pc.ID) (*Summary, error) {
	if ids == nil {
		ids = []pc.ID{}
	}
	return s.run(ctx, ids)
}

// run is one sync: the base, the schema, the pages, then per entity what
// changed on which side, pulls written to the vault in one transaction,
// pushes sent to Notion by the workers, and the new base.
func (s *Syncer) run(ctx context.Context, only []pc.ID) (sum *Summary, err error) {
	start := s.c.Requests()
	sum = &Summary{Conflicts: []ConflictReport{}}
	ctx, cancel := context.WithTimeoutCause(ctx, s.deadline, errDeadline)
	defer cancel()
	defer func() {
		sum.Requests = s.c.Requests() - start
		if context.Cause(ctx) == errDeadline {
			err = pc.Errorf(pc.CodeInternal, "the sync stopped at its deadline (%v; --deadline sets another) after %d requests: "+
				"what it did is kept, and %d entities in \"failed\" are left for the next run", s.deadline, sum.Requests, len(sum.Failed)).
				With("retryable", true).With("left", len(sum.Failed))
		}
	}()
	st, bad, err := readState(s.p.Files())
	if err != nil {
		return sum, err
	}
	sum.Failed = append(sum.Failed, bad...)
	if st.DatabaseID != s.db {
		st = &state{Version: stateVersion, DatabaseID: s.db, Entities: map[pc.ID]*entry{}}
	}
	if err := s.schema(ctx, st, sum); err != nil {
		return sum, err
	}
	r := &run{s: s, st: st, sum: sum, pageOf: map[pc.ID][]*notion.Page{}, entityOf: map[string]pc.ID{}, badEntity: map[pc.ID]string{}}
	entities, err := s.scope(only)
	if err != nil {
		return sum, err
	}
	if err := r.fetch(ctx, entities, only != nil); err != nil {
		return sum, s.explain(err)
	}
	items, err := r.plan(ctx, entities)
	if err != nil {
		return sum, s.explain(err)
	}
	if err := r.pull(items); err != nil {
		return sum, err
	}
	err = r.push(ctx, items)
	if serr := r.save(); serr != nil && err == nil {
		err = serr
	}
	return sum, s.explain(err)
}

// scope is the entities a run covers, in creation order: parents before
// children, so that a new page's parent has a page already.
func (s *Syncer) scope(only []pc.ID) ([]*pc.Entity, error) {
	var out []*pc.Entity
	if only == nil {
		out = slices.Clone(s.p.All())
	} else {
		for _, id := range only {
			e, err := s.p.Get(string(id))
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b *pc.Entity) int { return depth(a.Type) - depth(b.Type) })
	return out, nil
}

func depth(t pc.Type) int {
	switch t {
	case pc.Milestone:
		return 0
	case pc.Story:
		return 1
	case pc.Task:
		return 2
	}
	return 3
}

// explain turns Notion's refusals of the token or the database into what
// to fix.
func (s *Syncer) explain(err error) error {
	if err == nil {
		return nil
	}
	e := pc.AsError(err)
	switch {
	case e.Code == pc.CodeUnauthorized:
		return pc.Errorf(pc.CodeUnauthorized, "Notion refused %s (401 %s): check that it is the integration's current secret", s.tokenOf, notion.ErrorCode(err)).With("notion_code", notion.ErrorCode(err))
	case e.Code == pc.CodeNotFound && notion.ErrorCode(err) == "object_not_found" && strings.Contains(e.Message, "/v1/databases/"):
		return pc.Errorf(pc.CodeNotFound, "Notion has no database %s that this integration can see: check the id, and share the database with the integration (in Notion: the database's ... menu > Connections > add it)", s.db).With("database_id", s.db)
	}
	return err
}

// Command is the editor commands' sync (package commands calls it):
// the given entities with the given database (else the vault's config),
// over the host's transport, with a token the editor keeps in its own
// settings. It returns the notice for the editor and the summary.
func Command(ctx context.Context, p *pc.Project, t pc.Transport, token, database, apiURL string, only []pc.ID) (string, *Summary, error) {
	cfg, err := ReadConfig(p.Files())
	if err != nil {
		return "", nil, err
	}
	if database != "" {
		cfg.DatabaseID = database
	}
	client, err := notion.New(t, token, notion.Options{BaseURL: apiURL})
	if err != nil {
		return "", nil, err
	}
	s, err := New(p, Options{Client: client, Config: cfg, TokenSource: "the access token in the plugin's settings"})
	if err != nil {
		return "", nil, err
	}
	sum, err := s.RunOnly(ctx, only)
	if err != nil {
		return "", nil, err
	}
	return sum.Notice(), sum, nil
}

// Notice is a one-line account of the run, for a person.
func (sum *Summary) Notice() string {
	n := fmt.Sprintf("Synced with Notion: %d created, %d updated in Notion, %d updated here", sum.Created, sum.UpdatedRemote, sum.UpdatedLocal)
	if k := len(sum.Conflicts); k > 0 {
		n += fmt.Sprintf(", %d in conflict (see the conflict notes)", k)
	}
	if k := len(sum.TrashedInNotion); k > 0 {
		n += fmt.Sprintf(", %d trashed in Notion (notes kept)", k)
	}
	if k := len(sum.Failed); k > 0 {
		n += fmt.Sprintf(", %d failed (tried again next time)", k)
	}
	return n + "."
}
