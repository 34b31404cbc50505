// Package merge merges two people's edits of the same vault file by what
// the file means, for git's custom merge driver (`projectcanvas
// merge-file`, set up by `projectcanvas git install`).
//
// Git merges files as lines of text. For the files of a project vault that
// goes wrong in two ways: two people who add different dependencies to one
// task get conflict markers inside the YAML front matter, and the tracker
// loses the entity until someone edits it by hand; two people who move
// cards on one canvas get conflict markers inside JSON, and the canvas no
// longer opens. Merge merges instead:
//
//   - entity notes (FrontMatter): the front matter key by key against the
//     common ancestor, the list fields whose order means nothing
//     (depends_on, tags, ...) as sets, updated_at as the later time; the
//     body by lines as git would. A key both sides changed differently
//     keeps OURS's value and is listed under merge_conflict in the front
//     matter, which stays valid: validate_project reports it. Conflict
//     markers only ever appear in the body.
//   - canvases (Canvas): nodes and edges by id; a node moved on both sides
//     keeps OURS's place. The output is always valid JSON Canvas.
//   - the id counters of .projectcanvas/sequence.json (Sequence): the
//     larger counter per type; the document tools' workspaces of
//     .projectcanvas/workspaces.json (Workspaces): workspace by workspace.
//     The project's other state files (the Notion sync's state, the batch
//     ledger) have no merge by meaning: they merge by lines, as git would,
//     and the driver says so.
//   - anything else by lines, exactly as git's own merge would (GitText
//     runs `git merge-file`), so a too-broad .gitattributes pattern never
//     makes a merge worse. So are files a meaning merge refuses (invalid
//     YAML or JSON, files over the limits), with the reason in
//     Result.Fallback.
//
// The three-way rule everywhere: a value changed on one side only takes
// that side's value; a value both sides changed to the same thing takes
// it; only a value both changed differently is a conflict. So merging a
// change with an unchanged side gives the change, and swapping OURS and
// THEIRS gives the same merge but for which side a conflict keeps.
//
// What one file at a time cannot see: both branches created an entity and
// both gave it the next id, T-031. After the merge the index reports the
// duplicate id, and reconcile_relationships with repair_ids renumbers the
// newer file (`projectcanvas git install --hook` adds a post-merge hook
// that prints what it would change).
package merge
