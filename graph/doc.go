// Package graph holds the one table of relations between entities and the
// graph algorithms every part of Project Canvas shares: finding a cycle and
// its path, ordering a graph topologically, and reachability.
//
// It imports nothing of the project, so the core (projectcanvas), the pure
// packages (reconcile, layout) and the hosts all read the same rules. Entity
// types are plain strings here ("milestone", "story", "task", "decision",
// "document", "feature"), the spelling they have in front matter.
//
// A relation is stored on both entities: when a task implements a feature,
// the task holds implements: [F-001] and the feature implemented_by:
// [T-004]. Pairs lists the four pairs; Lookup finds the pair of either
// field. The hierarchy (a story's parent is a milestone, a task's a story)
// is ParentType.
//
// The algorithms come in two shapes. Graph is a compact, immutable graph over
// vertices 0..n-1 for whole-project analysis (all cycles, a topological
// order). CycleThrough and Reach walk a graph given as a neighbour function,
// lazily, for checks that start at one entity and must not build the whole
// graph first.
package graph
