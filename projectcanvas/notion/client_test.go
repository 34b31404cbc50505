package notion_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
)

var t0 = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

func fake(t *testing.T) (*notiontest.Server, *notion.Client, string, string) {
	clock := notiontest.NewClock(t0)
	srv, db, ds := notiontest.New(clock)
	t.Cleanup(srv.Close)
	c, err := notion.New(httpclient.New(), notiontest.Token, notion.Options{BaseURL: srv.URL, Now: clock.Now, Sleep: clock.Sleep})
	require.NoError(t, err)
	return srv, c, db, ds
}

func TestRetryAfterHoldsEveryRequest(t *testing.T) {
	srv, c, db, _ := fake(t)
	srv.Inject(notiontest.Fault{Status: 429, RetryAfter: 7, Times: 3})
	before := srv.Clock.Now()
	_, err := c.Database(context.Background(), db)
	require.NoError(t, err)
	assert.Equal(t, 4, srv.Requests())
	assert.Zero(t, srv.Early())
	assert.GreaterOrEqual(t, srv.Clock.Now().Sub(before), 21*time.Second, "three Retry-Afters of 7 s waited")
}

func TestTransientFailuresAreRetriedOnlyWhenSafe(t *testing.T) {
	srv, c, db, ds := fake(t)
	srv.Inject(notiontest.Fault{Status: 503, Times: 2})
	_, err := c.Database(context.Background(), db)
	require.NoError(t, err, "a GET is retried")
	assert.Equal(t, 3, srv.Requests())

	srv.Inject(notiontest.Fault{Status: 500, Times: 1})
	_, err = c.CreatePage(context.Background(), ds, map[string]notion.PropertyValue{
		"Name": {Type: notion.TypeTitle, Title: notion.SplitText("x")}}, nil)
	require.Error(t, err, "a create is not repeated blindly: the page may exist")
	assert.Equal(t, pc.CodeInternal, pc.ErrorCode(err))
	assert.Equal(t, true, pc.AsError(err).Details["retryable"])

	srv.Inject(notiontest.Fault{Status: 502, Times: 10})
	_, err = c.Database(context.Background(), db)
	require.Error(t, err, "retries are bounded")
	assert.Contains(t, err.Error(), "502 bad_gateway")
}

func TestErrorsCarryNotionsCodeAndNeverTheToken(t *testing.T) {
	srv, _, db, _ := fake(t)
	c, err := notion.New(httpclient.New(), "secret_wrong", notion.Options{BaseURL: srv.URL})
	require.NoError(t, err)
	_, err = c.Database(context.Background(), db)
	require.Error(t, err)
	assert.Equal(t, pc.CodeUnauthorized, pc.ErrorCode(err))
	assert.Equal(t, "unauthorized", notion.ErrorCode(err))
	assert.NotContains(t, err.Error(), "secret_wrong")

	_, err = notion.New(httpclient.New(), " ", notion.Options{})
	assert.Equal(t, pc.CodeUnauthorized, pc.ErrorCode(err))
	_, err = notion.New(httpclient.New(), "x", notion.Options{BaseURL: "ftp://x"})
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
}

func TestContextEndsTheWait(t *testing.T) {
	srv, _, db, _ := fake(t)
	c, err := notion.New(httpclient.New(), notiontest.Token, notion.Options{BaseURL: srv.URL})
	require.NoError(t, err)
	srv.Inject(notiontest.Fault{Status: 429, RetryAfter: 30})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = c.Database(ctx, db)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "stopped")
}

// manualClock is a clock that only the sleepers move: concurrent callers
// see one timeline, which runs at least as fast as each of them waits.
type manualClock struct {
	mu  sync.Mutex
	now time.Time
}

func (m *manualClock) Now() time.Time { m.mu.Lock(); defer m.mu.Unlock(); return m.now }
func (m *manualClock) Sleep(_ context.Context, d time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.now = m.now.Add(d)
	return nil
}

// recorder answers 429 (Retry-After 5) to the first request and records
// when each later one was sent, in the clock's time.
type recorder struct {
	clock *manualClock
	mu    sync.Mutex
	until time.Time
	early int
	sent  []time.Time
}

func (r *recorder) Do(_ context.Context, _ *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.clock.Now()
	if r.until.IsZero() {
		r.until = now.Add(5 * time.Second)
		return &pc.OutboundResponse{Status: 429, Header: map[string]string{"Retry-After": "5"},
			Body: []byte(`{"object":"error","status":429,"code":"rate_limited","message":"slow down"}`)}, nil
	}
	if now.Before(r.until) {
		r.early++
	}
	r.sent = append(r.sent, now)
	return &pc.OutboundResponse{Status: 200, Body: []byte(`{"object":"user","id":"bot"}`)}, nil
}

func TestPacingAndRetryAfterAcrossConcurrentCallers(t *testing.T) {
	clock := &manualClock{now: t0}
	rec := &recorder{clock: clock}
	c, err := notion.New(rec, "tok-long-enough", notion.Options{BaseURL: "https://api.notion.test", Now: clock.Now, Sleep: clock.Sleep})
	require.NoError(t, err)
	// The 429 first, then 8 callers at once.
	_, err = c.Me(context.Background())
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 5 {
				_, err := c.Me(context.Background())
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	assert.Zero(t, rec.early, "no request before the Retry-After elapsed")
	require.Len(t, rec.sent, 41)
	// The bucket's promise, in any second: at most Rate plus the Burst saved
	// up. (Concurrent sleepers each move this clock, so time runs faster
	// than any of them waits and the bucket refills: the emptying by a 429
	// is checked with one caller below.)
	assertPaced(t, rec.sent, int(notion.Rate)+notion.Burst)
	assert.Equal(t, int64(42), c.Requests())
}

// After a 429 the saved-up burst is spent: one caller's requests come at
// Rate per second (plus the one the gate lets through) from the first.
func TestRetryAfterSpendsTheBurst(t *testing.T) {
	clock := &manualClock{now: t0}
	rec := &recorder{clock: clock}
	c, err := notion.New(rec, "tok-long-enough", notion.Options{BaseURL: "https://api.notion.test", Now: clock.Now, Sleep: clock.Sleep})
	require.NoError(t, err)
	for range 12 {
		_, err := c.Me(context.Background())
		require.NoError(t, err)
	}
	assert.Zero(t, rec.early, "no request before the Retry-After elapsed")
	require.Len(t, rec.sent, 12) // the 429 is retried
	assertPaced(t, rec.sent, int(notion.Rate)+1)
}

// assertPaced checks that no second holds more than most of the requests
// sent.
func assertPaced(t *testing.T, sent []time.Time, most int) {
	t.Helper()
	for _, at := range sent {
		n := 0
		for _, x := range sent {
			if !x.Before(at) && x.Before(at.Add(time.Second)) {
				n++
			}
		}
		assert.LessOrEqual(t, n, most, "requests within a second from %v", at.Sub(sent[0]))
	}
}

func TestSplitTextKeepsNotionsLimits(t *testing.T) {
	for _, s := range []string{"", "short", strings.Repeat("a", 2000), strings.Repeat("a", 2001),
		strings.Repeat("é", 4001), strings.Repeat("😀", 1500), "a" + strings.Repeat("😀", 1000)} {
		parts := notion.SplitText(s)
		var joined strings.Builder
		for _, p := range parts {
			assert.LessOrEqual(t, notion.TextLen(p.Text.Content), notion.MaxTextLen)
			assert.NotEmpty(t, p.Text.Content)
			joined.WriteString(p.Text.Content)
		}
		assert.Equal(t, s, joined.String())
	}
	assert.Len(t, notion.SplitText(strings.Repeat("😀", 1500)), 2, "an emoji counts two, as in JavaScript")
}

func TestMarkdownBlocksRoundTrip(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"", ""},
		{"Para one\nstill one\n\nPara two", "Para one\nstill one\n\nPara two"},
		{"## Steps\n1. first\n2. second\n\n- a\n  - nested\n- b", "## Steps\n\n1. first\n1. second\n\n- a\n  - nested\n- b"},
		{"- [ ] todo\n- [x] done", "- [ ] todo\n- [x] done"},
		{"```go\nfunc main() {}\n\n```\n> quoted\n\n---\n#### deep", "```go\nfunc main() {}\n\n```\n\n> quoted\n\n---\n\n#### deep"},
		{"```brainfuck\n+.\n```", "```\n+.\n```"},
	} {
		got := notion.CanonicalMarkdown(tc.md)
		assert.Equal(t, tc.want, got, tc.md)
		assert.Equal(t, got, notion.CanonicalMarkdown(got), "canonical is stable")
	}
	long := strings.Repeat("x", 250_000)
	blocks := notion.MarkdownBlocks(long)
	require.Len(t, blocks, 2, "a paragraph over 100 text objects becomes two blocks")
	assert.Len(t, blocks[0].Text, notion.MaxRichText)
}

func TestChunksKeepAppendsWithinLimits(t *testing.T) {
	var blocks []notion.Block
	for range 250 {
		blocks = append(blocks, notion.Block{Type: "paragraph", Text: notion.SplitText(strings.Repeat("y", 3000))})
	}
	chunks := notion.Chunks(blocks)
	total := 0
	for _, c := range chunks {
		assert.LessOrEqual(t, len(c), notion.MaxAppendBlocks)
		total += len(c)
	}
	assert.Equal(t, 250, total)
	assert.Greater(t, len(chunks), 3, "the payload bound cuts before 100 blocks of long text")
}
