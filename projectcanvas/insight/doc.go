// Package insight computes read-only views of a project: an overview of
// counts and recent changes, an analysis of its health (blockers, risks and
// the dependency graph), and the coverage of features by work, documents and
// tests. Every function is pure: it takes a snapshot of entities (as
// Project.All returns them), plus the clock where time matters, and reads no
// files, so the same code answers in the CLI, the servers and the
// WebAssembly build, and tests need no vault.
//
// # Relations
//
// Both sides of a relation are normally stored (depends_on/blocks,
// implements/implemented_by, documents/documented_by), but hand edits can
// leave one side missing. The analyses read the union of both sides, so a
// link stated on either entity counts. Ids that name no entity (archived
// entities do exist) are dangling references; they never count as a
// dependency, implementer or document.
//
// # Health score
//
// Open work is the non-archived milestones, stories and tasks whose status
// is not finished (see projectcanvas.Status.Finished); only they have a
// Blocked status and an In Progress that can go stale. The score starts at
// 100 and loses, each penalty rounded to a whole number:
//
//	blocked                     40 × blocked open work / open work
//	stale_in_progress           20 × stale / In Progress work, where stale means
//	                            not updated (updated_at, else created_at) for
//	                            stale_days days before now
//	dependency_cycle            15 per cycle in depends_on, at most 30
//	dangling_reference           2 per id in parent or a relation that names
//	                            no entity, at most 10
//	unfinished_under_completed   5 per unfinished child of a Completed
//	                            parent, at most 20
//
// and is clamped to 0..100. Shares weigh more than counts because a large
// project naturally has more blocked items than a small one; structural
// faults (cycles, dangling ids, inconsistent completion) are counted because
// each one is a mistake to fix, and capped so that one kind of fault cannot
// hide the others. With a workstream filter only the entities of that
// workstream are counted, but their links may cross workstreams.
//
// # Risks
//
// circular_dependency (high): one risk per cycle, naming the path with its
// first entity repeated at the end; every entity caught in a cycle appears
// in at least one reported path.
// blocked_chain (medium, high when 3 or more entities wait): a Blocked
// entity followed by every unfinished entity that waits on it, directly or
// through others.
// stale_in_progress (medium), orphan (medium: a story or task whose parent
// is unset or names no entity) and dangling_reference (low): one risk per
// entity or reference.
//
// # Ready
//
// The work that can start now: the tasks, and the stories without tasks
// (archived tasks do not count), that are neither finished nor Blocked nor
// archived, whose every dependency is Completed (Completed, Complete,
// Decided or Approved), and that no Blocked or Deferred parent or further
// ancestor holds. Only an entity's own dependencies count, not those of its
// story. A dependency that names no entity, or names work that will never
// be Completed (Deferred, Superseded, archived), keeps the work off the list
// and is listed as a problem. The order: priority (P0 first, none last),
// then unblocks, the unfinished non-archived work that waits on the entity
// through depends_on, directly or through others, each counted once (the
// rule of blocked_chain), most first, then id.
//
// # Critical path
//
// The longest chain of open work (unfinished, non-archived milestones,
// stories and tasks in scope), each entity waiting for the one before it:
// for what it depends on, or, for a milestone or story, for its children.
// Longest is the most entities, then the largest sum of estimate_hours, then
// the smallest ids. It is given overall and, for each open milestone, the
// longest chain ending with it. Entities on a waiting cycle (a depends_on
// cycle, or a task that depends on its own story) are left off, so nothing
// loops; each such cycle is listed as a circular_dependency problem.
//
// # Coverage
//
// A feature is implemented when some entity implements it, documented when
// some document documents it, tested when test_refs is not empty, and
// complete when all three hold. Deferred features are reported but never
// listed as gaps.
package insight
