package canvas

import (
	"fmt"
	"strings"
)

// Node types of JSON Canvas 1.0. Other types (from plugins) are kept as they
// are.
const (
	TypeText  = "text"
	TypeFile  = "file"
	TypeLink  = "link"
	TypeGroup = "group"
)

// Node is a rectangle on the canvas. Which content fields apply depends on
// Type: Text for text nodes, File and Subpath for file nodes, URL for links,
// Label, Background and BackgroundStyle for groups.
type Node struct {
	ID     string
	Type   string
	X, Y   float64
	Width  float64
	Height float64
	// Color is a preset "1" to "6" (red, orange, yellow, green, cyan,
	// purple) or a hex colour "#RRGGBB"; "" is the default.
	Color string

	Text            string
	File            string
	Subpath         string // "#heading" within File
	URL             string
	Label           string
	Background      string
	BackgroundStyle string // cover, ratio or repeat

	raw  object // as read; nil for a node made by the program
	orig *Node  // the typed fields as read
}

var nodeFields = []fieldSpec[Node]{
	{key: "id", str: func(n *Node) *string { return &n.ID }, required: true},
	{key: "type", str: func(n *Node) *string { return &n.Type }, required: true},
	{key: "text", str: func(n *Node) *string { return &n.Text }},
	{key: "file", str: func(n *Node) *string { return &n.File }},
	{key: "subpath", str: func(n *Node) *string { return &n.Subpath }},
	{key: "url", str: func(n *Node) *string { return &n.URL }},
	{key: "label", str: func(n *Node) *string { return &n.Label }},
	{key: "background", str: func(n *Node) *string { return &n.Background }},
	{key: "backgroundStyle", str: func(n *Node) *string { return &n.BackgroundStyle }},
	{key: "x", num: func(n *Node) *float64 { return &n.X }, required: true},
	{key: "y", num: func(n *Node) *float64 { return &n.Y }, required: true},
	{key: "width", num: func(n *Node) *float64 { return &n.Width }, required: true},
	{key: "height", num: func(n *Node) *float64 { return &n.Height }, required: true},
	{key: "color", str: func(n *Node) *string { return &n.Color }, check: checkColor},
}

// Bounds of a node's geometry, far beyond any canvas a person draws (the
// editor's own grows by hundreds of pixels per node) and far below where
// sums of coordinates lose precision or overflow: every reader (layout,
// render, focus) may add and subtract them without care.
const (
	MaxCoordinate = 1e8 // |x|, |y|
	MaxSize       = 1e7 // width, height (at least 0)
)

// checkGeometry refuses a node whose position or size is not a finite
// number within the bounds.
func checkGeometry(n *Node) error {
	for _, c := range []struct {
		key      string
		v        float64
		min, max float64
	}{{"x", n.X, -MaxCoordinate, MaxCoordinate}, {"y", n.Y, -MaxCoordinate, MaxCoordinate},
		{"width", n.Width, 0, MaxSize}, {"height", n.Height, 0, MaxSize}} {
		if !(c.v >= c.min && c.v <= c.max) { // NaN fails every comparison
			return fmt.Errorf("node %.60q: %s %g is not between %g and %g", n.ID, c.key, c.v, c.min, c.max)
		}
	}
	return nil
}

func parseNode(data []byte) (*Node, error) {
	o, err := splitObject(data) // an item of a list parseObject read
	if err != nil {
		return nil, err
	}
	n := &Node{raw: o}
	if err := decodeFields(n, o, nodeFields); err != nil {
		return nil, err
	}
	if err := checkGeometry(n); err != nil {
		return nil, err
	}
	orig := *n
	orig.raw = nil
	n.orig = &orig
	return n, nil
}

func (n *Node) appendJSON(b []byte) []byte { return encodeFields(b, n, n.orig, n.raw, nodeFields) }

// Extra returns the raw JSON of a key this package does not manage (another
// plugin's), or nil.
func (n *Node) Extra(key string) []byte {
	for _, s := range nodeFields {
		if s.key == key {
			return nil
		}
	}
	v, _ := n.raw.get(key)
	return v
}

// Contains reports whether the rectangle of o lies wholly inside n's.
func (n *Node) Contains(o *Node) bool {
	return o.X >= n.X && o.Y >= n.Y && o.X+o.Width <= n.X+n.Width && o.Y+o.Height <= n.Y+n.Height
}

// Overlaps reports whether the rectangles of n and o share any area.
func (n *Node) Overlaps(o *Node) bool {
	return n.X < o.X+o.Width && o.X < n.X+n.Width && n.Y < o.Y+o.Height && o.Y < n.Y+n.Height
}

func checkColor(c string) error {
	if len(c) == 1 && c[0] >= '1' && c[0] <= '6' {
		return nil
	}
	if (len(c) == 7 || len(c) == 4) && c[0] == '#' && strings.Trim(strings.ToLower(c[1:]), "0123456789abcdef") == "" {
		return nil
	}
	return fmt.Errorf("colour %q is neither a preset 1-6 nor #RRGGBB", c)
}
