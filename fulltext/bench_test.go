package fulltext_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/fulltext"
	"github.com/projectcanvas/projectcanvas/internal/cputime"
)

// benchVocab is a vocabulary of a few hundred words of project notes.
var benchVocab = strings.Fields(`
the a an and or of to in on for with by from at as is are was be been it this that these those
not no yes all any each every some more most less other new old first last next same own only
project projects task tasks milestone milestones workstream workstreams epic epics story stories
issue issues bug bugs feature features release releases sprint sprints roadmap backlog board
status priority priorities owner owners team teams review reviews reviewer approval approvals
deadline deadlines estimate estimates schedule scheduled planning plan plans planned goal goals
vault note notes markdown frontmatter heading headings section sections link links tag tags
index indexing indexed search searches searching query queries result results ranking score
build builds building test tests testing deploy deploys deployment pipeline pipelines server
client api apis endpoint endpoints request requests response responses error errors failure
config configuration option options setting settings default defaults value values field fields
user users customer customers account accounts access permission permissions role roles admin
data database table tables record records row rows column columns schema migration migrations
file files folder folders path paths document documents page pages template templates format
write writes writing read reads reading update updates updated updating delete deleted remove
create created creating add added adding change changes changed fix fixes fixed fixing refactor
performance memory latency cache caching speed slow fast benchmark benchmarks profile profiling
design designs mockup prototype spec specs requirement requirements decision decisions risk risks
meeting meetings agenda minutes notes summary summaries report reports metric metrics dashboard
blocked blocking blocker blockers dependency dependencies depends waiting done open closed active
draft drafts proposal proposals accepted rejected pending progress started finished cancelled
weekly daily monthly quarter quarterly today tomorrow yesterday week month year date dates time
research analysis experiment experiments result findings insight insights question questions answer
security audit compliance privacy policy policies incident incidents outage alert alerts monitor
mobile web desktop android ios browser layout style theme color colors font icon icons image images
onboarding documentation guide guides tutorial example examples reference support help contact
budget cost costs invoice invoices payment payments contract contracts vendor vendors partner
launch marketing campaign email newsletter social content blog post posts video launch event
`)

const benchDocs = 10_000

type benchDoc struct {
	id, title, body string
}

// benchCorpus returns benchDocs documents of a 3-7 word title and a
// 30-50 word body, with Zipf-distributed words (a fixed seed).
func benchCorpus() []benchDoc {
	rng := rand.New(rand.NewPCG(42, 1))
	zipf := rand.NewZipf(rng, 1.07, 2, uint64(len(benchVocab)-1))
	words := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = benchVocab[zipf.Uint64()]
		}
		return strings.Join(ws, " ")
	}
	docs := make([]benchDoc, benchDocs)
	for i := range docs {
		docs[i] = benchDoc{
			id:    fmt.Sprintf("T-%05d", i),
			title: words(3 + rng.IntN(5)),
			body:  words(30+rng.IntN(21)) + fmt.Sprintf(" see T-%05d.", rng.IntN(benchDocs)),
		}
	}
	return docs
}

func addAll(x *fulltext.Index, docs []benchDoc) {
	for _, d := range docs {
		x.Add(d.id, fulltext.Title(d.title), fulltext.Body(d.body))
	}
}

func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkAdd10k adds 10,000 documents to a new index per op and reports
// the heap the index holds per document.
func BenchmarkAdd10k(b *testing.B) {
	docs := benchCorpus()
	before := heapAlloc()
	x := fulltext.New()
	addAll(x, docs)
	after := heapAlloc()
	runtime.KeepAlive(x)
	x = nil

	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Process()
	for b.Loop() {
		addAll(fulltext.New(), docs)
	}
	cpu = cputime.Process() - cpu
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(int64(after)-int64(before))/benchDocs, "heapB/doc")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchDocs, "ns/doc")
}

// BenchmarkSearch10k runs 2-word queries, limit 20, on 10,000 documents
// and reports the median latency too.
func BenchmarkSearch10k(b *testing.B) {
	docs := benchCorpus()
	x := fulltext.New()
	addAll(x, docs)
	rng := rand.New(rand.NewPCG(7, 7))
	queries := make([]string, 256)
	for i := range queries {
		// A mix of frequent, middling and rare words.
		queries[i] = benchVocab[rng.IntN(len(benchVocab))] + " " + benchVocab[rng.IntN(len(benchVocab))]
	}
	lat := make([]time.Duration, 0, 1<<16)
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	cpu := cputime.Process()
	for b.Loop() {
		start := time.Now()
		x.Search(queries[i%len(queries)], 20, nil)
		if len(lat) < cap(lat) {
			lat = append(lat, time.Since(start))
		}
		i++
	}
	cpu = cputime.Process() - cpu
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds()), "p50-ns")
		b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds()), "p99-ns")
	}
}

// BenchmarkSearch10kFrequent is the worst case: the two most frequent
// words, each in most documents.
func BenchmarkSearch10kFrequent(b *testing.B) {
	x := fulltext.New()
	addAll(x, benchCorpus())
	b.ReportAllocs()
	for b.Loop() {
		x.Search("the project", 20, nil)
	}
}
