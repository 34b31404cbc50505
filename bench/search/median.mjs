// Reads the lines bench.mjs --ratio prints, one per run, and prints each
// run's search_docs p50 over MiniSearch's and their median (issue 37's aim:
// at most 0.5, the median of five runs). Usage: ... | node median.mjs
import { createInterface } from 'node:readline'

const ratios = []
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.startsWith('{')) continue
  const r = JSON.parse(line)
  const ratio = r.search_docs_p50_ms / r.minisearch_p50_ms
  ratios.push(ratio)
  console.log(`run ${ratios.length}: ${r.docs} documents, search_docs p50 ${r.search_docs_p50_ms.toFixed(2)} ms, MiniSearch p50 ${r.minisearch_p50_ms.toFixed(2)} ms, ratio ${ratio.toFixed(2)}`)
}
ratios.sort((a, b) => a - b)
console.log(`median of ${ratios.length} runs: search_docs / MiniSearch = ${ratios[Math.floor(ratios.length / 2)].toFixed(2)} (aim: at most 0.5)`)
