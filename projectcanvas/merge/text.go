package merge

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// TextMerge merges three versions of a text by lines, as git does: it
// returns the merged text and whether conflict markers were left in it.
type TextMerge func(base, ours, theirs []byte) (merged []byte, conflicted bool, err error)

// Labels name the sides in conflict markers ("<<<<<<< ours").
type Labels struct{ Ours, Base, Theirs string }

// DefaultLabels are the labels GitText uses when given none.
var DefaultLabels = Labels{Ours: "ours", Base: "base", Theirs: "theirs"}

// GitText is the TextMerge of `git merge-file`, git's own line merge (the
// one its default merge driver uses), run on temporary copies. Texts that
// only one side changed are merged without running git.
func GitText(labels Labels) TextMerge {
	if labels == (Labels{}) {
		labels = DefaultLabels
	}
	return func(base, ours, theirs []byte) ([]byte, bool, error) {
		if data, ok := trivial(base, ours, theirs); ok {
			return data, false, nil
		}
		dir, err := os.MkdirTemp("", "projectcanvas-merge-")
		if err != nil {
			return nil, false, pc.Errorf(pc.CodeInternal, "merging text: %v", err)
		}
		defer os.RemoveAll(dir)
		names := [3]string{filepath.Join(dir, "ours"), filepath.Join(dir, "base"), filepath.Join(dir, "theirs")}
		for i, data := range [][]byte{ours, base, theirs} {
			if err := os.WriteFile(names[i], data, 0o600); err != nil {
				return nil, false, pc.Errorf(pc.CodeInternal, "merging text: %v", err)
			}
		}
		return GitMergeFile(labels, names[0], names[1], names[2])
	}
}

// GitMergeFile runs `git merge-file -p` on three files (ours, base,
// theirs) and returns the merge. It leaves the files alone.
func GitMergeFile(labels Labels, ours, base, theirs string) ([]byte, bool, error) {
	cmd := exec.Command("git", "merge-file", "-p", "-q",
		"-L", labels.Ours, "-L", labels.Base, "-L", labels.Theirs, ours, base, theirs)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.Bytes(), false, nil
	case errors.As(err, &exit) && exit.ExitCode() > 0 && exit.ExitCode() < 128:
		// The exit status counts the conflicts left in the output.
		return stdout.Bytes(), true, nil
	}
	return nil, false, pc.Errorf(pc.CodeInternal, "git merge-file: %v %s", err, bytes.TrimSpace(stderr.Bytes()))
}
