package extsync

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// Field is a synced field of an entity, the key of the property mapping.
type Field string

// The synced fields. Body is the note's text below its title, which goes
// to the page's content rather than to a property.
const (
	Title      Field = "title"
	IDField    Field = "id"
	TypeField  Field = "type"
	Status     Field = "status"
	Priority   Field = "priority"
	Workstream Field = "workstream"
	Tier       Field = "tier"
	Phase      Field = "phase"
	Parent     Field = "parent"
	DependsOn  Field = "depends_on"
	Blocks     Field = "blocks"
	Updated    Field = "updated"
	VaultPath  Field = "vault_path"
	Body       Field = "body"
)

// field is what the sync knows of a field: the Notion property types it
// takes (the first is the one it adds), and whether a change made in
// Notion comes back into the note (type, updated and vault path are the
// vault's own, written one way).
type field struct {
	name  Field
	types []string
	pull  bool
	def   string // default property name
}

var fields = []field{
	{Title, []string{notion.TypeTitle}, true, "Name"},
	{IDField, []string{notion.TypeRichText}, false, "ID"},
	{TypeField, []string{notion.TypeSelect}, false, "Type"},
	{Status, []string{notion.TypeSelect, notion.TypeStatus}, true, "Status"},
	{Priority, []string{notion.TypeSelect}, true, "Priority"},
	{Workstream, []string{notion.TypeSelect}, true, "Workstream"},
	{Tier, []string{notion.TypeSelect}, true, "Tier"},
	{Phase, []string{notion.TypeSelect}, true, "Phase"},
	{Parent, []string{notion.TypeRelation}, true, "Parent"},
	{DependsOn, []string{notion.TypeRelation}, true, "Depends On"},
	{Blocks, []string{notion.TypeRelation}, true, "Blocks"},
	{Updated, []string{notion.TypeDate}, false, "Updated"},
	{VaultPath, []string{notion.TypeRichText}, false, "Vault Path"},
}

func lookupField(f Field) (field, bool) {
	i := slices.IndexFunc(fields, func(x field) bool { return x.name == f })
	if i < 0 {
		return field{}, false
	}
	return fields[i], true
}

// Config is the "notion" section of .projectcanvas/config.json. Nothing in
// it is secret: the token lives in the environment ($PROJECTCANVAS_NOTION_TOKEN)
// or the editor plugin's own data, never in the vault.
type Config struct {
	// DatabaseID is the Notion database to sync with (its id or URL).
	DatabaseID string `json:"database_id,omitempty"`
	// DataSourceID picks the data source of a database that has several.
	DataSourceID string `json:"data_source_id,omitempty"`
	// Preset "legacy" reads a database written by the old Notion plugin:
	// Effort as the workstream, statuses todo, in_progress, done, blocked.
	Preset string `json:"preset,omitempty"`
	// Properties renames the Notion property of a field (keys: title, id,
	// type, status, priority, workstream, tier, phase, parent, depends_on,
	// blocks, updated, vault_path); "" leaves the field out of the sync.
	// title and id cannot be left out.
	Properties map[string]string `json:"properties,omitempty"`
	// StatusValues names the Notion value of a status ("Not Started":
	// "todo"); other statuses go by their own names.
	StatusValues map[string]string `json:"status_values,omitempty"`
}

// ReadConfig reads the notion section of the vault's config; a vault
// without one gives the zero Config.
func ReadConfig(files pc.Files) (Config, error) {
	data, err := files.ReadFile(pc.ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return Config{}, nil
	}
	if err != nil {
		return Config{}, err
	}
	var doc struct {
		Notion Config `json:"notion"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return Config{}, pc.Errorf(pc.CodeInvalidArgument, "%s: %v", pc.ConfigPath, err)
	}
	return doc.Notion, nil
}

// Mapping is a checked Config: which property holds each field and how
// statuses are named on the Notion side.
type Mapping struct {
	props     map[Field]string
	statusOut map[pc.Status]string
	statusIn  map[string]pc.Status // lower-cased Notion name -> status
}

// legacyStatuses are the four statuses the old plugin wrote.
var legacyStatuses = map[string]string{"Not Started": "todo", "In Progress": "in_progress", "Completed": "done", "Blocked": "blocked"}

// NewMapping checks a Config and returns its mapping.
func NewMapping(c Config) (*Mapping, error) {
	m := &Mapping{props: map[Field]string{}, statusOut: map[pc.Status]string{}, statusIn: map[string]pc.Status{}}
	for _, f := range fields {
		m.props[f.name] = f.def
	}
	statuses := map[string]string{}
	switch c.Preset {
	case "":
	case "legacy":
		m.props[Workstream] = "Effort"
		for k, v := range legacyStatuses {
			statuses[k] = v
		}
	default:
		return nil, pc.Errorf(pc.CodeInvalidArgument, "%s: notion.preset %q is not known; the one preset is \"legacy\" (the old Notion plugin's database)", pc.ConfigPath, c.Preset)
	}
	for k, v := range c.Properties {
		f, ok := lookupField(Field(k))
		if !ok {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s: notion.properties has %q, which is no synced field (%s)", pc.ConfigPath, k, fieldNames())
		}
		v = strings.TrimSpace(v)
		if v == "" && (f.name == Title || f.name == IDField) {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s: notion.properties.%s cannot be empty: every page needs its title and the entity's id", pc.ConfigPath, k)
		}
		m.props[f.name] = v
	}
	seen := map[string]Field{}
	for _, f := range fields {
		name := m.props[f.name]
		if other, dup := seen[name]; dup && name != "" {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s: notion.properties: %s and %s both map to the property %q", pc.ConfigPath, other, f.name, name)
		}
		seen[name] = f.name
	}
	for k, v := range c.StatusValues {
		statuses[k] = v
	}
	for k, v := range statuses {
		st, ok := canonicalStatus(k)
		if !ok {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s: notion.status_values has %q, which is no status of any type", pc.ConfigPath, k)
		}
		m.statusOut[st] = v
		m.statusIn[strings.ToLower(v)] = st
	}
	return m, nil
}

func fieldNames() string {
	var s []string
	for _, f := range fields {
		s = append(s, string(f.name))
	}
	return strings.Join(s, ", ")
}

// canonicalStatus finds a status by name among every type's statuses.
func canonicalStatus(name string) (pc.Status, bool) {
	for _, t := range pc.Types {
		if st, err := pc.ParseStatus(t, name); err == nil {
			return st, true
		}
	}
	return "", false
}

// Property is the Notion property of f, "" when f is not synced.
func (m *Mapping) Property(f Field) string { return m.props[f] }

// key identifies the mapping, so that the schema is checked again when it
// changes.
func (m *Mapping) key() string {
	var b strings.Builder
	for _, f := range fields {
		fmt.Fprintf(&b, "%s=%s;", f.name, m.props[f.name])
	}
	return string(pc.HashOf([]byte(b.String())))
}

// statusName is the Notion value of a status.
func (m *Mapping) statusName(st pc.Status) string {
	if v, ok := m.statusOut[st]; ok {
		return v
	}
	return string(st)
}

// statusFrom reads a Notion status value for an entity of type t: a mapped
// name, else any spelling the type accepts. ok is false for a value the
// type does not have.
func (m *Mapping) statusFrom(t pc.Type, name string) (pc.Status, bool) {
	if st, ok := m.statusIn[strings.ToLower(strings.TrimSpace(name))]; ok {
		if slices.Contains(pc.Statuses(t), st) {
			return st, true
		}
		if st2, err := pc.ParseStatus(t, string(st)); err == nil {
			return st2, true
		}
	}
	st, err := pc.ParseStatus(t, name)
	return st, err == nil
}

// selectName makes a value fit a select option: no commas, at most 100
// characters.
func selectName(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, ",", " "))
	if notion.TextLen(s) > 100 {
		r := []rune(s)
		s = string(r[:min(len(r), 90)])
	}
	return s
}

// joinIDs is the canonical form of a relation: ids sorted, comma-joined.
func joinIDs(ids []string) string {
	ids = slices.Clone(ids)
	sort.Strings(ids)
	return strings.Join(slices.Compact(ids), ",")
}
