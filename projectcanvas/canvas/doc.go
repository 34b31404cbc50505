// Package canvas reads and writes JSON Canvas 1.0 files (.canvas), the
// format of Obsidian's canvas, without losing anything it does not manage.
//
// A Canvas holds nodes (text, file, link, group) and edges between them.
// Parse keeps, for every node, every edge and the canvas itself, each key as
// it was written, in its order; Bytes writes a value back verbatim unless
// the program changed it. Keys other plugins add, and node types this
// package does not know, survive every write.
//
// Bytes writes the editor's own layout: the top level indented with tabs,
// one node or edge per line in compact JSON, strings escaped as JavaScript's
// JSON.stringify escapes them and no newline at the end. A canvas the editor
// wrote and nobody changed therefore comes back byte for byte, and a change
// shows in a diff as the lines of the nodes that changed. (A canvas another
// program pretty-printed comes back in the editor's layout: each value as
// written, the whitespace between them compacted, as the editor itself
// would save it.)
//
//	{
//		"nodes":[
//			{"id":"entity-T-001","type":"file","file":"Projects/tasks/T-001 Form.md","x":0,"y":0,"width":400,"height":120}
//		],
//		"edges":[]
//	}
//
// Whose node is it: an entity's node is a file node showing the entity's
// file (EntityNodes), whatever its id: the tool names the nodes and edges
// it adds "entity-T-001" and "dep-T-002-T-001", but a user's text note or
// edge that happens to carry such an id stays the user's, never moved,
// hidden or restyled, and the tool gives its own object the next free id
// ("entity-T-001-2"). Arrange owns two more kinds of object: a group per
// band and workstream lane, "lane-engineering/m-001" (LaneGroupID),
// labelled with the workstream, moved and resized on every layout and
// removed when its cell empties; and an edge from a task to its story in
// another lane, "parent-T-008-S-002" (ParentEdgeID), purple and without a
// label (one would sit on the cards; an old edge labelled "parent" loses
// its label), added unless an edge already joins the two nodes and removed
// when they share a lane again (both told by their id's prefix, like the
// cells of the features grid; a parent edge the user labelled otherwise is
// the user's). A node that is not a group is never taken for a lane: a
// lane whose id one holds takes the next free id ("lane-design/m-001-2").
// The layout's rule (package layout): a band per milestone, a lane per
// workstream; a story sits below its milestone in its own workstream's
// lane (its parent's when it has none), a task below its story, in its own
// lane, joined to its story by that edge when the lanes differ. Arrange
// gives each entity card its size first (CardSize: the height its title
// needs), and the sides the layout chose to every edge of the package.
//
// Geometry is checked when read: a node's x and y lie within
// MaxCoordinate, its size within 0..MaxSize.
//
// Store: a canvas is written only through a transaction of the project
// (Edit stages it with Tx.WriteFile), so a canvas changed together with
// entities is written with them, all or none, and journaled like them
// (see the crash safety of package projectcanvas). The write is
// conditional on the content read; Update runs one canvas edit as its own
// transaction and, when the editor changed the file meanwhile, reads it
// again and applies the change again, so edits made in the editor are
// never overwritten.
package canvas
