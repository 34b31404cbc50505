# Project Canvas. `make run` runs the main job on the bundled example vault;
# `make test` runs every test.

GO       ?= go
SCRATCH  := .scratch
VAULT    := $(SCRATCH)/vault
BIN      := $(SCRATCH)/bin/projectcanvas
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build test run bench lint clean crash

build:
	$(GO) build -o $(BIN) ./cmd/projectcanvas

# Every test, with the race detector on.
test:
	$(GO) vet ./...
	$(GO) test -race -count=1 ./...

# The crash test at scale: CRASH_KILLS kills of the CLI per operation
# (make test runs 34 each), CRASH_EDITS hand edits racing the tools (make
# test: 300). Without -race, to do more per minute.
CRASH_KILLS ?= 1000
CRASH_EDITS ?= 20000
crash:
	PC_CRASH_KILLS=$(CRASH_KILLS) PC_CRASH_REPORT=$(CURDIR)/$(SCRATCH)/crash.txt \
		$(GO) test -count=1 -v -timeout 120m -run 'TestCrashKillsLeaveBeforeOrAfter' ./cmd/projectcanvas
	PC_EDITS=$(CRASH_EDITS) $(GO) test -count=1 -run 'TestCrashAtEveryStep|TestHandEditsSurvive' -v ./projectcanvas/...

# Copy the example vault to a scratch folder (never touch the bundled one)
# and run the main job there.
run: build
	rm -rf $(VAULT) && mkdir -p $(SCRATCH) && cp -R examples/vault $(VAULT)
	$(BIN) --vault $(VAULT) index
	$(BIN) --vault $(VAULT) report

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

clean:
	rm -rf $(SCRATCH)
