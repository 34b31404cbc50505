// Package migrate upgrades a vault written by the plugin this project
// replaces (ostanlabs/obsidian_plugin) to this project's fields: Note
// rewrites one note's bytes, Vault every entity file of a Project in one
// journaled write (Project.RewriteEntities), or with apply false reports
// what it would do.
//
// That plugin's notes are entity files of the same six types with the same ids, but
// they carry its keys and values (its entity template, util/template.ts,
// and its types.ts and migrator.ts):
//
//   - effort: the workstream, written in capitals (Engineering);
//   - created and updated: the legacy timestamps beside created_at and
//     updated_at;
//   - status aliases (todo, in_progress, done, Accepted, Proposed) and
//     none at all; an inProgress flag for work started;
//   - priority names (Critical, High, Medium, Low) where this project
//     writes P0 to P3;
//   - enables and enabled_by, the old names of blocks and depends_on;
//   - implements pointing at documents (milestones and stories implemented
//     specs) where a document documents them here, and implemented_by on
//     documents;
//   - a decision's decided_by naming a person where here it lists the
//     decisions affecting an entity;
//   - a task's time_estimate or estimate_hrs and assignee, here
//     estimate_hours and owner;
//   - relation lists with an entry written "[M-002]" or twice.
//
// Note rewrites one note to this project's fields with the
// front matter codec: only the keys it changes are rewritten, every other
// key (created_by_plugin, canvas_source, vault_path, notion_page_id,
// inProgress, children...) and every line of the body stay as they are. A
// legacy key whose value moves to this project's key is removed (its
// value lives on there, and the report says what moved); one that holds
// something else than this project's key says is kept, and reported for a
// person. Running it on its own output changes nothing.
package migrate
