package canvas

import (
	"bytes"
	"errors"
	"io/fs"
	"path"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Ext is the extension every canvas file has.
const Ext = ".canvas"

// CleanPath checks a canvas path given by a user and returns it in the
// vault's form (slash-separated, relative to the vault root). Paths that
// leave the vault, are absolute, lie in a hidden folder (pc.CheckReadable)
// or do not end in .canvas are refused.
func CleanPath(p string) (string, error) {
	bad := func(why string) (string, error) {
		return "", pc.Errorf(pc.CodeInvalidArgument, "canvas path %q %s", pc.Echo(p), why).With("field", "canvas")
	}
	switch {
	case strings.TrimSpace(p) == "":
		return bad("is empty")
	case strings.ContainsAny(p, "\\\x00"):
		return bad("holds a backslash or NUL; write vault paths with /")
	case strings.HasPrefix(p, "/") || len(p) > 1 && p[1] == ':':
		return bad("is absolute; give it relative to the vault")
	case !strings.HasSuffix(p, Ext):
		return bad("does not end in " + Ext)
	}
	clean := path.Clean(p)
	if clean == ".." || strings.HasPrefix(clean, "../") || clean == Ext {
		return bad("is outside the vault")
	}
	if err := pc.CheckReadable(clean); err != nil {
		return "", pc.AsError(err).With("field", "canvas")
	}
	return clean, nil
}

// Read returns the canvas at name and the hash of its content; a canvas
// that does not exist yet is empty, with hash "".
func Read(fsys pc.Files, name string) (*Canvas, pc.Hash, error) {
	data, err := fsys.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return &Canvas{}, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	c, err := Parse(data)
	if err != nil {
		return nil, "", pc.AsError(err).With("path", name)
	}
	return c, pc.HashOf(data), nil
}

// Edit reads the canvas at name as the transaction sees it, lets change
// edit it, and stages the result in the transaction (Tx.WriteFile): it is
// written with the transaction's entities, all or none, and only if the
// file still holds what was read. This is the one way a canvas is written.
// A canvas that does not exist yet starts empty and is created; one that is
// not JSON Canvas fails with invalid_argument and stages nothing. Nothing is
// staged when the canvas comes out as it went in, so a canvas another
// program laid out differently is not rewritten for nothing.
func Edit(tx *pc.Tx, name string, change func(c *Canvas) error) (*Canvas, error) {
	data, err := tx.ReadFile(name)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	c := &Canvas{}
	if exists {
		if c, err = Parse(data); err != nil {
			return nil, pc.AsError(err).With("path", name)
		}
	}
	before := c.Bytes()
	if err := change(c); err != nil {
		return nil, err
	}
	after := c.Bytes()
	if exists && bytes.Equal(before, after) {
		return c, nil
	}
	return c, tx.WriteFile(name, after)
}

// Update edits the canvas at name in a transaction of its own (see Edit).
// If someone (the editor) changed the file between the read and the write,
// the transaction fails with a conflict and writes nothing; Update then
// reads the canvas again and calls change again on the new content, a few
// times before giving up with the conflict. change must therefore derive
// its edits from the canvas it is given.
func Update(p *pc.Project, name string, change func(c *Canvas) error) (*Canvas, error) {
	for attempt := 0; ; attempt++ {
		var c *Canvas
		_, err := p.Write(func(tx *pc.Tx) (err error) {
			c, err = Edit(tx, name, change)
			return err
		})
		if pc.ErrorCode(err) == pc.CodeConflict && attempt < 3 {
			continue
		}
		if err != nil {
			return nil, err
		}
		return c, nil
	}
}

// WriteWith runs stage, which changes entities, and then edit, which
// changes a canvas with Edit from the entities as stage left them (Tx.Get),
// in one transaction of p: the entities and the canvas are written
// together, all or none, journaled, so a crash leaves both as before or both
// as after. edit returns the path of the canvas it edited ("" for none).
//
// A canvas never fails the entity write. If edit fails (a canvas that is
// not JSON Canvas, say), what it staged is dropped, the entities are written
// and its error is returned as canvasErr. The canvas write is conditional on
// the content read: if the editor saved the canvas in between, the commit
// fails with a conflict and writes nothing, and the whole transaction runs
// again once, reading the canvas afresh. If the canvas changed again, or its
// write failed otherwise, the transaction runs once more without edit and
// canvasErr says why. stage and edit must therefore start from scratch each
// time they are called. err is the failure of the transaction itself.
func WriteWith(p *pc.Project, stage func(tx *pc.Tx) error, edit func(tx *pc.Tx) (path string, err error)) (canvasErr, err error) {
	var skip error
	for attempt := 0; ; attempt++ {
		var path string
		_, err = p.Write(func(tx *pc.Tx) error {
			if err := stage(tx); err != nil {
				return err
			}
			path, canvasErr = "", skip
			if skip == nil {
				canvasErr = tx.Try(func() (err error) {
					path, err = edit(tx)
					return err
				})
			}
			return nil
		})
		if e := pc.AsError(err); path == "" || e == nil || e.Details["path"] != path {
			return canvasErr, err
		}
		switch {
		case pc.ErrorCode(err) == pc.CodeConflict && attempt == 0:
			// Read the canvas again and retry with it.
		case pc.ErrorCode(err) == pc.CodeConflict:
			skip = pc.Errorf(pc.CodeConflict, "the canvas %s changed on disk while it was written, twice; it was left as saved (run the canvas command again)", path).With("path", path)
		default:
			skip = err
		}
	}
}
