package commands

import (
	"context"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

type templatesInput struct {
	Folder     string `json:"folder,omitempty" jsonschema:"Folder of the templates." schema:"default=.templates,maxLength=200"`
	Title      string `json:"title,omitempty" jsonschema:"Title written into each template; default Obsidian's {{title}} placeholder." schema:"default={{title}},maxLength=500"`
	Workstream string `json:"workstream,omitempty" jsonschema:"Workstream written into each template." schema:"maxLength=200"`
}

// regenerateTemplates writes one template per entity type, in one write.
func regenerateTemplates(_ context.Context, c *call, in templatesInput) (*Result, error) {
	if strings.ContainsAny(in.Title+in.Workstream, "\r\n") || strings.ContainsFunc(in.Title+in.Workstream, pc.IsBidiControl) {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "title and workstream must be one line of plain text").With("field", "title")
	}
	folder := strings.TrimSuffix(in.Folder, "/")
	var written []string
	_, err := c.project().Write(func(tx *pc.Tx) error {
		written = written[:0]
		for _, t := range pc.Types {
			name := folder + "/" + string(t) + ".md"
			if err := pc.CheckWritable(name); err != nil {
				return pc.AsError(err).With("field", "folder")
			}
			if old, err := tx.ReadNote(name); err == nil && !isTemplate(old, t) {
				return pc.Errorf(pc.CodeConflict, "%s is a note of its own, not a Project Canvas template; it is left as it is: "+
					"move it, or choose another folder", name).With("path", name).With("field", "folder")
			}
			if err := tx.WriteNote(name, Template(t, in.Title, in.Workstream)); err != nil {
				return err
			}
			written = append(written, name)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Result{Notice: fmt.Sprintf("Wrote %d templates to %s/.", len(written), folder), Rows: written}, nil
}

// Template is the note template of entity type t: front matter with every
// field a person fills in, in the order the project writes them, and a
// body headed by the title. The values are written as YAML scalars, never
// spliced into text, so a title such as "$& {{x}} ---" comes out as it
// is. The id is left out: the project assigns it (create_entity, or an id
// written by hand).
func Template(t pc.Type, title, workstream string) []byte {
	var b strings.Builder
	b.WriteString("---\n" + templateMarker + "\n")
	for _, f := range pc.SchemaOf(t).Fields {
		if f.ReadOnly && f.Name != "type" || f.Name == "archived" {
			continue
		}
		v := templateValue(t, f, title, workstream)
		if v == "" {
			// Blank (null): the field is unset until a person fills it in.
			fmt.Fprintf(&b, "%s:\n", f.Name)
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", f.Name, scalar(v))
	}
	b.WriteString("---\n\n# ")
	b.WriteString(title)
	b.WriteString("\n")
	return []byte(b.String())
}

// templateMarker is the first line of a template's front matter: a YAML
// comment, so that regenerate-templates rewrites only its own files.
const templateMarker = "# Project Canvas template (regenerate-templates rewrites this file)"

// isTemplate reports whether an existing file is this project's template
// of type t, which regenerate-templates may rewrite: one that carries the
// marker, or one an earlier version wrote (front matter of type t, with
// neither an id nor any key a template does not write).
func isTemplate(data []byte, t pc.Type) bool {
	if strings.HasPrefix(string(data), "---\n"+templateMarker+"\n") {
		return true
	}
	doc, err := frontmatter.Parse(data)
	if err != nil || !doc.HasFrontMatter() {
		return false
	}
	if typ, _ := doc.String("type"); typ != string(t) {
		return false
	}
	written := map[string]bool{}
	for _, f := range pc.SchemaOf(t).Fields {
		written[f.Name] = f.Name != "id"
	}
	for _, k := range doc.Keys() {
		if !written[k] {
			return false
		}
	}
	return true
}

// templateValue is the value a template gives field f.
func templateValue(t pc.Type, f pc.FieldSpec, title, workstream string) any {
	switch f.Name {
	case "type":
		return string(t)
	case "title":
		return title
	case "status":
		return string(pc.InitialStatus(t))
	case "workstream":
		return workstream
	}
	switch f.Kind {
	case pc.KindRefs, pc.KindStrings:
		return []string{}
	}
	return ""
}

// scalar renders v as a flow YAML value on one line.
func scalar(v any) string {
	data, err := yaml.Marshal(v)
	if err != nil {
		panic(err) // strings and string lists always marshal
	}
	return strings.TrimSuffix(string(data), "\n")
}
