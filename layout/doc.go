// Package layout places a project's entities on a canvas: the hierarchy
// layout the editor command reposition-canvas-nodes calls V4 (milestones
// heading their bands at the left, stories below their milestone, tasks fanned below their story,
// grouped in vertical lanes by workstream). It is pure (graph in, positions
// out) and imports nothing of the project's core, so the WebAssembly build
// and other programs can use it alone; the hierarchy (a story's parent is a
// milestone, a task's a story) is graph.ParentType, the one rule the core
// and reconcile read too.
//
// The picture is a grid: one horizontal band per milestone, one vertical
// lane per workstream.
//
//   - Bands are stacked top to bottom, a milestone's after the milestones
//     it depends on, else in id order (a cycle is broken at its lowest id);
//     a final band holds the work without a milestone. A milestone's card
//     sits at the top left of its band, its header; every milestone at one
//     x, so that an edge between two milestones runs from left side to
//     left side down the canvas's left edge, through no band's cards.
//   - An entity of the hierarchy goes in the lane of its own workstream;
//     one without a workstream goes where its parent goes. A story sits in
//     the story row of its milestone's band, in its lane; below it the
//     column of its tasks of that lane, fanned a step right every other
//     task. A task in another workstream than its story's goes in its own
//     lane, in the same band, below the story row, in the lane's column of
//     tasks of stories in other lanes (left of the lane's stories when its
//     story is in a lane to the left, else right), grouped by story in the
//     stories' order.
//   - Lanes line up from band to band: a lane is as wide as its widest
//     band, so a workstream reads as one column from the top of the canvas
//     to the bottom; no two lanes share any x. Lanes are ordered to keep
//     links short: from name order, each moves to the barycentre of the
//     lanes its tasks' stories and its dependencies are in (a few rounds).
//   - Within a cell the stories are ordered the same way: from id order,
//     each column (a story and its tasks) moves to the barycentre of the
//     columns its story and tasks are linked to by dependencies (and a
//     story to its tasks in other lanes), counted in columns rather than
//     pixels, two rounds. A column's tasks: those with more links to
//     bands above than below first, more below last, else in id order.
//     Links then run shorter and cross less.
//   - Result.Lanes are the cells of the grid, a rectangle per band and lane
//     that has work there, its label above it (LabelHeight). The canvas
//     draws each as a labelled group. A group per band and lane, rather
//     than one tall group per lane, because a milestone heads the work of
//     stories of several lanes: a tall group would hold milestone cards of
//     other workstreams (the editor counts a card inside a group's
//     rectangle as the group's, and drags it along). With one group per
//     cell, no group holds a card of another workstream: milestones sit in
//     the band's head row above the cells, outside every group.
//   - A decision that affects a story or task, a document that documents
//     one and a feature one implements sits just below the first of them
//     (in id order) in its column: in that work's band and lane, so a
//     reader sees which work it is about without an edge, and no slot
//     between the lanes stands in the way of the edges across them. Those
//     about milestones only sit in the band of the work they relate to, in
//     a slot at the right of the lane of the first such entity (outside its
//     groups: they may be of another workstream), level with it; the ones
//     related to no work, or to milestones in several bands, go to the
//     final band, beside the lane of their own workstream. Features also
//     have their own grid (FeatureGrid).
//   - The hierarchy is shown by position: a story is below its band's
//     milestone, a task below its story. Only a task in another lane than
//     its story's is reported (Result.Parents), for the canvas to draw as
//     an edge.
//   - Edges attach to the sides that face each other, unless the straight
//     segment between those sides' midpoints passes through another card;
//     then to the pair of sides with the shortest segment that passes
//     through none. When every pair does, the facing sides are kept and
//     the edge counts in Result.Blocked.
//
// Sizes come from the nodes (Node.Width, Node.Height). Obstacles (nodes the
// tool did not create: notes, the user's groups, links) are neither moved
// nor overlapped: a band that would run into one (with its cells' labels)
// moves down, as a whole, below it.
//
// A task adds height to its own band only: adding one moves nothing in the
// bands above, and the bands below shift down as a whole. The same input
// always gives the same output, whatever its order.
package layout
