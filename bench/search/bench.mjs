// Peers of Project Canvas's search_docs on the same corpus: MiniSearch
// (BM25-like full text) and Orama (full text, and hybrid over the same
// built-in vectors as the Go engine, weights 0.75 vector / 0.25 text).
// The Go side (peerbench) exports the corpus and its own timings into
// DIR; this prints both and the ratios. Usage: node bench.mjs DIR
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import MiniSearch from 'minisearch'
import { create, insertMultiple, search } from '@orama/orama'

const dir = process.argv[2] ?? '.data'
const chunks = JSON.parse(readFileSync(join(dir, 'chunks.json'), 'utf8'))
const queries = JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8'))
const goTimes = JSON.parse(readFileSync(join(dir, 'go.json'), 'utf8'))
const raw = readFileSync(join(dir, 'vectors.f32'))
const dim = goTimes.vector_dim
const all = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4)
const vectorOf = (i) => Array.from(all.subarray(i * dim, (i + 1) * dim))

const now = () => Number(process.hrtime.bigint()) / 1e6
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function p50(fn) {
  const times = []
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      const t = now()
      await fn(q)
      times.push(now() - t)
    }
  }
  return median(times)
}

const rows = []

// MiniSearch
{
  let t = now()
  const ms = new MiniSearch({ fields: ['heading', 'text'], storeFields: ['doc', 'heading'] })
  ms.addAll(chunks)
  const build = now() - t
  const search50 = await p50((q) => ms.search(q.text, { boost: { heading: 3 } }).slice(0, 8))
  rows.push(['MiniSearch full text', build, search50, goTimes.bm25_p50_ms])
  if (process.argv.includes('--ratio')) {
    // One line for median.mjs: search_docs (hybrid, excerpts read) against
    // MiniSearch's in-process full text, on the same chunks and queries.
    console.log(JSON.stringify({ docs: goTimes.docs, search_docs_p50_ms: goTimes.hybrid_p50_ms, minisearch_p50_ms: search50 }))
    process.exit(0)
  }
}

// Orama
{
  let t = now()
  const db = create({ schema: { doc: 'string', heading: 'string', text: 'string', embedding: `vector[${dim}]` } })
  const docs = chunks.map((c, i) => ({ id: String(c.id), doc: c.doc, heading: c.heading, text: c.text, embedding: vectorOf(i) }))
  await insertMultiple(db, docs, 1000)
  const build = now() - t
  const full50 = await p50((q) => search(db, { term: q.text, properties: ['heading', 'text'], limit: 8 }))
  rows.push(['Orama full text', build, full50, goTimes.bm25_p50_ms])
  const hybrid50 = await p50((q) => search(db, {
    mode: 'hybrid', term: q.text, properties: ['heading', 'text'],
    vector: { value: q.vector, property: 'embedding' }, similarity: 0.1,
    hybridWeights: { text: 0.25, vector: 0.75 }, limit: 8,
  }))
  rows.push(['Orama hybrid', build, hybrid50, goTimes.hybrid_p50_ms])
}

const f = (x) => x.toFixed(2).padStart(10)
console.log(`corpus: ${goTimes.docs} documents, ${goTimes.sections} sections, ${goTimes.chunks} chunks, vectors of ${dim}; ${queries.length} queries x3; ${goTimes.cores} cores`)
console.log(`Go search_docs engine: cold build ${goTimes.cold_build_ms.toFixed(0)} ms, restart from cache ${goTimes.restart_ms.toFixed(0)} ms, ` +
  `one-file reindex p50 ${goTimes.reindex_p50_ms.toFixed(2)} ms, hybrid p50 ${goTimes.hybrid_p50_ms.toFixed(2)} ms, bm25 p50 ${goTimes.bm25_p50_ms.toFixed(2)} ms`)
console.log('peer                    build ms   search p50 ms   Go p50 ms   peer/Go search   peer/Go build')
for (const [name, build, p, goP] of rows) {
  console.log(`${name.padEnd(22)}${f(build)}      ${f(p)}  ${f(goP)}      ${f(p / goP)}x     ${f(build / goTimes.cold_build_ms)}x`)
}
