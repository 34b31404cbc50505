package projectcanvas

import (
	"unicode"
	"unicode/utf8"
)

// The limits below bound what one file or one call can make the project
// hold in memory or print. They are far above what a person writes by hand
// and what a tracker needs, and low enough that a hostile file (an alias
// bomb, a value nested thousands of levels deep) or a hostile call (a
// million tags, a 50 MB title) costs milliseconds and megabytes, not
// minutes and gigabytes.
//
// Reading: a file over a limit is reported as a Problem (too_large, or
// invalid_yaml for a value that contains itself) and left alone; the rest
// of the vault loads as usual. Writing: input over a limit is refused with
// an invalid_argument error that names the field, and a write that would
// produce a file the index would refuse to read is refused too.
const (
	// MaxFileBytes is the largest entity file, body included, that is
	// indexed. A markdown file over it is reported as too_large when its
	// front matter declares an id, and ignored otherwise.
	MaxFileBytes = 4 << 20
	// MaxFrontMatterBytes is the largest front matter block (the YAML
	// between the "---" lines). yaml.v3 builds a node of about 200 bytes
	// per value, so this bounds the parse of one file to tens of MB.
	MaxFrontMatterBytes = 256 << 10
	// MaxValueDepth is how deeply a front matter value may nest lists and
	// mappings (a top-level scalar has depth 0).
	MaxValueDepth = 32
	// MaxValueBytes bounds the decoded custom front matter values of one
	// entity, aliases expanded: each node costs 8 bytes plus the bytes of
	// its scalar. It is the expansion budget that stops alias bombs. A node
	// takes at least 2 bytes of YAML ("a,"), so front matter without
	// aliases that fits MaxFrontMatterBytes always fits this budget: only
	// alias expansion can exceed it.
	MaxValueBytes = 2 << 20

	// MaxBatchOps is the most entities one call may create or change:
	// batch_update's ops, an import's features.
	MaxBatchOps = 1000
	// MaxImportBytes is the largest file an import reads
	// (FUTURE_FEATURES.md).
	MaxImportBytes = 16 << 20

	// MaxTitleRunes is the longest title, in characters.
	MaxTitleRunes = 500
	// MaxStringBytes is the longest value of any other string field, and
	// of each item of a list field.
	MaxStringBytes = 64 << 10
	// MaxContentBytes is the longest markdown body given as content.
	MaxContentBytes = 2 << 20
	// MaxListItems is the most items a list field (tags, depends_on, ...)
	// may hold, and the most ids one relation edit may name.
	MaxListItems = 10_000
	// MaxIDNumber is the highest id number the project hands out or counts
	// when allocating: T-999999. ParseID accepts longer hand-written ids;
	// the index loads them but reports them (id_out_of_range), so that one
	// of them cannot exhaust the sequence.
	MaxIDNumber = 999_999
)

// checkText refuses a string that is too long or holds characters no field
// should: NUL, other control characters, invalid UTF-8. singleLine also
// refuses line breaks and tabs (titles, owners, tags...); free text (a
// user story, the body) keeps "\n", "\r" and "\t".
func checkText(field, s string, singleLine bool, maxBytes int) error {
	if len(s) > maxBytes {
		return badField(field, "is %d bytes long; the limit is %d", len(s), maxBytes).With("limit", maxBytes)
	}
	if !utf8.ValidString(s) {
		return badField(field, "is not valid UTF-8")
	}
	for i, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			if singleLine {
				return badField(field, "must be a single line")
			}
		case r == '\t':
			if singleLine {
				return badField(field, "must not hold a tab (at byte %d)", i)
			}
		case r == 0:
			return badField(field, "must not hold a NUL character (at byte %d)", i)
		case singleLine && IsBidiControl(r):
			// A title becomes a file name, where U+202E would show
			// "evil\u202Egnp.exe.md" as "evilem.exe.png".
			return badField(field, "must not hold the bidirectional control character %U (at byte %d)", r, i)
		case unicode.IsControl(r):
			return badField(field, "must not hold the control character %U (at byte %d)", r, i)
		}
	}
	return nil
}

// checkTitle applies checkText and the title's own length limit.
func checkTitle(s string) error {
	if err := checkText("title", s, true, MaxStringBytes); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(s); n > MaxTitleRunes {
		return badField("title", "is %d characters long; the limit is %d", n, MaxTitleRunes).With("limit", MaxTitleRunes)
	}
	return nil
}

// checkListLen refuses a list with more than MaxListItems items.
func checkListLen(field string, n int) error {
	if n > MaxListItems {
		return badField(field, "has %d items; the limit is %d", n, MaxListItems).With("limit", MaxListItems)
	}
	return nil
}

// checkFileSize refuses to write an entity file that the index would refuse
// to read back (see MaxFileBytes).
func checkFileSize(id ID, data, body []byte) error {
	if fm := len(data) - len(body); len(data) > MaxFileBytes || fm > MaxFrontMatterBytes {
		return Errorf(CodeInvalidArgument, "the file of %s would be %d bytes with %d of front matter; the limits are %d and %d",
			id, len(data), fm, MaxFileBytes, MaxFrontMatterBytes).With("id", id)
	}
	return nil
}

// maxEchoRunes is how much of a caller's value a message repeats.
const maxEchoRunes = 100

// Echo returns s as an error message may repeat it: whole when short, else
// its first 100 characters and "...": a 30 MB heading must not come back
// whole in every problem that names it.
func Echo(s string) string {
	if len(s) <= maxEchoRunes {
		return s
	}
	n := 0
	for i := range s {
		if n == maxEchoRunes {
			return s[:i] + "..."
		}
		n++
	}
	return s
}
