package canvas

import (
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
	lines := 0
	wrapTitle(e.Title, w, func(string) { lines++ })
	return w, max(EntityHeight, cardChrome+TitleLine*float64(max(lines, 1)))
}

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
	per := max(int((width-2*CardPadding)/TitleCharWidth), 4)
	start, end := -1, -1 // the line so far: title[start:end]
	for i := 0; i < len(title); {
		for i < len(title) && isSpace(title[i]) {
			i++
		}
		j := i
		for j < len(title) && !isSpace(title[j]) {
			j++
		}
		if i == j {
			break
		}
		word := title[i:j]
		for utf8.RuneCountInString(word) > per { // a word longer than a line: cut
			if start >= 0 {
				emit(title[start:end])
				start = -1
			}
			cut := len(word)
			for k := range word { // the byte offset of rune per
				if utf8.RuneCountInString(word[:k]) == per {
					cut = k
					break
				}
			}
			emit(word[:cut])
			word, i = word[cut:], i+cut
		}
		switch {
		case start < 0:
			start, end = i, j
		case utf8.RuneCountInString(title[start:j]) <= per:
			end = j
		default:
			emit(title[start:end])
			start, end = i, j
		}
		i = j
	}
	if start >= 0 {
		emit(title[start:end])
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
