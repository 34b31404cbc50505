package assist_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

func TestImportFutureFeatures(t *testing.T) {
	file := "# Roadmap\n\n## Core (MVP)\n- [x] Import from CSV\n- [ ] X-ray export: every field\n\n## Broken\n- Tier: Gold\n"
	fsys := memfs.New(map[string]string{"docs/FUTURE_FEATURES.md": file})
	p, err := pc.Open(fsys)
	require.NoError(t, err)

	res, err := assist.ImportFutureFeatures(p, "")
	require.NoError(t, err)
	assert.Equal(t, "docs/FUTURE_FEATURES.md", res.File)
	assert.Equal(t, []pc.ID{"F-001", "F-002"}, res.Created)
	assert.Equal(t, []assist.LineProblem{{Line: 8, Message: `Broken: tier "Gold" is not one of OSS, Premium`}}, res.Problems)
	f, err := p.Get("F-002")
	require.NoError(t, err)
	assert.Equal(t, "X-ray export: every field", f.Title, "a title with ': ' survives")
	assert.Equal(t, "MVP", f.Fields["phase"])
	done, _ := p.Get("F-001")
	assert.Equal(t, pc.Status("Complete"), done.Status)

	// Re-import after an edit: nothing duplicated; the second feature
	// cannot jump from Planned to Complete, and says so by line.
	require.NoError(t, fsys.WriteFile("docs/FUTURE_FEATURES.md", []byte("## Core (MVP)\n- [x] Import from CSV\n- [x] x-ray export: every field\n"), pc.HashOf([]byte(file))))
	res, err = assist.ImportFutureFeatures(p, "")
	require.NoError(t, err)
	assert.Empty(t, res.Created)
	assert.Empty(t, res.Updated)
	assert.Equal(t, 1, res.Same)
	require.Len(t, res.Problems, 1, "Planned -> Complete is not a feature transition")
	assert.Equal(t, 3, res.Problems[0].Line)
	assert.Equal(t, 2, p.Len())

	_, err = assist.ImportFutureFeatures(mustOpen(t, memfs.New(nil)), "")
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
}

// A file named by the caller is read instead of the usual places; paths
// leaving the vault are refused before anything is read.
func TestImportFutureFeaturesFromAFile(t *testing.T) {
	fsys := memfs.New(map[string]string{"FUTURE_FEATURES.md": "## Core\n- Root\n", "plans/next.md": "## Later\n- Teleport\n"})
	p := mustOpen(t, fsys)
	res, err := assist.ImportFutureFeatures(p, "./plans/next.md")
	require.NoError(t, err)
	assert.Equal(t, "plans/next.md", res.File)
	f, err := p.Get(string(res.Created[0]))
	require.NoError(t, err)
	assert.Equal(t, "Teleport", f.Title)
	assert.Equal(t, "5", f.Fields["phase"], "future/later is phase 5")
	for _, bad := range []string{"../x.md", "/etc/passwd", "a/../../x.md", "a\\b.md"} {
		_, err := assist.ImportFutureFeatures(p, bad)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), bad)
	}
	_, err = assist.ImportFutureFeatures(p, "missing.md")
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))
	assert.Equal(t, 1, p.Len())
}

func mustOpen(t *testing.T, fsys pc.FS) *pc.Project {
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	return p
}

// An import is bounded like a batch: a file of more sections than one
// batch may hold is refused whole, quickly, and nothing is written; a
// heading of megabytes is not echoed back whole.
func TestImportIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Future features\n\n")
	for i := range 100_000 {
		fmt.Fprintf(&b, "## Feature %d\n- Tier: OSS\n\n", i)
	}
	fsys := memfs.New(map[string]string{"FUTURE_FEATURES.md": b.String()})
	p, err := pc.Open(fsys)
	require.NoError(t, err)
	before := fsys.Files()
	_, err = assist.ImportFutureFeatures(p, "")
	require.Error(t, err)
	assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
	assert.Contains(t, err.Error(), "100000 feature sections")
	assert.Contains(t, err.Error(), "at most 1000")
	assert.Equal(t, before, fsys.Files(), "nothing written")

	// At the cap, it imports.
	b.Reset()
	for i := range pc.MaxBatchOps {
		fmt.Fprintf(&b, "## Feature %d\n- Tier: OSS\n\n", i)
	}
	fsys = memfs.New(map[string]string{"FUTURE_FEATURES.md": b.String()})
	p, err = pc.Open(fsys)
	require.NoError(t, err)
	res, err := assist.ImportFutureFeatures(p, "")
	require.NoError(t, err)
	assert.Len(t, res.Created, pc.MaxBatchOps)

	// A 30 MB heading: refused by the size bound with a short message; a
	// long one within it: its problem does not repeat it whole.
	huge := "## " + strings.Repeat("x", 30<<20) + "\n"
	fsys = memfs.New(map[string]string{"FUTURE_FEATURES.md": huge})
	p, err = pc.Open(fsys)
	require.NoError(t, err)
	_, err = assist.ImportFutureFeatures(p, "")
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 300)
	long := "## " + strings.Repeat("y", 1<<20) + "\n\n- Tier: Gold\n"
	fsys = memfs.New(map[string]string{"FUTURE_FEATURES.md": long})
	p, err = pc.Open(fsys)
	require.NoError(t, err)
	res, err = assist.ImportFutureFeatures(p, "")
	require.NoError(t, err)
	require.NotEmpty(t, res.Problems)
	for _, pr := range res.Problems {
		assert.Less(t, len(pr.Message), 400, "%.80s", pr.Message)
	}
}
