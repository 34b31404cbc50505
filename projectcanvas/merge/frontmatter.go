package merge

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"go.yaml.in/yaml/v3"
)

// ConflictKey is the front matter key a merge writes its conflicts to, one
// line per conflict, so that the tracker (validate_project) reports them
// while the note still loads. A person resolves them and deletes the key.
const ConflictKey = "merge_conflict"

// setFields are the list fields whose order means nothing: the stored
// relations (depends_on, blocks, ...), tags, test_refs and the merge's own
// conflict list. Both sides' additions and removals are applied.
var setFields = func() map[string]bool {
	m := map[string]bool{"tags": true, "test_refs": true, ConflictKey: true}
	for _, r := range pc.Relations {
		m[r.Field()] = true
	}
	return m
}()

// isEntity reports whether data's front matter holds an id and a type the
// core reads as an entity.
func isEntity(data []byte) bool {
	if len(data) > MaxNoteBytes {
		return false
	}
	doc, err := frontmatter.Parse(data)
	if err != nil {
		return false
	}
	id, okID := doc.String("id")
	typ, okType := doc.String("type")
	if !okID || !okType {
		return false
	}
	_, idType, _, err := pc.ParseID(id)
	t, terr := pc.ParseType(typ)
	return err == nil && terr == nil && idType == t
}

// declaresID reports whether data's front matter declares an entity id,
// read line by line (projectcanvas.ScanID) whether or not its YAML parses.
func declaresID(data []byte) bool {
	return len(data) <= MaxNoteBytes && pc.ScanID(data) != ""
}

// FrontMatter merges an entity note: the front matter key by key against
// the base, the body by lines with text (nil: GitText). The result keeps OURS's layout
// (key order, comments, quoting; see package frontmatter): only the keys
// the merge changed are rewritten, new keys from theirs are appended.
//
//   - A key changed on one side only takes that side's value (a deletion
//     too).
//   - The set fields (depends_on, blocks, implements, implemented_by,
//     documents, documented_by, affects, decided_by, tags, test_refs) take
//     both sides' additions and removals; OURS's order, then THEIRS's new
//     items.
//   - updated_at takes the later time.
//   - Any other key both sides changed differently keeps OURS's value and
//     is a conflict.
//
// Conflicts, the body's included, are listed under ConflictKey in the front
// matter, which stays valid YAML; the body's conflict markers are git's.
// It fails (and Merge merges the file as text) when ours or theirs is not
// a note with readable front matter.
func FrontMatter(base, ours, theirs []byte, text TextMerge) (*Result, error) {
	for _, side := range [][]byte{base, ours, theirs} {
		if len(side) > MaxNoteBytes {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "a note over %d bytes is merged by lines", MaxNoteBytes)
		}
		if fm := frontMatterBytes(side); fm > pc.MaxFrontMatterBytes {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "a front matter of %d bytes is over the tracker's limit of %d (it reads no such note)", fm, pc.MaxFrontMatterBytes)
		}
	}
	od, err := frontmatter.Parse(ours)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "ours: %v", err)
	}
	td, err := frontmatter.Parse(theirs)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "theirs: %v", err)
	}
	if !od.HasFrontMatter() || !td.HasFrontMatter() {
		return nil, pc.Errorf(pc.CodeInvalidArgument, "one side has no front matter")
	}
	if text == nil {
		text = GitText(Labels{})
	}
	if anchored(od) || anchored(td) {
		// The core's writer never writes anchors; with them, one key's
		// value can be another's, and a key-by-key merge could undo a
		// side's change through the alias.
		return nil, pc.Errorf(pc.CodeInvalidArgument, "front matter with YAML anchors or aliases (&, *) is merged by lines")
	}
	res := &Result{}
	bd, err := frontmatter.Parse(base)
	noBase := err != nil || anchored(bd)
	if noBase {
		// A base that does not parse (conflict markers committed by an
		// earlier merge) counts as empty: a key both sides hold
		// differently is a conflict (a set field too: without the base,
		// a removal cannot be told from an addition), nothing is lost.
		bd, _ = frontmatter.Parse(nil)
		res.note("the base's front matter does not parse; merged as if both sides added the note")
	}

	for _, key := range unionKeys(od, td) {
		mergeKey(res, key, bd, od, td, noBase)
	}
	body, conflicted, err := text(bd.Body(), od.Body(), td.Body())
	if err != nil {
		return nil, err
	}
	if conflicted {
		res.conflict("body", "both sides changed the same lines of the text; resolve the conflict markers in it")
	}
	od.SetBody(body)
	if len(res.Conflicts) > 0 {
		lines, _ := od.Strings(ConflictKey)
		for _, c := range res.Conflicts {
			if s := c.String(); !slices.Contains(lines, s) {
				lines = append(lines, s)
			}
		}
		od.SetStrings(ConflictKey, lines)
	}
	// Bytes reads its output back and, rather than return front matter
	// that does not hold the merged values, reports why by Err.
	out := od.Bytes()
	if err := od.Err(); err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "writing the merged front matter: %v", err)
	}
	res.Data = out
	return res, nil
}

// unionKeys lists ours's keys in their order, then the keys only theirs
// has; by a set, so that a front matter of tens of thousands of keys
// merges in linear time.
func unionKeys(ours, theirs *frontmatter.Document) []string {
	return union(ours.Keys(), theirs.Keys())
}

// union returns a's items, then b's items that a lacks.
func union(a, b []string) []string {
	seen := make(map[string]bool, len(a)+len(b))
	for _, s := range a {
		seen[s] = true
	}
	for _, s := range b {
		if !seen[s] {
			seen[s] = true
			a = append(a, s)
		}
	}
	return a
}

// mergeKey merges one key into ours; noBase says the base is unknown (its
// front matter did not parse), so that sets are not merged as unions.
func mergeKey(res *Result, key string, bd, od, td *frontmatter.Document, noBase bool) {
	b, o, t := bd.Node(key), od.Node(key), td.Node(key)
	switch {
	case frontmatter.Equal(o, t), frontmatter.Equal(b, t):
		return // theirs brings nothing new
	case frontmatter.Equal(b, o):
		if t == nil {
			od.Delete(key)
		} else {
			od.Set(key, t)
		}
		return
	}
	if setFields[key] && !noBase {
		if mergeSet(key, bd, od, td) {
			return
		}
	} else if key == "updated_at" && o != nil && t != nil {
		ov, _ := od.String(key)
		tv, _ := td.String(key)
		if later(tv, ov) {
			od.Set(key, t)
		}
		return
	}
	res.conflict(key, "ours %s, theirs %s (base %s); kept ours", describe(o), describe(t), describe(b))
}

// mergeSet merges a set field; false when a side's value is no list of
// scalars.
func mergeSet(key string, bd, od, td *frontmatter.Document) bool {
	o, okO := listOf(od, key)
	t, okT := listOf(td, key)
	b, okB := listOf(bd, key)
	if !okO || !okT || !okB {
		return false
	}
	merged := Set(b, o, t)
	if slices.Equal(merged, o) {
		return true
	}
	if len(merged) == 0 && od.Node(key) == nil {
		return true
	}
	od.SetStrings(key, merged)
	return od.Err() == nil
}

// listOf reads a set field; an absent key is an empty set.
func listOf(d *frontmatter.Document, key string) ([]string, bool) {
	if d.Node(key) == nil {
		return nil, true
	}
	return d.Strings(key)
}

// Set merges lists whose order means nothing: ours's items that
// theirs did not remove from base, then theirs's items that it added.
// Each item appears once.
func Set(base, ours, theirs []string) []string {
	in := func(list []string) map[string]bool {
		m := make(map[string]bool, len(list))
		for _, s := range list {
			m[s] = true
		}
		return m
	}
	inBase, inOurs, inTheirs := in(base), in(ours), in(theirs)
	out := make([]string, 0, len(ours)+len(theirs))
	seen := make(map[string]bool, len(ours)+len(theirs))
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range ours {
		if !inBase[s] || inTheirs[s] {
			add(s)
		}
	}
	for _, s := range theirs {
		if !inBase[s] && !inOurs[s] {
			add(s)
		}
	}
	return out
}

// timeLayouts are the forms updated_at is written in.
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02"}

// later reports whether a is a later time than b. Times that do not parse
// are compared as text (ISO dates sort so).
func later(a, b string) bool {
	ta, okA := parseTime(a)
	tb, okB := parseTime(b)
	if okA && okB {
		return ta.After(tb)
	}
	return a > b
}

func parseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// describe shows a value in a conflict message, shortly.
func describe(n *yaml.Node) string {
	if n == nil {
		return "(none)"
	}
	var s string
	switch n.Kind {
	case yaml.ScalarNode:
		s = fmt.Sprintf("%q", n.Value)
	case yaml.SequenceNode:
		items := make([]string, 0, len(n.Content))
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				return fmt.Sprintf("(a list of %d)", len(n.Content))
			}
			items = append(items, c.Value)
		}
		s = "[" + strings.Join(items, ", ") + "]"
	default:
		return "(a mapping)"
	}
	if r := []rune(s); len(r) > 80 {
		s = string(r[:77]) + "..."
	}
	return s
}

// frontMatterBytes is the size of data's front matter as the core counts it
// (the file less its body); 0 for a file whose front matter is never
// closed, which Parse then refuses.
func frontMatterBytes(data []byte) int {
	c, err := frontmatter.CutFile(data)
	if err != nil {
		return 0
	}
	return len(data) - len(c.Body())
}

// anchored reports whether d's front matter holds a YAML anchor or alias.
func anchored(d *frontmatter.Document) bool {
	var walk func(n *yaml.Node) bool
	walk = func(n *yaml.Node) bool {
		if n == nil {
			return false
		}
		if n.Kind == yaml.AliasNode || n.Anchor != "" {
			return true
		}
		return slices.ContainsFunc(n.Content, walk)
	}
	for _, k := range d.Keys() {
		if walk(d.Node(k)) {
			return true
		}
	}
	return false
}
