package extsync

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// StatePath is where the base of the sync lives: per entity, its page and
// a hash of each synced field as both sides held it after the last sync.
const StatePath = ".projectcanvas/sync/notion.json"

// state is the base. It holds no secret and no content, only ids and
// hashes, so it can be shared with the vault.
type state struct {
	Version      int    `json:"version"`
	DatabaseID   string `json:"database_id"`
	DataSourceID string `json:"data_source_id"`
	// Schema is the mapping whose properties were last found in the data
	// source, and the Notion type of each (select or status).
	Schema    string            `json:"schema,omitempty"`
	PropTypes map[string]string `json:"prop_types,omitempty"`
	// BotID is the integration's user: pages it edited last carry it.
	BotID    string           `json:"bot_id,omitempty"`
	Entities map[pc.ID]*entry `json:"entities"`
}

// entry is the base of one entity.
type entry struct {
	Page string `json:"page"`
	// Local and Remote hold a hash per field of the note's value and of the
	// page's value at the last sync. A side changed a field when its hash
	// differs from the base's.
	Local  map[Field]string `json:"local,omitempty"`
	Remote map[Field]string `json:"remote,omitempty"`
	// Edited and EditedBy are the page's last_edited_time and editor after
	// the sync's own last write: a hint that the content needs no fetch
	// while they are unchanged ("" forces one).
	Edited   string `json:"edited,omitempty"`
	EditedBy string `json:"edited_by,omitempty"`
	// Trashed: this sync put the page in the trash (the note is archived).
	Trashed bool `json:"trashed,omitempty"`
	// RemoteTrashed: someone put the page in the trash in Notion.
	RemoteTrashed bool `json:"remote_trashed,omitempty"`
	// Conflict lists the fields changed on both sides, kept apart until
	// the conflict note is resolved.
	Conflict *conflictState `json:"conflict,omitempty"`
}

type conflictState struct {
	Fields []Field `json:"fields"`
	// Note is where the conflict note was written, for a person reading
	// the file. It is never obeyed: the note's place is always derived
	// from the entity (conflictNotePath), since the state file travels
	// with the vault and anyone could point it at a hand-written note.
	Note string `json:"note"`
}

const stateVersion = 1

// readState reads the base and checks every entry of it: the file is
// shared with the vault, so it is data someone else may have written. An
// entry that could not come from a sync (an id that is no entity id, a
// page that is no Notion id, a hash or time of the wrong shape, a field
// the sync does not know) is dropped and reported in bad; the next sync
// finds that entity's page again by its ID property, so nothing is
// duplicated.
func readState(files pc.Files) (st *state, bad []Failure, err error) {
	st = &state{Version: stateVersion, Entities: map[pc.ID]*entry{}}
	data, err := files.ReadFile(StatePath)
	if errors.Is(err, pc.ErrIsFolder) {
		return nil, nil, pc.StateError(StatePath, err)
	}
	if err != nil {
		return st, nil, nil // no base yet: a first sync
	}
	return decodeState(data)
}

// decodeState is readState's decoding of the file's bytes.
func decodeState(data []byte) (*state, []Failure, error) {
	st := &state{}
	if err := json.Unmarshal(data, st); err != nil || st.Version != stateVersion {
		return nil, nil, pc.Errorf(pc.CodeConflict, "%s is not a sync state this version reads; move it away to start over (the next sync finds existing pages by their ID property, so nothing is duplicated)", StatePath)
	}
	if st.DatabaseID != "" && !notionID(st.DatabaseID) || st.DataSourceID != "" && !notionID(st.DataSourceID) || !plainID(st.BotID) {
		return nil, nil, pc.Errorf(pc.CodeConflict, "%s names a database, data source or bot that is no Notion id; move it away to start over", StatePath)
	}
	var bad []Failure
	for id, e := range st.Entities {
		if why := badEntry(id, e); why != "" {
			delete(st.Entities, id)
			bad = append(bad, Failure{ID: pc.ID(pc.Echo(string(id))), Code: pc.CodeConflict,
				Message: StatePath + ": the entry of " + pc.Echo(string(id)) + " was ignored: " + why})
		}
	}
	ptrsort.Func(bad, func(a, b *Failure) int { return strings.Compare(string(a.ID), string(b.ID)) })
	if a, b, page := sharedPage(st.Entities); page != "" {
		return nil, nil, pc.Errorf(pc.CodeConflict, "%s gives %s and %s one Notion page (%s), which no sync writes: "+
			"move the file away to start over (the next sync finds each entity's page by its ID property)", StatePath, a, b, page)
	}
	if st.Entities == nil {
		st.Entities = map[pc.ID]*entry{}
	}
	return st, bad, nil
}

// badEntry says why an entry of the base could not have come from a
// sync, or "".
func badEntry(id pc.ID, e *entry) string {
	if canon, _, _, err := pc.ParseID(string(id)); err != nil || canon != id {
		return "it is no entity id"
	}
	if e == nil || e.Page != "" && !notionID(e.Page) {
		return "its page is no Notion id"
	}
	if !plainID(e.EditedBy) {
		return "edited_by is no Notion user id"
	}
	if e.Edited != "" {
		if _, err := time.Parse(time.RFC3339Nano, e.Edited); err != nil {
			return "edited is no time"
		}
	}
	for _, hashes := range []map[Field]string{e.Local, e.Remote} {
		for f, h := range hashes {
			// pendingBody marks a body replacement a run left half done
			// (the next run finishes it).
			if !knownField(f) || !isHash(h) && !(f == Body && h == pendingBody) {
				return "it holds a field or hash no sync writes"
			}
		}
	}
	if e.Conflict != nil {
		if len(e.Conflict.Fields) == 0 {
			return "its conflict names no field"
		}
		for _, f := range e.Conflict.Fields {
			if !knownField(f) {
				return "its conflict names a field the sync does not know"
			}
		}
	}
	return ""
}

func knownField(f Field) bool {
	_, ok := lookupField(f)
	return ok || f == Body
}

// notionID reports whether s is a Notion id as the API gives them: 32
// hexadecimal digits, with or without the dashes of a UUID.
func notionID(s string) bool {
	if len(s) == 36 {
		for _, i := range []int{8, 13, 18, 23} {
			if s[i] != '-' {
				return false
			}
		}
		s = strings.ReplaceAll(s, "-", "")
	}
	return len(s) == 32 && strings.Trim(s, "0123456789abcdefABCDEF") == ""
}

// plainID reports whether s could be a user id: only compared, never sent
// nor used as a path, so any short run of letters, digits and dashes.
func plainID(s string) bool {
	return len(s) <= 64 && strings.Trim(s, "-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

// isHash reports whether s has the shape of a hashOf.
func isHash(s string) bool { return len(s) == 24 && strings.Trim(s, "0123456789abcdef") == "" }

func (st *state) encode() []byte {
	data, _ := json.MarshalIndent(st, "", " ")
	return append(data, '\n')
}

func hashOf(s string) string { return string(pc.HashOf([]byte(s))) }

func (e *entry) clone() *entry {
	c := *e
	c.Local, c.Remote = maps.Clone(e.Local), maps.Clone(e.Remote)
	if c.Local == nil {
		c.Local, c.Remote = map[Field]string{}, map[Field]string{}
	}
	return &c
}

// sharedPage finds two entities the base gives one page, in id order, or
// "" for the page when there are none.
func sharedPage(entities map[pc.ID]*entry) (a, b pc.ID, page string) {
	owner := make(map[string]pc.ID, len(entities))
	for _, id := range slices.Sorted(maps.Keys(entities)) {
		p := entities[id].Page
		if p == "" {
			continue
		}
		if first, ok := owner[p]; ok {
			return first, id, p
		}
		owner[p] = id
	}
	return "", "", ""
}
