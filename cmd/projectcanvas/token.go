package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// tokenFile is where a generated HTTP token is kept, under the vault.
const tokenFile = pc.OwnFolder + "/token"

// maxTokenFile bounds what is read of the token file: a token is 64 hex
// digits.
const maxTokenFile = 4096

// resolveToken picks the HTTP bearer token: the flag, else
// $PROJECTCANVAS_TOKEN, else the one stored under the vault, else a new one
// stored there with mode 0600 (readable by this user only). It also says
// where the token came from.
//
// The stored token is read and created through an os.Root opened on the
// vault folder, and only as a regular file in a real .projectcanvas
// folder: a symbolic link at either (which a shared vault can carry) would
// make serve take another file, /etc/hostname say, for the token, or
// create one outside the vault. Such a link is refused with an error that
// names the file.
func resolveToken(flagValue string, getenv func(string) string, vaultRoot string) (token, source string, err error) {
	if flagValue != "" {
		return flagValue, "--token", nil
	}
	if v := getenv("PROJECTCANVAS_TOKEN"); v != "" {
		return v, "$PROJECTCANVAS_TOKEN", nil
	}
	shown := filepath.Join(vaultRoot, filepath.FromSlash(tokenFile))
	root, err := os.OpenRoot(vaultRoot)
	if err != nil {
		return "", "", err
	}
	defer root.Close()
	own, err := openOwnFolder(root, filepath.Join(vaultRoot, pc.OwnFolder))
	if err != nil {
		return "", "", err
	}
	defer own.Close()
	token, err = readToken(own, shown)
	if err != nil || token != "" {
		return token, shown, err
	}
	if token, err = newToken(own, shown); err != nil {
		return "", "", err
	}
	return token, shown + " (new)", nil
}

// openOwnFolder opens the vault's .projectcanvas folder, making it (mode
// 0700) if it is missing, and refuses it if it is a symbolic link or no
// folder.
func openOwnFolder(root *os.Root, shown string) (*os.Root, error) {
	st, err := root.Lstat(pc.OwnFolder)
	if errors.Is(err, fs.ErrNotExist) {
		if err := root.Mkdir(pc.OwnFolder, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		st, err = root.Lstat(pc.OwnFolder)
	}
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, notPlain(shown, st, "folder", "replace it with a folder")
	}
	own, err := root.OpenRoot(pc.OwnFolder)
	if err != nil {
		return nil, err
	}
	// The folder opened is the one looked at, not a link put there since.
	if opened, err := own.Stat("."); err != nil || !os.SameFile(st, opened) {
		own.Close()
		return nil, pc.Errorf(pc.CodeInvalidArgument, "%s changed while it was opened; run again", shown)
	}
	return own, nil
}

// readToken returns the token stored in own's token file, "" when there is
// none (no file, or an empty one, which is removed).
func readToken(own *os.Root, shown string) (string, error) {
	const name = "token"
	st, err := own.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", err
	case !st.Mode().IsRegular():
		return "", notPlain(shown, st, "file", "remove it (serve then makes a new token)")
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
	if token == "" {
		return "", own.Remove(name)
	}
	return token, nil
}

// newToken makes a random token and stores it in a new token file of own,
// mode 0600. O_EXCL makes the file or fails: it never writes through a
// link or over a file another process made meanwhile.
func newToken(own *os.Root, shown string) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	token := hex.EncodeToString(raw)
	fh, err := own.OpenFile("token", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
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
		_ = own.Remove("token")
		return "", err
	}
	return token, nil
}

// notPlain is the error for a token file or folder that is a symbolic
// link, or not a plain file or folder; fix says what to do.
func notPlain(shown string, st fs.FileInfo, want, fix string) error {
	what := "not a plain " + want
	if st.Mode()&fs.ModeSymlink != 0 {
		what = "a symbolic link"
	}
	return pc.Errorf(pc.CodeInvalidArgument, "%s is %s; serve keeps its HTTP token only in a plain %s of the vault: %s, or pass --token or $PROJECTCANVAS_TOKEN",
		shown, what, want, fix).With("path", shown)
}
