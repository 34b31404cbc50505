// Package notion is a small client for Notion's REST API, enough to keep a
// Notion database in step with a vault (package extsync does the syncing).
//
// # Which API
//
// Every request carries Notion-Version 2026-03-11 (see [Version]): the
// data-sources API. A Notion database is a container; its rows live in one
// or more data sources. The schema (the columns) is read with
// GET /v1/data_sources/{id} and changed with PATCH on the same path, rows
// are listed with POST /v1/data_sources/{id}/query, and a page is created
// with a parent of type data_source_id. A page in the trash says so with
// in_trash (older versions said archived). Clients pinned to 2022-06-28
// break as soon as a database gets a second data source, which is why this
// package exists instead of a dependency.
//
// # Transport, token, limits
//
// The client speaks through a [projectcanvas.Transport], never net/http: the
// CLI passes package httpclient's, the WebAssembly build the editor's
// requestUrl. The integration token goes into the Authorization header and
// nowhere else: it is not logged, and it is cut out of every error message.
//
// Notion allows an integration about three requests per second on average,
// with short bursts. The client paces itself below that (a token bucket of
// [Rate] per second and [Burst] requests), so a sync rarely sees a 429. When
// one comes, its Retry-After holds back every request of the client, from
// every goroutine, until it has elapsed: no request of any kind is sent
// before. 500, 502, 503 and 504 answers, and requests that got no answer,
// are retried with exponential backoff and full jitter, but only when
// repeating them cannot do twice what was meant once (a GET, a query, a
// PATCH of properties, a DELETE); creating a page or appending blocks is not
// repeated blindly: the caller looks first (see extsync).
//
// Time is injectable (Options.Now, Options.Sleep) so that tests of the
// pacing and of Retry-After run in virtual time, fast and deterministic.
//
// # Content within Notion's limits
//
// A text object holds at most 2,000 characters and a rich_text array at
// most 100 of them; a request appends at most 100 blocks. [SplitText] cuts
// long text at those limits (never inside a character), [MarkdownBlocks]
// turns a note's markdown into blocks and [BlocksMarkdown] turns them back,
// and AppendChildren sends any number of blocks in requests of at most 100.
package notion
