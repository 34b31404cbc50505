package canvas

import (
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
	lines := 1
	if len(e.Title) > lineChars(w) { // else one line: no more characters than bytes
		lines = 0
		wrapTitle(e.Title, w, func(string) { lines++ })
	}
	return w, max(EntityHeight, cardChrome+TitleLine*float64(max(lines, 1)))
}

// lineChars is how many characters a title line of a card of the width
// holds.
func lineChars(width float64) int { return max(int((width-2*CardPadding)/TitleCharWidth), 4) }

// TitleLines wraps a title to a card of the given width: words kept whole
// unless one alone is longer than a line.
func TitleLines(title string, width float64) []string {
	var lines []string
	wrapTitle(title, width, func(line string) { lines = append(lines, line) })
	if len(lines) == 0 {
		lines = []string{""}
	}
	return lines
}

// wrapTitle calls emit with each line of the title wrapped to the width,
// as parts of title (no copies: CardSize runs for every card of a layout).
func wrapTitle(title string, width float64, emit func(line string)) {
	per := lineChars(width)
	start, end, n := -1, 0, 0 // the line so far, title[start:end], n characters
	word, wn := -1, 0         // the word being read: from byte word, wn characters
	flush := func(i int) {    // the word that ends at byte i
		switch {
		case word < 0:
			return
		case start >= 0 && n+1+wn <= per:
			end, n = i, n+1+wn
		default:
			if start >= 0 {
				emit(title[start:end])
			}
			start, end, n = word, i, wn
		}
		word = -1
	}
	for i, r := range title {
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			flush(i)
		case word >= 0 && wn == per: // a word longer than a line: cut
			flush(i)
			word, wn = i, 1
		case word < 0:
			word, wn = i, 1
		default:
			wn++
		}
	}
	flush(len(title))
	if start >= 0 {
		emit(title[start:end])
	}
}
