// Lays the graph exported by main.go out with elkjs (layered) and dagre,
// measures the three layouts with one set of rules, and prints the ratios.
// Usage: node compare.mjs graph.json
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import ELK from "elkjs/lib/elk.bundled.js";
import dagre from "@dagrejs/dagre";

const graph = JSON.parse(readFileSync(process.argv[2] ?? "graph.json", "utf8"));
const size = new Map(graph.nodes.map((n) => [n.id, n]));
const RUNS = Number(process.env.RUNS ?? 1); // elkjs takes seconds on this graph: one run by default

async function time(fn) {
  let best = Infinity, out;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    out = await fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, positions: out };
}

async function elkLayout() {
  const elk = new ELK();
  const res = await elk.layout({
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.spacing.nodeNode": "40",
      "elk.layered.spacing.nodeNodeBetweenLayers": "60",
    },
    children: graph.nodes.map((n) => ({ id: n.id, width: n.width, height: n.height })),
    edges: graph.edges.map((e, i) => ({ id: "e" + i, sources: [e.from], targets: [e.to] })),
  });
  return new Map(res.children.map((c) => [c.id, { x: c.x, y: c.y }]));
}

function dagreLayout() {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 40, ranksep: 60 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: n.width, height: n.height });
  graph.edges.forEach((e, i) => g.setEdge(e.from, e.to, {}, "e" + i));
  dagre.layout(g);
  // dagre gives centres; turn them into top-left corners like the others.
  return new Map(g.nodes().map((id) => {
    const n = g.node(id);
    return [id, { x: n.x - n.width / 2, y: n.y - n.height / 2 }];
  }));
}

// measure measures a layout: its crossings over every link of the graph,
// each a segment between its nodes' centres (the measure of every row);
// with drawn (the V4 layout), also over the edges the canvas draws, at
// the sides they attach to.
function measure(pos, drawn) {
  const rect = (id) => ({ ...pos.get(id), w: size.get(id).width, h: size.get(id).height });
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const rects = graph.nodes.map((n) => rect(n.id));
  for (const r of rects) {
    minX = Math.min(minX, r.x); minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.w); maxY = Math.max(maxY, r.y + r.h);
  }
  let overlaps = 0;
  const byX = [...rects].sort((a, b) => a.x - b.x);
  for (let i = 0; i < byX.length; i++) {
    for (let j = i + 1; j < byX.length && byX[j].x < byX[i].x + byX[i].w; j++) {
      const a = byX[i], b = byX[j];
      if (a.y < b.y + b.h && b.y < a.y + a.h) overlaps++;
    }
  }
  const centre = (id) => { const r = rect(id); return [r.x + r.w / 2, r.y + r.h / 2]; };
  const seg = (from, to, [x1, y1], [x2, y2]) => ({ from, to, x1, y1, x2, y2 });
  const links = graph.edges.map((e) => seg(e.from, e.to, centre(e.from), centre(e.to)));
  const w = maxX - minX, h = maxY - minY;
  const out = { crossings: crossings(links), length: length(links), overlaps, width: w, height: h, area: w * h, through: throughCards(links, rect) };
  if (drawn) {
    const side = (id, s) => {
      const r = rect(id);
      return { top: [r.x + r.w / 2, r.y], bottom: [r.x + r.w / 2, r.y + r.h], left: [r.x, r.y + r.h / 2], right: [r.x + r.w, r.y + r.h / 2] }[s];
    };
    const edges = drawn.map((e) => seg(e.from, e.to, side(e.from, e.fromSide), side(e.to, e.toSide)));
    Object.assign(out, { drawn: edges.length, drawnCrossings: crossings(edges), drawnLength: length(edges), drawnThrough: throughCards(edges, rect) });
  }
  return out;
}

// crossings counts the pairs of segments that properly cross, among those
// that share no node.
function crossings(seg) {
  let n = 0;
  for (let i = 0; i < seg.length; i++) {
    for (let j = i + 1; j < seg.length; j++) {
      const s = seg[i], t = seg[j];
      if (s.from === t.from || s.from === t.to || s.to === t.from || s.to === t.to) continue;
      if (cross(s, t)) n++;
    }
  }
  return n;
}

// throughCards counts the pairs of a segment and a card other than its
// ends that it passes through (touching a border does not count), as
// canvas.ThroughCards counts them in Go: the measure of edges kept off the
// cards.
function throughCards(seg, rect) {
  const cards = graph.nodes.map((n) => ({ id: n.id, ...rect(n.id) }));
  let n = 0;
  for (const s of seg) {
    const x0 = Math.min(s.x1, s.x2), x1 = Math.max(s.x1, s.x2), y0 = Math.min(s.y1, s.y2), y1 = Math.max(s.y1, s.y2);
    for (const c of cards) {
      if (c.id === s.from || c.id === s.to || x1 <= c.x || x0 >= c.x + c.w || y1 <= c.y || y0 >= c.y + c.h) continue;
      const side = (px, py) => Math.sign((s.x2 - s.x1) * (py - s.y1) - (s.y2 - s.y1) * (px - s.x1));
      const k = [side(c.x, c.y), side(c.x + c.w, c.y), side(c.x, c.y + c.h), side(c.x + c.w, c.y + c.h)];
      if (k.some((v) => v > 0) && k.some((v) => v < 0)) n++;
    }
  }
  return n;
}

function length(seg) {
  return seg.reduce((sum, s) => sum + Math.hypot(s.x2 - s.x1, s.y2 - s.y1), 0);
}

// cross reports whether two segments properly intersect.
function cross(s, t) {
  const o = (ax, ay, bx, by, cx, cy) => Math.sign((bx - ax) * (cy - ay) - (by - ay) * (cx - ax));
  const d1 = o(s.x1, s.y1, s.x2, s.y2, t.x1, t.y1), d2 = o(s.x1, s.y1, s.x2, s.y2, t.x2, t.y2);
  const d3 = o(t.x1, t.y1, t.x2, t.y2, s.x1, s.y1), d4 = o(t.x1, t.y1, t.x2, t.y2, s.x2, s.y2);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

const goPos = new Map(graph.go.positions.map((p) => [p.id, p]));
const rows = [
  { name: "projectcanvas V4 (Go)", ms: graph.go.ns_per_op / 1e6, ...measure(goPos, graph.go.drawn) },
];
const elk = await time(elkLayout);
rows.push({ name: "elkjs layered", ms: elk.ms, ...measure(elk.positions) });
const dg = await time(async () => dagreLayout());
rows.push({ name: "@dagrejs/dagre", ms: dg.ms, ...measure(dg.positions) });

console.log(`graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges (parent links and depends_on)`);
console.log("layout                    time ms   crossings  overlaps  through cards   bbox w x h");
for (const r of rows) {
  console.log(`${r.name.padEnd(24)} ${r.ms.toFixed(2).padStart(9)} ${String(r.crossings).padStart(10)} ${String(r.overlaps).padStart(9)} ${String(r.through).padStart(14)}   ${Math.round(r.width)} x ${Math.round(r.height)}`);
}
const [me, ...peers] = rows;
for (const p of peers) {
  console.log(`vs ${p.name}: ${(p.ms / me.ms).toFixed(0)}x faster, crossings ${me.crossings}/${p.crossings} = ${(me.crossings / Math.max(p.crossings, 1)).toFixed(2)}, ` +
    `bbox area ${(me.area / p.area).toFixed(2)} of theirs`);
}
console.log(`V4 aspect (width/height): ${(me.width / me.height).toFixed(2)}`);
// The canvas draws the dependencies (and a task's link to its story in
// another lane) at the sides the layout chose; the other parent links are
// shown by position (a story below its milestone, a task below its story),
// not drawn. The peers draw every link.
const elkRow = peers[0];
console.log(`V4 drawn edges: ${me.drawn} of ${graph.edges.length} links, crossings ${me.drawnCrossings} ` +
  `(${(me.drawnCrossings / Math.max(elkRow.crossings, 1)).toFixed(2)} of elkjs's over every link), ` +
  `length ${Math.round(me.drawnLength)} (all links centre to centre: ${Math.round(me.length)}; elkjs ${Math.round(elkRow.length)}), ` +
  `edge-card crossings ${me.drawnThrough} (elkjs's links centre to centre: ${elkRow.through}; dagre's: ${peers[1].through})`);
