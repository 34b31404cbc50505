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
// leave the vault, are absolute, or do not end in .canvas are refused.
func CleanPath(p string) (string, error) {
	bad := func(why string) (string, error) {
		return "", pc.Errorf(pc.CodeInvalidArgument, "canvas path %q %s", p, why).With("field", "canvas")
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
	return clean, nil
}

// Read returns the canvas at name and the hash of its content; a canvas
// that does not exist yet is empty, with hash "".
func Read(fsys pc.FS, name string) (*Canvas, pc.Hash, error) {
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
