package canvas

import "fmt"

// Sides of a node an edge attaches to.
const (
	Top    = "top"
	Right  = "right"
	Bottom = "bottom"
	Left   = "left"
)

// Ends of an edge.
const (
	EndNone  = "none"
	EndArrow = "arrow"
)

// Edge connects two nodes. Sides are "" (the editor picks) or one of Top,
// Right, Bottom, Left; ends are "" (the default: no arrow at the start, an
// arrow at the end), EndNone or EndArrow.
type Edge struct {
	ID       string
	FromNode string
	FromSide string
	FromEnd  string
	ToNode   string
	ToSide   string
	ToEnd    string
	Color    string
	Label    string

	raw  object
	orig *Edge
}

var edgeFields = []fieldSpec[Edge]{
	{key: "id", str: func(e *Edge) *string { return &e.ID }, required: true},
	{key: "fromNode", str: func(e *Edge) *string { return &e.FromNode }, required: true},
	{key: "fromSide", str: func(e *Edge) *string { return &e.FromSide }, check: checkSide},
	{key: "fromEnd", str: func(e *Edge) *string { return &e.FromEnd }, check: checkEnd},
	{key: "toNode", str: func(e *Edge) *string { return &e.ToNode }, required: true},
	{key: "toSide", str: func(e *Edge) *string { return &e.ToSide }, check: checkSide},
	{key: "toEnd", str: func(e *Edge) *string { return &e.ToEnd }, check: checkEnd},
	{key: "color", str: func(e *Edge) *string { return &e.Color }, check: checkColor},
	{key: "label", str: func(e *Edge) *string { return &e.Label }},
}

func parseEdge(data []byte) (*Edge, error) {
	o, err := splitObject(data) // an item of a list parseObject read
	if err != nil {
		return nil, err
	}
	e := &Edge{raw: o}
	if err := decodeFields(e, o, edgeFields); err != nil {
		return nil, err
	}
	orig := *e
	orig.raw = nil
	e.orig = &orig
	return e, nil
}

func (e *Edge) appendJSON(b []byte) []byte { return encodeFields(b, e, e.orig, e.raw, edgeFields) }

func checkSide(s string) error {
	switch s {
	case Top, Right, Bottom, Left:
		return nil
	}
	return fmt.Errorf("side %q is not top, right, bottom or left", s)
}

func checkEnd(s string) error {
	if s == EndNone || s == EndArrow {
		return nil
	}
	return fmt.Errorf("end %q is not none or arrow", s)
}
