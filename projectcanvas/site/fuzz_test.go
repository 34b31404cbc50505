package site_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/projectcanvas/projectcanvas/projectcanvas/site"
)

// FuzzEntityPage: whatever a note's body holds, its page holds no markup
// of its own (no tag the site does not write) and no link the site does
// not allow.
func FuzzEntityPage(f *testing.F) {
	for _, seed := range []string{hostileTask, "[[T-002|x]] [[", "[[a#b|c]]", "<javascript:x>", "[a](java\tscript:x)", "![a](b)", "<div>\n\n</div>", "# h\n###### h6\n####### h7"} {
		f.Add(seed)
	}
	tag := regexp.MustCompile(`<(script|img|iframe|object|embed|style|svg|math|form|b |div|span [^c])`)
	href := regexp.MustCompile(`href="([^"]*)"`)
	f.Fuzz(func(t *testing.T, body string) {
		task := "---\nid: T-001\ntype: task\ntitle: Fuzzed\nstatus: Not Started\n---\n" + body
		p := open(t, map[string]string{"Projects/T-001 Fuzzed.md": task, "Projects/T-002 Other.md": "---\nid: T-002\ntype: task\ntitle: Other\nstatus: Not Started\n---\n"})
		files, err := site.Build(p, site.Options{Generated: generated})
		if err != nil {
			return // a note the index refuses is no page
		}
		page := string(files["e/T-0xx/T-001.html"])
		start, end := strings.Index(page, `<div class="body">`), strings.LastIndex(page, "</div>")
		if start < 0 || end < start {
			return
		}
		inner := page[start+len(`<div class="body">`) : end]
		if m := tag.FindString(inner); m != "" {
			t.Fatalf("the body's markup %q passed through:\n%s", m, inner)
		}
		for _, m := range href.FindAllStringSubmatch(inner, -1) {
			v := m[1]
			scheme, _, _ := strings.Cut(strings.ToLower(v), ":")
			if scheme != "http" && scheme != "https" && scheme != "mailto" && v != "../../e/T-0xx/T-002.html" && v != "../../e/T-0xx/T-001.html" {
				t.Fatalf("a link to %q", v)
			}
		}
	})
}
