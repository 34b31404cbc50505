// The status site's behaviour, with nothing fetched: the canvas's pan and
// zoom, and the search over window.PC_SEARCH (assets/search-index.js).
// Every page works without it but for search. The board has its own
// script, the editor's board drawing (assets/board.js, see board.go).
"use strict";
(function () {
  function panZoom() {
    var view = document.querySelector(".viewport");
    var svg = view && view.querySelector("svg");
    if (!svg) return;
    var full = svg.getAttribute("viewBox").split(/\s+/).map(Number);
    var box = full.slice();
    function set() { svg.setAttribute("viewBox", box.join(" ")); }
    function zoom(f, cx, cy) {
      if (cx === undefined) { cx = box[0] + box[2] / 2; cy = box[1] + box[3] / 2; }
      var w = Math.min(Math.max(box[2] * f, full[2] / 50), full[2] * 4);
      var h = w * box[3] / box[2];
      box = [cx - (cx - box[0]) * w / box[2], cy - (cy - box[1]) * h / box[3], w, h];
      set();
    }
    function scale() { var r = view.getBoundingClientRect(); return Math.max(box[2] / r.width, box[3] / r.height); }
    view.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var r = view.getBoundingClientRect(), k = scale();
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, box[0] + (ev.clientX - r.left) * k, box[1] + (ev.clientY - r.top) * k);
    }, { passive: false });
    var drag = null;
    view.addEventListener("pointerdown", function (ev) {
      if (ev.target.closest && ev.target.closest("a")) return;
      drag = { x: ev.clientX, y: ev.clientY, box: box.slice() };
      view.setPointerCapture(ev.pointerId);
    });
    view.addEventListener("pointermove", function (ev) {
      if (!drag) return;
      var k = scale();
      box = [drag.box[0] - (ev.clientX - drag.x) * k, drag.box[1] - (ev.clientY - drag.y) * k, box[2], box[3]];
      set();
    });
    view.addEventListener("pointerup", function () { drag = null; });
    view.addEventListener("keydown", function (ev) {
      var step = box[2] / 10, moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (moves[ev.key]) { box[0] += moves[ev.key][0]; box[1] += moves[ev.key][1]; set(); ev.preventDefault(); }
      else if (ev.key === "+" || ev.key === "=") zoom(1 / 1.25);
      else if (ev.key === "-") zoom(1.25);
    });
    document.querySelectorAll("button[data-zoom]").forEach(function (b) {
      b.addEventListener("click", function () {
        var what = b.getAttribute("data-zoom");
        if (what === "fit") { box = full.slice(); set(); } else zoom(what === "in" ? 1 / 1.25 : 1.25);
      });
    });
  }

  // distance is the edit distance of a and b, two neighbouring letters
  // swapped counting as one edit, or more than max when it is over max.
  // Its three rows are kept between calls: a keystroke makes thousands.
  var rows = [[], [], []];
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = rows[0], prev = rows[1], cur = rows[2], i, j, t;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur[0] = i;
      var low = i;
      for (j = 1; j <= b.length; j++) {
        var d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        cur[j] = d;
        if (d < low) low = d;
      }
      if (low > max) return max + 1;
      t = prev2; prev2 = prev; prev = cur; cur = t;
    }
    return prev[b.length];
  }

  function words(s) { return s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean); }

  // titleScore is how well a query word matches a title word: as typed
  // 10, its start 8, within one edit (two for long words) of it or of its
  // start 5, else 0.
  function titleScore(t, w) {
    if (t === w) return 10;
    if (t.indexOf(w) === 0) return 8;
    if (w.length < 4) return 0;
    var budget = w.length >= 8 ? 2 : 1;
    if (distance(w, t, budget) <= budget || distance(w, t.slice(0, w.length), budget) <= budget) return 5;
    return 0;
  }

  // prepare reads the index once: each entry's id and text in lower case,
  // and the words of all titles, each with the entries whose title has it,
  // so that a keystroke scores each distinct word once, not each title.
  function prepare(index) {
    var byWord = new Map(), entries = [];
    index.forEach(function (e, i) {
      entries.push({ entry: e, id: e.id.toLowerCase(), text: (e.id + " " + e.text).toLowerCase() });
      words(e.title).forEach(function (w) {
        var list = byWord.get(w);
        if (!list) byWord.set(w, list = []);
        if (list[list.length - 1] !== i) list.push(i);
      });
    });
    return { entries: entries, titleWords: Array.from(byWord) };
  }

  // scores ranks every entry for a query: an id as typed 1000; else, for
  // each query word, the best of its title words' scores, or 2 when the
  // id or body text holds it; 0 (no match) when a word matches nothing.
  function scores(prep, q) {
    var n = prep.entries.length, total = new Float64Array(n), best = new Uint8Array(n), qwords = words(q);
    for (var k = 0; k < qwords.length; k++) {
      var w = qwords[k], i;
      best.fill(0);
      prep.titleWords.forEach(function (tw) {
        var s = titleScore(tw[0], w);
        if (s) tw[1].forEach(function (i) { if (s > best[i]) best[i] = s; });
      });
      for (i = 0; i < n; i++) {
        if (k > 0 && !total[i]) continue;
        var s = best[i] || (prep.entries[i].text.indexOf(w) >= 0 ? 2 : 0);
        total[i] = s ? total[i] + s : 0;
      }
    }
    for (i = 0; i < n; i++) if (prep.entries[i].id === q) total[i] = 1000;
    return total;
  }

  function search() {
    var list = document.getElementById("results");
    var input = document.getElementById("q");
    if (!list || !input) return;
    var status = document.getElementById("search-status");
    var prep = prepare(window.PC_SEARCH || []);
    function run() {
      var q = input.value.trim().toLowerCase();
      list.textContent = "";
      if (!q) { status.textContent = "Type in the search box above."; return; }
      var total = scores(prep, q), hits = [];
      for (var i = 0; i < total.length; i++) if (total[i]) hits.push([total[i], prep.entries[i].entry]);
      hits.sort(function (a, b) { return b[0] - a[0] || (a[1].id < b[1].id ? -1 : 1); });
      status.textContent = hits.length + (hits.length === 1 ? " entity" : " entities") + " found";
      var shown = document.createDocumentFragment();
      hits.slice(0, 100).forEach(function (h) {
        var li = document.createElement("li"), a = document.createElement("a"), meta = document.createElement("span");
        a.href = h[1].page;
        a.textContent = h[1].id + " " + h[1].title;
        meta.className = "type";
        meta.textContent = " " + h[1].type + " · " + h[1].status;
        li.appendChild(a); li.appendChild(meta);
        shown.appendChild(li);
      });
      list.appendChild(shown);
    }
    input.value = new URLSearchParams(location.search).get("q") || "";
    input.addEventListener("input", run);
    input.form.addEventListener("submit", function (ev) { ev.preventDefault(); run(); });
    run();
  }

  panZoom();
  search();
})();
