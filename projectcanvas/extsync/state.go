package extsync

import (
	"encoding/json"
	"maps"

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
	Note   string  `json:"note"`
}

const stateVersion = 1

func readState(files pc.Files) (*state, error) {
	st := &state{Version: stateVersion, Entities: map[pc.ID]*entry{}}
	data, err := files.ReadFile(StatePath)
	if err != nil {
		return st, nil // no base yet: a first sync
	}
	if err := json.Unmarshal(data, st); err != nil || st.Version != stateVersion {
		return nil, pc.Errorf(pc.CodeConflict, "%s is not a sync state this version reads; move it away to start over (the next sync finds existing pages by their ID property, so nothing is duplicated)", StatePath)
	}
	if st.Entities == nil {
		st.Entities = map[pc.ID]*entry{}
	}
	return st, nil
}

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
