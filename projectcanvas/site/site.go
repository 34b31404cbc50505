package site

import (
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Options choose what a site shows besides the project itself.
type Options struct {
	// Include and Exclude are globs over vault paths (see Match): an
	// entity or canvas is published when its path matches an Include (or
	// Include is empty) and no Exclude.
	Include, Exclude []string
	// Generated is when the site was made, shown on the board and the
	// ready page; Commit the vault's git commit, "" when none.
	Generated time.Time
	Commit    string
	// Canvases are the vault's .canvas files, when the caller has them
	// listed (pc.WithFileNames hears of them as Open walks the vault): the
	// site draws those the globs choose. nil: the vault is walked for them.
	Canvases []string
}

// Files are a site's files by their path in the site's folder.
type Files map[string][]byte

// site is what the pages of one Build share.
type site struct {
	p   *pc.Project
	opt Options
	all []*pc.Entity
	// shown are the published entities by id; byName the same by the
	// names a wiki link may give them (see resolve).
	shown  map[pc.ID]*pc.Entity
	byName map[string]*pc.Entity
	// hidden are the names of the entities left out, for wiki links to
	// them, which show the id alone.
	hidden map[string]pc.ID
	// inverse are the relations other entities state towards an entity:
	// for each id, the relation seen from its side and the other's id.
	inverse map[pc.ID][]relatedTo
	// bodyMarkdown renders the entity pages' bodies (entityRoot below the root).
	bodyMarkdown goldmark.Markdown
	// emit takes each file as it is made; safe for concurrent use (the
	// entity pages are made in parallel).
	emit func(name string, data []byte) error
	// emitPage takes an entity page, whose bytes it may hand back to
	// pageBuffers once they are written: the pages, 10,000 in a large
	// site, are made in a few buffers, not one new one each.
	emitPage    func(name string, data []byte) error
	pageBuffers sync.Pool
}

type relatedTo struct {
	field string
	id    pc.ID
}

// Build makes the site of a project in memory. It reads the project's
// entities and canvases and changes nothing.
func Build(p *pc.Project, opt Options) (Files, error) {
	files := Files{}
	var mu sync.Mutex
	err := build(p, opt, func(name string, data []byte, _ func([]byte)) error {
		mu.Lock()
		defer mu.Unlock()
		files[name] = data // kept: never handed back for reuse
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// Generate makes the site of a project and writes it into dir as Write
// does, each file as soon as it is made: the pages are made while the
// ones before them are being written. A build that fails leaves the files
// it wrote listed in the manifest, so that the next run may replace them.
func Generate(p *pc.Project, opt Options, dir string) (Written, error) {
	w, err := NewWriter(dir)
	if err != nil {
		return Written{}, err
	}
	err = build(p, opt, w.put)
	written, cerr := w.close(err == nil)
	if err != nil {
		return written, err
	}
	return written, cerr
}

// build makes the site's files and gives each to emit, with a function
// that takes its bytes back for reuse once emit is done with them (which
// emit may never call).
func build(p *pc.Project, opt Options, emit func(name string, data []byte, reuse func([]byte)) error) error {
	for _, g := range append(slices.Clone(opt.Include), opt.Exclude...) {
		if err := CheckGlob(g); err != nil {
			return err
		}
	}
	s := &site{p: p, opt: opt}
	// The canvases are found meanwhile (a walk of the vault when the
	// caller has not listed them).
	var canvasPaths []string
	var walkErr error
	var walk sync.WaitGroup
	walk.Go(func() { canvasPaths, walkErr = s.canvasPaths() })
	defer walk.Wait() // an error below returns before the walk is waited for
	s.all = p.All()
	s.shown, s.byName = make(map[pc.ID]*pc.Entity, len(s.all)), make(map[string]*pc.Entity, 2*len(s.all))
	s.hidden, s.inverse = map[string]pc.ID{}, make(map[pc.ID][]relatedTo, len(s.all))
	s.emit = func(name string, data []byte) error { return emit(name, data, nil) }
	s.emitPage = func(name string, data []byte) error { return emit(name, data, s.reusePage) }
	s.bodyMarkdown = s.markdown(entityRoot)
	for _, e := range s.all {
		base := strings.ToLower(strings.TrimSuffix(path.Base(e.Path), ".md"))
		vaultPath := strings.ToLower(strings.TrimSuffix(e.Path, ".md"))
		if s.publishes(e) {
			s.shown[e.ID] = e
			s.byName[base] = e
			s.byName[vaultPath] = e
		} else {
			s.hidden[base] = e.ID
			s.hidden[vaultPath] = e.ID
		}
		for _, r := range pc.Relations {
			inv := r.Inverse()
			for _, id := range e.Links[r] {
				s.inverse[id] = append(s.inverse[id], relatedTo{inv.Field(), e.ID})
			}
		}
	}
	for name, data := range map[string][]byte{"assets/site.css": stylesheet(), "assets/site.js": siteJS, "assets/board.js": boardJS} {
		if err := s.emit(name, data); err != nil {
			return err
		}
	}
	walk.Wait()
	if walkErr != nil {
		return walkErr
	}
	canvases, err := s.canvasPages(canvasPaths)
	if err != nil {
		return err
	}
	// The entity pages, most of the work, begin first; the few other
	// pages are made meanwhile.
	var index [][]byte
	var entityErr error
	var pages sync.WaitGroup
	pages.Go(func() { index, entityErr = s.entityPages(canvases) })
	for _, write := range []func([]canvasLink) error{s.boardPage, s.readyPage, s.searchPage} {
		if err := write(canvases); err != nil {
			pages.Wait()
			return asError(err)
		}
	}
	pages.Wait()
	if entityErr != nil {
		return entityErr
	}
	return s.emit("assets/search-index.js", searchIndex(index))
}

// pageBuffer is an empty buffer for an entity page: one a written page
// left (reusePage), or a new one.
func (s *site) pageBuffer() []byte {
	if b, ok := s.pageBuffers.Get().(*[]byte); ok {
		return (*b)[:0]
	}
	return nil
}

// reusePage takes back the bytes of a page that is written.
func (s *site) reusePage(data []byte) { s.pageBuffers.Put(&data) }

// entityPages writes the page of every published entity, four goroutines
// per processor (each waits on reading its note and on the writers), and
// returns their search entries (searchEntry.json) in id order.
func (s *site) entityPages(canvases []canvasLink) ([][]byte, error) {
	var shown []*pc.Entity
	for _, e := range s.all {
		if s.shown[e.ID] != nil {
			shown = append(shown, e)
		}
	}
	fr, err := frameOf(entityRoot, canvases)
	if err != nil {
		return nil, err
	}
	index := make([][]byte, len(shown))
	errs := make([]error, len(shown))
	var next sync.WaitGroup
	work := make(chan int)
	for range 4 * runtime.GOMAXPROCS(0) {
		next.Go(func() {
			for i := range work {
				index[i], errs[i] = s.entityPage(shown[i], fr)
			}
		})
	}
	for i := range shown {
		work <- i
	}
	close(work)
	next.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return index, nil
}

// publishes reports whether an entity goes on the site: a path that is not
// hidden, chosen by the globs, and no publish: false.
func (s *site) publishes(e *pc.Entity) bool {
	if v, ok := e.Fields["publish"]; ok && (v == false || v == "false") {
		return false
	}
	return s.selects(e.Path)
}

// selects reports whether a vault path is chosen by the globs.
func (s *site) selects(name string) bool {
	if pc.Hidden(name) {
		return false
	}
	in := len(s.opt.Include) == 0
	for _, g := range s.opt.Include {
		in = in || Match(g, name)
	}
	for _, g := range s.opt.Exclude {
		in = in && !Match(g, name)
	}
	return in
}

// entityRoot is the way to the site's root from an entity's page
// (pageOf: two folders below it).
const entityRoot = "../../"

// pageOf is the site path of an entity's page, the one rule of it (the
// board's and the search's scripts are given each page's path): in e/, in
// the folder of the hundred ids it shares all but its last two digits
// with, e/T-0xx/T-031.html, e/T-100xx/T-10042.html, e/DOC-0xx/DOC-005.html.
// Folders of at most a hundred files: in one folder of 10,000 the kernel
// took a third more time to create them (ext4's large directories).
// Every id ends in three digits or more (pc.ParseID).
func pageOf(id pc.ID) string {
	s := string(id)
	return "e/" + s[:len(s)-2] + "xx/" + s + ".html"
}

// resolve finds the published entity a wiki link's target names: by id
// (the target's first word, "T-001 Login"), by file name or by vault path
// (without .md, in any case).
func (s *site) resolve(target string) *pc.Entity {
	target = strings.TrimSpace(target)
	first, _, _ := strings.Cut(target, " ")
	if id, _, _, err := pc.ParseID(first); err == nil {
		if e := s.shown[id]; e != nil {
			return e
		}
	}
	return s.byName[strings.ToLower(strings.TrimSuffix(target, ".md"))]
}

// wikiText is the text of a wiki link: its label, but for a link to an
// entity left out of the site written without a label, the entity's id
// alone: its file's name would tell its title.
func (s *site) wikiText(l *wikiLink) string {
	if l.Aliased || s.resolve(l.Target) != nil {
		return l.Label // a page of the site: its label, as written
	}
	first, _, _ := strings.Cut(l.Target, " ")
	if id, _, _, err := pc.ParseID(first); err == nil {
		if _, err := s.p.Get(string(id)); err == nil && s.shown[id] == nil {
			return string(id)
		}
	}
	if id, ok := s.hidden[strings.ToLower(strings.TrimSuffix(l.Target, ".md"))]; ok {
		return string(id)
	}
	return l.Label
}
