package notion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Version is the Notion-Version header every request carries: the
// data-sources API, with in_trash and the append position parameter.
const Version = "2026-03-11"

// DefaultBaseURL is Notion's public API. The CLI reads another from
// $PROJECTCANVAS_NOTION_URL (a proxy, the tests' fake).
const DefaultBaseURL = "https://api.notion.com"

// Pacing: Notion's documented average for an integration, and the burst the
// client allows itself after a quiet spell.
const (
	Rate  = 3.0 // requests per second, on average
	Burst = 3
)

// Retry policy: how often a transient failure (5xx, no answer) is retried,
// how often a run of 429s is waited out, and the backoff's bounds.
const (
	maxRetries     = 5
	max429         = 20
	backoffBase    = 500 * time.Millisecond
	backoffMax     = 30 * time.Second
	defaultTimeout = 60 * time.Second
	// retryAfterDefault is the wait after a 429 that carries no usable
	// Retry-After (a transport that passes no headers).
	retryAfterDefault = 2 * time.Second
	// MaxWait is the longest one Retry-After is waited out: a server that
	// asks for more (an hour) is answered with an error to try later.
	MaxWait = 60 * time.Second
	// MaxListRequests bounds the requests of one listing (a query's pages
	// of results, a page's pages of blocks): 1,000 requests of 100 are
	// 100,000 pages or blocks, past any real database or page.
	MaxListRequests = 1000
	// MinTokenLength is the shortest token taken: Notion's are ~50
	// characters, and redacting a one-letter "token" from messages would
	// mangle every one of them.
	MinTokenLength = 8
)

// Options configures a Client. The zero value is Notion's public API on the
// real clock.
type Options struct {
	BaseURL string        // default DefaultBaseURL
	Timeout time.Duration // per request; default 60 s
	// Now and Sleep replace the clock (tests run in virtual time). Sleep
	// returns early with ctx's error when ctx ends.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// Rand returns a number in [0, 1) for the backoff's jitter.
	Rand func() float64
	// Rate and Burst override the pacing (0: Rate and Burst).
	Rate  float64
	Burst int
}

// Client calls Notion's API through a Transport. It is safe for concurrent
// use: the pacing and every Retry-After are shared by all callers.
type Client struct {
	transport pc.Transport
	token     string
	base      string
	timeout   time.Duration
	sleep     func(ctx context.Context, d time.Duration) error
	rand      func() float64
	pace      *pacer
	requests  atomic.Int64
}

// New returns a client that sends through t with the integration token.
func New(t pc.Transport, token string, o Options) (*Client, error) {
	base := strings.TrimRight(o.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	if u, err := url.Parse(base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "the Notion API URL %q is not an http(s) URL", base)
	}
	if t == nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "this host has no outbound HTTP to reach Notion with")
	}
	if strings.TrimSpace(token) == "" {
		return nil, pc.Errorf(pc.CodeUnauthorized, "no Notion integration token given")
	}
	if len(strings.TrimSpace(token)) < MinTokenLength {
		return nil, pc.Errorf(pc.CodeUnauthorized, "the Notion integration token is too short to be one (Notion's start with ntn_ or secret_ and run to about 50 characters)")
	}
	c := &Client{transport: t, token: strings.TrimSpace(token), base: base, timeout: o.Timeout,
		sleep: o.Sleep, rand: o.Rand}
	if c.timeout <= 0 {
		c.timeout = defaultTimeout
	}
	if c.sleep == nil {
		c.sleep = sleepCtx
	}
	if c.rand == nil {
		c.rand = rand.Float64
	}
	now := o.Now
	if now == nil {
		now = time.Now
	}
	rate, burst := o.Rate, o.Burst
	if rate <= 0 {
		rate = Rate
	}
	if burst <= 0 {
		burst = Burst
	}
	c.pace = newPacer(rate, burst, now, c.sleep)
	return c, nil
}

// Requests is how many HTTP requests the client has sent, retries included.
func (c *Client) Requests() int64 { return c.requests.Load() }

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// apiError is Notion's error object.
type apiError struct {
	Object  string `json:"object"`
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// retryable says whether a request may be sent again after a 5xx or no
// answer: only if doing it twice does what doing it once does.
type retryable bool

const (
	idempotent retryable = true
	once       retryable = false
)

// do sends one API call, paced, retried as the policy allows, and decodes
// the answer into out (nil to drop it).
func (c *Client) do(ctx context.Context, method, path string, body any, retry retryable, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return pc.Errorf(pc.CodeInternal, "encoding the request to Notion: %v", err)
		}
	}
	header := map[string]string{"Authorization": "Bearer " + c.token, "Notion-Version": Version}
	if payload != nil {
		header["Content-Type"] = "application/json"
	}
	transient, limited := 0, 0
	for {
		if err := c.pace.wait(ctx); err != nil {
			return c.canceled(method, path, err)
		}
		resp, err := c.send(ctx, &pc.OutboundRequest{Method: method, URL: c.base + path, Header: header, Body: payload})
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return c.canceled(method, path, ctx.Err())
			}
			if !retry || transient >= maxRetries {
				return pc.Errorf(pc.CodeInternal, "Notion did not answer %s %s: %s", method, path, c.redact(err.Error())).
					With("retryable", true)
			}
			transient++
			if err := c.sleep(ctx, c.backoff(transient)); err != nil {
				return c.canceled(method, path, err)
			}
		case resp.Status == 429:
			limited++
			wait := retryAfter(resp.Header)
			if limited > max429 || wait > MaxWait {
				return pc.AsError(c.apiErr(method, path, resp)).With("retry_after_seconds", int(wait/time.Second))
			}
			c.pace.hold(wait)
		case resp.Status >= 300 && resp.Status < 400:
			// Never followed (the token would go with it): reported.
			where := c.redact(resp.Header["Location"])
			return pc.Errorf(pc.CodeInternal, "Notion answered %s %s with a redirect (%d) to %s; it was not followed, so the token went nowhere else: "+
				"check the API URL", method, path, resp.Status, snippet([]byte(where))).With("notion_status", resp.Status)
		case transientStatus(resp.Status) && bool(retry) && transient < maxRetries:
			transient++
			if err := c.sleep(ctx, c.backoff(transient)); err != nil {
				return c.canceled(method, path, err)
			}
		case resp.Status >= 200 && resp.Status < 300:
			if out == nil {
				return nil
			}
			if err := json.Unmarshal(resp.Body, out); err != nil {
				return pc.Errorf(pc.CodeInternal, "Notion's answer to %s %s is not what the API documents: %v", method, path, err)
			}
			return nil
		default:
			return c.apiErr(method, path, resp)
		}
	}
}

// send is one request on the wire, under the per-request timeout.
func (c *Client) send(ctx context.Context, r *pc.OutboundRequest) (*pc.OutboundResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	c.requests.Add(1)
	resp, err := c.transport.Do(ctx, r)
	if err == nil && resp == nil {
		err = errors.New("the transport gave no answer")
	}
	return resp, err
}

func transientStatus(s int) bool { return s == 500 || s == 502 || s == 503 || s == 504 }

// backoff is the wait before the n-th retry: full jitter over an
// exponentially growing bound, so that clients that failed together do not
// come back together.
func (c *Client) backoff(n int) time.Duration {
	bound := backoffBase << (n - 1)
	if bound > backoffMax || bound <= 0 {
		bound = backoffMax
	}
	return time.Duration(c.rand() * float64(bound))
}

// retryAfter reads a 429's Retry-After (seconds, or an HTTP date is not
// used by Notion), falling back to a default when the host passed none.
func retryAfter(h map[string]string) time.Duration {
	v := strings.TrimSpace(h["Retry-After"])
	if v == "" {
		for k, x := range h {
			if strings.EqualFold(k, "Retry-After") {
				v = strings.TrimSpace(x)
			}
		}
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil && secs >= 0 {
		return time.Duration(min(secs, 1e6) * float64(time.Second))
	}
	return retryAfterDefault
}

func (c *Client) canceled(method, path string, err error) error {
	return pc.Errorf(pc.CodeInternal, "%s %s to Notion stopped: %v", method, path, err).With("retryable", true)
}

// apiErr turns an error answer into the project's error: the code by HTTP
// status, Notion's own code and message kept in the details.
func (c *Client) apiErr(method, path string, resp *pc.OutboundResponse) error {
	var e apiError
	if json.Unmarshal(resp.Body, &e) != nil || e.Object != "error" {
		e = apiError{Status: resp.Status, Code: "unexpected_answer", Message: snippet([]byte(c.redact(string(resp.Body))))}
	}
	code := pc.CodeInternal
	switch resp.Status {
	case 400, 413:
		code = pc.CodeInvalidArgument
	case 401:
		code = pc.CodeUnauthorized
	case 403:
		code = pc.CodeForbidden
	case 404:
		code = pc.CodeNotFound
	case 409:
		code = pc.CodeConflict
	}
	err := pc.Errorf(code, "Notion answered %s %s with %d %s: %s", method, path, resp.Status, e.Code, c.redact(e.Message)).
		With("notion_status", resp.Status).With("notion_code", e.Code)
	if resp.Status == 429 || transientStatus(resp.Status) || resp.Status == 409 {
		err = err.With("retryable", true)
	}
	return err
}

// ErrorCode returns the Notion error code an error of this client carries
// ("validation_error", "object_not_found"...), or "".
func ErrorCode(err error) string {
	var e *pc.Error
	if errors.As(err, &e) {
		if s, ok := e.Details["notion_code"].(string); ok {
			return s
		}
	}
	return ""
}

// redact cuts the token out of text that may have echoed it.
func (c *Client) redact(s string) string {
	if c.token == "" {
		return s
	}
	return strings.ReplaceAll(s, c.token, "[token]")
}

// snippet quotes at most 200 bytes of an answer. Redact before, never
// after: a cut through a token would leave its first part.
func snippet(b []byte) string {
	const n = 200
	s := strings.ToValidUTF8(string(b), "?")
	if len(s) > n {
		s = s[:n] + "..."
	}
	return fmt.Sprintf("%q", s)
}
