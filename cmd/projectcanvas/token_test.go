package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// configEnv is an environment whose settings folder is a fresh folder.
func configEnv(t *testing.T) (getenv func(string) string, dir string) {
	dir = t.TempDir()
	return func(k string) string {
		if k == "PROJECTCANVAS_CONFIG_DIR" {
			return dir
		}
		return ""
	}, dir
}

// A token that arrives with the vault (.projectcanvas/token, written by a
// teammate who therefore knows it) is never used: serve's token lives in
// the person's settings folder, outside the vault.
func TestTokenNeverComesFromTheVault(t *testing.T) {
	getenv, dir := configEnv(t)
	vault := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(vault, pc.OwnFolder), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(vault, pc.OwnFolder, "token"), []byte("known-to-the-team\n"), 0o644))

	token, from, err := resolveToken("", getenv, vault)
	require.NoError(t, err)
	assert.NotEqual(t, "known-to-the-team", token)
	assert.Len(t, token, 64)
	assert.True(t, strings.HasPrefix(from, filepath.Join(dir, tokensFolder)+string(filepath.Separator)), from)
	entries, err := os.ReadDir(filepath.Join(vault, pc.OwnFolder))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing is written into the vault")
}

// A symbolic link at the token file is neither read (it would take
// /etc/hostname for the token) nor written through.
func TestTokenFileLinksAreRefused(t *testing.T) {
	getenv, dir := configEnv(t)
	vault := t.TempDir()
	name, err := tokenName(vault)
	require.NoError(t, err)
	outside := filepath.Join(t.TempDir(), "hostname")
	require.NoError(t, os.WriteFile(outside, []byte("host.example\n"), 0o644))
	for _, target := range []string{outside, filepath.Join(filepath.Dir(outside), "created")} {
		link := filepath.Join(dir, tokensFolder, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(link), 0o700))
		require.NoError(t, os.RemoveAll(link))
		if err := os.Symlink(target, link); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
		token, _, err := resolveToken("", getenv, vault)
		require.Error(t, err, "took %q for the token", token)
		assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err), "%v", err)
		assert.Contains(t, err.Error(), link, "the error names the file")
		assert.Contains(t, err.Error(), "symbolic link")
		assert.NotContains(t, err.Error(), "host.example")
		_, err = os.Lstat(filepath.Join(filepath.Dir(outside), "created"))
		assert.ErrorIs(t, err, os.ErrNotExist, "nothing was created through the link")
	}
}

// An empty token file gets a new token; a token file is made with
// O_EXCL and mode 0600; each vault has its own, and the same folder named
// two ways shares one.
func TestTokenFileIsMadeFresh(t *testing.T) {
	getenv, _ := configEnv(t)
	vault := t.TempDir()
	first, from, err := resolveToken("", getenv, vault)
	require.NoError(t, err)
	assert.Contains(t, from, "(new)")
	p := strings.TrimSuffix(from, " (new)")
	st, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "only its owner may read the token")

	again, _, err := resolveToken("", getenv, vault+string(filepath.Separator)+".")
	require.NoError(t, err)
	assert.Equal(t, first, again, "the stored token is reused")

	other, _, err := resolveToken("", getenv, t.TempDir())
	require.NoError(t, err)
	assert.NotEqual(t, first, other, "another vault has another token")

	require.NoError(t, os.WriteFile(p, nil, 0o600))
	second, from, err := resolveToken("", getenv, vault)
	require.NoError(t, err)
	assert.Contains(t, from, "(new)")
	assert.NotEqual(t, first, second)
}

// A stored token that others may read or write, or that is shorter than
// the generated length, is refused with the fix in the message.
func TestWeakTokenFileIsRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps no mode bits")
	}
	for _, tt := range []struct {
		name string
		data string
		mode os.FileMode
		says string
	}{
		{"group-readable", strings.Repeat("a", 64), 0o640, "chmod 600"},
		{"world-writable", strings.Repeat("a", 64), 0o666, "can be read or written by other users"},
		{"short", "abc", 0o600, "shorter than the 64"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			getenv, dir := configEnv(t)
			vault := t.TempDir()
			name, err := tokenName(vault)
			require.NoError(t, err)
			p := filepath.Join(dir, tokensFolder, name)
			require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o700))
			require.NoError(t, os.WriteFile(p, []byte(tt.data), 0o600))
			require.NoError(t, os.Chmod(p, tt.mode))
			token, _, err := resolveToken("", getenv, vault)
			require.Error(t, err, "took %q", token)
			assert.Equal(t, pc.CodeInvalidArgument, pc.ErrorCode(err))
			assert.Contains(t, err.Error(), tt.says)
			assert.Contains(t, err.Error(), p)
			data, _ := os.ReadFile(p)
			assert.Equal(t, tt.data, string(data), "left as it was")
		})
	}
}
