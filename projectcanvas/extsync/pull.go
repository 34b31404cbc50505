package extsync

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// pull writes what changed in Notion into the vault, and the conflict
// notes, in one transaction with the base: all of it lands, or none. An
// entity whose change the vault refuses (a status its lifecycle does not
// allow from where it is) is reported and left as it was; the others go on.
func (r *run) pull(items []*item) error {
	var todo []*item
	for _, it := range items {
		if len(it.pull) > 0 || len(it.conflict) > 0 || it.resolution != "" || r.staleNote(it) {
			todo = append(todo, it)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	_, err := r.s.p.Write(func(tx *pc.Tx) error {
		for _, it := range todo {
			if err := tx.Try(func() error { return r.pullOne(tx, it) }); err != nil {
				it.pull, it.failed = nil, true
				r.fail(it.e.ID, err)
			} else if len(it.pull) > 0 {
				r.sum.UpdatedLocal++
				if slices.Contains(it.pull, Title) && it.rem.value[Title] != it.rem.raw[Title] {
					r.sum.TitlesFolded = append(r.sum.TitlesFolded, it.e.ID)
				}
			}
		}
		r.s.mu.Lock()
		data := r.st.encode()
		r.s.mu.Unlock()
		return tx.WriteAux(StatePath, data)
	})
	return err
}

// pullOne stages one entity's pulled fields and conflict note, and its new
// base.
func (r *run) pullOne(tx *pc.Tx, it *item) error {
	b := it.b.clone() // it.b changes only if everything is staged
	if len(it.pull) > 0 {
		u, err := tx.Update(string(it.e.ID), r.change(it))
		if err != nil {
			return err
		}
		body := it.local[Body]
		if slices.Contains(it.pull, Body) {
			body = it.rem.value[Body]
		}
		local := r.s.localValues(u.Entity, body)
		for _, f := range it.pull {
			b.Local[f], b.Remote[f] = hashOf(local[f]), hashOf(it.rem.raw[f])
		}
		it.e, it.local = u.Entity, local
	}
	switch {
	case len(it.conflict) > 0:
		note, err := writeConflictNote(tx, it.e, func([]byte) []byte { return r.conflictNote(it, it.conflict) })
		if err != nil {
			return err
		}
		b.Conflict = &conflictState{Fields: it.conflict, Note: note}
		r.sum.Conflicts = append(r.sum.Conflicts, ConflictReport{ID: it.e.ID, Fields: it.conflict, Note: note})
	case it.resolution != "":
		when := r.s.p.Now().UTC().Format("2006-01-02 15:04")
		if _, err := writeConflictNote(tx, it.e, func(old []byte) []byte {
			if old == nil {
				return nil // deleted by the person: nothing to mark
			}
			return resolvedNote(old, it.resolution, when)
		}); err != nil {
			return err
		}
		b.Conflict = nil
		r.sum.Resolved = append(r.sum.Resolved, it.e.ID)
	case r.staleNote(it):
		if _, err := writeConflictNote(tx, it.e, func([]byte) []byte { return r.conflictNote(it, b.Conflict.Fields) }); err != nil {
			return err
		}
	}
	*it.b = *b
	r.st.Entities[it.e.ID] = it.b
	return nil
}

// change is the vault update that takes Notion's values of the pulled
// fields.
func (r *run) change(it *item) pc.Change {
	c := pc.Change{Data: map[string]any{}}
	for _, f := range it.pull {
		v := it.rem.value[f]
		switch f {
		case Status:
			c.Status = v
		case Body:
			c.Data[pc.ContentKey] = v
		case DependsOn, Blocks:
			c.Data[string(f)] = pc.NonNil(splitIDs(v))
		default:
			if v == "" {
				c.Data[string(f)] = nil
			} else {
				c.Data[string(f)] = v
			}
		}
	}
	return c
}

// staleNote reports whether an unresolved conflict's note no longer shows
// Notion's current values.
func (r *run) staleNote(it *item) bool {
	b := it.b
	if b.Conflict == nil || it.resolution != "" || len(it.conflict) > 0 || it.page == nil {
		return false
	}
	old, err := r.s.p.Files().ReadFile(conflictNotePath(it.e))
	return err != nil || string(old) != string(r.conflictNote(it, b.Conflict.Fields))
}

// conflictNotePath is the conflict note's place: beside the entity. It is
// the only place a conflict note is ever written, whatever the sync state
// file says.
func conflictNotePath(e *pc.Entity) string {
	return path.Join(path.Dir(e.Path), string(e.ID)+" Notion conflict.md")
}

// writeConflictNote stages content(old) at e's conflict note, old being
// what the file holds now (nil when there is none; a nil content then
// writes nothing). A file that is there already is rewritten only if it
// is e's conflict note, one that carries "sync_conflict: <id>" in its
// front matter: a note of the person's that happens to have the name is
// refused, never replaced.
func writeConflictNote(tx *pc.Tx, e *pc.Entity, content func(old []byte) []byte) (string, error) {
	note := conflictNotePath(e)
	old, err := tx.ReadNote(note)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		old = nil
	case err != nil:
		return "", err
	case !isConflictNoteOf(old, e.ID):
		return "", pc.Errorf(pc.CodeConflict, "%s is a note of its own, not the Notion conflict note of %s (no sync_conflict: %s in its front matter); "+
			"it is left as it is: rename it, then sync again", note, e.ID, e.ID).With("path", note)
	}
	data := content(old)
	if data == nil {
		return note, nil
	}
	return note, tx.WriteNote(note, data)
}

// isConflictNoteOf reports whether a note's front matter says it is the
// conflict note of id (sync_conflict: id).
func isConflictNoteOf(data []byte, id pc.ID) bool {
	v, ok := noteValue(data, "sync_conflict")
	return ok && v == string(id)
}

// noteValue reads a top-level key of a conflict note's front matter, as
// the sync writes it and a person edits it: one line, "key: value", the
// value unquoted. A conflict note is read line by line, not as YAML: a
// person's half-typed edit must not make it unreadable.
func noteValue(data []byte, key string) (string, bool) {
	lines := strings.Split(string(data), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return "", false
	}
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			break
		}
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == key {
			return strings.Trim(strings.TrimSpace(v), `"'`), true
		}
	}
	return "", false
}

// conflictNote is the note that shows both sides of each field changed on
// both. It declares no entity (no id): it is a plain note, and resolving it
// is one word in its front matter.
func (r *run) conflictNote(it *item, fs []Field) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nsync_conflict: %s\nnotion_page: %s\nresolution:\n---\n", it.e.ID, it.page.ID)
	fmt.Fprintf(&b, "# Notion conflict: %s %s\n\n", it.e.ID, it.e.Title)
	b.WriteString("The note and its Notion page both changed since the last sync. Nothing was overwritten: " +
		"the note keeps its values, Notion keeps its own, and these fields stay out of the sync until you choose.\n\n" +
		"Set `resolution: mine` above to keep the note's values (they go to Notion), or `resolution: theirs` " +
		"to take Notion's into the note, then sync again.\n")
	for _, f := range fs {
		fmt.Fprintf(&b, "\n## %s\n\n", f)
		if f == Body {
			fmt.Fprintf(&b, "### In the note\n\n%s\n\n### In Notion\n\n%s\n", fenced(it.local[f]), fenced(it.rem.value[f]))
			continue
		}
		fmt.Fprintf(&b, "- note: %s\n- Notion: %s\n", quoted(it.local[f]), quoted(it.rem.value[f]))
	}
	return []byte(b.String())
}

func quoted(s string) string {
	if s == "" {
		return "(empty)"
	}
	return "`" + strings.ReplaceAll(s, "`", "'") + "`"
}

// fenced quotes a body in a fence longer than any in it.
func fenced(s string) string {
	f := "````"
	for strings.Contains(s, f) {
		f += "`"
	}
	return f + "markdown\n" + s + "\n" + f
}

// readResolution reads the resolution a person wrote in a conflict note:
// "mine", "theirs", or "" for none yet.
func readResolution(files pc.Files, note string) string {
	data, err := files.ReadFile(note)
	if err != nil {
		return ""
	}
	v, _ := noteValue(data, "resolution")
	switch strings.ToLower(v) {
	case "mine", "keep mine", "note", "vault":
		return "mine"
	case "theirs", "take theirs", "notion":
		return "theirs"
	}
	return ""
}

// resolvedNote marks a conflict note done, keeping what it showed.
func resolvedNote(old []byte, how, when string) []byte {
	s := strings.Replace(string(old), "\nresolution:", "\nresolved: "+when+"\nresolution:", 1)
	return []byte(s + "\n---\nResolved (" + how + ") on " + when + ". This note can be deleted.\n")
}
