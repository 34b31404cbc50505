// Package docsearch is the document search of a vault (search_docs,
// msrl_status and the semantic mode of search_entities): every markdown
// file, cut into sections by heading, found by keywords (BM25), by
// meaning (vectors) or by both.
//
//	eng, err := docsearch.OpenWithConfig(ctx, fsys, httpclient.New()) // indexes the vault
//	hits, err := eng.Search(ctx, docsearch.Query{Text: "roll back a release", TopK: 8})
//	// hits[0].Doc, .HeadingPath ("Deployment Runbook > Routine release > Rollback"),
//	// .Excerpt, .StartChar, .EndChar, .HybridScore
//
// # Chunks and offsets
//
// [Split] parses a file with goldmark and starts a section at every
// top-level heading; the text before the first heading is a section of
// its own, front matter is left out, and a heading directly followed by
// its subsections (nothing to find there) makes none. A section's heading
// path joins the titles of its enclosing headings: "A > B > C". Sections
// longer than [DefaultMaxChunk] bytes are cut into chunks at blank lines
// (then at line ends, then at characters), so sections are msrl_status's
// node_count and chunks its leaf_count.
//
// Offsets are exact: StartChar and EndChar count Unicode code points (a
// byte of invalid UTF-8 counts as one) from the start of the file, front
// matter included, and the file's code points [StartChar, EndChar) are
// the excerpt, character for character. A truncated excerpt (max excerpt
// chars) moves EndChar with it. Chunks never start or end with white
// space.
//
// # Scores
//
// BM25 comes from package fulltext, with CJK text split into bigrams
// ([fulltext.WithCJKBigrams]) and the document name and heading path as
// a title field of weight 3. Vectors come from an [Embedder]: the
// built-in [HashEmbedder] (hashed words and character trigrams, 256
// dimensions, no download) or an OpenAI-compatible endpoint
// ([HTTPEmbedder]: Ollama, LM Studio, llama.cpp's server) set in
// .projectcanvas/config.json (see [Config]).
//
// Each shard offers its best candidates by BM25 and by vector similarity
// (4 × top_k, at least 40 of each); with context vectors (see Relevance),
// each candidate's similarity gains its similarity to the query's context
// vector times its weight ([DefaultContextWeight] by default). Over all
// candidates of a query, BM25 scores are divided by the best one and
// similarities rescaled so the worst is 0 and the best 1; the hybrid
// score is 0.75 × vector + 0.25 × BM25 (DESIGN.md §8). A candidate found only by its vector counts 0 for
// BM25 even if it matches a query word with a score below the shard's
// best 4 × top_k: a bounded, deliberate approximation.
//
// # Shards, updates and the cache
//
// Documents are spread over shards by a hash of their path (one shard per
// CPU, at least two); building and searching run one goroutine per shard.
// Vectors are stored column by column so a search reads only the columns
// where the query vector is not zero, which for the built-in embedder is
// a few dozen of 256, and quantized to a byte per component with a scale
// per vector (a quarter of float32's memory; the relevance set ranks the
// same). The index keeps no chunk text: a result's excerpt is read back
// from its file, and a file that changed since it was indexed is left out
// of the results until its update arrives. With the BM25 postings encoded
// by differences (package fulltext), the index of 10,000 entity files and
// 10,000 notes keeps about 40 MB (BenchmarkIndexMemory).
//
// [Engine.Update], [Engine.Remove] and [Engine.Rename] re-index one file;
// [Engine.Apply] takes a watcher's [Event] (fsnotify natively, vault
// events in the plugin). Every change gives a new snapshot id. The result
// equals a rebuild from scratch (a property test checks it over random
// edit sequences).
//
// The index cache ([CachePath]) keeps each file's content hash, chunks
// and vectors (not in WebAssembly, where the vault is in memory). A restart re-reads the files but re-chunks and re-embeds
// only those that changed. A cache of another version, embedder or chunk
// size, or whose CRC-32C checksum fails, is ignored and rewritten.
//
// # Relevance
//
// testdata/relevance.tsv labels 50 queries over the example vault's prose
// (keyword, paraphrase, sub-section and misspelt queries); make
// eval-search prints nDCG@10 and MRR per mode and category. With the
// built-in embedder and its default context vectors, hybrid beats BM25
// overall (nDCG@10 0.80 against 0.72; 0.76 without context vectors).
//
// Where the built-in vectors help: misspellings ("rolback deploymnet";
// typo nDCG 0.29 for BM25, 0.67 hybrid), through shared character
// trigrams, and ranking ties among keyword matches. Context vectors
// ([WithContextVectors]) add what the vault's own text says about the
// query's words: each word's context vector sums the vectors of the
// chunks that use it most (reflective random indexing over the BM25
// postings), so sections alike to those chunks score too. They lift
// paraphrases (hybrid 0.51 to 0.57, vectors alone 0.25 to 0.50) and
// sub-section queries (hybrid 0.93 to 0.99), leave keyword and typo
// queries where they were (±0.01), and hold on either half of the set
// when tuned on the other (make eval-search-context). They cost nothing
// at indexing and nothing in the cache: they are read from the index when
// a query comes, so updates and rebuilds agree and cached vectors stay
// valid. A query pays for them: p50 2.2 ms against 1.5 ms without on the
// 10,000-document benchmark natively, 12.7 against 7.1 ms in WebAssembly.
//
// Where only a real model helps: a paraphrase whose words the vault uses
// elsewhere or not at all ("avoid splitting into many services" for the
// section on leaving out microservices stays at 0, "rival products" for
// competitors at 0.23), and context vectors also mislead: of the 15
// paraphrases 6 gain, 2 lose ("fetch a long list of results in chunks"
// for pagination: the context of "list" and "results" points elsewhere).
// Synonyms need a real embedding model: point the embeddings endpoint at
// one (for example nomic-embed-text in Ollama); context vectors are off by
// default then.
//
// # Degrading
//
// When the embedder fails (endpoint down, slow past its timeout, or
// answering malformed vectors) while indexing, vectors go off and search
// answers by BM25 alone; [Engine.Status] says "degraded" and why until
// [Engine.Rebuild] succeeds. A failure for one query answers that query
// by BM25 and is reported the same way until a query succeeds again.
// Nothing hangs: every request to an endpoint has a timeout.
package docsearch
