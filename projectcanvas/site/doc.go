// Package site writes a project's status site: plain HTML, CSS, JSON and
// SVG that any static host, a CI artifact or a browser opening the files
// from disk (file://) can show, with no server and no request to another
// origin.
//
// # Pages
//
//	index.html          the board: every active (non-archived) entity in
//	                    columns by status, one section per workstream, with
//	                    filters by milestone, type and workstream, drawn in
//	                    the browser by the editor's own board drawing
//	                    (assets/board.js, from plugin/src/site/board.ts)
//	                    over assets/board-data.js
//	ready.html          the work that can start now and the critical path,
//	                    as package insight computes them
//	search.html         the results of the search box every page carries,
//	                    found in the browser in assets/search-index.js
//	e/T-0xx/T-031.html  one page per entity: its front matter, relations
//	                    (both ways) and its body; in folders of a hundred
//	                    ids, named by the id without its last two digits
//	canvas/NAME.html    each canvas of the vault, drawn by package render,
//	                    every entity card a link to its page
//
// The board is the plugin's board view's drawing, bundled (plugin/build.mjs
// --site) into assets/board.js, which is committed here so that the CLI
// builds without npm; the plugin's tests fail when it is not what the
// TypeScript makes. The editor's board and the site's cannot disagree.
//
// The board, the canvas pages and the entity pages draw types and statuses
// with render's palette (render.Tones, render.TypeStyles): the site's
// stylesheet is written from it, so the canvas, the plugin and the site
// never disagree. A status is always written out beside its colour.
//
// # Safe to publish
//
// The site holds only what the published entity notes and canvases hold:
// nothing from a hidden path (pc.Hidden: .projectcanvas, .obsidian...), no
// setting, no token. An entity is published unless its front matter says
// publish: false or Options.Include / Options.Exclude leave its path out;
// a link to an unpublished entity shows as its id, as plain text, and its
// card is left off every canvas. Bodies are Markdown rendered by goldmark
// with raw HTML shown as text, images as their alt text, and links kept
// only to http(s), mailto and the site's own pages (the vault's wiki
// links resolved to them); every other link is its text. Every page
// carries a Content-Security-Policy that allows its own files only.
//
// # Writing
//
// Build makes the files in memory, a pure function of the project and the
// Options; Write puts them in a folder, refusing one that holds a file it
// did not write, and keeps a manifest (site-manifest.json) of what it
// wrote, so that a later run rewrites only the files that changed and
// removes those no longer made. Generate, what projectcanvas site runs,
// does both at once: each file goes to the folder's writers (a Writer) as
// soon as it is made. The entity pages, most of a site, are written by
// hand into the layout's frame (frame.go), every text of the vault's
// through one escaper. A caller that lists the vault's canvases as it
// opens the project (pc.WithFileNames, Options.Canvases) spares the site
// a second walk of the vault. Only the board and the ready page show
// when the site was made, so an unchanged entity's page stays unchanged.
package site
