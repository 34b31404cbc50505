package notion

import (
	"context"
	"encoding/json"
	"net/url"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// PageSize is how many results a paginated request asks for: Notion's
// maximum.
const PageSize = 100

// Database reads a database: its data sources.
func (c *Client) Database(ctx context.Context, id string) (*Database, error) {
	var db Database
	if err := c.do(ctx, "GET", "/v1/databases/"+url.PathEscape(id), nil, idempotent, &db); err != nil {
		return nil, err
	}
	return &db, nil
}

// DataSource reads a data source's schema.
func (c *Client) DataSource(ctx context.Context, id string) (*DataSource, error) {
	var ds DataSource
	if err := c.do(ctx, "GET", "/v1/data_sources/"+url.PathEscape(id), nil, idempotent, &ds); err != nil {
		return nil, err
	}
	return &ds, nil
}

// AddProperties adds columns to a data source (or changes the ones named)
// and returns the new schema.
func (c *Client) AddProperties(ctx context.Context, id string, props map[string]PropertySchema) (*DataSource, error) {
	var ds DataSource
	body := map[string]any{"properties": props}
	if err := c.do(ctx, "PATCH", "/v1/data_sources/"+url.PathEscape(id), body, idempotent, &ds); err != nil {
		return nil, err
	}
	return &ds, nil
}

// BadPage is a page of a query's results that could not be decoded (a
// property of a type other than the API documents): the rest of the
// results are still listed. Raw is the page's JSON, for the caller to
// find what it can in it.
type BadPage struct {
	ID  string
	Raw json.RawMessage
	Err error
}

// Query lists the pages of a data source that match filter (nil: every
// page not in the trash), PageSize at a time, calling fn for each page and
// bad for each page that cannot be decoded (nil: such a page fails the
// query).
func (c *Client) Query(ctx context.Context, dataSource string, filter any, fn func(*Page) error, bad func(BadPage)) error {
	body := map[string]any{"page_size": PageSize}
	if filter != nil {
		body["filter"] = filter
	}
	path := "/v1/data_sources/" + url.PathEscape(dataSource) + "/query"
	next := listing("the query of data source " + dataSource)
	for {
		var l list[json.RawMessage]
		if err := c.do(ctx, "POST", path, body, idempotent, &l); err != nil {
			return err
		}
		for _, raw := range l.Results {
			var p Page
			if err := json.Unmarshal(raw, &p); err != nil {
				var id struct{ ID string }
				_ = json.Unmarshal(raw, &id)
				if bad == nil {
					return pc.Errorf(pc.CodeInternal, "Notion page %s is not what the API documents: %v", pc.Echo(id.ID), err)
				}
				bad(BadPage{ID: pc.Echo(id.ID), Raw: raw, Err: err})
				continue
			}
			if err := fn(&p); err != nil {
				return err
			}
		}
		cursor, err := next(l.HasMore, l.NextCursor)
		if cursor == "" || err != nil {
			return err
		}
		body["start_cursor"] = cursor
	}
}

// listing follows one paginated listing's cursors: it returns the next
// cursor ("" at the end), and an error when the server repeats a cursor
// (it would go on forever) or the listing passes MaxListRequests. what
// names the listing in the error.
func listing(what string) func(hasMore bool, cursor *string) (string, error) {
	seen := map[string]bool{}
	return func(hasMore bool, cursor *string) (string, error) {
		if !hasMore || cursor == nil || *cursor == "" {
			return "", nil
		}
		if seen[*cursor] {
			return "", pc.Errorf(pc.CodeInternal, "Notion gave the same cursor twice in %s; stopped there (it would never end)", what)
		}
		if len(seen)+1 >= MaxListRequests {
			return "", pc.Errorf(pc.CodeInternal, "%s ran past %d requests; stopped there", what, MaxListRequests)
		}
		seen[*cursor] = true
		return *cursor, nil
	}
}

// CreatePage creates a page in a data source with its properties and up to
// the first 100 blocks of content; the caller appends the rest. It is not
// retried after a 5xx or a lost answer (the page may exist): look for it
// before trying again.
func (c *Client) CreatePage(ctx context.Context, dataSource string, props map[string]PropertyValue, children []Block) (*Page, error) {
	body := map[string]any{
		"parent":     Parent{Type: "data_source_id", DataSourceID: dataSource},
		"properties": props,
	}
	if len(children) > 0 {
		body["children"] = children
	}
	var p Page
	if err := c.do(ctx, "POST", "/v1/pages", body, once, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// UpdatePage sets properties of a page and, when inTrash is not nil, moves
// it to the trash or out of it.
func (c *Client) UpdatePage(ctx context.Context, id string, props map[string]PropertyValue, inTrash *bool) (*Page, error) {
	body := map[string]any{}
	if len(props) > 0 {
		body["properties"] = props
	}
	if inTrash != nil {
		body["in_trash"] = *inTrash
	}
	var p Page
	if err := c.do(ctx, "PATCH", "/v1/pages/"+url.PathEscape(id), body, idempotent, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// Page reads one page (also one in the trash, which queries skip).
func (c *Client) Page(ctx context.Context, id string) (*Page, error) {
	var p Page
	if err := c.do(ctx, "GET", "/v1/pages/"+url.PathEscape(id), nil, idempotent, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

// Children lists a block's (or a page's) child blocks, every page of them.
func (c *Client) Children(ctx context.Context, id string) ([]Block, error) {
	var out []Block
	cursor := ""
	next := listing("the blocks of page " + id)
	for {
		q := url.Values{"page_size": {"100"}}
		if cursor != "" {
			q.Set("start_cursor", cursor)
		}
		var l list[Block]
		if err := c.do(ctx, "GET", "/v1/blocks/"+url.PathEscape(id)+"/children?"+q.Encode(), nil, idempotent, &l); err != nil {
			return nil, err
		}
		out = append(out, l.Results...)
		var err error
		if cursor, err = next(l.HasMore, l.NextCursor); cursor == "" || err != nil {
			return out, err
		}
	}
}

// Position says where appended blocks go: after the block AfterBlock, or
// at the start when Start is set, else at the end.
type Position struct {
	AfterBlock string
	Start      bool
}

func (p Position) wire() map[string]any {
	switch {
	case p.AfterBlock != "":
		return map[string]any{"type": "after_block", "after_block": map[string]string{"id": p.AfterBlock}}
	case p.Start:
		return map[string]any{"type": "start"}
	}
	return map[string]any{"type": "end"}
}

// AppendChildren adds blocks to a block or page at pos, in as many
// requests as Notion's limits need (see Chunks), each placed after the
// last block of the one before. It returns the ids of the new blocks. A
// failed request is not repeated (the blocks may be there).
func (c *Client) AppendChildren(ctx context.Context, id string, blocks []Block, pos Position) ([]string, error) {
	var ids []string
	for _, chunk := range Chunks(blocks) {
		body := map[string]any{"children": chunk, "position": pos.wire()}
		var l list[Block]
		if err := c.do(ctx, "PATCH", "/v1/blocks/"+url.PathEscape(id)+"/children", body, once, &l); err != nil {
			return ids, err
		}
		for _, b := range l.Results {
			ids = append(ids, b.ID)
		}
		if len(l.Results) > 0 {
			pos = Position{AfterBlock: l.Results[len(l.Results)-1].ID}
		}
	}
	return ids, nil
}

// DeleteBlock moves a block to the trash.
func (c *Client) DeleteBlock(ctx context.Context, id string) error {
	return c.do(ctx, "DELETE", "/v1/blocks/"+url.PathEscape(id), nil, idempotent, nil)
}

// MaxAppendBlocks and maxAppendBytes bound one append request: Notion's
// 100 blocks, and a payload well under its 500 KB (1,000 block elements).
const (
	MaxAppendBlocks = 100
	maxAppendBytes  = 400 << 10
	maxAppendTexts  = 900
)

// Chunks cuts blocks into runs that one append request takes.
func Chunks(blocks []Block) [][]Block {
	var out [][]Block
	start, size, texts := 0, 0, 0
	for i, b := range blocks {
		n := blockSize(b)
		if i > start && (i-start >= MaxAppendBlocks || size+n > maxAppendBytes || texts+len(b.Text) > maxAppendTexts) {
			out = append(out, blocks[start:i])
			start, size, texts = i, 0, 0
		}
		size += n
		texts += len(b.Text)
	}
	if start < len(blocks) {
		out = append(out, blocks[start:])
	}
	return out
}

// blockSize is about what the block weighs in JSON: its text, escaped at
// worst as \uXXXX for one byte in six, plus the wrapping.
func blockSize(b Block) int {
	n := 100
	for _, t := range b.Text {
		if t.Text != nil {
			n += len(t.Text.Content)*2 + 40
		}
	}
	return n
}

// Me returns the integration's own user: the last editor of the pages it
// writes.
func (c *Client) Me(ctx context.Context) (*User, error) {
	var u User
	if err := c.do(ctx, "GET", "/v1/users/me", nil, idempotent, &u); err != nil {
		return nil, err
	}
	return &u, nil
}
