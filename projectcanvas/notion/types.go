package notion

import (
	"encoding/json"
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Property types this package reads and writes.
const (
	TypeTitle    = "title"
	TypeRichText = "rich_text"
	TypeSelect   = "select"
	TypeStatus   = "status"
	TypeRelation = "relation"
	TypeDate     = "date"
)

// RichText is one rich text object. Only plain text is written; reading
// takes plain_text, which Notion fills for mentions and equations too.
type RichText struct {
	Type      string       `json:"type"`
	Text      *TextContent `json:"text,omitempty"`
	PlainText string       `json:"plain_text,omitempty"`
}

// TextContent is a text object's content.
type TextContent struct {
	Content string `json:"content"`
}

// Plain returns the text of a rich_text array.
func Plain(rt []RichText) string {
	n := 0
	for _, r := range rt {
		n += len(r.PlainText) + 8
	}
	b := make([]byte, 0, n)
	for _, r := range rt {
		switch {
		case r.PlainText != "":
			b = append(b, r.PlainText...)
		case r.Text != nil:
			b = append(b, r.Text.Content...)
		}
	}
	return string(b)
}

// Option is a select or status option.
type Option struct {
	ID    string `json:"id,omitempty"`
	Name  string `json:"name"`
	Color string `json:"color,omitempty"`
}

// Date is a date property's value.
type Date struct {
	Start string  `json:"start"`
	End   *string `json:"end,omitempty"`
}

// PageRef is one page of a relation.
type PageRef struct {
	ID string `json:"id"`
}

// PropertyValue is a page's value of one property. Type says which field
// holds it. It encodes as Notion takes values: {"<type>": value}, a nil
// select as null (which clears it).
type PropertyValue struct {
	ID       string
	Type     string
	Title    []RichText
	RichText []RichText
	Select   *Option
	Status   *Option
	Relation []PageRef
	// HasMore is set when a relation holds more pages than a page object
	// shows (25): the rest must be read from the property endpoint.
	HasMore bool
	Date    *Date
}

type propertyWire struct {
	ID       string     `json:"id,omitempty"`
	Type     string     `json:"type"`
	Title    []RichText `json:"title"`
	RichText []RichText `json:"rich_text"`
	Select   *Option    `json:"select"`
	Status   *Option    `json:"status"`
	Relation []PageRef  `json:"relation"`
	HasMore  bool       `json:"has_more"`
	Date     *Date      `json:"date"`
}

// UnmarshalJSON reads a property value of any type; those this package
// does not use keep only their id and type.
func (v *PropertyValue) UnmarshalJSON(data []byte) error {
	var w propertyWire
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*v = PropertyValue(w)
	return nil
}

// MarshalJSON writes the value as a page update takes it.
func (v PropertyValue) MarshalJSON() ([]byte, error) {
	var val any
	switch v.Type {
	case TypeTitle:
		val = pc.NonNil(v.Title)
	case TypeRichText:
		val = pc.NonNil(v.RichText)
	case TypeSelect:
		val = v.Select
	case TypeStatus:
		val = v.Status
	case TypeRelation:
		val = pc.NonNil(v.Relation)
	case TypeDate:
		val = v.Date
	default:
		return nil, fmt.Errorf("notion: cannot write a %q property", v.Type)
	}
	return json.Marshal(map[string]any{v.Type: val})
}

// User is a partial user: who last edited a page.
type User struct {
	Object string `json:"object,omitempty"`
	ID     string `json:"id"`
}

// Parent is where a page or data source lives.
type Parent struct {
	Type         string `json:"type"`
	DataSourceID string `json:"data_source_id,omitempty"`
	DatabaseID   string `json:"database_id,omitempty"`
	PageID       string `json:"page_id,omitempty"`
}

// Page is a row of a data source.
type Page struct {
	Object         string                   `json:"object"`
	ID             string                   `json:"id"`
	CreatedTime    string                   `json:"created_time"`
	LastEditedTime string                   `json:"last_edited_time"`
	LastEditedBy   User                     `json:"last_edited_by"`
	InTrash        bool                     `json:"in_trash"`
	Parent         Parent                   `json:"parent"`
	Properties     map[string]PropertyValue `json:"properties"`
	URL            string                   `json:"url,omitempty"`
}

// Database is a container of data sources.
type Database struct {
	Object      string          `json:"object"`
	ID          string          `json:"id"`
	InTrash     bool            `json:"in_trash"`
	DataSources []DataSourceRef `json:"data_sources"`
}

// DataSourceRef names a data source of a database.
type DataSourceRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// DataSource is a table of a database: its schema.
type DataSource struct {
	Object     string                    `json:"object"`
	ID         string                    `json:"id"`
	Title      []RichText                `json:"title,omitempty"`
	Parent     Parent                    `json:"parent"`
	Properties map[string]PropertySchema `json:"properties"`
}

// PropertySchema is a column of a data source. Written (to add a column)
// it encodes as {"<type>": config}.
type PropertySchema struct {
	ID       string
	Name     string
	Type     string
	Select   *SelectConfig
	Relation *RelationConfig
}

// SelectConfig lists a select's options.
type SelectConfig struct {
	Options []Option `json:"options"`
}

// RelationConfig says which data source a relation points to.
type RelationConfig struct {
	DataSourceID   string    `json:"data_source_id"`
	Type           string    `json:"type,omitempty"` // single_property or dual_property
	SingleProperty *struct{} `json:"single_property,omitempty"`
}

type schemaWire struct {
	ID       string          `json:"id,omitempty"`
	Name     string          `json:"name,omitempty"`
	Type     string          `json:"type"`
	Select   *SelectConfig   `json:"select,omitempty"`
	Status   *SelectConfig   `json:"status,omitempty"`
	Relation *RelationConfig `json:"relation,omitempty"`
}

// UnmarshalJSON reads a column of any type.
func (s *PropertySchema) UnmarshalJSON(data []byte) error {
	var w schemaWire
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*s = PropertySchema{ID: w.ID, Name: w.Name, Type: w.Type, Select: w.Select, Relation: w.Relation}
	if w.Type == TypeStatus {
		s.Select = w.Status
	}
	return nil
}

// MarshalJSON writes the column as a data source update takes it.
func (s PropertySchema) MarshalJSON() ([]byte, error) {
	var cfg any = struct{}{}
	switch {
	case s.Type == TypeSelect && s.Select != nil:
		cfg = s.Select
	case s.Type == TypeRelation && s.Relation != nil:
		cfg = s.Relation
	}
	return json.Marshal(map[string]any{s.Type: cfg})
}

// Block is a block of page content. Only the text blocks MarkdownBlocks
// makes are written; reading keeps any block's type and text.
type Block struct {
	ID          string
	Type        string
	HasChildren bool
	Text        []RichText
	Checked     bool   // to_do
	Language    string // code
}

type blockText struct {
	RichText []RichText `json:"rich_text"`
	Checked  *bool      `json:"checked,omitempty"`
	Language string     `json:"language,omitempty"`
}

// UnmarshalJSON reads a block of any type.
func (b *Block) UnmarshalJSON(data []byte) error {
	var head struct {
		ID          string `json:"id"`
		Type        string `json:"type"`
		HasChildren bool   `json:"has_children"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return err
	}
	*b = Block{ID: head.ID, Type: head.Type, HasChildren: head.HasChildren}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return err
	}
	raw, ok := fields[head.Type]
	if !ok || len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	var t blockText
	if err := json.Unmarshal(raw, &t); err != nil {
		return err
	}
	b.Text, b.Language = t.RichText, t.Language
	b.Checked = t.Checked != nil && *t.Checked
	return nil
}

// MarshalJSON writes the block as an append takes it.
func (b Block) MarshalJSON() ([]byte, error) {
	t := blockText{RichText: pc.NonNil(b.Text)}
	switch b.Type {
	case "to_do":
		t.Checked = &b.Checked
	case "code":
		t.Language = b.Language
		if t.Language == "" {
			t.Language = "plain text"
		}
	case "divider":
		return []byte(`{"object":"block","type":"divider","divider":{}}`), nil
	}
	return json.Marshal(map[string]any{"object": "block", "type": b.Type, b.Type: t})
}

// list is a page of a paginated answer.
type list[T any] struct {
	Object     string  `json:"object"`
	Results    []T     `json:"results"`
	NextCursor *string `json:"next_cursor"`
	HasMore    bool    `json:"has_more"`
}
