package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tokenFile is where a generated HTTP token is kept, under the vault.
const tokenFile = ".projectcanvas/token"

// resolveToken picks the HTTP bearer token: the flag, else
// $PROJECTCANVAS_TOKEN, else the one stored under the vault, else a new one
// stored there with mode 0600 (readable by this user only). It also says
// where the token came from.
func resolveToken(flagValue string, getenv func(string) string, vaultRoot string) (token, source string, err error) {
	if flagValue != "" {
		return flagValue, "--token", nil
	}
	if v := getenv("PROJECTCANVAS_TOKEN"); v != "" {
		return v, "$PROJECTCANVAS_TOKEN", nil
	}
	path := filepath.Join(vaultRoot, filepath.FromSlash(tokenFile))
	data, err := os.ReadFile(path)
	if err == nil && strings.TrimSpace(string(data)) != "" {
		return strings.TrimSpace(string(data)), path, nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", "", err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", "", err
	}
	token = hex.EncodeToString(raw)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", "", err
	}
	if err := os.WriteFile(path, []byte(token+"\n"), 0o600); err != nil {
		return "", "", err
	}
	return token, path + " (new)", nil
}
