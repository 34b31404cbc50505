# Project Canvas. `make run` runs the main job on the bundled example vault;
# `make test` runs every test.

GO       ?= go
SCRATCH  := .scratch
VAULT    := $(SCRATCH)/vault
BIN      := $(SCRATCH)/bin/projectcanvas
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test run bench lint clean

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
	$(BIN) --vault $(VAULT) canvas populate
	$(BIN) --vault $(VAULT) canvas layout
	$(BIN) --vault $(VAULT) render -o $(SCRATCH)/canvas.svg

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...
	mkdir -p $(SCRATCH) && $(GO) run ./bench/layout > $(SCRATCH)/layout-graph.json
	cd bench/layout && npm ci --no-audit --no-fund --silent && node compare.mjs ../../$(SCRATCH)/layout-graph.json

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

clean:
	rm -rf $(SCRATCH)
