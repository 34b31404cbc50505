package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// tokensFolder is the folder of the person's settings (userConfigDir) that
// holds serve's generated HTTP tokens, one file per vault.
const tokensFolder = "tokens"

// maxTokenFile bounds what is read of a token file: a token is 64 hex
// digits (tokenChars).
const (
	maxTokenFile = 4096
	tokenChars   = 64
)

// resolveToken picks the HTTP bearer token: the flag, else
// $PROJECTCANVAS_TOKEN, else the one stored for this vault in the person's
// settings folder, else a new one stored there with mode 0600 (readable by
// this user only). It also says where the token came from.
//
// The stored token is never in the vault: a vault is shared, and a token
// that travels with it would be known to every teammate (who could also
// have chosen it). It lives in <settings>/tokens/<hash of the vault's
// absolute path>, read and created through an os.Root opened on that
// folder, and only as a regular file: a symbolic link there is refused
// with an error that names the file.
func resolveToken(flagValue string, getenv func(string) string, vaultRoot string) (token, source string, err error) {
	if flagValue != "" {
		return flagValue, "--token", nil
	}
	if v := getenv("PROJECTCANVAS_TOKEN"); v != "" {
		return v, "$PROJECTCANVAS_TOKEN", nil
	}
	dir, err := userConfigDir(getenv)
	if err != nil {
		return "", "", err
	}
	dir = filepath.Join(dir, tokensFolder)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", "", err
	}
	name, err := tokenName(vaultRoot)
	if err != nil {
		return "", "", err
	}
	shown := filepath.Join(dir, name)
	own, err := os.OpenRoot(dir)
	if err != nil {
		return "", "", err
	}
	defer own.Close()
	token, err = readToken(own, name, shown)
	if err != nil || token != "" {
		return token, shown, err
	}
	if token, err = newToken(own, name, shown); err != nil {
		return "", "", err
	}
	return token, shown + " (new)", nil
}

// tokenName is the file name of a vault's token: the SHA-256 of its
// absolute path with links resolved, so two names of one folder share a
// token and two folders never do.
func tokenName(vaultRoot string) (string, error) {
	abs, err := filepath.Abs(vaultRoot)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	sum := sha256.Sum256([]byte(abs))
	return hex.EncodeToString(sum[:16]), nil
}

// readToken returns the token stored in own's file name, "" when there is
// none (no file, or an empty one, which is removed).
func readToken(own *os.Root, name, shown string) (string, error) {
	st, err := own.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", err
	case !st.Mode().IsRegular():
		return "", notPlain(shown, st, "remove it (serve then makes a new token)")
	case runtime.GOOS != "windows" && st.Mode().Perm()&0o077 != 0:
		// Windows keeps no such bits: the folder's access list does.
		return "", pc.Errorf(pc.CodeInvalidArgument, "%s can be read or written by other users of this machine (mode %o); "+
			"its token would be theirs too: run `chmod 600 %s`, or delete the file (serve then makes a new token)", shown, st.Mode().Perm(), shown)
	}
	fh, err := own.Open(name)
	if err != nil {
		return "", err
	}
	defer fh.Close()
	if opened, err := fh.Stat(); err != nil || !os.SameFile(st, opened) {
		return "", pc.Errorf(pc.CodeInvalidArgument, "%s changed while it was read; run again", shown)
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxTokenFile))
	if err != nil {
		return "", err
	}
	token := strings.TrimSpace(string(data))
	switch {
	case token == "":
		return "", own.Remove(name)
	case len(token) < tokenChars:
		return "", pc.Errorf(pc.CodeInvalidArgument, "%s holds a token of %d characters, shorter than the %d serve makes; "+
			"delete the file (serve then makes a new token), or pass a token of your choice with --token", shown, len(token), tokenChars)
	}
	return token, nil
}

// newToken makes a random token and stores it in a new file name of own,
// mode 0600. O_EXCL makes the file or fails: it never writes through a
// link or over a file another process made meanwhile.
func newToken(own *os.Root, name, shown string) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	token := hex.EncodeToString(raw)
	fh, err := own.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return "", pc.Errorf(pc.CodeInvalidArgument, "%s appeared while a new token was made (another serve, or a link); run again", shown)
	}
	if err != nil {
		return "", err
	}
	_, err = fh.WriteString(token + "\n")
	if cerr := fh.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = own.Remove(name)
		return "", err
	}
	return token, nil
}

// notPlain is the error for a token file that is a symbolic link, or not
// a plain file; fix says what to do.
func notPlain(shown string, st fs.FileInfo, fix string) error {
	what := "not a plain file"
	if st.Mode()&fs.ModeSymlink != 0 {
		what = "a symbolic link"
	}
	return pc.Errorf(pc.CodeInvalidArgument, "%s is %s; serve keeps its HTTP token only in a plain file: %s, or pass --token or $PROJECTCANVAS_TOKEN",
		shown, what, fix).With("path", shown)
}
