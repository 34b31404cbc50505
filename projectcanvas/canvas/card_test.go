package canvas_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

func TestTitleLines(t *testing.T) {
	for _, tc := range []struct {
		title string
		want  []string
	}{
		{"", []string{""}},
		{"Audit alert", []string{"Audit alert"}},
		{"Docker Compose stack with Postgres and MinIO", []string{"Docker Compose stack with Postgres", "and MinIO"}},
		{"Background reindex job for existing workspaces", []string{"Background reindex job for", "existing workspaces"}},
		{strings.Repeat("x", 40), []string{strings.Repeat("x", 34), strings.Repeat("x", 6)}},
		{"  spaced   out  ", []string{"spaced   out"}}, // parts of the title: its spaces as they are
		{"é" + strings.Repeat("ü", 40), []string{"é" + strings.Repeat("ü", 33), strings.Repeat("ü", 7)}},
	} {
		assert.Equal(t, tc.want, canvas.TitleLines(tc.title, canvas.EntityWidth), "%q", tc.title)
	}
}

// Every line fits the card's width, and the card's height holds every
// line: no title is cut off or runs past its card.
func TestCardFitsItsTitle(t *testing.T) {
	per := int((canvas.EntityWidth - 2*canvas.CardPadding) / canvas.TitleCharWidth)
	for _, title := range []string{"Login", "Self-hosted deployment package", "Launch website and announcement",
		"Background reindex job for existing workspaces and their attachments, then the search index", strings.Repeat("word ", 60)} {
		w, h := canvas.CardSize(&pc.Entity{Title: title})
		assert.Equal(t, float64(canvas.EntityWidth), w, "one width for every card")
		lines := canvas.TitleLines(title, w)
		for _, l := range lines {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), per, "%q", l)
		}
		// The picture draws line i at 28 + 24*i (i = 0: the id); it must
		// lie 8 above the card's bottom.
		assert.LessOrEqual(t, 28+24*float64(len(lines))+8, h, "%q", title)
		assert.GreaterOrEqual(t, h, float64(canvas.EntityHeight))
	}
}
