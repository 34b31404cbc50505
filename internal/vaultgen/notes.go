package vaultgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// noteFolders are where a team keeps its other notes.
var noteFolders = []string{"Engineering Notes", "Meetings", "Research", "Runbooks", "Notes/Daily"}

var prose = strings.Fields(`the team agreed that we should ship a smaller first version and measure how people use
it before adding more. latency matters most on the first page load, so the cache warms on deploy. an outage last
week came from a lock held during reindexing; the fix moves the rebuild to a background worker with a timeout.
customers asked for offline access and exports in open formats. the security review found tokens in logs, now
redacted. design wants one layout for phone and desktop. we will revisit pricing after the beta, with data from
the trial cohort. migrations run in a transaction and can be rolled back. accessibility checks cover keyboard
use, focus order and contrast.`)

// Notes returns m markdown notes that are not entities (path -> content):
// meeting notes, research and runbooks with headings, paragraphs, lists,
// code and links to the entities of Files(entities), the text a document
// index reads. The output is deterministic for given sizes.
func Notes(m, entities int) map[string]string {
	r := rand.New(rand.NewPCG(uint64(m), 7))
	files := make(map[string]string, m)
	for i := range m {
		folder := noteFolders[i%len(noteFolders)]
		t := title(r)
		name := fmt.Sprintf("%s/%s %d.md", folder, t, i+1)
		files[name] = note(r, t, entities)
	}
	return files
}

func note(r *rand.Rand, heading string, entities int) string {
	var b strings.Builder
	if r.IntN(3) == 0 {
		fmt.Fprintf(&b, "---\ntags: [%s, %s]\n---\n", words[r.IntN(len(words))], words[r.IntN(len(words))])
	}
	fmt.Fprintf(&b, "# %s\n\n", heading)
	for s := range 2 + r.IntN(4) {
		fmt.Fprintf(&b, "## %s %d\n\n", title(r), s+1)
		for range 1 + r.IntN(3) {
			b.WriteString(paragraph(r))
			if entities > 0 && r.IntN(3) == 0 {
				fmt.Fprintf(&b, " See T-%03d.", 1+r.IntN(max(1, entities*75/100)))
			}
			b.WriteString("\n\n")
		}
		switch r.IntN(4) {
		case 0:
			for range 2 + r.IntN(3) {
				fmt.Fprintf(&b, "- %s\n", strings.ToLower(title(r)))
			}
			b.WriteString("\n")
		case 1:
			fmt.Fprintf(&b, "```sh\nprojectcanvas %s --%s\n```\n\n", words[r.IntN(len(words))], words[r.IntN(len(words))])
		}
	}
	return b.String()
}

func paragraph(r *rand.Rand) string {
	n := 20 + r.IntN(60)
	start := r.IntN(len(prose))
	out := make([]string, n)
	for i := range out {
		out[i] = prose[(start+i)%len(prose)]
	}
	s := strings.Join(out, " ")
	return strings.ToUpper(s[:1]) + s[1:]
}
