package canvas

import (
	"strings"
	"unicode/utf8"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Sizes of a card's text, as the SVG picture draws it (render) and near
// what the editor's preview of a note shows: a title line is 24 high and
// holds (width - 2*CardPadding) / TitleCharWidth characters; above the
// title a line for the id and status, below it room for the first lines
// of the note.
const (
	CardPadding    = 12
	TitleCharWidth = 11
	TitleLine      = 24
	cardChrome     = 72 // the id line, the first lines of the note, margins
)

// CardSize is the size of an entity's card: every card of a type has the
// width EntityWidth, and a height that fits its title wrapped at that
// width (TitleLines), EntityHeight at least.
func CardSize(e *pc.Entity) (w, h float64) {
	w = EntityWidth
	return w, max(EntityHeight, cardChrome+TitleLine*float64(len(TitleLines(e.Title, w))))
}

// TitleLines wraps a title to a card of the given width: words kept whole
// unless one alone is longer than a line.
func TitleLines(title string, width float64) []string {
	per := max(int((width-2*CardPadding)/TitleCharWidth), 4)
	var lines []string
	line := ""
	for _, w := range strings.Fields(title) {
		for utf8.RuneCountInString(w) > per { // a word longer than a line: cut
			if line != "" {
				lines, line = append(lines, line), ""
			}
			r := []rune(w)
			lines = append(lines, string(r[:per]))
			w = string(r[per:])
		}
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= per:
			line += " " + w
		default:
			lines, line = append(lines, line), w
		}
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}
