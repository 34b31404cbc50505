package merge

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
)

// Kind says which merge a file gets, from its path and content.
type Kind int

// The kinds of file Merge tells apart.
const (
	KindText       Kind = iota // anything else: git's line merge
	KindEntity                 // a markdown note whose front matter names an entity
	KindCanvas                 // a .canvas file (JSON Canvas)
	KindSequence               // .projectcanvas/sequence.json, the id counters
	KindWorkspaces             // .projectcanvas/workspaces.json, the document tools' folders
	KindState                  // another file of .projectcanvas/: no meaning merge
)

func (k Kind) String() string {
	switch k {
	case KindEntity:
		return "entity note"
	case KindCanvas:
		return "canvas"
	case KindSequence:
		return "id counters"
	case KindWorkspaces:
		return "workspaces"
	case KindState:
		return "state file"
	}
	return "text"
}

// Conflict is one thing both sides changed differently, which the merge
// could not decide: Where names it (a front matter key, "body", a canvas
// node or edge), Message says what each side holds and what was kept.
type Conflict struct {
	Where   string `json:"where"`
	Message string `json:"message"`
}

func (c Conflict) String() string { return c.Where + ": " + c.Message }

// Result is a merge's outcome. Data is the merged file; it is always
// written, conflict or not. Conflicts lists what a person must decide; the
// merge is clean when it is empty. Notes say what the merge decided on its
// own that a person may want to know (a node moved on both sides kept
// OURS's place). Fallback, when set, says why the file was merged as text
// rather than by meaning.
type Result struct {
	Kind      Kind
	Data      []byte
	Conflicts []Conflict
	Notes     []string
	Fallback  string
}

// Clean reports whether the merge left nothing for a person to decide.
func (r *Result) Clean() bool { return len(r.Conflicts) == 0 }

func (r *Result) conflict(where, format string, args ...any) {
	r.Conflicts = append(r.Conflicts, Conflict{Where: where, Message: fmt.Sprintf(format, args...)})
}

func (r *Result) note(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

// Limits of the meaning merges, so that one committed file cannot stall
// every pull that touches it. Larger inputs are merged as text: they are
// no entity note (the core reads entity files up to 4 MiB, front matter up
// to projectcanvas.MaxFrontMatterBytes) and no canvas a person draws (16
// MiB is over 100,000 cards; the merge takes time linear in nodes and
// edges, about a second per 30,000 nodes). A host reads no side over
// MaxInputBytes at all: it leaves the file to a person.
const (
	MaxNoteBytes   = pc.MaxFileBytes
	MaxCanvasBytes = 16 << 20
	MaxInputBytes  = 64 << 20
)

// sequenceFile and stateDir name the project's own files, relative to the
// vault; a vault may sit in a folder of the repository, so paths are
// matched by their end.
const (
	stateDir       = ".projectcanvas/"
	sequenceFile   = stateDir + "sequence.json"
	workspacesFile = stateDir + "workspaces.json"
)

// KindOf tells which merge the file at name (slash-separated, relative to
// the repository or the vault) gets. Markdown is an entity note when the
// front matter of ours or theirs holds an id and a type the core reads, or
// when ours declares an entity id in front matter that does not read (a
// note already broken keeps its front matter free of conflict markers).
func KindOf(name string, ours, theirs []byte) Kind {
	p := "/" + strings.TrimPrefix(name, "./")
	switch {
	case strings.HasSuffix(p, ".canvas"):
		return KindCanvas
	case strings.HasSuffix(p, "/"+sequenceFile):
		return KindSequence
	case strings.HasSuffix(p, "/"+workspacesFile):
		return KindWorkspaces
	case strings.Contains(p, "/"+stateDir):
		return KindState
	case strings.EqualFold(path.Ext(p), ".md") && (isEntity(ours) || isEntity(theirs) || declaresID(ours)):
		return KindEntity
	}
	return KindText
}

// Merge merges one file, name, three ways: base is the common ancestor
// (empty when both sides added the file), ours the current branch's
// version, theirs the one merged in. text merges by lines (nil: GitText,
// git merge-file); it is called for files merged as text and for the
// bodies of entity notes that both sides changed.
//
// Merge never fails on its input: what it cannot merge by meaning (invalid
// YAML or JSON, a file over the limits) it merges as text, saying why in
// Fallback. Its error is the text merge's own (git could not be run).
func Merge(name string, base, ours, theirs []byte, text TextMerge) (*Result, error) {
	if text == nil {
		text = GitText(Labels{})
	}
	kind := KindOf(name, ours, theirs)
	if data, ok := trivial(base, ours, theirs); ok {
		return &Result{Kind: kind, Data: data}, nil
	}
	var (
		res *Result
		err error
	)
	switch kind {
	case KindEntity:
		res, err = FrontMatter(base, ours, theirs, text)
	case KindCanvas:
		res, err = Canvas(base, ours, theirs)
	case KindSequence:
		res, err = Sequence(base, ours, theirs)
	case KindWorkspaces:
		res, err = Workspaces(base, ours, theirs)
	case KindState:
		err = pc.Errorf(pc.CodeInvalidArgument, "no merge by meaning for the project's state file %s", name)
	default:
		return textResult(KindText, base, ours, theirs, text)
	}
	if err == nil {
		res.Kind = kind
		return res, nil
	}
	res, terr := textResult(kind, base, ours, theirs, text)
	if res != nil {
		res.Fallback = pc.AsError(err).Message
		switch {
		case kind == KindEntity && !res.Clean() && markersInFrontMatter(res.Data):
			// Conflict markers go only in a note's body: in its front
			// matter they would stop the tracker from reading it.
			res.Data = ours
			res.Conflicts = []Conflict{{Where: "file", Message: fmt.Sprintf(
				"both sides changed the same lines of the front matter, which is not merged key by key (%s): kept ours whole; theirs is `git show :3:%s`",
				res.Fallback, name)}}
		case res.Clean() && !valid(kind, res.Data):
			res.conflict("file", "merged by lines, the %s does not read: fix it by hand", kind)
		}
	}
	return res, terr
}

// markersInFrontMatter reports whether a line merge of a note put
// conflict markers in its front matter (or in a front matter never
// closed).
func markersInFrontMatter(data []byte) bool {
	c, err := frontmatter.CutFile(data)
	head := data
	if err == nil {
		head = data[:len(data)-len(c.Body())]
	}
	for line := range bytes.Lines(head) {
		for _, m := range []string{"<<<<<<<", "|||||||", "=======", ">>>>>>>"} {
			if bytes.HasPrefix(line, []byte(m)) {
				return true
			}
		}
	}
	return false
}

// valid reports whether a text merge of a file of the kind reads as one;
// a text merge of a broken side may be clean for git but is no entity note
// or canvas, and a person must look at it.
func valid(kind Kind, data []byte) bool {
	switch kind {
	case KindEntity:
		_, err := frontmatter.Parse(data)
		return err == nil
	case KindCanvas:
		_, err := canvas.Parse(data)
		return err == nil
	}
	return true
}

// textResult merges a whole file by lines.
func textResult(kind Kind, base, ours, theirs []byte, text TextMerge) (*Result, error) {
	data, conflicted, err := text(base, ours, theirs)
	if err != nil {
		return nil, err
	}
	res := &Result{Kind: kind, Data: data}
	if conflicted {
		res.conflict("text", "both sides changed the same lines; resolve the conflict markers")
	}
	return res, nil
}

// trivial is the merge when at most one side changed the file.
func trivial(base, ours, theirs []byte) ([]byte, bool) {
	switch {
	case bytes.Equal(ours, theirs), bytes.Equal(base, theirs):
		return ours, true
	case bytes.Equal(base, ours):
		return theirs, true
	}
	return nil, false
}
