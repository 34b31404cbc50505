package docsearch

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func TestZZDump(t *testing.T) {
	out := os.Getenv("ZZ_DUMP")
	if out == "" {
		t.Skip()
	}
	e, err := Open(context.Background(), memfs.New(benchFiles(3000)), WithCache(""))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, q := range benchQueries(400) {
		for _, m := range []Mode{Hybrid, VectorOnly} {
			rs, _ := e.Search(context.Background(), Query{Text: q, TopK: 8, Mode: m})
			fmt.Fprintf(&b, "%s|%d:", q, m)
			for _, r := range rs {
				fmt.Fprintf(&b, " %s@%d", r.Doc, r.StartChar)
			}
			b.WriteString("\n")
		}
	}
	os.WriteFile(out, []byte(b.String()), 0o644)
}
