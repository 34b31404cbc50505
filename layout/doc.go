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
//     lane of entities without a workstream comes last); a lane is a
//     rectangle (Result.Lanes) holding every entity of its workstream with
//     a margin, the band above it kept for its label (LabelHeight), and no
//     two lanes share any x;
//   - an entity of the hierarchy goes in the lane of its own workstream; one
//     without a workstream goes where its parent goes. A child whose
//     workstream is not its parent's therefore sits in another lane than its
//     parent, which its position cannot show: the link is reported in
//     Result.Parents, for the canvas to draw as an edge;
//   - in a lane, one block per milestone, stacked top to bottom: the
//     milestone centred over the row of its stories of that lane, and below
//     each story the column of its tasks of that lane, fanned out a step to
//     the right. The lane's stories of a milestone in another lane form a
//     block of their own (no head), in the milestone's order, and so do its
//     tasks of a story in another lane (a column with no head, in the block
//     of the story's milestone); parentless stories and tasks come last;
//   - decisions, documents and features in a column at the right of the
//     lane of the first entity they affect, document or are implemented by
//     (else of their own workstream), beside that entity;
//   - dependency edges attached to the sides of the two nodes that face
//     each other, which keeps crossings low.
//
// Sizes come from the nodes (Node.Width, Node.Height). Obstacles (nodes the
// tool did not create: notes, the user's groups, links) are neither moved
// nor overlapped, by the lanes' rectangles or their labels: a lane that
// would run into one starts below it.
//
// A task adds height to its story's column only, so adding one moves
// nothing outside its own lane. The same input always gives the same
// output, whatever its order.
package layout
