package frontmatter

import (
	"runtime"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"
)

// entityFile is a typical entity: 12 keys, a comment, a flow and a block
// list, dates, and a short body.
var entityFile = []byte(`---
id: T-042
title: "Implement the front matter codec"
status: In Progress # moved on Monday
priority: high
assignee: alice
created_at: 2026-01-12
updated_at: 2026-02-01
due: 2026-03-01
depends_on: [T-001, T-002]
tags:
  - core
  - yaml
estimate: 3
epic: E-7
---
# Implement the front matter codec

Read and write entity files without losing a byte.
`)

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(entityFile)))
	for b.Loop() {
		if _, err := Parse(entityFile); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkYAMLFloor is yaml.v3 alone on the same YAML text: the floor
// that BenchmarkParse cannot go below while it parses with yaml.v3.
func BenchmarkYAMLFloor(b *testing.B) {
	f, err := split(entityFile)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		var n yaml.Node
		if err := yaml.Unmarshal(f.yaml, &n); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseParallel parses on every core, as a vault scan does.
func BenchmarkParseParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := Parse(entityFile); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkEdit measures a typical write: two sets and Bytes, which includes
// the verifying re-parse.
func BenchmarkEdit(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d, err := Parse(entityFile)
		if err != nil {
			b.Fatal(err)
		}
		d.SetString("status", "Done")
		d.SetStrings("depends_on", []string{"T-001", "T-002", "T-003"})
		_ = d.Bytes()
	}
}

// BenchmarkParse10000Files is the performance budget: one op parses 10,000
// entity files spread over all cores, which must take well under 0.5 s on 2
// cores. Compare its ns/op with 5e8.
func BenchmarkParse10000Files(b *testing.B) {
	b.ReportAllocs()
	workers := runtime.GOMAXPROCS(0)
	for b.Loop() {
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := w; i < 10000; i += workers {
					if _, err := Parse(entityFile); err != nil {
						b.Error(err)
						return
					}
				}
			})
		}
		wg.Wait()
	}
}
