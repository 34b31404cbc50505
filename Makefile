# Project Canvas. `make run` serves a scratch copy of the bundled example
# vault over HTTP and MCP; `make serve` serves it again without rebuilding;
# `make test` runs every test (Go with -race, the WASM build under Node, the
# end-to-end tests with the official MCP client, the README's commands);
# npm ci runs by itself where a lockfile is newer than node_modules.

GO       ?= go
SCRATCH  := .scratch
# The scratch vault make run copies the example into, and the only folder
# it ever deletes. VAULT is the vault make install puts the plugin into (an
# Obsidian vault of yours: make install VAULT=~/Notes); it is never deleted.
SCRATCH_VAULT := $(SCRATCH)/vault
VAULT    ?= $(SCRATCH_VAULT)
BIN      := $(SCRATCH)/bin/projectcanvas
WASM     := $(SCRATCH)/projectcanvas.wasm
ADDR     ?= 127.0.0.1:12312
GOROOT_WASM = $(shell $(GO) env GOROOT)/lib/wasm
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
GORELEASER  := github.com/goreleaser/goreleaser/v2@v2.15.1

# The version, from one place: the git tag at HEAD (v0.2.0 gives 0.2.0),
# else plugin/manifest.json's (make release refuses a tag that differs
# from the manifest's). make build and make release stamp it into the CLI,
# and projectcanvas version prints it.
MANIFEST_VERSION = $(shell sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' plugin/manifest.json)
TAG_VERSION = $(patsubst v%,%,$(shell git describe --tags --exact-match 2>/dev/null))
VERSION ?= $(or $(TAG_VERSION),$(MANIFEST_VERSION))

.PHONY: release lint-platforms lint-plugin build wasm wasm-size plugin install test test-go test-wasm test-e2e test-plugin bench-plugin bench-plugin-chromium bench-plugin-chromium-vs test-site bench-site bench-site-chromium run serve golden bench bench-wasm bench-wasm-load bench-wasm-memory bench-serve-memory bench-search bench-merge eval-search eval-search-context eval-search-godoc eval-search-model lint clean crash fuzz soak

build:
	$(GO) build -ldflags '-X main.version=$(VERSION)' -o $(BIN) ./cmd/projectcanvas

# The WebAssembly build the editor plugin loads; prints its raw and gzip size.
wasm:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $(WASM) ./wasm
	@printf 'wasm: %s bytes raw, %s bytes gzip -9\n' "$$(wc -c < $(WASM))" "$$(gzip -9 -c $(WASM) | wc -c)"

# What each package adds to the WebAssembly's code (a build with symbols;
# the limits are checked by wasm/bridge's TestWASMSize).
wasm-size: wasm
	GOOS=js GOARCH=wasm $(GO) build -trimpath -o $(SCRATCH)/projectcanvas-symbols.wasm ./wasm
	$(GO) run ./internal/wasmsize -top 40 -funcs 15 $(SCRATCH)/projectcanvas-symbols.wasm

# The Obsidian plugin (plugin/): dist/main.js with the .wasm inlined,
# manifest.json and styles.css. Its build tools come from
# plugin/package-lock.json.
PLUGIN_ENV = PROJECTCANVAS_WASM=$(CURDIR)/$(WASM) GOROOT_WASM=$(GOROOT_WASM)
plugin: wasm plugin/node_modules/.package-lock.json
	cd plugin && $(PLUGIN_ENV) node build.mjs

plugin/node_modules/.package-lock.json: plugin/package-lock.json
	cd plugin && npm ci --no-audit --no-fund

# Copies the built plugin into a vault: make install VAULT=~/Notes
# (default: the scratch vault of make run). A folder that is no Obsidian
# vault (no .obsidian/ in it: a mistyped path) is refused before anything
# is built, and never created.
install:
	@if [ "$(VAULT)" != "$(SCRATCH_VAULT)" ] && [ ! -d "$(VAULT)/.obsidian" ]; then \
		echo "make install: $(VAULT) is no Obsidian vault (it has no .obsidian folder); open it in Obsidian once, or check the path" >&2; exit 1; fi
	@$(MAKE) --no-print-directory plugin
	@$(call install_plugin,$(VAULT))

install_plugin = mkdir -p "$(1)/.obsidian/plugins/project-canvas" && \
	cp plugin/dist/main.js plugin/dist/manifest.json plugin/dist/styles.css "$(1)/.obsidian/plugins/project-canvas/" && \
	echo "plugin installed into $(1)/.obsidian/plugins/project-canvas"

# Every test.
test: test-go test-wasm test-e2e test-plugin test-site

# The status site of the example vault (with its laid-out canvas) in
# headless Chromium (Debian's /usr/bin/chromium, or CHROMIUM), opened from
# disk: no console error, no request outside the site, every link
# resolves, the board lists every active entity, a misspelt title is
# found (test/site/chromium.mjs); screenshots of the board and the canvas
# in .scratch/site-shots. Skipped, saying so, where there is no Chromium.
SITE_VAULT := $(SCRATCH)/site-vault
test-site: build
	@if [ ! -x "$${CHROMIUM:-/usr/bin/chromium}" ]; then echo "test-site: skipped, no Chromium (apt-get install chromium)"; exit 0; fi; \
	rm -rf $(SITE_VAULT) $(SCRATCH)/site-shots && mkdir -p $(SCRATCH)/site-shots && cp -R examples/vault $(SITE_VAULT) && \
	cp projectcanvas/canvas/testdata/example-vault.canvas $(SITE_VAULT)/Projects.canvas && \
	$(BIN) --vault $(SITE_VAULT) site && \
	SHOTS=$(SCRATCH)/site-shots node --experimental-websocket test/site/chromium.mjs $(SITE_VAULT)/.projectcanvas/site

# The status site of a generated vault of 10,000 entities and 10,000 notes
# (gen) in headless Chromium, opened from disk (test/site/bench.mjs): per
# run the board's first paint, the first card painted (target: within
# 1 s), the last card drawn and the longest task; then a keystroke in the
# search box (target: within 50 ms to the next frame). Exits 1 when a
# median misses its target. Needs a Chromium (CHROMIUM, default
# /usr/bin/chromium): not part of make test, nor CI. RUNS=5 by default.
SITE_BENCH := $(SCRATCH)/site-bench
bench-site-chromium: build
	rm -rf $(SITE_BENCH) && $(BIN) gen --entities 10000 --docs 10000 $(SITE_BENCH)/vault > /dev/null && \
	$(BIN) --vault $(SITE_BENCH)/vault site -o $(CURDIR)/$(SITE_BENCH)/site && \
	node --experimental-websocket test/site/bench.mjs $(SITE_BENCH)/site $(or $(RUNS),5)

# The plugin: strict type check (src; then, with tsconfig.test.json and
# before the build, the tests, their helpers, the benchmarks and the fake
# obsidian module, which is checked against the real one's types), the
# build, and its tests under Node with the real .wasm in a real worker (a
# worker_thread) and the fake obsidian module over temporary folders; the
# device's vector store over Chromium's IndexedDB when a Chromium is there.
test-plugin: wasm plugin/node_modules/.package-lock.json
	cd plugin && ./node_modules/.bin/tsc --noEmit -p .
	cd plugin && ./node_modules/.bin/tsc --noEmit -p tsconfig.test.json
	cd plugin && $(PLUGIN_ENV) node build.mjs --test
	cd plugin && node --test --test-concurrency=1 test/*.test.mjs
	@if [ ! -x "$${CHROMIUM:-/usr/bin/chromium}" ]; then echo "test-plugin: the vector store in Chromium skipped, no Chromium"; else cd plugin && node test/chromium/vectorStore.mjs; fi

# Start-up of the plugin under Node: onLayoutReady to ready for 1,000
# entity files (and with 2,000 notes), the event loop's delay meanwhile.
# ONLY=later:10000+0 runs only the benches named so (comma-separated; the
# commands' are reposition and keystrokes).
bench-plugin: wasm plugin/node_modules/.package-lock.json
	cd plugin && $(PLUGIN_ENV) node build.mjs --test
	cd plugin && node bench/load.mjs 5 $(ONLY) && node bench/commands.mjs 5 $(ONLY)

# bench-plugin's start-up and commands in headless Chromium, what Obsidian runs (a real
# Web Worker from a Blob URL, DecompressionStream, structured clone, nested
# timers held to 4 ms), the vault in the page's memory; the main thread's
# long tasks while loading. Needs a Chromium (CHROMIUM, default
# /usr/bin/chromium): not part of make test, nor CI. RUNS=5 by default;
# ONLY as for bench-plugin.
bench-plugin-chromium: wasm plugin/node_modules/.package-lock.json
	cd plugin && $(PLUGIN_ENV) node build.mjs --chromium-bench
	cd plugin && node bench/chromium.mjs $(or $(RUNS),5) $(ONLY)

# bench-plugin-chromium against a base commit side by side: BASE's plugin
# and core (built in a temporary worktree, given this checkout's bench
# harness) and this checkout's, in turns, ROUNDS turns of each (default 5),
# RUNS runs a turn; the median of each and the ratio new/base
# (plugin/bench/chromiumVs.mjs). make bench-plugin-chromium-vs BASE=f76c999 ONLY=populate,reposition
bench-plugin-chromium-vs: wasm plugin/node_modules/.package-lock.json
	@if [ -z "$(BASE)" ]; then echo "bench-plugin-chromium-vs: name the base commit, BASE=f76c999" >&2; exit 2; fi
	cd plugin && $(PLUGIN_ENV) node build.mjs --chromium-bench
	cd plugin && node bench/chromiumVs.mjs $(BASE) $(or $(ROUNDS),5) $(or $(RUNS),5) $(ONLY)

# Vet and the race tests; then the relevance test over the Go
# documentation, which -race skips (parsing GOROOT there takes 10 s).
test-go:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...
	$(GO) test -race -count=1 ./...
	$(GO) test -count=1 -run '^TestRelevanceGodoc(WithModel)?$$' ./projectcanvas/docsearch

# The bridge's Go tests compiled to WebAssembly and run under Node by the
# toolchain's go_js_wasm_exec.
test-wasm:
	PATH="$(GOROOT_WASM):$$PATH" GOOS=js GOARCH=wasm $(GO) test -count=1 ./wasm/...

# The built binary and .wasm driven from Node: the MCP TypeScript client
# over stdio and streamable HTTP, and the WASM global.
test-e2e: build wasm node_modules/.package-lock.json
	PROJECTCANVAS_BIN=$(BIN) PROJECTCANVAS_WASM=$(WASM) node --test test/e2e/

# The test client (the official MCP TypeScript SDK, ajv), installed from the
# lockfile when it is missing or older than the lockfile.
node_modules/.package-lock.json: package-lock.json
	npm ci --no-audit --no-fund

# The crash test at scale: CRASH_KILLS kills of the CLI per operation
# (make test runs 34 each), CRASH_EDITS hand edits racing the tools (make
# test: 300). Without -race, to do more per minute.
CRASH_KILLS ?= 1000
CRASH_EDITS ?= 20000
crash:
	PC_CRASH_KILLS=$(CRASH_KILLS) PC_CRASH_REPORT=$(CURDIR)/$(SCRATCH)/crash.txt \
		$(GO) test -count=1 -v -timeout 120m -run 'TestCrashKillsLeaveBeforeOrAfter' ./cmd/projectcanvas
	PC_EDITS=$(CRASH_EDITS) $(GO) test -count=1 -run 'TestCrashAtEveryStep|TestHandEditsSurvive' -v ./projectcanvas/...

# The soak of serve: the server with its watcher and document index under
# 16 clients (reads, writes, searches, batches) and a person saving files
# by hand for DURATION, on a generated vault; prints throughput, p50/p99
# per operation and memory over time, checks files, ids, hand saves and
# both indexes at the end, and writes the report to .scratch/soak.md.
# make test runs 30 seconds on 1,000 entities and 500 notes.
DURATION ?= 10m
SOAK_ENTITIES ?= 10000
SOAK_DOCS ?= 10000
soak:
	mkdir -p $(SCRATCH)
	$(GO) test -count=1 -v -timeout 0 -run '^TestSoak$$' ./cmd/projectcanvas -args -soak.duration=$(DURATION) \
		-soak.entities=$(SOAK_ENTITIES) -soak.docs=$(SOAK_DOCS) -soak.report=$(CURDIR)/$(SCRATCH)/soak.md

# Copy the example vault to the scratch folder (never touch the bundled
# one), install the plugin into it, and serve it over HTTP and MCP until
# Ctrl-C. One line per step.
run: build plugin
	@rm -rf "$(SCRATCH_VAULT)" && mkdir -p $(SCRATCH) && cp -R examples/vault "$(SCRATCH_VAULT)"
	@echo "vault:    examples/vault copied to $(SCRATCH_VAULT)"
	@printf 'populate: ' && $(BIN) --vault "$(SCRATCH_VAULT)" --notice canvas populate
	@echo "          (archived entities stay off the canvas: serve below counts them too)"
	@printf 'layout:   ' && $(BIN) --vault "$(SCRATCH_VAULT)" --notice canvas layout
	@$(BIN) --vault "$(SCRATCH_VAULT)" render -o $(SCRATCH)/canvas.svg && echo "render:   $(SCRATCH)/canvas.svg"
	@printf 'plugin:   ' && $(call install_plugin,$(SCRATCH_VAULT))
	@echo '["project-canvas"]' > "$(SCRATCH_VAULT)/.obsidian/community-plugins.json"
	@echo "Obsidian: Open folder as vault > $(CURDIR)/$(SCRATCH_VAULT), then Settings > Community plugins: turn on Project Canvas."
	@echo "(Stop this server first if the plugin's HTTP server should take port 12312.)"
	@$(MAKE) --no-print-directory serve

# Serve the scratch vault of make run (HTTP API and MCP) until Ctrl-C.
serve: build
	@test -d "$(SCRATCH_VAULT)" || { echo "make serve: no $(SCRATCH_VAULT) yet; make run makes it" >&2; exit 1; }
	$(BIN) --vault "$(SCRATCH_VAULT)" serve --addr $(ADDR)

# The status site against index first, before any other benchmark has
# deleted its temporary files: for minutes after a burst of deletions, ext4
# without a journal makes new files slowly (bench/site waits for it).
bench: bench-site
	$(GO) test -run='^$$' -bench=. -benchmem ./...
	mkdir -p $(SCRATCH) && $(GO) run ./bench/layout > $(SCRATCH)/layout-graph.json
	cd bench/layout && npm ci --no-audit --no-fund --silent && node compare.mjs ../../$(SCRATCH)/layout-graph.json
	$(MAKE) bench-search
	$(MAKE) bench-merge

# projectcanvas site against projectcanvas index as a person runs them,
# whole processes in rounds, on a vault of 10,000 entities and 10,000 notes
# (bench/site; target: site at most 3x index, the rounds' median ratio).
# ROUNDS=8 by default. Each run's sites stay in $(SCRATCH)/site-vs-index
# until the next, which removes them and waits for the disk to make new
# files at its usual speed again (up to seven minutes).
# BASE_BIN=path/to/an/older/projectcanvas adds its runs to each round, and
# the two builds' ratio.
bench-site: build
	$(GO) run ./bench/site $(BIN) $(SCRATCH)/site-vs-index $(or $(ROUNDS),8) $(BASE_BIN)

# The git merge driver as git runs it, a whole process per merge (farm-bench
# times start-up included; the median is the figure): an entity note whose
# front matter both sides changed (target: under 5 ms), the same with the
# body changed on both sides too (git merge-file runs), and a canvas of
# 2,000 nodes on which each side moved 100 cards (target: under 50 ms);
# `projectcanvas version` is the floor, the binary's own start-up. Each run
# merges into the previous run's output, which still differs from theirs.
MERGE := $(SCRATCH)/merge
bench-merge: build
	rm -rf $(MERGE) && $(GO) run ./bench/merge $(MERGE)
	cp $(MERGE)/note.ours $(MERGE)/note.out && cp $(MERGE)/body.ours $(MERGE)/body.out && cp $(MERGE)/canvas.ours $(MERGE)/canvas.out
	farm-bench -n 30 -- $(BIN) version
	farm-bench -n 30 -- $(BIN) merge-file $(MERGE)/note.base $(MERGE)/note.out $(MERGE)/note.theirs "Projects/tasks/T-001 Form.md"
	farm-bench -n 30 -- $(BIN) merge-file $(MERGE)/body.base $(MERGE)/body.out $(MERGE)/body.theirs "Projects/tasks/T-001 Form.md"
	farm-bench -n 20 -- $(BIN) merge-file $(MERGE)/canvas.base $(MERGE)/canvas.out $(MERGE)/canvas.theirs Projects.canvas

# The bridge's benchmarks natively and in WebAssembly under Node: a tool
# call (get_entity; target: WASM at most 5x native), layout_canvas on the
# 1,110-node graph and the layout alone (target: 30 ms in WASM), search_docs
# over the 10,000-document corpus (target: p50 15 ms in WASM).
bench-wasm:
	$(GO) test -run='^$$' -bench=Bridge -benchmem ./wasm/bridge
	$(GO) test -run='^$$' -bench=Layout10x10x10 ./layout
	PATH="$(GOROOT_WASM):$$PATH" GOOS=js GOARCH=wasm $(GO) test -run='^$$' -bench=Bridge -benchmem ./wasm/bridge
	PATH="$(GOROOT_WASM):$$PATH" GOOS=js GOARCH=wasm $(GO) test -run='^$$' -bench=Layout10x10x10 ./layout

# The first load (cold: nothing compiled yet) of 1,000 and of 10,000
# generated entity files by the WebAssembly build, a fresh Node process per
# run (target: at most 10x BenchmarkOpen10k, the native cold index).
bench-wasm-load: wasm
	for n in 1000 10000; do rm -rf $(SCRATCH)/load-$$n && $(GO) run ./cmd/projectcanvas gen --entities $$n $(SCRATCH)/load-$$n > /dev/null && \
		node wasm/bench/load.mjs $(WASM) $(SCRATCH)/load-$$n 5 || exit 1; done

# Memory of a real serve process with 10,000 entity files and 10,000 notes
# (gen) under 16 HTTP clients for SERVE_SECONDS (reads, searches, updates,
# batches): resident size over time and its peak, the server alone (make
# soak counts its clients too). Target: under 300 MB; exits 1 over it.
SERVE_SECONDS ?= 120
bench-serve-memory: build
	node bench/serve/memory.mjs --bin $(BIN) --seconds $(SERVE_SECONDS)

# Memory of the WebAssembly core under Node with 10,000 entity files and
# 10,000 notes (gen): load through the bridge, the document index, searches,
# reads and updates; resident size per step and its peak (target: under
# 600 MB; exits 1 over it). About a minute.
bench-wasm-memory: build wasm
	node --expose-gc bench/wasm/memory.mjs --bin $(BIN) --wasm $(WASM)

# search_docs against its peers (MiniSearch, Orama hybrid; locked in
# bench/search/package-lock.json) on the same generated 10,000-document
# corpus, exported by the Go side; prints the timings and the ratios.
bench-search:
	cd bench/search && npm ci --no-audit --no-fund
	$(GO) run ./projectcanvas/docsearch/internal/peerbench -out bench/search/.data
	node bench/search/bench.mjs bench/search/.data
	for i in 1 2 3 4 5; do $(GO) run ./projectcanvas/docsearch/internal/peerbench -docs 2000 -out bench/search/.data-2k > /dev/null && \
		node bench/search/bench.mjs bench/search/.data-2k --ratio || exit 1; done | node bench/search/median.mjs

# Relevance of document search (search_docs) on the labelled set over the
# example vault: nDCG@10 and MRR for BM25, vector and hybrid, per category.
# -v: go test shows a passing package's output only in verbose mode.
eval-search:
	$(GO) test -count=1 -v -run '^TestRelevance(WithModel)?$$' ./projectcanvas/docsearch -args -eval

# Relevance on text no one here wrote: the labelled set over the Go
# distribution's own documentation (rebuilt from GOROOT at test time),
# per kind of query, on the half the engine was tuned on and on the
# held-out half.
eval-search-godoc:
	$(GO) test -count=1 -v -run '^TestRelevanceGodoc(WithModel)?$$' ./projectcanvas/docsearch -args -eval

# The fusion with a person's own model under other weights and margins
# (model.go), with a test endpoint without meaning and one that knows the
# answers, on the example vault's set and the Go set's tuning half.
eval-search-model:
	$(GO) test -count=1 -v -run '^TestModelSweep$$' ./projectcanvas/docsearch -args -eval

# The relevance set under context-vector weights and sizes, on the whole
# set and on its two halves (parameters chosen on one half must hold on
# the other).
eval-search-context:
	$(GO) test -count=1 -v -run '^TestContextSweep$$' ./projectcanvas/docsearch -args -eval

# Every fuzz target for FUZZTIME each (make test runs their seed corpora as
# plain tests). go test -fuzz takes one target at a time: list them per package.
FUZZTIME ?= 30s
fuzz:
	@set -e; for pkg in $$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
		for target in $$(grep -h '^func Fuzz' $$pkg/*_test.go | sed 's/^func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
			echo "== $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

# Rewrites every golden file from what the code gives now (the packages
# whose tests take -update); review the diff before committing it.
golden:
	$(GO) test -count=1 $$(grep -rl --include='*_test.go' 'flag.Bool("update"' . | xargs -n1 dirname | sort -u) -args -update

# A release in $(SCRATCH)/release: the CLI for linux, darwin and windows
# on amd64 and arm64 (projectcanvas_<version>_<os>_<arch>.tar.gz, .zip for
# windows, with LICENSE and README.md), the plugin's main.js,
# manifest.json and styles.css and their zip, and checksums.txt, checked
# at the end. GoReleaser (.goreleaser.yaml) comes from the Go module
# proxy; its first run downloads and compiles it (minutes). Without a tag
# at HEAD it is a snapshot of the manifest's version; on a tag it builds
# that version and publishes nothing (the release workflow publishes:
# RELEASE_FLAGS=).
RELEASE := $(SCRATCH)/release
RELEASE_FLAGS ?= $(if $(TAG_VERSION),--skip=publish,--snapshot)
release:
	@if [ -n "$(TAG_VERSION)" ] && [ "$(TAG_VERSION)" != "$(MANIFEST_VERSION)" ]; then \
		echo "make release: the tag says $(TAG_VERSION), plugin/manifest.json $(MANIFEST_VERSION); make them agree" >&2; exit 1; fi
	@grep -q '"$(MANIFEST_VERSION)"' plugin/versions.json || \
		{ echo "make release: plugin/versions.json has no $(MANIFEST_VERSION)" >&2; exit 1; }
	VERSION=$(VERSION) $(GO) run $(GORELEASER) release --clean $(RELEASE_FLAGS)
	cp plugin/dist/main.js plugin/dist/manifest.json plugin/dist/styles.css $(RELEASE)/
	cd $(RELEASE) && sha256sum -c checksums.txt

# gofmt, vet and staticcheck; vet and the CLI's build for the platforms
# this machine is not (lint-platforms); Obsidian's review rules over the
# plugin (lint-plugin).
lint: lint-platforms lint-plugin
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Where a release runs: go vet (type checks, tests included) and a build
# of the CLI, for windows and darwin on amd64 and arm64.
PLATFORMS := windows/amd64 windows/arm64 darwin/amd64 darwin/arm64
lint-platforms:
	@set -e; for p in $(PLATFORMS); do echo "vet and build for $$p"; \
		GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) vet ./...; \
		GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build -o /dev/null ./cmd/projectcanvas; done

# eslint-plugin-obsidianmd's recommended rules (what Obsidian's review of
# community plugins runs) over plugin/src: no error, no
# warning.
lint-plugin: plugin/node_modules/.package-lock.json
	cd plugin && ./node_modules/.bin/eslint --max-warnings 0 src

clean:
	rm -rf $(SCRATCH)
