// Package layout places a project's entities on a canvas: the hierarchy
// layout the editor command reposition-canvas-nodes calls V4. It is pure
// (graph in, positions out) and imports nothing of the project's core, so
// the WebAssembly build and other programs can use it alone; the hierarchy
// (a story's parent is a milestone, a task's a story) is graph.ParentType,
// the one rule the core and reconcile read too.
//
// The picture it draws:
//
//   - one vertical lane per workstream, side by side, in name order (the
//     lane of entities without a workstream comes last);
//   - in a lane, one block per milestone, stacked top to bottom: the
//     milestone centred over the row of its stories, and below each story
//     the column of its tasks, fanned out a step to the right;
//   - decisions, documents and features in a column at the lane's right,
//     beside the first entity they affect, document or are implemented by;
//   - dependency edges attached to the sides of the two nodes that face
//     each other, which keeps crossings low.
//
// Sizes come from the nodes (Node.Width, Node.Height). Obstacles (nodes the
// tool did not create: notes, groups, links) are neither moved nor
// overlapped: a lane that would run into one starts below it.
//
// A task adds height to its story's column only, so adding one moves
// nothing outside its own lane. The same input always gives the same
// output, whatever its order.
package layout
