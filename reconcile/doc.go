// Package reconcile makes the relations between entities consistent again
// after hand edits. It is pure: relation sets in, fixes out. The tools of
// projectcanvas/tools apply the fixes through the project's all-or-nothing
// write; this package neither reads nor writes files.
//
// Every relation is stored on both entities (graph.Pairs). An editor user
// who adds implements: [F-001] to a task by hand leaves the feature without
// the matching implemented_by entry; a deleted file leaves ids that name
// nothing; an old template writes parent as a list. Plan finds each of these
// and proposes the fix:
//
//   - a link held on one side only gets its inverse added on the other
//     entity (AddInverse);
//   - a reference to an id no entity has is dropped (DropDangling), as is a
//     reference of an entity to itself (DropSelf);
//   - a parent written as a list is set to its one valid entry
//     (RepairParent), and a story or task without a parent that a stored
//     children list names gets that parent back.
//
// What it cannot decide alone is reported as a Problem instead: links the
// type rules forbid, a parent of the wrong type or that names nothing,
// dependency cycles. Fixes touching an entity on a dependency cycle are held
// back (the write would be refused until the cycle is broken).
//
// Plan is idempotent: applying its fixes (Apply) and planning again finds
// nothing more to fix.
package reconcile
