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
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var prev2 = null, prev = [], i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      var cur = [i], low = i;
      for (j = 1; j <= b.length; j++) {
        var d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        cur.push(d);
        low = Math.min(low, d);
      }
      if (low > max) return max + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }

  function words(s) { return s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean); }

  // score ranks an entry for the query's words: an id, then title words
  // (a word as typed, its start, or within one edit, two for long words),
  // then body text; 0 for no match.
  function score(entry, qwords, q) {
    if (entry.id.toLowerCase() === q) return 1000;
    var title = entry._t || (entry._t = words(entry.title));
    var total = 0;
    for (var i = 0; i < qwords.length; i++) {
      var w = qwords[i], best = 0;
      for (var k = 0; k < title.length; k++) {
        var t = title[k];
        if (t === w) best = Math.max(best, 10);
        else if (t.indexOf(w) === 0) best = Math.max(best, 8);
        else if (w.length >= 4) {
          var budget = w.length >= 8 ? 2 : 1;
          if (distance(w, t, budget) <= budget || distance(w, t.slice(0, w.length), budget) <= budget) best = Math.max(best, 5);
        }
      }
      if (!best && (entry._x || (entry._x = (entry.id + " " + entry.text).toLowerCase())).indexOf(w) >= 0) best = 2;
      if (!best) return 0;
      total += best;
    }
    return total;
  }

  function search() {
    var list = document.getElementById("results");
    var input = document.getElementById("q");
    if (!list || !input) return;
    var status = document.getElementById("search-status");
    var index = window.PC_SEARCH || [];
    function run() {
      var q = input.value.trim().toLowerCase();
      list.textContent = "";
      if (!q) { status.textContent = "Type in the search box above."; return; }
      var qwords = words(q), hits = [];
      for (var i = 0; i < index.length; i++) {
        var s = score(index[i], qwords, q);
        if (s) hits.push([s, index[i]]);
      }
      hits.sort(function (a, b) { return b[0] - a[0] || (a[1].id < b[1].id ? -1 : 1); });
      status.textContent = hits.length + (hits.length === 1 ? " entity" : " entities") + " found";
      hits.slice(0, 100).forEach(function (h) {
        var li = document.createElement("li"), a = document.createElement("a"), meta = document.createElement("span");
        a.href = "e/" + encodeURIComponent(h[1].id) + ".html";
        a.textContent = h[1].id + " " + h[1].title;
        meta.className = "type";
        meta.textContent = " " + h[1].type + " · " + h[1].status;
        li.appendChild(a); li.appendChild(meta);
        list.appendChild(li);
      });
    }
    input.value = new URLSearchParams(location.search).get("q") || "";
    input.addEventListener("input", run);
    input.form.addEventListener("submit", function (ev) { ev.preventDefault(); run(); });
    run();
  }

  panZoom();
  search();
})();
