package notion_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// answering is a transport that answers every request with fn's answer
// and counts them.
type answering struct {
	n  atomic.Int64
	fn func(n int64, r *pc.OutboundRequest) *pc.OutboundResponse
}

func (a *answering) Do(_ context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	return a.fn(a.n.Add(1), r), nil
}

const hostileToken = "ntn_SECRET_TOKEN_0123456789abcdefghijklmnopqrstuvwxyz"

func hostileClient(t *testing.T, fn func(n int64, r *pc.OutboundRequest) *pc.OutboundResponse) (*notion.Client, *answering) {
	a := &answering{fn: fn}
	clock := &manualClock{now: t0}
	c, err := notion.New(a, hostileToken, notion.Options{BaseURL: "https://api.notion.test", Now: clock.Now, Sleep: clock.Sleep})
	require.NoError(t, err)
	return c, a
}

func ok(body string) *pc.OutboundResponse {
	return &pc.OutboundResponse{Status: 200, Body: []byte(body)}
}

// A server that says has_more with the same cursor forever, or never
// stops giving new ones, is stopped, with an error naming the listing.
func TestEndlessListingsStop(t *testing.T) {
	same, a := hostileClient(t, func(int64, *pc.OutboundRequest) *pc.OutboundResponse {
		return ok(`{"results":[],"has_more":true,"next_cursor":"again"}`)
	})
	err := same.Query(context.Background(), "ds-1", nil, func(*notion.Page) error { return nil }, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "same cursor twice")
	assert.Contains(t, err.Error(), "ds-1")
	assert.LessOrEqual(t, a.n.Load(), int64(3))

	fresh, a := hostileClient(t, func(n int64, _ *pc.OutboundRequest) *pc.OutboundResponse {
		return ok(`{"results":[{"object":"block","id":"b","type":"paragraph"}],"has_more":true,"next_cursor":"c` + strings.Repeat("x", int(n%7)) + string(rune('a'+n%26)) + `` + `` + time.Duration(n).String() + `"}`)
	})
	blocks, err := fresh.Children(context.Background(), "page-1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "page-1")
	assert.Contains(t, err.Error(), "past 1000 requests")
	assert.LessOrEqual(t, a.n.Load(), int64(notion.MaxListRequests))
	assert.LessOrEqual(t, len(blocks), notion.MaxListRequests)
}

// A Retry-After of an hour is not waited out: the call fails at once,
// saying so; a run of short ones ends after its bound.
func TestHugeRetryAfterIsNotHonoured(t *testing.T) {
	c, a := hostileClient(t, func(int64, *pc.OutboundRequest) *pc.OutboundResponse {
		return &pc.OutboundResponse{Status: 429, Header: map[string]string{"Retry-After": "3599"},
			Body: []byte(`{"object":"error","status":429,"code":"rate_limited","message":"slow down"}`)}
	})
	start := time.Now()
	_, err := c.Me(context.Background())
	require.Error(t, err)
	assert.Equal(t, int64(1), a.n.Load(), "not repeated")
	assert.Equal(t, 3599, pc.AsError(err).Details["retry_after_seconds"])
	assert.Less(t, time.Since(start), 5*time.Second)
}

// A redirect is never followed with the token, natively: the other
// server receives nothing, and the error says what happened.
func TestRedirectsAreNotFollowed(t *testing.T) {
	var leaked atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" || r.Method != "" {
			leaked.Add(1)
		}
	}))
	defer other.Close()
	for _, status := range []int{301, 302, 307, 308} {
		api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+r.URL.Path, status)
		}))
		c, err := notion.New(httpclient.New(), hostileToken, notion.Options{BaseURL: api.URL})
		require.NoError(t, err)
		err = c.Query(context.Background(), "00000000-0000-4000-8000-000000000001", nil, func(*notion.Page) error { return nil }, nil)
		api.Close()
		require.Error(t, err, "%d", status)
		assert.Contains(t, err.Error(), "redirect")
		assert.Contains(t, err.Error(), "not followed")
		assert.NotContains(t, err.Error(), hostileToken)
	}
	assert.Zero(t, leaked.Load(), "nothing reached the other server")
}

// The token is cut out of an answer before the answer is cut short: a
// token split by the cut leaks no part of it.
func TestRedactionBeforeTheCut(t *testing.T) {
	for pad := 150; pad <= 200; pad += 5 {
		c, _ := hostileClient(t, func(int64, *pc.OutboundRequest) *pc.OutboundResponse {
			return &pc.OutboundResponse{Status: 502, Body: []byte(strings.Repeat("x", pad) + " Bearer " + hostileToken + " tail")}
		})
		_, err := c.Me(context.Background())
		require.Error(t, err)
		assert.NotContains(t, err.Error(), "ntn_SECRET", "pad %d", pad)
		assert.NotContains(t, err.Error(), hostileToken[:12])
	}
	_, err := notion.New(httpclient.New(), "x", notion.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too short")
}
