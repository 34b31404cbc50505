package projectcanvas

import (
	"errors"
	"strings"
	"unicode/utf8"
)

// The vault path rule: the one place that decides what a path of the vault
// may be. Every storage back end (vault/osfs, vault/memfs), the WebAssembly
// bridge and the tools that take a path from a caller ask these functions,
// so that no file outside the vault, and no file in a folder that another
// program runs code from (.obsidian/plugins, .git/hooks), is ever read on
// a caller's word or written at all.
//
// A vault path is relative, slash-separated and already clean: no "", "."
// or ".." element, no leading or doubled slash, no backslash, no drive
// letter ("C:"), no NUL or other control character, valid UTF-8, and of a
// size every file system takes. Paths that Obsidian's vault API hands out
// all satisfy it; nothing is repaired, so two spellings never name one file.
//
// A path the project may write is a vault path outside hidden folders
// (a name starting with "."), node_modules and hidden files, except the
// project's own bookkeeping under .projectcanvas/ and the entity templates
// under .templates/ (regenerate-templates). No element holds a
// bidirectional-override character, so that no file or folder the project
// makes can show a name other than its real one ("evil\u202Egnp.exe.md",
// "\u202Eskcab/x.md").

// Bounds of a vault path, below every common file system's limits.
const (
	MaxPathBytes    = 1024
	maxElementBytes = 255
)

// OwnFolder is the folder of the project's own files: its settings, the
// journal, the id sequence, caches.
const OwnFolder = ".projectcanvas"

// CheckPath returns an invalid_argument *Error saying why name is not a
// vault path (see the rule above), or nil.
func CheckPath(name string) error {
	if why := pathProblem(name); why != "" {
		return pathError(name, why)
	}
	return nil
}

// CheckReadable returns an invalid_argument *Error saying why the project
// may not read name on a caller's word (a canvas to describe, a file to
// import), or nil: a vault path outside hidden folders and node_modules.
// The project reads its own files under .projectcanvas itself; no caller
// makes it read a file in .obsidian, .git or any other hidden folder.
func CheckReadable(name string) error {
	if why := pathProblem(name); why != "" {
		return pathError(name, why)
	}
	if Hidden(name) {
		return pathError(name, "is in a hidden folder (.obsidian, .git...) or node_modules, or is a hidden file; no file there is read on a caller's word")
	}
	return nil
}

// CheckWritable returns an invalid_argument *Error saying why the project
// may not write name, or nil.
func CheckWritable(name string) error {
	if why := pathProblem(name); why != "" {
		return pathError(name, why)
	}
	if why := writeProblem(name); why != "" {
		return pathError(name, why)
	}
	return nil
}

// Hidden reports whether a vault path lies in a folder the index skips, or
// is a hidden file: any element whose name starts with a dot (.obsidian,
// .trash, .git, .projectcanvas, .templates) and node_modules.
func Hidden(name string) bool {
	// A walk asks this of every file: the common answer without a split.
	if strings.HasPrefix(name, ".") || strings.Contains(name, "/.") {
		return true
	}
	if !strings.Contains(name, "node_modules") {
		return false
	}
	for part := range strings.SplitSeq(name, "/") {
		if part == "node_modules" {
			return true
		}
	}
	return false
}

// TemplatesFolder is the folder of the entity templates, the one hidden
// folder besides OwnFolder that the project writes.
const TemplatesFolder = ".templates"

// WrittenHidden reports whether name is one of the hidden folders the
// project writes (OwnFolder, TemplatesFolder) or lies in one.
func WrittenHidden(name string) bool {
	for _, dir := range []string{OwnFolder, TemplatesFolder} {
		if name == dir || strings.HasPrefix(name, dir+"/") {
			return true
		}
	}
	return false
}

// ErrIsFolder is the error a storage back end wraps when a name it was asked
// to read is a folder: a state file of the project (.projectcanvas/config.json)
// that a command of an earlier version, or a teammate's commit, turned
// into one is reported as such (StateError), not as a failure to read.
var ErrIsFolder = errors.New("is a folder, not a file")

// StateError turns a failure to read the project's own file name into the
// error a person can act on: a folder where the file should be is named,
// with the fix. Other errors are returned as they are.
func StateError(name string, err error) error {
	if !errors.Is(err, ErrIsFolder) {
		return err
	}
	return Errorf(CodeInvalidArgument, "%s is a folder, where the project keeps a file of its own: "+
		"move what the folder holds elsewhere, delete it, and run the command again", name).With("path", name)
}

// Own reports whether name lies in the project's own folder.
func Own(name string) bool {
	return strings.HasPrefix(name, OwnFolder+"/")
}

func pathError(name, why string) *Error {
	shown := Echo(name)
	return Errorf(CodeInvalidArgument, "path %q %s", shown, why).With("path", shown)
}

// pathProblem says why name is not a vault path, or "".
func pathProblem(name string) string {
	switch {
	case name == "":
		return "is empty"
	case len(name) > MaxPathBytes:
		return "is longer than 1,024 bytes"
	case !utf8.ValidString(name):
		return "is not valid UTF-8"
	case hasControl(name):
		return "holds a control character (NUL, newline...)"
	case strings.Contains(name, `\`):
		return "holds a backslash; vault paths separate folders with /"
	case name[0] == '/':
		return "is absolute; vault paths are relative to the vault"
	case len(name) >= 2 && name[1] == ':' && isASCIILetter(name[0]):
		return "starts with a drive letter; vault paths are relative to the vault"
	}
	for part := range strings.SplitSeq(name, "/") {
		switch {
		case part == "..":
			return "leaves the vault"
		case part == "" || part == ".":
			return "is not clean (an empty or . element)"
		case len(part) > maxElementBytes:
			return "has an element longer than 255 bytes"
		}
	}
	return ""
}

// writeProblem says why the project may not write the vault path name,
// or "".
func writeProblem(name string) string {
	rest := name
	if Own(name) {
		rest = strings.TrimPrefix(name, OwnFolder+"/")
	} else if strings.HasPrefix(name, TemplatesFolder+"/") {
		rest = strings.TrimPrefix(name, TemplatesFolder+"/")
	}
	if Hidden(rest) {
		return "is in a hidden folder (.obsidian, .git...) or node_modules, or is a hidden file; the project writes none"
	}
	if strings.ContainsFunc(rest, IsBidiControl) {
		return "holds a bidirectional-override character, which would show a false file name"
	}
	return ""
}

// hasControl reports whether s holds a control character (NUL, newline,
// DEL...). Byte by byte: in UTF-8 only these bytes encode them, and every
// file the index reads has its path checked.
func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7F {
			return true
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// IsBidiControl reports whether r is a bidirectional embedding, override or
// isolate character (U+202A-U+202E, U+2066-U+2069), which makes text show
// in an order other than its own: refused in titles and file names.
func IsBidiControl(r rune) bool {
	return 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069
}
