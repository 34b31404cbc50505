// Package benchcorpus generates the document search benchmark vault:
// prose-like markdown notes with headings, deterministic for a size, so
// the Go benchmarks and the JavaScript peers (bench/search) measure the
// same corpus.
package benchcorpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Docs is the benchmark's size: 10,000 documents of about five sections
// each (about 50,000 sections).
const Docs = 10_000

// words is a vocabulary used with a Zipf-like skew: a few hundred common
// English words and many rarer made-up terms, as in real notes.
var words = func() []string {
	ws := strings.Fields(`the a of to and in is for on that with as by it be this are from or at an we
		page search index deploy release rollback storage database backup restore user session token login
		editor latency cache query result ranking snippet permission role workspace space team document
		note meeting decision design review migration schema table column vector embedding model worker
		queue job lock timeout retry error alert metric dashboard incident postmortem customer pricing plan
		seat billing invoice mobile offline sync conflict merge upload image attachment link share audit`)
	r := rand.New(rand.NewPCG(7, 7))
	const letters = "abcdefghijklmnopqrstuvwxyz"
	for range 20_000 {
		var b strings.Builder
		for range 4 + r.IntN(7) {
			b.WriteByte(letters[r.IntN(len(letters))])
		}
		ws = append(ws, b.String())
	}
	return ws
}()

func word(r *rand.Rand) string {
	k := int(float64(len(words)) * r.Float64() * r.Float64() * r.Float64())
	return words[k]
}

func sentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = word(r)
	}
	return strings.Join(w, " ")
}

// Doc returns document i: front matter, a title and four or five sections
// of one or two paragraphs.
func Doc(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 99))
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntags: [bench]\n---\n# %s\n\n%s.\n", sentence(r, 3), sentence(r, 20))
	for s := range 4 + r.IntN(2) {
		level := "##"
		if s > 0 && r.IntN(3) == 0 {
			level = "###"
		}
		fmt.Fprintf(&b, "\n%s %s\n\n", level, sentence(r, 2+r.IntN(3)))
		for range 1 + r.IntN(2) {
			fmt.Fprintf(&b, "%s.\n\n", sentence(r, 30+r.IntN(40)))
		}
	}
	return b.String()
}

// Name is the vault path of document i.
func Name(i int) string { return fmt.Sprintf("notes/%03d/doc-%05d.md", i%100, i) }

// Files returns the first n documents by vault path.
func Files(n int) map[string]string {
	files := make(map[string]string, n)
	for i := range n {
		files[Name(i)] = Doc(i)
	}
	return files
}

// Queries returns n search queries of two to four words.
func Queries(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	qs := make([]string, n)
	for i := range qs {
		qs[i] = sentence(r, 2+r.IntN(3))
	}
	return qs
}
