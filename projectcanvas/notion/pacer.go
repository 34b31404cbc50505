package notion

import (
	"context"
	"sync"
	"time"
)

// pacer keeps a client under Notion's rate: a token bucket (rate per
// second, up to burst saved up) and a gate that a 429's Retry-After closes
// for every caller until it has elapsed.
type pacer struct {
	mu        sync.Mutex
	rate      float64
	burst     float64
	tokens    float64
	last      time.Time // when tokens was last refilled
	notBefore time.Time // no request before this (Retry-After)
	now       func() time.Time
	sleep     func(ctx context.Context, d time.Duration) error
}

func newPacer(rate float64, burst int, now func() time.Time, sleep func(context.Context, time.Duration) error) *pacer {
	return &pacer{rate: rate, burst: float64(burst), tokens: float64(burst), last: now(), now: now, sleep: sleep}
}

// wait returns when a request may be sent: the gate is open and a token was
// taken. Waiters re-check after every sleep, so a Retry-After that another
// caller received meanwhile holds them too.
func (p *pacer) wait(ctx context.Context) error {
	for {
		d := p.reserve()
		if d <= 0 {
			return ctx.Err()
		}
		if err := p.sleep(ctx, d); err != nil {
			return err
		}
	}
}

// reserve takes a token and returns 0, or returns how long to wait before
// asking again.
func (p *pacer) reserve() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if now.Before(p.notBefore) {
		return p.notBefore.Sub(now)
	}
	if el := now.Sub(p.last); el > 0 {
		p.tokens = min(p.burst, p.tokens+el.Seconds()*p.rate)
	}
	p.last = now
	if p.tokens >= 1 {
		p.tokens--
		return 0
	}
	d := time.Duration((1 - p.tokens) / p.rate * float64(time.Second))
	return max(d, time.Millisecond)
}

// hold closes the gate for d from now (a later Retry-After never shortens
// an earlier one), and spends the saved-up burst: after a 429 the client
// starts again at the average rate.
func (p *pacer) hold(d time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if until := now.Add(d); until.After(p.notBefore) {
		p.notBefore = until
	}
	p.tokens = 0
	p.last = p.notBefore
}
