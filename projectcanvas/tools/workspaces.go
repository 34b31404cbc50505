package tools

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Workspaces are named folders of the vault that the document tools
// (list_files, read_docs, update_doc) work in. Their settings live in
// WorkspacesPath, shared by the plugin and the CLI:
//
//	{"updated_at": "2026-11-22T10:00:00Z",
//	 "workspaces": {"eng": {"path": "Engineering Notes", "description": "..."}}}

// WorkspacesPath is the workspace settings file in the vault.
const WorkspacesPath = ".projectcanvas/workspaces.json"

func registerWorkspaceTools(r *Registry) {
	Register(r, "manage_workspaces", "Create, update, delete or get a workspace: a named vault folder (config: path, description).",
		Annotations{}, manageWorkspaces)
	Register(r, "list_workspaces", "List workspaces with their markdown file counts.",
		Annotations{ReadOnly: true, Idempotent: true}, listWorkspaces)
	Register(r, "list_files", "List a workspace's markdown files (name, path, size, last_changed), paged.",
		Annotations{ReadOnly: true, Idempotent: true}, listFiles)
	Register(r, "read_docs", "Read a markdown file of a workspace, whole or a 1-based inclusive line_range.",
		Annotations{ReadOnly: true, Idempotent: true}, readDocs)
	Register(r, "update_doc", "Change a markdown file of a workspace: create, replace, append, prepend, insert or delete lines (1-based).",
		Annotations{Destructive: true}, updateDoc)
}

type workspaceConfig struct {
	Path        string `json:"path"`
	Description string `json:"description"`
}

type workspacesFile struct {
	UpdatedAt  string                     `json:"updated_at,omitempty"`
	Workspaces map[string]workspaceConfig `json:"workspaces"`
}

// readWorkspaces returns the settings of the vault.
func readWorkspaces(fsys pc.Files) (workspacesFile, error) {
	data, err := fsys.ReadFile(WorkspacesPath)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = nil, nil
	}
	if err != nil {
		return workspacesFile{}, pc.StateError(WorkspacesPath, err)
	}
	return parseWorkspaces(data)
}

// parseWorkspaces reads the settings file's content (nil: no file yet).
func parseWorkspaces(data []byte) (workspacesFile, error) {
	f := workspacesFile{Workspaces: map[string]workspaceConfig{}}
	if data == nil {
		return f, nil
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, pc.Errorf(pc.CodeInvalidArgument, "%s is not valid: %v", WorkspacesPath, err)
	}
	if f.Workspaces == nil {
		f.Workspaces = map[string]workspaceConfig{}
	}
	return f, nil
}

// lookupWorkspace returns a workspace's settings, a not_found error, or an
// invalid_argument error when its stored path is not a visible vault
// folder: the settings file is vault content (synced, merged, edited by
// hand) and is checked when read, not only when written.
func lookupWorkspace(env *Env, name string) (workspaceConfig, error) {
	f, err := readWorkspaces(env.Project.Files())
	if err != nil {
		return workspaceConfig{}, err
	}
	w, ok := f.Workspaces[name]
	if !ok {
		return w, pc.Errorf(pc.CodeNotFound, "no workspace %q (list_workspaces lists them)", name).With("workspace", name)
	}
	if err := storedPathProblem(name, w); err != nil {
		return w, err
	}
	return w, nil
}

// storedPathProblem says what is wrong with a stored workspace's path, or
// nil.
func storedPathProblem(name string, w workspaceConfig) error {
	if w.Path == "" {
		return nil
	}
	if _, err := vaultPath(w.Path, "path"); err != nil {
		return pc.Errorf(pc.CodeInvalidArgument, "workspace %q in %s: %s; fix it with manage_workspaces update",
			name, WorkspacesPath, pc.AsError(err).Message).With("workspace", name)
	}
	return nil
}

// folderPath checks a folder a caller gives a workspace: "" (or "." or
// "/") is the whole vault, a trailing "/" is dropped; anything else must
// be a visible vault path (see vaultPath).
func folderPath(p string) (string, error) {
	if p == "" || p == "." || p == "/" {
		return "", nil
	}
	return vaultPath(strings.TrimSuffix(p, "/"), "path")
}

// vaultPath checks a vault path a caller gives (a folder, a document): the
// project's one path rule (pc.CheckPath: relative, clean, inside the vault)
// and not in a hidden folder (.obsidian, .projectcanvas...), which the
// document tools never read or write.
func vaultPath(p, field string) (string, error) {
	if err := pc.CheckPath(p); err != nil {
		return "", pc.AsError(err).With("field", field)
	}
	if pc.Hidden(p) {
		return "", pc.Errorf(pc.CodeInvalidArgument, "%s %q is in a hidden folder (.obsidian, .projectcanvas...) or node_modules", field, p).With("field", field)
	}
	return p, nil
}

func validWorkspaceName(name string) error {
	if name == "" || len(name) > 100 || strings.ContainsAny(name, "/\\") || strings.TrimSpace(name) != name ||
		strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7F }) {
		return pc.Errorf(pc.CodeInvalidArgument, "workspace name %q: want 1-100 characters, no slashes or control characters", name).With("field", "workspace")
	}
	return nil
}

type workspaceConfigArg struct {
	Path        *string `json:"path,omitempty" jsonschema:"Vault folder, relative (\"\" for the whole vault)."`
	Description *string `json:"description,omitempty" jsonschema:"What the workspace holds."`
}

type manageWorkspacesArgs struct {
	Action    string              `json:"action" schema:"enum=create|update|delete|get"`
	Workspace string              `json:"workspace" jsonschema:"Workspace name." schema:"minLength=1,maxLength=100"`
	Config    *workspaceConfigArg `json:"config,omitempty" jsonschema:"Settings (create, update)."`
}

type workspaceView struct {
	Name        string `json:"name"`
	Path        string `json:"path"`
	Description string `json:"description"`
	FileCount   int    `json:"file_count"`
	// Problem says why the workspace cannot be used (a stored path that
	// leaves the vault, say); extra, absent when it can.
	Problem string `json:"problem,omitempty"`
}

type manageWorkspacesResult struct {
	Success   bool           `json:"success"`
	Action    string         `json:"action"`
	Workspace *workspaceView `json:"workspace,omitempty"`
}

func manageWorkspaces(_ context.Context, env *Env, a manageWorkspacesArgs) (manageWorkspacesResult, error) {
	if err := validWorkspaceName(a.Workspace); err != nil {
		return manageWorkspacesResult{}, err
	}
	fsys := env.Project.Files()
	if a.Action == "get" {
		w, err := lookupWorkspace(env, a.Workspace)
		if err != nil {
			return manageWorkspacesResult{}, err
		}
		counts, err := markdownCounts(fsys)
		if err != nil {
			return manageWorkspacesResult{}, err
		}
		return manageWorkspacesResult{Success: true, Action: a.Action, Workspace: viewOf(a.Workspace, w, counts)}, nil
	}
	// Written by a transaction, as every tool writes: journaled, and
	// refused if the file changed since this call read it.
	var w workspaceConfig
	_, err := env.Project.Write(func(tx *pc.Tx) error {
		data, err := tx.ReadAux(WorkspacesPath)
		if err != nil {
			return err
		}
		f, err := parseWorkspaces(data)
		if err != nil {
			return err
		}
		w, err = applyWorkspaceAction(&f, a, env.Project.Now())
		if err != nil {
			return err
		}
		out, _ := json.MarshalIndent(f, "", "  ")
		return tx.WriteAux(WorkspacesPath, append(out, '\n'))
	})
	if err != nil {
		return manageWorkspacesResult{}, err
	}
	out := manageWorkspacesResult{Success: true, Action: a.Action}
	if a.Action != "delete" {
		counts, err := markdownCounts(fsys)
		if err != nil {
			return manageWorkspacesResult{}, err
		}
		out.Workspace = viewOf(a.Workspace, w, counts)
	}
	return out, nil
}

// applyWorkspaceAction makes a's change (create, update, delete) to the
// settings f and returns the workspace as it is after it.
func applyWorkspaceAction(f *workspacesFile, a manageWorkspacesArgs, now time.Time) (workspaceConfig, error) {
	var err error
	w, exists := f.Workspaces[a.Workspace]
	switch a.Action {
	case "create":
		if exists {
			return w, pc.Errorf(pc.CodeConflict, "workspace %q exists; use update", a.Workspace).With("workspace", a.Workspace)
		}
		if a.Config == nil || a.Config.Path == nil {
			return w, pc.Errorf(pc.CodeMissingField, "config.path is required to create a workspace").With("field", "config.path")
		}
	case "update", "delete":
		if !exists {
			return w, pc.Errorf(pc.CodeNotFound, "no workspace %q", a.Workspace).With("workspace", a.Workspace)
		}
		if a.Action == "update" && (a.Config == nil || a.Config.Path == nil && a.Config.Description == nil) {
			return w, pc.Errorf(pc.CodeMissingField, "config with path or description is required to update").With("field", "config")
		}
	}
	if a.Action == "delete" {
		delete(f.Workspaces, a.Workspace)
	} else {
		if a.Config.Path != nil {
			if w.Path, err = folderPath(*a.Config.Path); err != nil {
				return w, err
			}
		}
		if a.Config.Description != nil {
			w.Description = *a.Config.Description
		}
		f.Workspaces[a.Workspace] = w
	}
	f.UpdatedAt = now.UTC().Format(time.RFC3339)
	return w, nil
}

// markdownCounts walks the vault once and returns its markdown files.
func markdownCounts(fsys pc.Files) ([]string, error) {
	var files []string
	err := fsys.Walk(func(name string) error {
		if isMarkdownPath(name) {
			files = append(files, name)
		}
		return nil
	})
	return files, err
}

func isMarkdownPath(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".md") }

// inFolder reports whether the vault path name lies under folder.
func inFolder(name, folder string) bool {
	return folder == "" || strings.HasPrefix(name, folder+"/")
}

func viewOf(name string, w workspaceConfig, files []string) *workspaceView {
	n := 0
	for _, f := range files {
		if inFolder(f, w.Path) {
			n++
		}
	}
	return &workspaceView{Name: name, Path: w.Path, Description: w.Description, FileCount: n}
}

// listWorkspacesArgs: list_workspaces takes no parameters.
type listWorkspacesArgs struct{}

type listWorkspacesResult struct {
	Workspaces        []workspaceView `json:"workspaces"`
	Count             int             `json:"count"`
	ConfigLastChanged *string         `json:"config_last_changed"`
}

func listWorkspaces(_ context.Context, env *Env, _ listWorkspacesArgs) (listWorkspacesResult, error) {
	f, err := readWorkspaces(env.Project.Files())
	if err != nil {
		return listWorkspacesResult{}, err
	}
	files, err := markdownCounts(env.Project.Files())
	if err != nil {
		return listWorkspacesResult{}, err
	}
	out := listWorkspacesResult{Workspaces: []workspaceView{}}
	for _, name := range slices.Sorted(maps.Keys(f.Workspaces)) {
		w := f.Workspaces[name]
		if err := storedPathProblem(name, w); err != nil {
			// Listed, so that a person sees it, but counted as nothing.
			out.Workspaces = append(out.Workspaces, workspaceView{Name: name, Path: w.Path, Description: w.Description, Problem: pc.AsError(err).Message})
			continue
		}
		out.Workspaces = append(out.Workspaces, *viewOf(name, w, files))
	}
	out.Count = len(out.Workspaces)
	if f.UpdatedAt != "" {
		out.ConfigLastChanged = &f.UpdatedAt
	}
	return out, nil
}

type listFilesArgs struct {
	Workspace         string `json:"workspace" jsonschema:"Workspace name."`
	MaxItems          int    `json:"max_items,omitempty" schema:"default=20,minimum=1,cap=200"`
	ContinuationToken string `json:"continuation_token,omitempty" jsonschema:"From the previous page."`
}

type fileEntry struct {
	Name        string  `json:"name"`
	Path        string  `json:"path"`
	Size        int64   `json:"size"`
	LastChanged *string `json:"last_changed"`
}

func listFiles(_ context.Context, env *Env, a listFilesArgs) (map[string]any, error) {
	w, err := lookupWorkspace(env, a.Workspace)
	if err != nil {
		return nil, err
	}
	fsys := env.Project.Files()
	all, err := markdownCounts(fsys)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range all {
		if inFolder(f, w.Path) {
			files = append(files, f)
		}
	}
	pg, err := paginate(len(files), a.MaxItems, a.ContinuationToken)
	if err != nil {
		return nil, err
	}
	entries := []fileEntry{}
	for _, f := range files[pg.start:pg.end] {
		size, changed, err := docFileInfo(fsys, f)
		if err != nil {
			return nil, err
		}
		entries = append(entries, fileEntry{Name: relName(f, w.Path), Path: f, Size: size, LastChanged: changed})
	}
	out := map[string]any{"workspace": a.Workspace, "workspace_description": w.Description,
		"files": entries, "count": len(entries), "total_count": len(files)}
	pg.report(out)
	return out, nil
}

func relName(name, folder string) string {
	if folder == "" {
		return name
	}
	return strings.TrimPrefix(name, folder+"/")
}

// statFS is implemented by file systems that know sizes and times
// without reading files (vault/osfs).
type statFS interface {
	Stat(name string) (fs.FileInfo, error)
}

// docFileInfo returns a file's size and, when the file system knows it, its
// modification time (ISO 8601).
func docFileInfo(fsys pc.Files, name string) (int64, *string, error) {
	if s, ok := fsys.(statFS); ok {
		if st, err := s.Stat(name); err == nil {
			t := st.ModTime().UTC().Format(time.RFC3339)
			return st.Size(), &t, nil
		}
	}
	data, err := fsys.ReadFile(name)
	if err != nil {
		return 0, nil, err
	}
	return int64(len(data)), nil, nil
}
