package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

var update = flag.Bool("update", false, "rewrite testdata/*.svg")

func lookup(file string) (Entity, bool) {
	if !strings.HasPrefix(file, "Projects/") {
		return Entity{}, false
	}
	base := file[strings.LastIndexByte(file, '/')+1:]
	id, title, _ := strings.Cut(strings.TrimSuffix(base, ".md"), " ")
	if id == "" {
		return Entity{}, false
	}
	status := map[byte]string{'M': "In Progress", 'S': "Not Started", 'T': "Completed"}[id[0]]
	typ := map[byte]string{'M': "milestone", 'S': "story", 'T': "task"}[id[0]]
	return Entity{ID: id, Title: title, Status: status, Type: typ}, true
}

// wellFormed fails unless data is well-formed XML.
func wellFormed(t *testing.T, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err, "%s", data)
	}
}

func TestRenderGolden(t *testing.T) {
	data, err := os.ReadFile("../testdata/after-layout.canvas")
	require.NoError(t, err)
	c, err := canvas.Parse(data)
	require.NoError(t, err)
	got := SVG(c, lookup)
	wellFormed(t, got)
	if *update {
		require.NoError(t, os.WriteFile("testdata/after-layout.svg", got, 0o644))
	}
	want, err := os.ReadFile("testdata/after-layout.svg")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
	for _, s := range []string{"M-001 · In Progress", "Sign-in", "Team notes: keep me", "Ideas", "Deleted note",
		`marker-end="url(#arrow)"`, `fill="#333">engineering</text>`, `fill="#333">design</text>`} { // the lanes' labels too
		assert.Contains(t, string(got), s)
	}
}

// The picture's visual language: each entity card's type as its border and
// badge, its status as a stripe of its tone's colour, and a legend naming
// the types and statuses present and what the arrows mean, in a corner no
// card covers.
func TestRenderTypeStatusAndLegend(t *testing.T) {
	data, err := os.ReadFile("../testdata/after-layout.canvas")
	require.NoError(t, err)
	c, err := canvas.Parse(data)
	require.NoError(t, err)
	got := string(SVG(c, lookup))
	for _, badge := range []string{">MILESTONE</text>", ">STORY</text>", ">TASK</text>"} {
		assert.Contains(t, got, badge)
	}
	assert.NotContains(t, got, ">DECISION</text>", "the legend names only the types present")
	assert.Contains(t, got, `stroke="#444" stroke-width="4"`, "a milestone's thick border")
	assert.Contains(t, got, `h6 v`, "a status stripe")
	legend := got[strings.Index(got, `<g class="legend">`):]
	for _, s := range []string{"Legend", "Not Started, Planned, Pending, Draft", "In Progress, Review", "Completed, Complete, Decided, Approved",
		"A → B: A depends on B (B comes first)", "milestone: thick border"} {
		assert.Contains(t, legend, s)
	}
	assert.NotContains(t, legend, "Blocked", "statuses that no card has are left out")

	// The legend's box overlaps no node.
	var x, y, w, h float64
	_, err = fmt.Sscanf(legend, `<g class="legend"><rect x="%g" y="%g" width="%g" height="%g"`, &x, &y, &w, &h)
	require.NoError(t, err)
	for _, n := range c.Nodes {
		assert.False(t, n.X < x+w && x < n.X+n.Width && n.Y-40 < y+h && y < n.Y+n.Height, "the legend covers %s", n.ID)
	}
}

// Every status tone's Obsidian colour variable and every type's badge are
// the ones the editor plugin's styles.css gives the same cards: one
// visual language in the editor and in the picture.
func TestStylesMatchThePlugin(t *testing.T) {
	css, err := os.ReadFile("../../../plugin/styles.css")
	require.NoError(t, err)
	for _, tone := range Tones {
		for _, s := range tone.Statuses {
			rule := fmt.Sprintf(`[data-pc-status=%q]`, Slug(s))
			i := strings.Index(string(css), rule)
			require.True(t, i >= 0, "styles.css has no rule for %s", s)
			block := string(css)[i:]
			block = block[:strings.Index(block, "}")]
			assert.Contains(t, block, "var("+tone.Var+")", "%s is drawn in %s", s, tone.Var)
		}
	}
	for _, st := range TypeStyles {
		assert.Contains(t, string(css), fmt.Sprintf(`[data-pc-type=%q]`, st.Type), "styles.css styles the %s's card", st.Type)
	}
}

func TestRenderEscapes(t *testing.T) {
	c, err := canvas.Parse([]byte(`{"nodes":[{"id":"a","type":"text","text":"<script>&\"x\u0001","x":0,"y":0,"width":300,"height":100},` +
		`{"id":"g","type":"group","label":"</svg>","x":-10,"y":-10,"width":400,"height":200}],` +
		`"edges":[{"id":"e","fromNode":"a","toNode":"g","label":"a<b"}]}`))
	require.NoError(t, err)
	out := SVG(c, nil)
	wellFormed(t, out)
	assert.NotContains(t, string(out), "<script>")
	assert.Equal(t, 1, strings.Count(string(out), "</svg>"))
	wellFormed(t, SVG(&canvas.Canvas{}, nil))
}

// FuzzRender: whatever canvas the reader accepts renders as well-formed SVG.
func FuzzRender(f *testing.F) {
	data, _ := os.ReadFile("../testdata/obsidian.canvas")
	f.Add(data)
	f.Add([]byte(`{"nodes":[{"id":"a","type":"file","file":"Projects/T-1 <x>.md","x":0,"y":0,"width":1,"height":1,"color":"#AbCdEf"}]}`))
	f.Add([]byte(`{"nodes":[{"id":"a","type":"text","text":"far","x":1e8,"y":-1e8,"width":1e7,"height":1e7},{"id":"b","type":"text","x":-1e8,"y":1e8,"width":0,"height":0}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := canvas.Parse(data)
		if err != nil {
			return
		}
		svg := SVG(c, lookup)
		wellFormed(t, svg)
		if bytes.Contains(svg, []byte("Inf")) || bytes.Contains(svg, []byte("NaN")) {
			t.Fatalf("non-finite geometry in %s", svg)
		}
	})
}
