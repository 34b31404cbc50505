# Project Canvas. `make run` runs the main job on the bundled example vault;
# `make test` runs every test.

GO       ?= go
SCRATCH  := .scratch
VAULT    := $(SCRATCH)/vault
BIN      := $(SCRATCH)/bin/projectcanvas
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test run bench lint clean eval-search bench-search

build:
	$(GO) build -o $(BIN) ./cmd/projectcanvas

# Every test, with the race detector on.
test:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

# Copy the example vault to a scratch folder (never touch the bundled one)
# and run the main job there.
run: build
	rm -rf $(VAULT) && mkdir -p $(SCRATCH) && cp -R examples/vault $(VAULT)
	$(BIN) --vault $(VAULT) index
	$(BIN) --vault $(VAULT) report

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...
	$(MAKE) bench-search

# search_docs against its peers (MiniSearch, Orama hybrid; locked in
# bench/search/package-lock.json) on the same generated 10,000-document
# corpus, exported by the Go side; prints the timings and the ratios.
bench-search:
	cd bench/search && npm ci --no-audit --no-fund
	$(GO) run ./projectcanvas/docsearch/internal/peerbench -out bench/search/.data
	node bench/search/bench.mjs bench/search/.data

# Relevance of document search (search_docs) on the labelled set over the
# example vault: nDCG@10 and MRR for BM25, vector and hybrid, per category.
eval-search:
	$(GO) test -count=1 -run '^TestRelevance$$' ./projectcanvas/docsearch -args -eval

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

clean:
	rm -rf $(SCRATCH)
