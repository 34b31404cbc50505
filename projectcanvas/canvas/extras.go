package canvas

import (
	"encoding/json"
	"fmt"
	"slices"
)

// What a three-way merge of canvases needs (package merge, git's merge
// driver): an item's JSON to compare, and the keys of other plugins one by
// one, to take one side's change of them.

// JSON returns the node as Bytes writes it: compact, every key it was read
// with in its order, unknown keys kept. Two nodes with the same JSON are the
// same node.
func (n *Node) JSON() []byte { return n.appendJSON(nil) }

// JSON returns the edge as Bytes writes it (see Node.JSON).
func (e *Edge) JSON() []byte { return e.appendJSON(nil) }

// ExtraKeys lists the keys of other plugins the node holds, in order.
func (n *Node) ExtraKeys() []string { return n.raw.extraKeys(managedBy(nodeFields)) }

// SetExtra sets another plugin's key to value (JSON; nil removes the key).
// A key this package manages, or a value that is not JSON, is refused.
func (n *Node) SetExtra(key string, value json.RawMessage) error {
	return n.raw.setExtra(key, value, managedBy(nodeFields))
}

// Extra returns the raw JSON of a key this package does not manage (another
// plugin's), or nil.
func (e *Edge) Extra(key string) []byte { return e.raw.extra(key, managedBy(edgeFields)) }

// ExtraKeys lists the keys of other plugins the edge holds, in order.
func (e *Edge) ExtraKeys() []string { return e.raw.extraKeys(managedBy(edgeFields)) }

// SetExtra sets another plugin's key of the edge (see Node.SetExtra).
func (e *Edge) SetExtra(key string, value json.RawMessage) error {
	return e.raw.setExtra(key, value, managedBy(edgeFields))
}

// canvasKeys are the top-level keys the package manages.
func canvasKeys(key string) bool { return key == "nodes" || key == "edges" }

// Extra returns the raw JSON of a top-level key other than nodes and
// edges, or nil.
func (c *Canvas) Extra(key string) []byte { return c.raw.extra(key, canvasKeys) }

// ExtraKeys lists the top-level keys other than nodes and edges, in order.
func (c *Canvas) ExtraKeys() []string { return c.raw.extraKeys(canvasKeys) }

// SetExtra sets a top-level key other than nodes and edges (see
// Node.SetExtra).
func (c *Canvas) SetExtra(key string, value json.RawMessage) error {
	return c.raw.setExtra(key, value, canvasKeys)
}

func managedBy[T any](specs []fieldSpec[T]) func(string) bool {
	return func(key string) bool {
		return slices.ContainsFunc(specs, func(s fieldSpec[T]) bool { return s.key == key })
	}
}

func (o object) extra(key string, managed func(string) bool) []byte {
	if managed(key) {
		return nil
	}
	v, _ := o.get(key)
	return v
}

func (o object) extraKeys(managed func(string) bool) []string {
	var keys []string
	for _, m := range o {
		if !managed(m.key) {
			keys = append(keys, m.key)
		}
	}
	return keys
}

func (o *object) setExtra(key string, value json.RawMessage, managed func(string) bool) error {
	if managed(key) {
		return fmt.Errorf("canvas: %q is not another plugin's key", key)
	}
	i := slices.IndexFunc(*o, func(m member) bool { return m.key == key })
	if value == nil {
		if i >= 0 {
			*o = slices.Delete(*o, i, i+1)
		}
		return nil
	}
	if !json.Valid(value) {
		return fmt.Errorf("canvas: the value of %q is not JSON", key)
	}
	v, err := compact(value)
	if err != nil {
		return err
	}
	if i >= 0 {
		(*o)[i].value = v
	} else {
		*o = append(*o, member{key: key, value: v})
	}
	return nil
}
