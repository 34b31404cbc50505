// Package fulltext is a small in-memory full-text index that ranks
// documents by BM25. Project Canvas uses it to search entity titles and
// bodies. It is pure Go, does no I/O and is safe for concurrent use: many
// searches run in parallel, and Add and Remove take turns with them.
//
//	idx := fulltext.New()
//	idx.Add("T-004", fulltext.Title("Index the vault"), fulltext.Body("Build the search index."))
//	hits := idx.Search("indexing", 20, nil) // [{T-004 0.4869...}]
//
// # BM25
//
// A query is split into terms (see [Tokenize]). A document's score is the
// sum, over the distinct query terms it holds, of
//
//	idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl))
//
// where
//
//   - tf is how often the term occurs in the document, weighted by field
//     (below);
//   - dl is the document's length in terms, weighted the same way, and
//     avgdl the average length over the index;
//   - idf(t) = ln(1 + (N − n + 0.5)/(n + 0.5)), with N the number of
//     documents and n the number holding t. Rare terms weigh more; the
//     form (Lucene's) is never negative, so a term in most documents still
//     counts a little.
//
// Two parameters shape the score ([WithK1], [WithB]):
//
//   - k1 (default 1.2) is the saturation of repeats: the first occurrence
//     of a term counts most and each further one less, approaching k1+1
//     times the first. With k1 = 0 a term counts once however often it
//     occurs.
//   - b (default 0.75) is the length normalisation: with b = 1 a term in a
//     document twice the average length counts exactly as much as half the
//     occurrences in an average one; with b = 0 length is ignored.
//
// Scores are plain float64s: they order the hits of one search but mean
// nothing across searches or indexes. Ties are broken by document id.
//
// # Fields
//
// A document is one or more [Field]s, each a text and a weight. A term
// occurring in a field of weight w adds w to the term's frequency and w to
// the document's length, which is BM25F with shared normalisation: a
// title of weight 3 ([Title]) counts a term three times as much as a body
// of weight 1 ([Body]), subject to k1's saturation. Weights are clamped to
// [MinWeight, MaxWeight]; zero, negative or NaN mean 1, so Field{Text: s}
// is a plain field.
//
// # Terms and the stemmer
//
// [Tokenize] lower-cases runs of Unicode letters and digits ("Zürich" is
// "zürich"; "café" stays distinct from "cafe": there is no accent folding).
// Ids keep their shape: "T-004" is the term "t-004", plus "t" and "004" so
// that a search for the number alone finds it; a query "T-004" looks for
// "t-004" only and does not match "T-0041" or "t 004".
//
// Words of ASCII letters go through a light English stemmer (steps 1 and 5
// of Porter's algorithm, and the -ion rule of its step 4): it folds plurals,
// -ed/-ing forms and a verb's -ion noun, so "tasks", "indexing", "searches"
// and "compression" find "task", "index", "search" and "compress". Its
// limits:
//
//   - It only knows English suffixes and only applies to ASCII words; other
//     languages are matched as written, up to case.
//   - It leaves other derivational suffixes alone: "index" and "indexer",
//     "organize" and "organization" stay apart; short words keep their
//     -ion ("action", "version": the stem must have two syllables).
//   - Irregular forms are not related: "ran" is not "run", "mice" not
//     "mouse".
//   - It sometimes joins words with different meanings ("news" and "new",
//     "using" and "us"), and its stems need not be words ("queri",
//     "updat"); use Tokenize's output only to compare with other terms.
//   - Words longer than 32 letters are not stemmed.
//
// CJK text has no spaces, so a run of Han characters is one term: search
// for whole runs or pre-segment the text.
//
// # Updates and memory
//
// Add replaces a document of the same id; Remove deletes one. Both are
// incremental: a removed document is marked dead and dropped from the
// postings when the dead outnumber the live, so memory stays within about
// twice the live size however often documents change. Postings are
// encoded by differences (see appendPosting): about 2 to 3 bytes per
// distinct term per document.
//
// Search calls its keep filter, when non-nil, once per matching document
// and without holding the index's lock, so the filter may consult other
// state (or the index itself). Corpus statistics are over the whole index,
// so filtering does not change scores.
//
// [FirstMatch] finds where a query first matches a text, with the same
// tokenizer, for snippets and highlighting. [Index.DocFreq] tells how many
// documents hold a term (idf weights and spelling correction use it).
package fulltext
