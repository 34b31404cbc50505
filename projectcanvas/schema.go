package projectcanvas

import (
	"slices"
	"strconv"
	"strings"
)

// Kind is the value shape of a field.
type Kind string

// Field kinds, as get_schema reports them.
const (
	KindString  Kind = "string"  // one line of text
	KindText    Kind = "text"    // free text, may span lines
	KindEnum    Kind = "enum"    // one of FieldSpec.Enum
	KindRef     Kind = "id"      // one entity id
	KindRefs    Kind = "id_list" // a list of entity ids
	KindStrings Kind = "string_list"
	KindDate    Kind = "date"     // YYYY-MM-DD
	KindTime    Kind = "datetime" // RFC 3339
	KindBool    Kind = "boolean"
	KindNumber  Kind = "number"
)

// FieldSpec describes one front matter field of an entity type.
type FieldSpec struct {
	Name        string   `json:"name"`
	Kind        Kind     `json:"type"`
	Required    bool     `json:"required"`
	Enum        []string `json:"enum,omitempty"`
	Description string   `json:"description"`
	// Targets lists the types an id field may point to (empty: any type).
	Targets []Type `json:"target_types,omitempty"`
	// ReadOnly fields are maintained by the project and refused as input.
	ReadOnly bool `json:"read_only,omitempty"`
	// Inverse names the field on the other side of a stored relation.
	Inverse string `json:"inverse,omitempty"`
}

// Schema describes an entity type: its id prefix, folder, statuses and
// fields in the order they are written to a new file.
type Schema struct {
	Type      Type        `json:"type"`
	Prefix    string      `json:"id_prefix"`
	IDPattern string      `json:"id_pattern"` // a regular expression, as in ^M-\d{3,}$
	Folder    string      `json:"folder"`
	Statuses  []Status    `json:"statuses"`
	Fields    []FieldSpec `json:"fields"`
}

// Field looks up a field of the schema by name.
func (s Schema) Field(name string) (FieldSpec, bool) {
	i := slices.IndexFunc(s.Fields, func(f FieldSpec) bool { return f.Name == name })
	if i < 0 {
		return FieldSpec{}, false
	}
	return s.Fields[i], true
}

// Tiers and Phases are the values of a feature's tier and phase fields.
var (
	Tiers  = []string{"OSS", "Premium"}
	Phases = []string{"MVP", "0", "1", "2", "3", "4", "5"}
)

// ParseTier reads a tier in any case (" premium ") and returns its
// canonical spelling, or an invalid_argument error naming the values.
func ParseTier(s string) (string, error) { return parseFeatureEnum("tier", s, Tiers) }

// ParsePhase reads a phase in any case, also written "P2" or "Phase 2",
// and returns its canonical spelling ("MVP", "2").
func ParsePhase(s string) (string, error) {
	v := strings.TrimSpace(s)
	if len(v) == 2 && (v[0] == 'P' || v[0] == 'p') {
		v = v[1:]
	}
	if len(v) > 6 && strings.EqualFold(v[:6], "phase ") {
		v = strings.TrimSpace(v[6:])
	}
	return parseFeatureEnum("phase", v, Phases)
}

func parseFeatureEnum(field, s string, values []string) (string, error) {
	for _, v := range values {
		if strings.EqualFold(strings.TrimSpace(s), v) {
			return v, nil
		}
	}
	return "", Errorf(CodeInvalidArgument, "%s %q is not one of %s", field, Echo(s), strings.Join(values, ", ")).
		With("field", field).With("allowed", values)
}

// relationField is the schema entry of a relation field; its inverse and
// target types come from the relation table.
func relationField(r Relation, description string) FieldSpec {
	return FieldSpec{Name: r.Field(), Kind: KindRefs, Targets: r.Targets(), Inverse: r.Inverse().Field(), Description: description}
}

func head(t Type) []FieldSpec {
	sts := make([]string, 0, 5)
	for _, s := range statusesByType[t] {
		sts = append(sts, string(s))
	}
	return []FieldSpec{
		{Name: "id", Kind: KindRef, ReadOnly: true, Description: "Unique id, assigned on create (" + t.Prefix() + "-001, ...)."},
		{Name: "type", Kind: KindEnum, ReadOnly: true, Enum: []string{string(t)}, Description: "Entity type."},
		{Name: "title", Kind: KindString, Required: true, Description: "Short title, one line of at most " + strconv.Itoa(MaxTitleRunes) + " characters; also names the file."},
		{Name: "status", Kind: KindEnum, Enum: sts, Description: "Lifecycle status; aliases such as todo, wip and done are accepted."},
		{Name: "workstream", Kind: KindString, Description: "Area of work (engineering, design, infra, product...); normalized."},
		{Name: "priority", Kind: KindEnum, Enum: PriorityValues(), Description: "P<digit>, P0 highest; Critical, High, Medium, Low accepted."},
		{Name: "owner", Kind: KindString, Description: "Who is responsible."},
	}
}

func tail() []FieldSpec {
	return []FieldSpec{
		relationField(DependsOn, "Entities that must finish first."),
		relationField(Blocks, "Entities waiting on this one (inverse of depends_on)."),
		relationField(DocumentedBy, "Documents about this entity (inverse of documents)."),
		relationField(DecidedBy, "Decisions affecting this entity (inverse of affects)."),
		{Name: "tags", Kind: KindStrings, Description: "Free-form tags."},
		{Name: "archived", Kind: KindBool, Description: "True moves the file under archive/; false moves it back."},
		{Name: "created_at", Kind: KindTime, ReadOnly: true, Description: "When the entity was created."},
		{Name: "updated_at", Kind: KindTime, ReadOnly: true, Description: "When the entity was last changed."},
	}
}

var implementsField = relationField(Implements, "Features this work implements.")

// parentField is the schema entry of parent for type t.
func parentField(t Type) FieldSpec {
	return FieldSpec{Name: "parent", Kind: KindRef, Required: true, Targets: []Type{t.ParentType()}, Description: "The " + string(t.ParentType()) + " this " + string(t) + " belongs to."}
}

var typeFields = map[Type][]FieldSpec{
	Milestone: {
		{Name: "objective", Kind: KindText, Description: "What the milestone achieves."},
		{Name: "target_date", Kind: KindDate, Description: "Planned completion date."},
		implementsField,
	},
	Story: {
		parentField(Story),
		{Name: "acceptance_criteria", Kind: KindStrings, Description: "Conditions for the story to be done."},
		implementsField,
	},
	Task: {
		parentField(Task),
		{Name: "estimate_hours", Kind: KindNumber, Description: "Estimated effort in hours, 0 or more."},
		implementsField,
	},
	Decision: {
		{Name: "decided_on", Kind: KindDate, Description: "When the decision was taken."},
		relationField(Affects, "Entities this decision affects."),
	},
	Document: {
		{Name: "version", Kind: KindString, Description: "Document version, such as 1.2."},
		relationField(Documents, "Entities this document describes."),
	},
	Feature: {
		{Name: "tier", Kind: KindEnum, Enum: Tiers, Description: "Product tier."},
		{Name: "phase", Kind: KindEnum, Enum: Phases, Description: "Delivery phase."},
		{Name: "user_story", Kind: KindText, Description: "As a ..., I want ..., so that ...", Required: false},
		{Name: "test_refs", Kind: KindStrings, Description: "Tests that cover the feature (paths or names)."},
		relationField(ImplementedBy, "Work that implements this feature (inverse of implements)."),
	},
}

var schemas = func() map[Type]Schema {
	m := make(map[Type]Schema, len(Types))
	for _, t := range Types {
		// parent and depends_on come first, as people read them first.
		fields := head(t)
		rest := typeFields[t]
		if len(rest) > 0 && rest[0].Name == "parent" {
			fields, rest = append(fields, rest[0]), rest[1:]
		}
		tl := tail()
		fields = append(append(append(fields, tl[0]), rest...), tl[1:]...)
		m[t] = Schema{Type: t, Prefix: t.Prefix(), IDPattern: t.IDPattern(), Folder: t.Folder(), Statuses: Statuses(t), Fields: fields}
	}
	return m
}()

// SchemaOf returns the schema of type t. The result shares nothing with the
// project's own tables.
func SchemaOf(t Type) Schema {
	s := schemas[t]
	s.Fields = slices.Clone(s.Fields)
	s.Statuses = slices.Clone(s.Statuses)
	return s
}

// schemaField looks a field up without copying the schema.
func schemaField(t Type, name string) (FieldSpec, bool) {
	return schemas[t].Field(name)
}

// HasField reports whether entities of type t have a field of that name,
// without copying the schema.
func HasField(t Type, name string) bool {
	_, ok := schemaField(t, name)
	return ok
}
