package canvas

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/projectcanvas/projectcanvas/internal/jsonstr"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Canvas is a parsed .canvas file. Nodes are in drawing order (later ones on
// top), as in the file.
type Canvas struct {
	Nodes []*Node
	Edges []*Edge

	raw object // top-level keys as read, in order
}

// Parse reads a canvas. An empty file is an empty canvas (the editor creates
// new canvases empty). Anything that is not JSON Canvas fails with an
// invalid_argument error naming what is wrong.
func Parse(data []byte) (*Canvas, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return &Canvas{}, nil
	}
	top, err := parseObject(data)
	if err != nil {
		return nil, invalid("%v", err)
	}
	c := &Canvas{raw: top}
	if raw, ok := top.get("nodes"); ok {
		items, err := array(raw, "nodes")
		if err != nil {
			return nil, err
		}
		ids := make(map[string]bool, len(items))
		for i, item := range items {
			n, err := parseNode(item)
			if err != nil {
				return nil, invalid("nodes[%d]: %v", i, err)
			}
			if ids[n.ID] {
				return nil, invalid("nodes[%d]: id %q is used twice", i, n.ID)
			}
			ids[n.ID] = true
			c.Nodes = append(c.Nodes, n)
		}
	}
	if raw, ok := top.get("edges"); ok {
		items, err := array(raw, "edges")
		if err != nil {
			return nil, err
		}
		ids := make(map[string]bool, len(items))
		for i, item := range items {
			e, err := parseEdge(item)
			if err != nil {
				return nil, invalid("edges[%d]: %v", i, err)
			}
			if ids[e.ID] {
				return nil, invalid("edges[%d]: id %q is used twice", i, e.ID)
			}
			ids[e.ID] = true
			c.Edges = append(c.Edges, e)
		}
	}
	return c, nil
}

func invalid(format string, args ...any) *pc.Error {
	return pc.Errorf(pc.CodeInvalidArgument, "not a JSON Canvas file: "+format, args...)
}

// array splits a member's value (valid and compact, from parseObject) into
// its items.
func array(raw json.RawMessage, key string) ([]json.RawMessage, error) {
	if raw[0] != '[' {
		return nil, invalid("%q must be a list", key)
	}
	items, err := splitArray(raw)
	if err != nil {
		return nil, invalid("%q must be a list", key)
	}
	return items, nil
}

// Bytes writes the canvas in the editor's layout (see the package comment).
func (c *Canvas) Bytes() []byte {
	b := make([]byte, 0, 64+160*(len(c.Nodes)+len(c.Edges)))
	b = append(b, "{\n"...)
	keys := slices.Clone(c.raw)
	for _, k := range []string{"nodes", "edges"} {
		if _, ok := keys.get(k); !ok {
			keys = append(keys, member{key: k})
		}
	}
	for i, m := range keys {
		b = append(append(b, '\t'), jsonstr.Append(nil, m.key, jsonstr.JavaScript)...)
		b = append(b, ':')
		switch m.key {
		case "nodes":
			b = appendList(b, len(c.Nodes), func(b []byte, i int) []byte { return c.Nodes[i].appendJSON(b) })
		case "edges":
			b = appendList(b, len(c.Edges), func(b []byte, i int) []byte { return c.Edges[i].appendJSON(b) })
		default:
			b = append(b, m.value...)
		}
		if i < len(keys)-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
	}
	return append(b, '}')
}

func appendList(b []byte, n int, item func([]byte, int) []byte) []byte {
	if n == 0 {
		return append(b, "[]"...)
	}
	b = append(b, "[\n"...)
	for i := range n {
		b = item(append(b, "\t\t"...), i)
		if i < n-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
	}
	return append(b, "\t]"...)
}

// Node returns the node with the given id, or nil.
func (c *Canvas) Node(id string) *Node {
	i := slices.IndexFunc(c.Nodes, func(n *Node) bool { return n.ID == id })
	if i < 0 {
		return nil
	}
	return c.Nodes[i]
}

// FileNode returns the first file node showing the file at path, or nil.
func (c *Canvas) FileNode(path string) *Node {
	i := slices.IndexFunc(c.Nodes, func(n *Node) bool { return n.Type == TypeFile && n.File == path })
	if i < 0 {
		return nil
	}
	return c.Nodes[i]
}

// Edge returns the edge with the given id, or nil.
func (c *Canvas) Edge(id string) *Edge {
	i := slices.IndexFunc(c.Edges, func(e *Edge) bool { return e.ID == id })
	if i < 0 {
		return nil
	}
	return c.Edges[i]
}

// AddNode appends a node; it fails if the id is taken.
func (c *Canvas) AddNode(n *Node) error {
	if n.ID == "" || c.Node(n.ID) != nil {
		return pc.Errorf(pc.CodeInvalidArgument, "canvas node id %q is empty or taken", n.ID)
	}
	c.Nodes = append(c.Nodes, n)
	return nil
}

// AddEdge appends an edge; it fails if the id is taken.
func (c *Canvas) AddEdge(e *Edge) error {
	if e.ID == "" || c.Edge(e.ID) != nil {
		return pc.Errorf(pc.CodeInvalidArgument, "canvas edge id %q is empty or taken", e.ID)
	}
	c.Edges = append(c.Edges, e)
	return nil
}

// RemoveNode deletes a node and the edges attached to it.
func (c *Canvas) RemoveNode(id string) {
	c.Nodes = slices.DeleteFunc(c.Nodes, func(n *Node) bool { return n.ID == id })
	c.Edges = slices.DeleteFunc(c.Edges, func(e *Edge) bool { return e.FromNode == id || e.ToNode == id })
}
