// Package extsync keeps a project's entities and a Notion database in step,
// both ways, without losing an edit made on either side.
//
// # The base
//
// A two-way sync cannot tell who changed what from two copies alone: it
// needs the state both sides agreed on last time, the base. For every
// entity the base (StatePath, under .projectcanvas/) holds the page's id
// and, per synced field, a hash of the value the note had and a hash of
// the value the page had after the last sync. A run then compares each
// side with the base, field by field:
//
//	note changed   page changed   what happens
//	no             no             nothing, and no request but the listing
//	yes            no             the note's value goes to Notion
//	no             yes            Notion's value goes into the note
//	yes            yes            same value: nothing to do; else a conflict
//
// Time plays no part in that decision. Notion's last_edited_time is rounded
// down to the minute, so two edits in one minute look the same; it only
// tells which pages' content may have changed and must be fetched (with the
// page's last editor: a page the integration itself edited last, in the
// minute the base records, changed no further).
//
// # Conflicts
//
// A field changed on both sides to different values is not overwritten on
// either. The note keeps its value, the page keeps its own, and a conflict
// note ("<ID> Notion conflict.md") beside the entity shows both. Writing
// `resolution: mine` or `resolution: theirs` in its front matter and
// syncing again settles it; until then the field stays out of the sync
// (the other fields go on), and every run lists it in Summary.Conflicts.
//
// # Trash, content, resumption
//
// Archiving a note puts its page in Notion's trash, and restoring the note
// takes the page out. A page someone trashed in Notion never deletes a
// note: it is reported (Summary.TrashedInNotion) and left alone until it
// is restored.
//
// The note's body becomes the page's content (see notion.MarkdownBlocks).
// It is replaced without ever emptying the page: blocks shared at the start
// and the end stay, the new ones are appended, and only then are the old
// ones deleted.
//
// A run can stop anywhere (a 500, a kill, a lost network). Pulls are
// written with the base in one vault transaction. Pushes save the base
// every few pages. Before creating a page the run looks for one carrying
// the entity's id, so a page made by a run that stopped before saving is
// found rather than made twice; a page the integration itself wrote last is
// taken as the sync's own unfinished work and completed.
//
// # Requests
//
// A run lists the data source once (one request per 100 pages), and only
// entities changed since the base on either side cost more: a run with
// nothing changed makes one request per 100 entities. The schema is checked
// on first use, or when the property mapping changes, and missing
// properties are added then.
package extsync
