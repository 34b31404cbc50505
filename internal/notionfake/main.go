// Command notionfake serves package notiontest's fake of Notion's REST API
// on 127.0.0.1, for the Obsidian plugin's tests (plugin/test/sync.test.mjs):
// the plugin's sync commands reach it through requestUrl, as they would
// reach Notion. It prints one JSON line, {"url", "database",
// "data_source"}, then serves until its standard input closes (the test
// process ended) or it is killed.
//
// The fake's clock follows real time here (it is set to the wall clock
// before every request), so that its count of requests sent before a
// Retry-After elapsed means what it says for a client pacing itself in
// real time.
//
// Under /_fake/ it answers what a test does in the Notion app or reads
// back (JSON in and out):
//
//	GET  /_fake/find?prop=ID&value=T-002   {"pages": [id...]}   pages outside the trash
//	GET  /_fake/property?page=ID&prop=P    {"text", "select"}   a property's value
//	POST /_fake/edit {"page","prop","text"|"select"}            an edit by a person
//	POST /_fake/inject {"status","retry_after","times","method","path"}  a fault (path: a prefix)
//	GET  /_fake/log                        {"requests": [{method,path,at_ms,status}], "early": n}
//	POST /_fake/reset-log
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion/notiontest"
)

func main() {
	clock := notiontest.NewClock(time.Now())
	fake, db, ds := notiontest.New(clock)
	defer fake.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	c := &control{fake: fake, ds: ds}
	var mu sync.Mutex
	// Brings the virtual clock to the wall clock: requests and a person's
	// edits are stamped with the real time.
	c.sync = func() {
		mu.Lock()
		defer mu.Unlock()
		if d := time.Until(clock.Now()); d < 0 {
			clock.Advance(-d)
		}
	}
	api := fake.Config.Handler
	mux := http.NewServeMux()
	mux.HandleFunc("/_fake/", c.serve)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		c.sync()
		api.ServeHTTP(w, r)
	})
	go func() { log.Fatal(http.Serve(ln, mux)) }()
	out, _ := json.Marshal(map[string]string{"url": "http://" + ln.Addr().String(), "database": db, "data_source": ds})
	fmt.Println(string(out))
	_, _ = io.Copy(io.Discard, os.Stdin)
}

type control struct {
	fake *notiontest.Server
	ds   string
	sync func()
}

func (c *control) serve(w http.ResponseWriter, r *http.Request) {
	c.sync()
	out, err := c.answer(r)
	w.Header().Set("Content-Type", "application/json")
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		out = map[string]string{"error": err.Error()}
	}
	_ = json.NewEncoder(w).Encode(out)
}

func (c *control) answer(r *http.Request) (any, error) {
	q := r.URL.Query()
	var in struct {
		Page       string  `json:"page"`
		Prop       string  `json:"prop"`
		Text       *string `json:"text"`
		Select     *string `json:"select"`
		Status     int     `json:"status"`
		RetryAfter int     `json:"retry_after"`
		Times      int     `json:"times"`
		Method     string  `json:"method"`
		Path       string  `json:"path"`
	}
	if r.Method == http.MethodPost {
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil && err != io.EOF {
			return nil, err
		}
	}
	switch r.Method + " " + strings.TrimPrefix(r.URL.Path, "/_fake") {
	case "GET /find":
		return map[string][]string{"pages": append([]string{}, c.fake.Find(c.ds, q.Get("prop"), q.Get("value"))...)}, nil
	case "GET /property":
		v := c.fake.Property(q.Get("page"), q.Get("prop"))
		sel := ""
		if v.Select != nil {
			sel = v.Select.Name
		}
		return map[string]string{"text": notion.Plain(v.Title) + notion.Plain(v.RichText), "select": sel}, nil
	case "POST /edit":
		switch {
		case in.Text != nil:
			c.fake.Edit(in.Page, in.Prop, notiontest.Text(*in.Text))
		case in.Select != nil:
			c.fake.Edit(in.Page, in.Prop, notiontest.Select(*in.Select))
		default:
			return nil, fmt.Errorf("edit needs text or select")
		}
		return map[string]bool{"ok": true}, nil
	case "POST /inject":
		f := notiontest.Fault{Status: in.Status, RetryAfter: in.RetryAfter, Times: in.Times}
		if in.Method != "" || in.Path != "" {
			f.Match = func(method, path string) bool {
				return (in.Method == "" || method == in.Method) && strings.HasPrefix(path, in.Path)
			}
		}
		c.fake.Inject(f)
		return map[string]bool{"ok": true}, nil
	case "GET /log":
		type entry struct {
			Method string `json:"method"`
			Path   string `json:"path"`
			At     int64  `json:"at_ms"`
			Status int    `json:"status"`
		}
		reqs := []entry{}
		for _, l := range c.fake.Log() {
			reqs = append(reqs, entry{l.Method, l.Path, l.At.UnixMilli(), l.Status})
		}
		return map[string]any{"requests": reqs, "early": c.fake.Early()}, nil
	case "POST /reset-log":
		c.fake.ResetLog()
		return map[string]bool{"ok": true}, nil
	}
	return nil, fmt.Errorf("no control %s %s", r.Method, r.URL.Path)
}
