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
// A host that opens the same vault at every start keeps the index cache
// between them ([WithIndexCache], [Project.IndexCache]): what decoding each
// file gave, taken at the next open only for a file whose bytes have the
// size and CRC-64 it was made from, and ignored whole when made by another
// build (the key) or damaged (its CRC-32C). It pays where the files are in
// memory (memfs): the editor plugin keeps one.
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
//     its files, leaves every file as it was; so does one whose process
//     is killed (see Crash safety).
//   - Files that are not entities (a canvas showing them) change in the
//     same transaction: Tx.ReadFile reads one, Tx.WriteFile stages its new
//     content, written with the entities, all or none, only if the file
//     still holds what was read.
//
// # Crash safety
//
// A transaction that changes more than one file (an atomic batch, an
// update whose relations touch other entities, an archive or restore, a
// create with its id counter and its node on a canvas, cleanup) follows a
// journal protocol, under the vault lock:
//
//  1. Before the first file changes, the intent is written to JournalPath
//     (.projectcanvas/journal.json), atomically and durably: for every file
//     operation in order (write, remove, move), the path, the file's content
//     before (or that it did not exist) and the hash of what is written.
//  2. The operations run. Each is atomic and conditional on the content
//     the transaction read (FS). A move is a rename, so an entity never
//     has two files, not even for an instant. Then they are synced.
//  3. The journal is removed: the transaction is complete.
//
// If the process dies between 1 and 3, the journal remains. The next Open
// in any host, or the next write of a project already open, takes the vault
// lock and rolls the transaction back: operations are undone in reverse
// order, each file put back to its content before the transaction where it
// holds what the transaction wrote there (or is as before already). A file
// someone changed since is left alone and reported. Then the journal is
// removed, and Open also removes the temporary files that interrupted
// writes left (FS.TempFiles). The vault is thus as it was before the
// transaction or, once the journal is gone, as after it; never in between.
// Rolling back rather than forward keeps the journal small (hashes, not new
// content) and recovery idempotent: a crash during recovery leaves the
// journal for the next Open to finish. If recovery cannot finish (a file
// that cannot be written), Open still succeeds for reading, and every write
// retries the recovery first and fails while it fails. Project.Recovered
// reports what was done; the CLI's index command prints it.
//
// A journal is data, never orders. It arrives with the vault (synced,
// merged, handed over by the editor), so it is rolled back only when a
// transaction of this program could have written it: every path one the
// project may write (CheckWritable: inside the vault, out of hidden
// folders but its own), none of the files kept outside transactions (the
// journal, the lock, the token, caches), known operations, at most
// MaxJournalOps of them. Any other journal is reported
// (Recovery.Ignored), never executed; opening and reading write nothing,
// and the next write moves it aside to
// .projectcanvas/journal.rejected-<time>.json for a person to read.
//
// A write of a single file skips the journal: the FS replaces a file in
// one step. One journal file suffices because the vault lock lets one
// transaction run at a time. Open takes the lock only when it finds a
// journal or temporary files, so opening a vault writes nothing otherwise.
//
// The journal is synced to disk before the first change, and every change
// before the journal is removed (vault/osfs syncs each file's content
// before it replaces the old one, and each changed folder once per
// transaction: see Syncer), so a power failure acts like a kill: if it
// strikes before the removal of the journal reaches the disk, the
// transaction is rolled back. An editor save
// can still be lost only in the window vault/osfs documents (a few
// microseconds; on Linux only when the editor also reads or saves again
// within them).
// docs/RELIABILITY.md lists the tests and what they measured.
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
