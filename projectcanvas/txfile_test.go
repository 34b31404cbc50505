package projectcanvas_test

import (
	"errors"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Tx.ReadFile and Tx.WriteFile take vault files that are not entities and
// nothing else: no markdown (entities), no bookkeeping, nothing outside.
func TestTxFileRefusesPaths(t *testing.T) {
	p, fsys := seeded(t)
	before := fsys.Files()
	for _, name := range []string{
		"", "../up.canvas", "..", "/abs.canvas", "C:/x.canvas", `a\b.canvas`, "a\x00.canvas",
		"./Projects.canvas", "a//b.canvas", "a/../b.canvas",
		"Projects/tasks/T-001 Form.md", "Notes/new.MD",
		".projectcanvas/journal.json", ".projectcanvas/lock", ".projectcanvas",
	} {
		_, err := p.Write(func(tx *pc.Tx) error {
			_, err := tx.ReadFile(name)
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "read %q", name)
			return tx.WriteFile(name, []byte("x"))
		})
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "write %q", name)
	}
	assert.Equal(t, before, fsys.Files(), "nothing written")
}

// A staged file reads back as staged, is written with the entities in one
// journaled transaction, and a file that did not exist reads as
// fs.ErrNotExist.
func TestTxFileIsWrittenWithTheEntities(t *testing.T) {
	p, fsys := seeded(t)
	var journaled bool
	fsys.FailWrite = func(op, name string) error {
		journaled = journaled || name == pc.JournalPath
		return nil
	}
	_, err := p.Write(func(tx *pc.Tx) error {
		_, err := tx.ReadFile("boards/Plan.canvas")
		require.ErrorIs(t, err, fs.ErrNotExist)
		e, err := tx.Create(pc.Task, map[string]any{"title": "Plan", "parent": "S-001"})
		require.NoError(t, err)
		require.NoError(t, tx.WriteFile("boards/Plan.canvas", []byte(e.Path)))
		data, err := tx.ReadFile("boards/Plan.canvas")
		require.NoError(t, err)
		assert.Equal(t, e.Path, string(data), "a staged entity knows the path it will have")
		return nil
	})
	require.NoError(t, err)
	assert.True(t, journaled, "the entity, its id counter and the file are one journaled transaction")
	assert.Equal(t, "Projects/tasks/T-003 Plan.md", fsys.Files()["boards/Plan.canvas"])

	// An empty file is a file: it reads as empty, not as missing.
	require.NoError(t, fsys.WriteFile("empty.canvas", nil, ""))
	_, err = p.Write(func(tx *pc.Tx) error {
		data, err := tx.ReadFile("empty.canvas")
		require.NoError(t, err)
		assert.Empty(t, data)
		return nil
	})
	require.NoError(t, err)
}

// A file staged by a failing step of a batch (Tx.Try), by a dry run or by
// a failing transaction is not written; nor is a file written as it was.
func TestTxFileRollsBack(t *testing.T) {
	p, fsys := seeded(t)
	require.NoError(t, fsys.WriteFile("b.canvas", []byte("old"), ""))
	_, err := p.Write(func(tx *pc.Tx) error {
		require.Error(t, tx.Try(func() error {
			require.NoError(t, tx.WriteFile("a.canvas", []byte("a")))
			require.NoError(t, tx.WriteFile("b.canvas", []byte("b")))
			return errors.New("this step fails")
		}))
		data, err := tx.ReadFile("b.canvas")
		require.NoError(t, err)
		assert.Equal(t, "old", string(data), "the failed step's staging is undone")
		return nil
	})
	require.NoError(t, err)
	require.NoError(t, p.Plan(func(tx *pc.Tx) error { return tx.WriteFile("a.canvas", []byte("a")) }))
	_, err = p.Write(func(tx *pc.Tx) error {
		require.NoError(t, tx.WriteFile("a.canvas", []byte("a")))
		_, err := tx.Create(pc.Task, map[string]any{"title": "Orphan"})
		return err
	})
	assert.Equal(t, pc.CodeOrphan, pc.ErrorCode(err))
	assert.NotContains(t, fsys.Files(), "a.canvas")
	assert.Equal(t, "old", fsys.Files()["b.canvas"])

	fsys.FailWrite = func(op, name string) error { t.Errorf("%s %s: nothing to write", op, name); return nil }
	_, err = p.Write(func(tx *pc.Tx) error { return tx.WriteFile("b.canvas", []byte("old")) })
	require.NoError(t, err)
}

// The write is conditional on what the transaction read: a file saved by
// someone else in between fails the whole transaction with a conflict, and
// neither the file nor the entities are written.
func TestTxFileConflict(t *testing.T) {
	p, fsys := seeded(t)
	require.NoError(t, fsys.WriteFile("b.canvas", []byte("old"), ""))
	before := fsys.Files()
	_, err := p.Write(func(tx *pc.Tx) error {
		if _, err := tx.Create(pc.Task, map[string]any{"title": "Plan", "parent": "S-001"}); err != nil {
			return err
		}
		data, err := tx.ReadFile("b.canvas")
		require.NoError(t, err)
		// The editor saves the file now.
		require.NoError(t, fsys.WriteFile("b.canvas", []byte("saved"), pc.HashOf(data)))
		return tx.WriteFile("b.canvas", []byte("mine"))
	})
	require.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
	assert.Equal(t, "b.canvas", pc.AsError(err).Details["path"])
	want := before
	want["b.canvas"] = "saved"
	assert.Equal(t, want, fsys.Files(), "the editor's save is kept; no entity written")
	_, err = p.Get("T-003")
	assert.Equal(t, pc.CodeNotFound, pc.ErrorCode(err))

	// A file that appears after the transaction saw it missing.
	_, err = p.Write(func(tx *pc.Tx) error {
		_, err := tx.ReadFile("new.canvas")
		require.ErrorIs(t, err, fs.ErrNotExist)
		require.NoError(t, fsys.WriteFile("new.canvas", []byte("theirs"), ""))
		return tx.WriteFile("new.canvas", []byte("mine"))
	})
	require.Equal(t, pc.CodeConflict, pc.ErrorCode(err))
	assert.Equal(t, "theirs", fsys.Files()["new.canvas"])
}
