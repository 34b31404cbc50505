package site

import (
	"encoding/json"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas/render"
)

// The board (index.html) is drawn in the browser by the editor's own board
// drawing (plugin/src/editor/boardDraw.ts and boardModel.ts), bundled with
// plugin/src/site/board.ts into assets/board.js, committed beside this file:
// the editor's board and the site's are one drawing and cannot disagree.
// The site gives it the entities in assets/board-data.js.

// boardJS is the board's script (plugin/build.mjs --site makes it).
var boardJS = mustRead("assets/board.js")

// boardData is what assets/board-data.js sets on window.PC_BOARD
// (SiteBoard in plugin/src/site/board.ts).
type boardData struct {
	Types    []pc.Type               `json:"types"`
	Statuses map[pc.Type][]pc.Status `json:"statuses"`
	Entities []boardEntity           `json:"entities"`
}

// boardEntity is an active entity as the board draws it (the fields of
// BoardEntity in boardModel.ts that the board reads, and the path of its
// page, pageOf, which its card links to); null for a field the entity has
// not.
type boardEntity struct {
	ID         pc.ID     `json:"id"`
	Page       string    `json:"page"`
	Type       pc.Type   `json:"type"`
	Title      string    `json:"title"`
	Status     pc.Status `json:"status"`
	Workstream *string   `json:"workstream"`
	Priority   *string   `json:"priority"`
	Parent     *pc.ID    `json:"parent"`
}

// badgeOf is the type's badge of render's palette.
func badgeOf(t pc.Type) string {
	if s := render.TypeStyleOf(string(t)); s != nil {
		return s.Badge
	}
	return string(t)
}

// active is what the board shows: the published entities not archived.
func (s *site) active() []*pc.Entity {
	var out []*pc.Entity
	for _, e := range s.all {
		if s.shown[e.ID] != nil && !e.Archived {
			out = append(out, e)
		}
	}
	return out
}

// boardPage writes index.html, the board's frame, and
// assets/board-data.js, the entities it draws, in id order. A parent left
// out of the site is named by its id alone, as on every page.
func (s *site) boardPage(canvases []canvasLink) error {
	active := s.active()
	data := boardData{Types: pc.Types, Statuses: map[pc.Type][]pc.Status{}, Entities: make([]boardEntity, 0, len(active))}
	for _, t := range pc.Types {
		data.Statuses[t] = pc.Statuses(t)
	}
	for _, e := range active {
		b := boardEntity{ID: e.ID, Page: pageOf(e.ID), Type: e.Type, Title: e.Title, Status: e.Status}
		if e.Workstream != "" {
			b.Workstream = &e.Workstream
		}
		if e.Priority != "" {
			p := string(e.Priority)
			b.Priority = &p
		}
		if e.Parent != "" {
			b.Parent = &e.Parent
		}
		data.Entities = append(data.Entities, b)
	}
	if err := s.emit("assets/board-data.js", append(data.json([]byte("window.PC_BOARD = ")), ";\n"...)); err != nil {
		return err
	}
	return s.write("index.html", "board", page{Title: "Board", Stamp: true, Board: true, Body: len(data.Entities)}, canvases)
}

// json is prefix and then the board's data as json.Marshal writes it (< >
// & escaped: the file is a script), its entities written field by field,
// without json.Marshal's reflection over 10,000 of them.
func (d boardData) json(prefix []byte) []byte {
	head, _ := json.Marshal(struct {
		Types    []pc.Type               `json:"types"`
		Statuses map[pc.Type][]pc.Status `json:"statuses"`
	}{d.Types, d.Statuses}) // lists and strings: cannot fail
	b := make([]byte, 0, len(prefix)+len(head)+len(`,"entities":[]};`)+200*len(d.Entities))
	b = append(append(b, prefix...), head[:len(head)-1]...)
	b = append(b, `,"entities":`...)
	if d.Entities == nil {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	for i, e := range d.Entities {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendJSON(b)
	}
	return append(b, "]}"...)
}

func (e boardEntity) appendJSON(b []byte) []byte {
	orNull := func(b []byte, key string, v *string) []byte {
		if v == nil {
			return append(append(b, key...), "null"...)
		}
		return appendField(b, key, *v)
	}
	b = appendField(b, `{"id":`, string(e.ID))
	b = appendField(b, `,"page":`, e.Page)
	b = appendField(b, `,"type":`, string(e.Type))
	b = appendField(b, `,"title":`, e.Title)
	b = appendField(b, `,"status":`, string(e.Status))
	b = orNull(b, `,"workstream":`, e.Workstream)
	b = orNull(b, `,"priority":`, e.Priority)
	b = orNull(b, `,"parent":`, (*string)(e.Parent))
	return append(b, '}')
}
