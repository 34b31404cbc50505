package tools

import (
	"context"
	"errors"
	"io/fs"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// read_docs and update_doc work on markdown files of a workspace.

type readDocsArgs struct {
	Workspace string `json:"workspace" jsonschema:"Workspace name."`
	DocName   string `json:"doc_name" jsonschema:"File path inside the workspace; .md is added when missing." schema:"minLength=1,maxLength=1000"`
	LineRange []int  `json:"line_range,omitempty" jsonschema:"[start, end], 1-based, inclusive." schema:"minItems=2,maxItems=2"`
}

type readDocsResult struct {
	Workspace            string  `json:"workspace"`
	WorkspaceDescription string  `json:"workspace_description"`
	DocName              string  `json:"doc_name"`
	Content              string  `json:"content"`
	LineCount            int     `json:"line_count"`
	LastChanged          *string `json:"last_changed"`
}

// docPath resolves a document name of a workspace to its vault path,
// adding ".md" when missing. It refuses names that leave the workspace or
// name a file that is not markdown.
func docPath(fsys pc.Files, w workspaceConfig, name, field string) (string, string, error) {
	if !isMarkdownPath(name) {
		other := name
		if w.Path != "" {
			other = w.Path + "/" + name
		}
		if clean, err := vaultPath(other, field); err == nil {
			if _, err := fsys.ReadFile(clean); err == nil {
				return "", "", pc.Errorf(pc.CodeInvalidArgument, "%s %q is not a markdown file", field, name).With("field", field)
			}
		}
		name += ".md"
	}
	rel, err := vaultPath(name, field)
	if err != nil {
		return "", "", err
	}
	full := rel
	if w.Path != "" {
		full = w.Path + "/" + rel
	}
	return full, rel, nil
}

func readDocs(_ context.Context, env *Env, a readDocsArgs) (readDocsResult, error) {
	w, err := lookupWorkspace(env, a.Workspace)
	if err != nil {
		return readDocsResult{}, err
	}
	fsys := env.Project.Files()
	full, rel, err := docPath(fsys, w, a.DocName, "doc_name")
	if err != nil {
		return readDocsResult{}, err
	}
	data, err := fsys.ReadFile(full)
	if errors.Is(err, fs.ErrNotExist) {
		return readDocsResult{}, pc.Errorf(pc.CodeNotFound, "no document %q in workspace %q", rel, a.Workspace).With("doc_name", rel)
	}
	if err != nil {
		return readDocsResult{}, err
	}
	d := parseLines(string(data))
	out := readDocsResult{Workspace: a.Workspace, WorkspaceDescription: w.Description, DocName: rel,
		Content: string(data), LineCount: len(d.lines)}
	if a.LineRange != nil {
		lo, hi, err := checkRange(a.LineRange, len(d.lines), "line_range")
		if err != nil {
			return readDocsResult{}, err
		}
		out.Content = strings.Join(d.lines[lo-1:hi], d.eol)
		if hi < len(d.lines) || d.finalNL {
			out.Content += d.eol
		}
	}
	_, out.LastChanged, err = docFileInfo(fsys, full)
	return out, err
}

type updateDocArgs struct {
	Workspace  string  `json:"workspace" jsonschema:"Workspace name."`
	Name       string  `json:"name" jsonschema:"File path inside the workspace; .md is added when missing." schema:"minLength=1,maxLength=1000"`
	Operation  string  `json:"operation" schema:"enum=create|replace|append|prepend|insert|delete"`
	Content    *string `json:"content,omitempty" jsonschema:"Text (create, replace, append, prepend, insert)."`
	LineNumber int     `json:"line_number,omitempty" jsonschema:"1-based line (insert: before it; delete: that line)." schema:"minimum=1"`
	LineRange  []int   `json:"line_range,omitempty" jsonschema:"[start, end], 1-based, inclusive (delete; replace those lines)." schema:"minItems=2,maxItems=2"`
}

type updateDocResult struct {
	Success     bool    `json:"success"`
	Operation   string  `json:"operation"`
	DocName     string  `json:"doc_name"`
	LineCount   int     `json:"line_count"`
	LastChanged *string `json:"last_changed"`
}

func updateDoc(ctx context.Context, env *Env, a updateDocArgs) (updateDocResult, error) {
	w, err := lookupWorkspace(env, a.Workspace)
	if err != nil {
		return updateDocResult{}, err
	}
	fsys := env.Project.Files()
	full, rel, err := docPath(fsys, w, a.Name, "name")
	if err != nil {
		return updateDocResult{}, err
	}
	if a.Content == nil && a.Operation != "delete" {
		return updateDocResult{}, pc.Errorf(pc.CodeMissingField, "content is required for %s", a.Operation).With("field", "content")
	}
	if a.Operation == "insert" && a.LineNumber == 0 {
		return updateDocResult{}, pc.Errorf(pc.CodeMissingField, "line_number is required for insert").With("field", "line_number")
	}
	content := ""
	if a.Content != nil {
		content = *a.Content
	}
	// One write path: the note is written by a transaction, journaled and
	// conflict-checked like every other write, and an entity file's front
	// matter is left to update_entity (Tx.WriteNote refuses to touch it).
	var text string
	_, err = env.Project.Write(func(tx *pc.Tx) error {
		old, err := tx.ReadNote(full)
		exists := err == nil
		switch {
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return err
		case a.Operation == "create" && exists:
			return pc.Errorf(pc.CodeConflict, "%s exists; use replace", rel).With("doc_name", rel)
		case a.Operation != "create" && !exists:
			return pc.Errorf(pc.CodeNotFound, "no document %q in workspace %q (create it first)", rel, a.Workspace).With("doc_name", rel)
		}
		text = content
		if exists {
			if text, err = editLines(string(old), a.Operation, content, a.LineNumber, a.LineRange); err != nil {
				return err
			}
		}
		return tx.WriteNote(full, []byte(text))
	})
	if err != nil {
		return updateDocResult{}, err
	}
	if env.Project != nil {
		_ = env.Project.Refresh(full) // an entity file edited here stays in the entity index
	}
	docChanged(ctx, env, full)
	out := updateDocResult{Success: true, Operation: a.Operation, DocName: rel, LineCount: len(parseLines(text).lines)}
	_, out.LastChanged, err = docFileInfo(fsys, full)
	return out, err
}
