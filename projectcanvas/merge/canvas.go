package merge

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// Canvas merges a JSON Canvas file by node and edge id:
//
//   - added on either side: kept (THEIRS's new ones after the node they
//     follow in THEIRS, so drawing order holds);
//   - deleted on one side, unchanged on the other: deleted; deleted on one
//     side and changed on the other: the changed one is kept, with a note;
//   - changed on one side: that side's;
//   - changed on both: field by field. A node moved (or resized) on both
//     sides keeps OURS's place, with a note; an entity node ("entity-…")
//     is placed anew by the next `canvas layout` anyway. Any other field
//     both changed differently keeps OURS's value and is a conflict;
//     other plugins' keys merge one by one by the same rule;
//   - added on both sides under one id for different things (both
//     branches created T-005 and drew "entity-T-005", each for its own
//     file): both kept, THEIRS's under a new id ("entity-T-005-2"), its
//     edges following it.
//
// Top-level keys of other plugins merge one by one too. Edges left without
// one of their nodes are dropped. The output is written as the canvas
// package writes (the editor's layout), every unknown key kept. It fails
// (Merge then merges the file as text) when ours or theirs is not JSON
// Canvas.
func Canvas(base, ours, theirs []byte) (*Result, error) {
	for _, side := range [][]byte{base, ours, theirs} {
		if len(side) > MaxCanvasBytes {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "a canvas over %d bytes is merged by lines", MaxCanvasBytes)
		}
	}
	oc, err := canvas.Parse(ours)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "ours: %s", pc.AsError(err).Message)
	}
	tc, err := canvas.Parse(theirs)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "theirs: %s", pc.AsError(err).Message)
	}
	res := &Result{}
	bc, err := canvas.Parse(base)
	if err != nil {
		bc = &canvas.Canvas{}
		res.note("the base is not JSON Canvas; merged as if both sides added every node")
	}

	taken := make(map[string]bool)
	for _, list := range [][]*canvas.Node{bc.Nodes, oc.Nodes, tc.Nodes} {
		for _, n := range list {
			taken[n.ID] = true
		}
	}
	for _, list := range [][]*canvas.Edge{bc.Edges, oc.Edges, tc.Edges} {
		for _, e := range list {
			taken[e.ID] = true
		}
	}
	apart(res, "node", bc.Nodes, oc.Nodes, tc.Nodes, taken, func(n *canvas.Node) *string { return &n.ID }, sameNode,
		func(old, id string) {
			for _, e := range tc.Edges {
				if e.FromNode == old {
					e.FromNode = id
				}
				if e.ToNode == old {
					e.ToNode = id
				}
			}
		})
	apart(res, "edge", bc.Edges, oc.Edges, tc.Edges, taken, func(e *canvas.Edge) *string { return &e.ID }, sameEdge, nil)
	mergeExtras(res, "canvas", bc, oc, tc)
	before := sidesOf(bc, oc, tc)
	oc.Nodes = mergeItems(res, "node", bc.Nodes, oc.Nodes, tc.Nodes, (*canvas.Node).JSON, func(n *canvas.Node) string { return n.ID }, mergeNode)
	oc.Edges = mergeItems(res, "edge", bc.Edges, oc.Edges, tc.Edges, (*canvas.Edge).JSON, func(e *canvas.Edge) string { return e.ID }, mergeEdge)
	oc.Edges = joinEdges(res, oc, before)
	// Valid by construction: every item was read from a side, ids are
	// unique (theirs's additions have ids ours lacks, or new ones), and
	// edges join nodes that are kept. FuzzMergeCanvas checks it reads back.
	res.Data = oc.Bytes()
	return res, nil
}

// sides are the node and edge ids of the three sides before the merge
// (nodes by id, edges as a set).
type sides struct {
	baseNodes, ourNodes, theirNodes map[string]*canvas.Node
	baseEdges                       map[string]bool
}

func sidesOf(bc, oc, tc *canvas.Canvas) sides {
	nodes := func(c *canvas.Canvas) map[string]*canvas.Node {
		m := make(map[string]*canvas.Node, len(c.Nodes))
		for _, n := range c.Nodes {
			m[n.ID] = n
		}
		return m
	}
	edges := make(map[string]bool, len(bc.Edges))
	for _, e := range bc.Edges {
		edges[e.ID] = true
	}
	return sides{baseNodes: nodes(bc), ourNodes: nodes(oc), theirNodes: nodes(tc), baseEdges: edges}
}

// joinEdges settles the merged edges (oc.Edges) whose nodes the merge
// deleted:
//
//   - An edge that a side added (absent from the base) to a node the
//     other side deleted keeps the node, and is a conflict naming both: a
//     person's addition stays visible, and the person decides.
//   - An edge whose node a side deleted, the edge itself left behind, is
//     dropped with a note (the canvas would show an arrow to nothing).
//   - An edge whose node no side has (it dangled before the merge) is kept
//     as it was: the merge changes what the sides changed, nothing else.
func joinEdges(res *Result, oc *canvas.Canvas, s sides) []*canvas.Edge {
	kept := make(map[string]bool, len(oc.Nodes))
	for _, n := range oc.Nodes {
		kept[n.ID] = true
	}
	out := oc.Edges[:0]
	for _, e := range oc.Edges {
		ok := true
		for _, id := range []string{e.FromNode, e.ToNode} {
			o, t := s.ourNodes[id], s.theirNodes[id]
			switch {
			case kept[id]:
			case o == nil && t == nil && s.baseNodes[id] == nil:
			case !s.baseEdges[e.ID] && (o != nil || t != nil):
				if o == nil {
					o = t
				}
				oc.Nodes = append(oc.Nodes, o)
				kept[id] = true
				res.conflict("edge "+e.ID, "added on one side to node %s, which the other side deleted: kept the node and the edge; delete both, or keep them", id)
			default:
				ok = false
			}
		}
		if ok {
			out = append(out, e)
		} else {
			res.note("edge %s dropped: one of its nodes was deleted", e.ID)
		}
	}
	return out
}

// mergeItems merges the nodes (or edges) of the three versions by id,
// returning the merged list in ours's order with theirs's additions
// inserted after their predecessor in theirs.
func mergeItems[T any](res *Result, what string, base, ours, theirs []*T, encode func(*T) []byte, idOf func(*T) string,
	both func(res *Result, b, o, t *T)) []*T {
	byID := func(list []*T) map[string]*T {
		m := make(map[string]*T, len(list))
		for _, x := range list {
			m[idOf(x)] = x
		}
		return m
	}
	bm, om, tm := byID(base), byID(ours), byID(theirs)
	// Each item's JSON, encoded once: a canvas of thousands of nodes is
	// compared item by item.
	encoded := make(map[*T][]byte, len(base)+len(ours)+len(theirs))
	enc := func(x *T) []byte {
		data, ok := encoded[x]
		if !ok {
			data = encode(x)
			encoded[x] = data
		}
		return data
	}
	same := func(a, b *T) bool { return bytes.Equal(enc(a), enc(b)) }

	// Theirs's additions, keyed by the id of the item before them in
	// theirs ("" for the start).
	after := make(map[string][]*T)
	prev := ""
	for _, t := range theirs {
		id := idOf(t)
		if om[id] == nil {
			b := bm[id]
			switch {
			case b == nil:
				after[prev] = append(after[prev], t) // added by theirs
			case !same(b, t):
				res.note("%s %s deleted on our side but changed on theirs: kept theirs", what, id)
				after[prev] = append(after[prev], t)
			}
		}
		prev = id
	}

	out := make([]*T, 0, len(ours)+len(after[""]))
	var emit func(id string)
	emit = func(id string) {
		list := after[id]
		delete(after, id)
		for _, t := range list {
			out = append(out, t)
			emit(idOf(t))
		}
	}
	emit("")
	for _, o := range ours {
		id := idOf(o)
		b, t := bm[id], tm[id]
		switch {
		case t == nil && b == nil: // added by ours
		case t == nil && same(b, o): // deleted by theirs
			emit(id)
			continue
		case t == nil:
			res.note("%s %s deleted on their side but changed on ours: kept ours", what, id)
		case same(o, t), b != nil && same(b, t):
		case b != nil && same(b, o):
			o = t
		default:
			both(res, b, o, t)
		}
		out = append(out, o)
		emit(id)
	}
	// Additions whose predecessor in theirs is gone from the output.
	for _, t := range theirs {
		emit(idOf(t))
	}
	return out
}

// apart gives a new id to each item theirs added under an id ours added
// too for another thing (both created T-005 and its entity node
// "entity-T-005", each for its own file): both are kept, theirs as
// "entity-T-005-2". renamed, when set, follows a node's new id.
func apart[T any](res *Result, what string, base, ours, theirs []*T, taken map[string]bool, idOf func(*T) *string,
	same func(a, b *T) bool, renamed func(old, id string)) {
	inBase := make(map[string]bool, len(base))
	for _, b := range base {
		inBase[*idOf(b)] = true
	}
	inOurs := make(map[string]*T, len(ours))
	for _, o := range ours {
		inOurs[*idOf(o)] = o
	}
	for _, t := range theirs {
		old := *idOf(t)
		o := inOurs[old]
		if o == nil || inBase[old] || same(o, t) {
			continue
		}
		id := old
		for i := 2; taken[id]; i++ {
			id = old + "-" + strconv.Itoa(i)
		}
		taken[id] = true
		*idOf(t) = id
		if renamed != nil {
			renamed(old, id)
		}
		res.note("%s %s added on both sides for different things: theirs is now %s", what, old, id)
	}
}

// sameNode reports whether two nodes show the same thing (wherever they
// are drawn).
func sameNode(a, b *canvas.Node) bool {
	return a.Type == b.Type && a.File == b.File && a.Text == b.Text && a.URL == b.URL && a.Label == b.Label
}

// sameEdge reports whether two edges join the same nodes.
func sameEdge(a, b *canvas.Edge) bool { return a.FromNode == b.FromNode && a.ToNode == b.ToNode }

// mergeNode merges a node both sides changed into o. b is nil when both
// sides added a node of that id.
func mergeNode(res *Result, b, o, t *canvas.Node) {
	if b == nil {
		b = &canvas.Node{}
	}
	moved := mergeGeometry(&o.X, &o.Y, b.X, b.Y, t.X, t.Y)
	resized := mergeGeometry(&o.Width, &o.Height, b.Width, b.Height, t.Width, t.Height)
	switch {
	case !moved && !resized:
	case o.Type == canvas.TypeFile && strings.HasPrefix(o.ID, "entity-"):
		res.note("node %s moved on both sides: kept our place; `projectcanvas canvas layout` places it anew", o.ID)
	default:
		res.note("node %s moved on both sides: kept our place", o.ID)
	}
	mergeFields(res, "node "+o.ID, b, o, t, map[string]bool{"X": true, "Y": true, "Width": true, "Height": true})
	mergeExtras(res, "node "+o.ID, b, o, t)
}

// mergeGeometry merges a pair of coordinates (a position or a size) as one
// value; it reports whether both sides changed it differently (ours kept).
func mergeGeometry(x, y *float64, bx, by, tx, ty float64) bool {
	switch {
	case *x == bx && *y == by:
		*x, *y = tx, ty
	case tx == bx && ty == by, tx == *x && ty == *y:
	default:
		return true
	}
	return false
}

// mergeEdge merges an edge both sides changed into o.
func mergeEdge(res *Result, b, o, t *canvas.Edge) {
	if b == nil {
		b = &canvas.Edge{}
	}
	mergeFields(res, "edge "+o.ID, b, o, t, nil)
	mergeExtras(res, "edge "+o.ID, b, o, t)
}

// mergeFields merges the exported fields of an item both sides changed
// into o, but the names in skip: theirs's change where ours kept the base's
// value, a conflict where both changed it differently.
func mergeFields[T any](res *Result, where string, b, o, t *T, skip map[string]bool) {
	bv, ov, tv := reflect.ValueOf(b).Elem(), reflect.ValueOf(o).Elem(), reflect.ValueOf(t).Elem()
	typ := ov.Type()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			continue
		}
		bf, of, tf := bv.Field(i), ov.Field(i), tv.Field(i)
		switch {
		case skip[f.Name], tf.Equal(bf), tf.Equal(of):
		case of.Equal(bf):
			of.Set(tf)
		default:
			res.conflict(where, "%s is %v on our side, %v on theirs; kept ours", strings.ToLower(f.Name), of.Interface(), tf.Interface())
		}
	}
}

// extras are the keys of other plugins on a node, an edge or the canvas.
type extras interface {
	Extra(key string) []byte
	ExtraKeys() []string
	SetExtra(key string, value json.RawMessage) error
}

// mergeExtras merges other plugins' keys key by key into o, by the
// three-way rule.
func mergeExtras(res *Result, where string, b, o, t extras) {
	for _, k := range union(union(b.ExtraKeys(), o.ExtraKeys()), t.ExtraKeys()) {
		ov, tv := o.Extra(k), t.Extra(k)
		v, conflict := threeWay(b.Extra(k), ov, tv)
		switch {
		case conflict:
			res.conflict(where, "%s (another plugin's) is %.60s on our side, %.60s on theirs; kept ours", k, show(ov), show(tv))
		case !bytes.Equal(v, ov):
			if err := o.SetExtra(k, v); err != nil { // v was read as JSON: never
				res.conflict(where, "%s: %v; kept ours", k, err)
			}
		}
	}
}

func show(raw []byte) string {
	if raw == nil {
		return "(none)"
	}
	return string(raw)
}
