// Package notiontest is a fake of Notion's REST API for tests: an
// httptest server that answers the endpoints package notion uses the way
// Notion does (object shapes, the error object, validation and size limits
// answered with 400 validation_error, cursor pagination, last_edited_time
// rounded down to the minute, pages in the trash left out of queries), plus
// knobs the real one lacks: injected 429s with Retry-After and 5xx, a
// virtual clock, a log of every request, and edits "by a person" in the
// Notion app.
//
// It runs on a Clock shared with the client under test, so a test can check
// that no request arrived before a Retry-After elapsed, in virtual time.
package notiontest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// Token is the integration token the fake accepts.
const Token = "secret_fake_integration_token"

// BotID is the user id of the integration: the last editor of pages it
// wrote. PersonID edits through the helpers (EditProperties, SetBody...).
const (
	BotID    = "bot-00000000-0000-0000-0000-000000000001"
	PersonID = "user-00000000-0000-0000-0000-000000000002"
)

// Clock is a virtual clock: Sleep advances it instead of waiting.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts a clock at t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// Sleep advances the clock by d at once.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d > 0 {
		c.Advance(d)
	}
	return nil
}

// Fault is an injected answer: Status (429, 500, 503...) for requests that
// Match (nil: any), Times times.
type Fault struct {
	Status     int
	RetryAfter int // seconds, for 429
	Times      int
	Match      func(method, path string) bool
}

// Request is one request the fake received, in virtual time.
type Request struct {
	Method, Path string
	At           time.Time
	Status       int
}

// Server is the fake. Its fields are guarded by its mutex; use the methods.
type Server struct {
	*httptest.Server
	Clock *Clock

	mu          sync.Mutex
	seq         int
	databases   map[string]*database
	sources     map[string]*source
	pages       map[string]*page
	blocks      map[string]*block
	faults      []*Fault
	notBefore   time.Time
	log         []Request
	early       int // requests that came before a Retry-After elapsed
	rateWindow  []time.Time
	rateLimitOn bool
}

type database struct {
	id      string
	sources []string
}

type source struct {
	id, database string
	props        map[string]notion.PropertySchema
	order        []string // page ids in creation order
}

type page struct {
	id, source string
	created    time.Time
	edited     time.Time
	editedBy   string
	inTrash    bool
	props      map[string]notion.PropertyValue
	children   []string
}

type block struct {
	id, parent string
	b          notion.Block
	inTrash    bool
}

// New starts a fake with one database holding one data source whose schema
// has only a title column, Name. It returns the server and the database's
// and data source's ids. Close the server when done.
func New(clock *Clock) (*Server, string, string) {
	s := &Server{Clock: clock, databases: map[string]*database{}, sources: map[string]*source{},
		pages: map[string]*page{}, blocks: map[string]*block{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	db, ds := s.AddDatabase(map[string]notion.PropertySchema{"Name": {Type: notion.TypeTitle}})
	return s, db, ds
}

// AddDatabase adds a database with one data source of the given columns.
func (s *Server) AddDatabase(props map[string]notion.PropertySchema) (db, ds string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	db, ds = s.newID(), s.newID()
	s.databases[db] = &database{id: db, sources: []string{ds}}
	src := &source{id: ds, database: db, props: map[string]notion.PropertySchema{}}
	for name, p := range props {
		p.Name, p.ID = name, s.newID()[:8]
		if (p.Type == notion.TypeSelect || p.Type == notion.TypeStatus) && p.Select == nil {
			p.Select = &notion.SelectConfig{}
		}
		src.props[name] = p
	}
	s.sources[ds] = src
	return db, ds
}

func (s *Server) newID() string {
	s.seq++
	return fmt.Sprintf("%08x-0000-4000-8000-%012x", s.seq, s.seq)
}

// Inject adds a fault.
func (s *Server) Inject(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f.Times == 0 {
		f.Times = 1
	}
	s.faults = append(s.faults, &f)
}

// RateLimit makes the fake answer 429 (Retry-After 1) to any request that
// is the fourth within one virtual second, as Notion might.
func (s *Server) RateLimit(on bool) { s.mu.Lock(); s.rateLimitOn = on; s.mu.Unlock() }

// Log returns every request received so far.
func (s *Server) Log() []Request { s.mu.Lock(); defer s.mu.Unlock(); return slices.Clone(s.log) }

// Early is how many requests arrived while a Retry-After was running.
func (s *Server) Early() int { s.mu.Lock(); defer s.mu.Unlock(); return s.early }

// Requests is how many requests arrived.
func (s *Server) Requests() int { s.mu.Lock(); defer s.mu.Unlock(); return len(s.log) }

// ResetLog forgets the requests received so far.
func (s *Server) ResetLog() { s.mu.Lock(); s.log = nil; s.mu.Unlock() }

// errorObject is Notion's error answer.
type errorObject struct {
	Object  string `json:"object"`
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

type apiErr struct {
	status     int
	code, msg  string
	retryAfter int
}

func (e *apiErr) Error() string { return e.msg }

func fail(status int, code, format string, args ...any) *apiErr {
	return &apiErr{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

func invalid(format string, args ...any) *apiErr {
	return fail(400, "validation_error", format, args...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 4<<20))
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.Clock.Now()
	status, out := s.answer(r, body, now)
	s.log = append(s.log, Request{Method: r.Method, Path: r.URL.Path, At: now, Status: status})
	w.Header().Set("Content-Type", "application/json")
	if e, ok := out.(*apiErr); ok {
		if e.retryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(e.retryAfter))
		}
		w.WriteHeader(e.status)
		_ = json.NewEncoder(w).Encode(errorObject{Object: "error", Status: e.status, Code: e.code, Message: e.msg})
		return
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(out)
}

// answer runs one request under the lock: checks, faults, then the route.
func (s *Server) answer(r *http.Request, body []byte, now time.Time) (int, any) {
	if now.Before(s.notBefore) {
		s.early++
	}
	if e := s.limit(r, now); e != nil {
		return e.status, e
	}
	if r.Header.Get("Authorization") != "Bearer "+Token {
		return 401, fail(401, "unauthorized", "API token is invalid.")
	}
	if r.Header.Get("Notion-Version") != notion.Version {
		return 400, fail(400, "missing_version", "Notion-Version header failed validation: want %s.", notion.Version)
	}
	out, err := s.route(r.Method, r.URL.Path, r.URL.Query(), body, now)
	if err != nil {
		e := err.(*apiErr)
		return e.status, e
	}
	return 200, out
}

// limit applies injected faults and the optional rate limit.
func (s *Server) limit(r *http.Request, now time.Time) *apiErr {
	for i, f := range s.faults {
		if f.Match != nil && !f.Match(r.Method, r.URL.Path) {
			continue
		}
		f.Times--
		if f.Times <= 0 {
			s.faults = slices.Delete(s.faults, i, i+1)
		}
		if f.Status == 429 {
			return s.tooMany(now, max(f.RetryAfter, 1))
		}
		return fail(f.Status, map[int]string{500: "internal_server_error", 502: "bad_gateway", 503: "service_unavailable",
			504: "gateway_timeout", 409: "conflict_error"}[f.Status], "Injected failure.")
	}
	if s.rateLimitOn {
		cut := now.Add(-time.Second)
		s.rateWindow = slices.DeleteFunc(s.rateWindow, func(t time.Time) bool { return !t.After(cut) })
		if len(s.rateWindow) >= 3 {
			return s.tooMany(now, 1)
		}
		s.rateWindow = append(s.rateWindow, now)
	}
	return nil
}

func (s *Server) tooMany(now time.Time, secs int) *apiErr {
	if until := now.Add(time.Duration(secs) * time.Second); until.After(s.notBefore) {
		s.notBefore = until
	}
	e := fail(429, "rate_limited", "You have been rate limited. Please try again in a few minutes.")
	e.retryAfter = secs
	return e
}

func (s *Server) route(method, path string, q map[string][]string, body []byte, now time.Time) (any, error) {
	if method == "POST" && path == "/v1/pages" {
		return s.createPage(body, now)
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 3 || parts[0] != "v1" {
		return nil, fail(400, "invalid_request_url", "Invalid request URL.")
	}
	id := parts[2]
	switch {
	case method == "GET" && path == "/v1/users/me":
		return map[string]any{"object": "user", "id": BotID, "type": "bot", "name": "Project Canvas", "bot": map[string]any{}}, nil
	case method == "GET" && parts[1] == "databases" && len(parts) == 3:
		return s.getDatabase(id)
	case method == "GET" && parts[1] == "data_sources" && len(parts) == 3:
		return s.getSource(id)
	case method == "PATCH" && parts[1] == "data_sources" && len(parts) == 3:
		return s.patchSource(id, body)
	case method == "POST" && parts[1] == "data_sources" && len(parts) == 4 && parts[3] == "query":
		return s.query(id, body)
	case method == "GET" && parts[1] == "pages" && len(parts) == 3:
		p, err := s.page(id, true)
		if err != nil {
			return nil, err
		}
		return s.pageObject(p), nil
	case method == "PATCH" && parts[1] == "pages" && len(parts) == 3:
		return s.patchPage(id, body, now)
	case method == "GET" && parts[1] == "blocks" && len(parts) == 4 && parts[3] == "children":
		return s.children(id, q)
	case method == "PATCH" && parts[1] == "blocks" && len(parts) == 4 && parts[3] == "children":
		return s.appendChildren(id, body, now)
	case method == "DELETE" && parts[1] == "blocks" && len(parts) == 3:
		return s.deleteBlock(id, now)
	}
	return nil, fail(400, "invalid_request_url", "Invalid request URL.")
}

func notFound(kind, id string) *apiErr {
	return fail(404, "object_not_found", "Could not find %s with ID: %s. Make sure the relevant pages and databases are shared with your integration.", kind, id)
}

func (s *Server) getDatabase(id string) (any, error) {
	db, ok := s.databases[id]
	if !ok {
		return nil, notFound("database", id)
	}
	refs := []notion.DataSourceRef{}
	for _, ds := range db.sources {
		refs = append(refs, notion.DataSourceRef{ID: ds, Name: "Projects"})
	}
	return map[string]any{"object": "database", "id": db.id, "in_trash": false, "data_sources": refs}, nil
}

func (s *Server) getSource(id string) (any, error) {
	src, ok := s.sources[id]
	if !ok {
		return nil, notFound("data source", id)
	}
	return s.sourceObject(src), nil
}

func (s *Server) sourceObject(src *source) map[string]any {
	props := map[string]any{}
	for name, p := range src.props {
		cfg := map[string]any{}
		switch p.Type {
		case notion.TypeSelect, notion.TypeStatus:
			opts := []notion.Option{}
			if p.Select != nil {
				opts = p.Select.Options
			}
			cfg["options"] = opts
		case notion.TypeRelation:
			cfg["data_source_id"] = p.Relation.DataSourceID
			cfg["type"] = "single_property"
			cfg["single_property"] = map[string]any{}
		}
		props[name] = map[string]any{"id": p.ID, "name": name, "type": p.Type, p.Type: cfg}
	}
	return map[string]any{"object": "data_source", "id": src.id,
		"parent": map[string]any{"type": "database_id", "database_id": src.database}, "properties": props}
}

func (s *Server) patchSource(id string, body []byte) (any, error) {
	src, ok := s.sources[id]
	if !ok {
		return nil, notFound("data source", id)
	}
	var req struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, invalid("body failed validation: %v", err)
	}
	for name, raw := range req.Properties {
		var cfg map[string]json.RawMessage
		if err := json.Unmarshal(raw, &cfg); err != nil || len(cfg) != 1 {
			return nil, invalid("body.properties.%s should be an object with one property type.", name)
		}
		for typ, c := range cfg {
			p := notion.PropertySchema{ID: s.newID()[:8], Name: name, Type: typ}
			switch typ {
			case notion.TypeTitle:
				if old, ok := src.props[name]; !ok || old.Type != notion.TypeTitle {
					return nil, invalid("Cannot create new title property.")
				}
			case notion.TypeRichText, notion.TypeDate:
			case notion.TypeSelect:
				p.Select = &notion.SelectConfig{}
				_ = json.Unmarshal(c, p.Select)
			case notion.TypeRelation:
				p.Relation = &notion.RelationConfig{}
				if err := json.Unmarshal(c, p.Relation); err != nil || s.sources[p.Relation.DataSourceID] == nil {
					return nil, invalid("body.properties.%s.relation.data_source_id should be a data source shared with the integration.", name)
				}
			default:
				return nil, invalid("body.properties.%s: the fake does not create %s properties.", name, typ)
			}
			src.props[name] = p
		}
	}
	return s.sourceObject(src), nil
}

func (s *Server) query(id string, body []byte) (any, error) {
	src, ok := s.sources[id]
	if !ok {
		return nil, notFound("data source", id)
	}
	var req struct {
		PageSize    int             `json:"page_size"`
		StartCursor string          `json:"start_cursor"`
		Filter      json.RawMessage `json:"filter"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, invalid("body failed validation: %v", err)
	}
	if req.PageSize > 100 {
		return nil, invalid("body.page_size should be ≤ `100`, instead was `%d`.", req.PageSize)
	}
	if req.PageSize == 0 {
		req.PageSize = 100
	}
	match, err := s.filter(src, req.Filter)
	if err != nil {
		return nil, err
	}
	var hits []*page
	for _, pid := range src.order {
		if p := s.pages[pid]; !p.inTrash && match(p) {
			hits = append(hits, p)
		}
	}
	return s.paginate(hits, req.StartCursor, req.PageSize, func(p *page) any { return s.pageObject(p) })
}

// filter supports what the sync sends: a rich_text or title equals.
func (s *Server) filter(src *source, raw json.RawMessage) (func(*page) bool, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return func(*page) bool { return true }, nil
	}
	var f struct {
		Property string `json:"property"`
		RichText *struct {
			Equals string `json:"equals"`
		} `json:"rich_text"`
		Title *struct {
			Equals string `json:"equals"`
		} `json:"title"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, invalid("body.filter failed validation.")
	}
	schema, ok := src.props[f.Property]
	if !ok {
		return nil, invalid("Could not find property with name or id: %s", f.Property)
	}
	cond := f.RichText
	if cond == nil {
		cond = f.Title
	}
	if cond == nil {
		return nil, invalid("body.filter: the fake knows only rich_text and title equals.")
	}
	return func(p *page) bool {
		v := p.props[f.Property]
		t := v.RichText
		if schema.Type == notion.TypeTitle {
			t = v.Title
		}
		return notion.Plain(t) == cond.Equals
	}, nil
}

func (s *Server) paginate(items []*page, cursor string, size int, render func(*page) any) (any, error) {
	start := 0
	if cursor != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(cursor, "cursor-"))
		if err != nil || n < 0 || n > len(items) {
			return nil, invalid("body.start_cursor should be a valid cursor.")
		}
		start = n
	}
	end := min(start+size, len(items))
	results := []any{}
	for _, it := range items[start:end] {
		results = append(results, render(it))
	}
	var next any
	if end < len(items) {
		next = "cursor-" + strconv.Itoa(end)
	}
	return map[string]any{"object": "list", "results": results, "next_cursor": next, "has_more": next != nil,
		"type": "page_or_data_source", "page_or_data_source": map[string]any{}}, nil
}

func (s *Server) page(id string, trashOK bool) (*page, *apiErr) {
	p, ok := s.pages[id]
	if !ok {
		return nil, notFound("page", id)
	}
	if p.inTrash && !trashOK {
		return nil, invalid("Can't edit page on a block that is in the trash. Restore it first.")
	}
	return p, nil
}

func stamp(t time.Time) string {
	return t.UTC().Truncate(time.Minute).Format("2006-01-02T15:04:05.000Z")
}

func (s *Server) pageObject(p *page) map[string]any {
	props := map[string]any{}
	for name, schema := range s.sources[p.source].props {
		v := p.props[name]
		v.Type, v.ID = schema.Type, schema.ID
		out := map[string]any{"id": v.ID, "type": v.Type}
		switch v.Type {
		case notion.TypeTitle:
			out["title"] = rendered(v.Title)
		case notion.TypeRichText:
			out["rich_text"] = rendered(v.RichText)
		case notion.TypeSelect:
			out["select"] = v.Select
		case notion.TypeStatus:
			out["status"] = v.Status
		case notion.TypeDate:
			out["date"] = v.Date
		case notion.TypeRelation:
			rel := v.Relation
			if rel == nil {
				rel = []notion.PageRef{}
			}
			out["has_more"] = len(rel) > 25
			out["relation"] = rel[:min(len(rel), 25)]
		}
		props[name] = out
	}
	return map[string]any{"object": "page", "id": p.id, "created_time": stamp(p.created), "last_edited_time": stamp(p.edited),
		"last_edited_by": map[string]string{"object": "user", "id": p.editedBy}, "in_trash": p.inTrash,
		"parent": map[string]string{"type": "data_source_id", "data_source_id": p.source}, "properties": props,
		"url": "https://www.notion.so/" + strings.ReplaceAll(p.id, "-", "")}
}

// rendered is rich text as Notion answers it: plain_text and annotations.
func rendered(rt []notion.RichText) []any {
	out := []any{}
	for _, r := range rt {
		c := ""
		if r.Text != nil {
			c = r.Text.Content
		}
		out = append(out, map[string]any{"type": "text", "text": map[string]any{"content": c, "link": nil},
			"annotations": map[string]any{"bold": false, "italic": false, "code": false, "color": "default"},
			"plain_text":  c, "href": nil})
	}
	return out
}

// checkText applies Notion's limits to a rich_text array.
func checkText(where string, rt []notion.RichText) *apiErr {
	if len(rt) > notion.MaxRichText {
		return invalid("%s.length should be ≤ `100`, instead was `%d`.", where, len(rt))
	}
	for i, r := range rt {
		if r.Text == nil {
			return invalid("%s[%d].text should be defined, instead was `undefined`.", where, i)
		}
		if n := notion.TextLen(r.Text.Content); n > notion.MaxTextLen {
			return invalid("%s[%d].text.content.length should be ≤ `2000`, instead was `%d`.", where, i, n)
		}
	}
	return nil
}

// setProps validates and applies property values to a page.
func (s *Server) setProps(p *page, raw map[string]json.RawMessage) *apiErr {
	src := s.sources[p.source]
	for name, r := range raw {
		schema, ok := src.props[name]
		if !ok {
			return invalid("%s is not a property that exists.", name)
		}
		var val map[string]json.RawMessage
		if err := json.Unmarshal(r, &val); err != nil {
			return invalid("body.properties.%s should be an object.", name)
		}
		data, ok := val[schema.Type]
		if !ok || len(val) != 1 {
			return invalid("%s is expected to be %s.", name, schema.Type)
		}
		v := notion.PropertyValue{Type: schema.Type}
		where := "body.properties." + name + "." + schema.Type
		switch schema.Type {
		case notion.TypeTitle, notion.TypeRichText:
			var rt []notion.RichText
			if err := json.Unmarshal(data, &rt); err != nil {
				return invalid("%s should be an array.", where)
			}
			if e := checkText(where, rt); e != nil {
				return e
			}
			v.Title, v.RichText = rt, rt
		case notion.TypeSelect, notion.TypeStatus:
			var o *notion.Option
			if err := json.Unmarshal(data, &o); err != nil {
				return invalid("%s should be an object or `null`.", where)
			}
			if o != nil {
				if strings.Contains(o.Name, ",") {
					return invalid("%s.name should not contain commas.", where)
				}
				if o.Name == "" || notion.TextLen(o.Name) > 100 {
					return invalid("%s.name should be 1 to 100 characters.", where)
				}
				if schema.Type == notion.TypeStatus && !hasOption(schema.Select, o.Name) {
					return invalid("Invalid status option %q.", o.Name)
				}
				if schema.Type == notion.TypeSelect && !hasOption(schema.Select, o.Name) {
					if schema.Select == nil {
						schema.Select = &notion.SelectConfig{}
					}
					schema.Select.Options = append(schema.Select.Options, notion.Option{Name: o.Name})
					src.props[name] = schema
				}
			}
			v.Select, v.Status = o, o
		case notion.TypeRelation:
			var rel []notion.PageRef
			if err := json.Unmarshal(data, &rel); err != nil {
				return invalid("%s should be an array.", where)
			}
			if len(rel) > 100 {
				return invalid("%s.length should be ≤ `100`, instead was `%d`.", where, len(rel))
			}
			for _, ref := range rel {
				if t, ok := s.pages[ref.ID]; !ok || t.source != schema.Relation.DataSourceID {
					return invalid("%s: %s is not a page of the related data source.", where, ref.ID)
				}
			}
			v.Relation = rel
		case notion.TypeDate:
			var d *notion.Date
			if err := json.Unmarshal(data, &d); err != nil {
				return invalid("%s should be an object or `null`.", where)
			}
			if d != nil {
				if _, err := time.Parse(time.RFC3339, d.Start); err != nil {
					if _, err := time.Parse(time.DateOnly, d.Start); err != nil {
						return invalid("%s.start should be a valid ISO 8601 date string.", where)
					}
				}
			}
			v.Date = d
		}
		if schema.Type != notion.TypeTitle {
			v.Title = nil
		}
		if schema.Type != notion.TypeRichText {
			v.RichText = nil
		}
		if schema.Type != notion.TypeStatus {
			v.Status = nil
		}
		if schema.Type != notion.TypeSelect {
			v.Select = nil
		}
		p.props[name] = v
	}
	return nil
}

func hasOption(c *notion.SelectConfig, name string) bool {
	return c != nil && slices.ContainsFunc(c.Options, func(o notion.Option) bool { return o.Name == name })
}

func (s *Server) createPage(body []byte, now time.Time) (any, error) {
	var req struct {
		Parent     notion.Parent              `json:"parent"`
		Properties map[string]json.RawMessage `json:"properties"`
		Children   []json.RawMessage          `json:"children"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, invalid("body failed validation: %v", err)
	}
	if req.Parent.Type != "data_source_id" {
		return nil, invalid("body.parent.data_source_id should be defined (Notion-Version %s).", notion.Version)
	}
	if _, ok := s.sources[req.Parent.DataSourceID]; !ok {
		return nil, notFound("data source", req.Parent.DataSourceID)
	}
	p := &page{id: s.newID(), source: req.Parent.DataSourceID, created: now, edited: now, editedBy: BotID,
		props: map[string]notion.PropertyValue{}}
	if e := s.setProps(p, req.Properties); e != nil {
		return nil, e
	}
	blocks, e := s.parseBlocks(req.Children)
	if e != nil {
		return nil, e
	}
	s.pages[p.id] = p
	s.sources[p.source].order = append(s.sources[p.source].order, p.id)
	s.insert(p, blocks, notion.Position{})
	return s.pageObject(p), nil
}

func (s *Server) patchPage(id string, body []byte, now time.Time) (any, error) {
	var req struct {
		Properties map[string]json.RawMessage `json:"properties"`
		InTrash    *bool                      `json:"in_trash"`
		Archived   *bool                      `json:"archived"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, invalid("body failed validation: %v", err)
	}
	if req.Archived != nil {
		return nil, invalid("body.archived is not a parameter of Notion-Version %s: use in_trash.", notion.Version)
	}
	p, e := s.page(id, req.InTrash != nil && !*req.InTrash)
	if e != nil {
		return nil, e
	}
	if req.InTrash != nil {
		p.inTrash = *req.InTrash
	}
	if e := s.setProps(p, req.Properties); e != nil {
		return nil, e
	}
	p.edited, p.editedBy = now, BotID
	return s.pageObject(p), nil
}

// blockTypes are the block types the fake accepts in appends.
var blockTypes = map[string]bool{"paragraph": true, "heading_1": true, "heading_2": true, "heading_3": true,
	"bulleted_list_item": true, "numbered_list_item": true, "to_do": true, "quote": true, "code": true, "divider": true}

func (s *Server) parseBlocks(raw []json.RawMessage) ([]notion.Block, *apiErr) {
	if len(raw) > notion.MaxAppendBlocks {
		return nil, invalid("body.children.length should be ≤ `100`, instead was `%d`.", len(raw))
	}
	var out []notion.Block
	for i, r := range raw {
		var b notion.Block
		if err := json.Unmarshal(r, &b); err != nil || !blockTypes[b.Type] {
			return nil, invalid("body.children[%d] should be a block object the fake knows.", i)
		}
		if e := checkText(fmt.Sprintf("body.children[%d].%s.rich_text", i, b.Type), b.Text); e != nil {
			return nil, e
		}
		out = append(out, b)
	}
	return out, nil
}

// insert adds blocks under a page at pos.
func (s *Server) insert(p *page, blocks []notion.Block, pos notion.Position) []string {
	var ids []string
	for _, b := range blocks {
		b.ID = s.newID()
		s.blocks[b.ID] = &block{id: b.ID, parent: p.id, b: b}
		ids = append(ids, b.ID)
	}
	at := len(p.children)
	switch {
	case pos.Start:
		at = 0
	case pos.AfterBlock != "":
		at = slices.Index(p.children, pos.AfterBlock) + 1
	}
	p.children = slices.Insert(p.children, at, ids...)
	return ids
}

func (s *Server) children(id string, q map[string][]string) (any, error) {
	p, e := s.page(id, true)
	if e != nil {
		return nil, notFound("block", id)
	}
	size := 100
	if v := first(q["page_size"]); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return nil, invalid("page_size should be a number between 1 and 100.")
		}
		size = n
	}
	var items []*page // paginate takes pages; wrap blocks as fake pages by id
	for _, bid := range p.children {
		items = append(items, &page{id: bid})
	}
	res, err := s.paginate(items, first(q["start_cursor"]), size, func(it *page) any { return s.blockObject(s.blocks[it.id]) })
	if m, ok := res.(map[string]any); ok {
		m["type"] = "block"
		m["block"] = map[string]any{}
		delete(m, "page_or_data_source")
	}
	return res, err
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

func (s *Server) blockObject(b *block) map[string]any {
	data, _ := json.Marshal(b.b)
	var out map[string]any
	_ = json.Unmarshal(data, &out)
	if inner, ok := out[b.b.Type].(map[string]any); ok {
		inner["rich_text"] = rendered(b.b.Text)
	}
	out["id"], out["has_children"], out["in_trash"] = b.id, false, b.inTrash
	out["parent"] = map[string]string{"type": "page_id", "page_id": b.parent}
	return out
}

func (s *Server) appendChildren(id string, body []byte, now time.Time) (any, error) {
	p, e := s.page(id, false)
	if e != nil {
		if e.status == 404 {
			return nil, notFound("block", id)
		}
		return nil, e
	}
	var req struct {
		Children []json.RawMessage `json:"children"`
		After    string            `json:"after"`
		Position *struct {
			Type       string `json:"type"`
			AfterBlock *struct {
				ID string `json:"id"`
			} `json:"after_block"`
		} `json:"position"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, invalid("body failed validation: %v", err)
	}
	if req.After != "" {
		return nil, invalid("body.after was replaced by body.position in Notion-Version %s.", notion.Version)
	}
	blocks, e := s.parseBlocks(req.Children)
	if e != nil {
		return nil, e
	}
	var pos notion.Position
	if req.Position != nil {
		switch req.Position.Type {
		case "start":
			pos.Start = true
		case "after_block":
			if req.Position.AfterBlock == nil || !slices.Contains(p.children, req.Position.AfterBlock.ID) {
				return nil, invalid("body.position.after_block.id should be a child of the block.")
			}
			pos.AfterBlock = req.Position.AfterBlock.ID
		case "end":
		default:
			return nil, invalid("body.position.type should be one of after_block, start, end.")
		}
	}
	ids := s.insert(p, blocks, pos)
	p.edited, p.editedBy = now, BotID
	results := []any{}
	for _, bid := range ids {
		results = append(results, s.blockObject(s.blocks[bid]))
	}
	return map[string]any{"object": "list", "results": results, "next_cursor": nil, "has_more": false,
		"type": "block", "block": map[string]any{}}, nil
}

func (s *Server) deleteBlock(id string, now time.Time) (any, error) {
	b, ok := s.blocks[id]
	if !ok || b.inTrash {
		return nil, notFound("block", id)
	}
	b.inTrash = true
	p := s.pages[b.parent]
	p.children = slices.DeleteFunc(p.children, func(c string) bool { return c == id })
	p.edited, p.editedBy = now, BotID
	return s.blockObject(b), nil
}
