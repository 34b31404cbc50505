package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// A shared vault can carry a symbolic link at .projectcanvas/token (or at
// .projectcanvas): serve must neither take the file it points to for the
// token (/etc/hostname) nor create a file through it, outside the vault or
// in it. Each is refused with an error naming the token file.
func TestTokenFileLinksAreRefused(t *testing.T) {
	noEnv := func(string) string { return "" }
	for _, tc := range []struct {
		what, link, target string // link relative to the vault; target "OUT/..." lies in a folder outside it
	}{
		{"link to a file outside", tokenFile, "OUT/hostname"},
		{"relative link to a file outside", tokenFile, "../../outside/hostname"},
		{"dangling link outside", tokenFile, "OUT/created"},
		{"relative dangling link outside", tokenFile, "../../outside/created"},
		{"link to a file inside", tokenFile, "../Notes/note.md"},
		{"dangling link inside", tokenFile, "../Notes/created.md"},
		{"own folder linked outside", pc.OwnFolder, "OUT"},
		{"own folder linked inside", pc.OwnFolder, "Notes"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			top := t.TempDir()
			vault, outside := filepath.Join(top, "vault"), filepath.Join(top, "outside")
			for _, d := range []string{filepath.Join(vault, pc.OwnFolder), filepath.Join(vault, "Notes"), outside} {
				require.NoError(t, os.MkdirAll(d, 0o755))
			}
			require.NoError(t, os.WriteFile(filepath.Join(outside, "hostname"), []byte("host.example\n"), 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(vault, "Notes", "note.md"), []byte("note\n"), 0o644))
			link := filepath.Join(vault, filepath.FromSlash(tc.link))
			require.NoError(t, os.RemoveAll(link))
			target := filepath.FromSlash(tc.target)
			if rest, ok := strings.CutPrefix(tc.target, "OUT"); ok {
				target = filepath.Join(outside, filepath.FromSlash(rest))
			}
			if err := os.Symlink(target, link); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}

			token, _, err := resolveToken("", noEnv, vault)
			require.Error(t, err, "took %q for the token", token)
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%v", err)
			assert.Contains(t, err.Error(), filepath.Join(vault, filepath.FromSlash(tc.link)), "the error names the file")
			assert.Contains(t, err.Error(), "symbolic link")
			assert.NotContains(t, err.Error(), "host.example")

			outsideNow, err := os.ReadDir(outside)
			require.NoError(t, err)
			assert.Len(t, outsideNow, 1, "nothing was created outside the vault")
			for _, name := range []string{"created.md", "token"} {
				_, err := os.Lstat(filepath.Join(vault, "Notes", name))
				assert.ErrorIs(t, err, os.ErrNotExist, "nothing was created through the link")
			}
			got, err := os.Readlink(link)
			require.NoError(t, err)
			assert.Equal(t, target, got, "the link is left as it is")
		})
	}
}

// An empty token file gets a new token; a token file is made with
// O_EXCL and mode 0600, in a .projectcanvas folder made when missing.
func TestTokenFileIsMadeFresh(t *testing.T) {
	noEnv := func(string) string { return "" }
	vault := t.TempDir()
	first, from, err := resolveToken("", noEnv, vault)
	require.NoError(t, err)
	assert.Contains(t, from, "(new)")
	p := filepath.Join(vault, filepath.FromSlash(tokenFile))
	require.NoError(t, os.WriteFile(p, []byte("  \n"), 0o600))
	second, from, err := resolveToken("", noEnv, vault)
	require.NoError(t, err)
	assert.Contains(t, from, "(new)")
	assert.Len(t, second, 64)
	assert.NotEqual(t, first, second)
	st, err := os.Lstat(p)
	require.NoError(t, err)
	assert.True(t, st.Mode().IsRegular())
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}
