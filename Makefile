# Project Canvas. `make run` runs the main job on the bundled example vault;
# `make test` runs every test.

GO       ?= go
SCRATCH  := .scratch
VAULT    := $(SCRATCH)/vault
BIN      := $(SCRATCH)/bin/projectcanvas
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test run bench lint clean eval-search

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
