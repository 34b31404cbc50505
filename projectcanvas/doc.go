// Package projectcanvas is the core of Project Canvas: a project tracker whose
// milestones, stories, tasks, decisions, documents and features are markdown
// files with YAML front matter in a note vault.
//
// # Opening a vault
//
// A Project is opened over an FS, the vault's storage: vault/osfs for a
// folder on disk, vault/memfs for a vault held in memory (tests, the
// WebAssembly host).
//
//	fsys, err := osfs.New("/path/to/vault")
//	project, err := projectcanvas.Open(fsys)
//
// Open reads every markdown file of the vault and indexes those whose front
// matter has a valid id and type, wherever they live: users move and rename
// files freely, and identity is the id. Files it cannot read as entities
// (broken YAML, a duplicate id, an unknown type) do not stop it; Problems
// lists them, per file.
//
// # Reading
//
// Get, Children and All answer from the index without touching the disk.
// The *Entity values they return are snapshots: a later write replaces them
// in the index rather than changing them, so they may be kept and shared.
// Content reads an entity's markdown body from its file.
//
// # Writing
//
// Create and Update change one entity; Write runs any number of changes as
// one transaction, written all or none:
//
//	_, err := project.Write(func(tx *projectcanvas.Tx) error {
//		m, err := tx.Create(projectcanvas.Milestone, map[string]any{"title": "Beta"})
//		if err != nil {
//			return err
//		}
//		_, err = tx.Create(projectcanvas.Story, map[string]any{"title": "Sign-in", "parent": m.ID})
//		return err
//	})
//
// Every write keeps the vault consistent:
//
//   - Relations are stored on both sides (depends_on and blocks, implements
//     and implemented_by, documents and documented_by, affects and
//     decided_by): changing one side of a link changes the other entity's
//     file too, in the same transaction.
//   - Dependency cycles are refused with the cycle's path; so are links to
//     unknown ids and links between types that cannot hold them.
//   - Statuses move along each type's lifecycle (CanTransition). Starting a
//     task starts its story and milestone; completing a parent with open
//     children needs Change.Cascade.
//   - Ids are allocated under the vault lock from a counter file that
//     several processes share, so they are unique and never reused.
//   - Files are edited surgically through the frontmatter codec: only the
//     changed keys' lines are rewritten; unknown keys, comments and the body
//     survive byte for byte. A file changed on disk since it was indexed is
//     re-read before the change applies, and a write whose file changed in
//     between fails with a conflict instead of overwriting it.
//   - A transaction that fails, in validation or in the middle of writing
//     its files, leaves every file as it was.
//
// # Errors
//
// Every refusal is an *Error with a Code (invalid_argument, missing_field,
// orphan, invalid_transition, cycle, conflict, not_found, ...), a message
// for a person and optional details. Hosts translate codes at their edge:
// HTTP statuses, CLI exit codes, MCP tool errors.
//
// # Around the core
//
// Package tools is the one registry of tools that every host serves;
// insight computes overviews, health and coverage; fulltext is the BM25
// index behind full-text search; frontmatter is the lossless codec.
package projectcanvas
