package tools

import (
	"encoding/base64"
	"strconv"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// MaxPage is the largest page any listing returns.
const MaxPage = 200

// page is one window of a listing of total items.
type page struct {
	start, end, total int
}

// paginate turns max_items and continuation_token into a window. max_items
// defaults to 20 and is capped at MaxPage; the token is opaque to clients.
func paginate(total, maxItems int, token string) (page, error) {
	switch {
	case maxItems < 0:
		return page{}, pc.Errorf(pc.CodeInvalidArgument, "max_items must be positive").With("field", "max_items")
	case maxItems == 0:
		maxItems = 20
	case maxItems > MaxPage:
		maxItems = MaxPage
	}
	start := 0
	if token != "" {
		raw, err := base64.RawURLEncoding.DecodeString(token)
		n, err2 := strconv.Atoi(string(raw))
		if err != nil || err2 != nil || n < 0 {
			return page{}, pc.Errorf(pc.CodeInvalidArgument, "continuation_token is not one this server made").With("field", "continuation_token")
		}
		start = min(n, total)
	}
	return page{start: start, end: min(start+maxItems, total), total: total}, nil
}

func (p page) hasMore() bool { return p.end < p.total }

// report adds has_more and, when there is more, the continuation_token.
func (p page) report(out map[string]any) {
	out["has_more"] = p.hasMore()
	if p.hasMore() {
		out["continuation_token"] = base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(p.end)))
	}
}
