// Package docsearch is the document search of a vault (search_docs,
// msrl_status and the semantic mode of search_entities): every markdown
// file, cut into sections by heading, found by keywords (BM25), by
// meaning (vectors) or by both.
//
//	eng, err := docsearch.OpenWithConfig(ctx, fsys, docsearch.Config{}, httpclient.New()) // indexes the vault
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
// dimensions, no download; the heading path a fixed share of the vector,
// cosine pivoted on length). A person's own model, an OpenAI-compatible
// endpoint ([HTTPEmbedder]: Ollama, LM Studio, llama.cpp's server) that
// the person names, never the vault (see [Config]), adds a signal
// ([WithModel]): its similarity is fused into the hybrid score, weighted
// per query by how clearly it picks its answer, and its vectors are kept
// on the device ([CachedEmbedder]).
//
// Before searching, a hybrid (or vector) query's words that no chunk
// holds are corrected to a word one edit away ("waitgorup" to
// "waitgroup", "locaton" to "location"; words of four ASCII letters or
// more): the one that fits the rest of the query, raising the best BM25
// score of a chunk for it ("gzip compres writer" to "compress", not to
// "compares", which more chunks hold), else the one most chunks hold; a
// word of fewer than four letters only when no longer one is ("atoi
// convertion eror" to "error", not "err"). With the built-in embedder
// the query's vector weighs each word by its idf, as BM25 does. BM25Only
// matches the words as written.
//
// Each shard offers its best candidates by BM25 and by vector similarity
// (4 × top_k, at least 40 of each); with context vectors (see Relevance),
// each candidate's similarity gains its similarity to the query's context
// vector times its weight ([DefaultContextWeight] by default). Over all
// candidates of a query, BM25 scores are divided by the best one and
// similarities rescaled so the worst is 0 and the best 1. In Hybrid mode
// both are then smoothed by document: each candidate's vector and BM25
// scores take 0.3 from those of the best candidate of its document (a
// document that answers the query well is evidence for its other
// sections), so the hybrid score stays 0.75 × vector + 0.25 × BM25
// (the project's fixed weights) and a document's best section keeps its
// scores. Last, both scores are multiplied by 0.6 + 0.4 × the share
// of the query's idf that the section's words hold (a coordination
// factor): a section holding more of the query's words, its rarest
// among them, does not lose to one the vectors prefer for repeating the
// common ones; and the best 4 × top_k by 0.9 + 0.1 × the share of the
// query's words that their title (document name and heading path) holds,
// the others by 0.9: a query naming a section finds it first. A
// candidate found only by its vector counts 0 for BM25 and for that
// share even if it matches a query word with a score below the shard's
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
// and vectors; in WebAssembly a host keeps it ([WithCacheStore]: the
// plugin, per device and sealed, never among the vault's files). A restart re-reads the files but re-chunks and re-embeds
// only those that changed. A cache of another version, embedder or chunk
// size, or whose CRC-32C checksum fails, is ignored and rewritten.
//
// # Relevance
//
// Two labelled sets measure it (make eval-search, make eval-search-godoc):
// nDCG@10 and MRR per mode and kind of query. Every parameter above was
// chosen on one of them; the figures, and what was tried and left out,
// are in docs/SEARCH.md.
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
