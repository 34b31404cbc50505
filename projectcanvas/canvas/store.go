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

// Update reads the canvas at name, lets change edit it, and writes it back
// only if the file still holds what was read. If someone (the editor)
// changed the file meanwhile, it reads it again and calls change again on
// the new content, a few times before giving up with a conflict. change must
// therefore derive its edits from the canvas it is given. Nothing is
// written when the canvas comes out as it went in.
func Update(fsys pc.FS, name string, change func(c *Canvas) error) (*Canvas, error) {
	unlock, err := fsys.Lock()
	if err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "locking the vault: %v", err)
	}
	defer unlock()
	for attempt := 0; ; attempt++ {
		c, hash, err := Read(fsys, name)
		if err != nil {
			return nil, err
		}
		before := c.Bytes()
		if err := change(c); err != nil {
			return nil, err
		}
		after := c.Bytes()
		if hash != "" && bytes.Equal(before, after) {
			return c, nil
		}
		err = fsys.WriteFile(name, after, hash)
		if pc.ErrorCode(err) == pc.CodeConflict && attempt < 3 {
			continue
		}
		return c, err
	}
}
