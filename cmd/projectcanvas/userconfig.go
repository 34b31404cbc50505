package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch/vecfile"
)

// The person's own settings live outside every vault, in one folder of
// theirs: $PROJECTCANVAS_CONFIG_DIR, else os.UserConfigDir()/projectcanvas
// (~/.config/projectcanvas on Linux). It holds config.json (where document
// search may send text) and tokens/ (serve's HTTP tokens, one per vault).
// A vault is shared with other people; what it holds never decides where
// this person's notes or secrets go (docs/SECURITY.md).
const (
	userConfigFile = "config.json"
	maxUserConfig  = 1 << 20
)

// userConfig is config.json of the person's settings folder:
//
//	{"embeddings": {"endpoint": "http://localhost:11434/v1/embeddings",
//	  "model": "nomic-embed-text", "api_key": "...", "batch_size": 32, "timeout_ms": 10000}}
type userConfig struct {
	Embeddings docsearch.Config `json:"embeddings"`
}

// userConfigDir is the person's settings folder (see above).
func userConfigDir(getenv func(string) string) (string, error) {
	if d := getenv("PROJECTCANVAS_CONFIG_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder for the person's settings (%v): set $PROJECTCANVAS_CONFIG_DIR", err)
	}
	return filepath.Join(d, "projectcanvas"), nil
}

// vectorCacheDir is the device's folder for the vectors an embeddings
// endpoint returned (docsearch.CachedEmbedder): $PROJECTCANVAS_CACHE_DIR,
// else the cache folder beside a settings folder named by
// $PROJECTCANVAS_CONFIG_DIR (a moved settings folder takes its cache with
// it), else the user's cache folder. Never the vault: nothing of it
// travels with the vault.
func vectorCacheDir(getenv func(string) string) string {
	if d := getenv("PROJECTCANVAS_CACHE_DIR"); d != "" {
		return d
	}
	if d := getenv("PROJECTCANVAS_CONFIG_DIR"); d != "" {
		return filepath.Join(d, "cache", "vectors")
	}
	d, err := vecfile.UserDir()
	if err != nil {
		return "" // vectors kept for the process only
	}
	return d
}

// loadUserConfig reads config.json of the settings folder; a missing
// folder or file is the zero config.
func loadUserConfig(getenv func(string) string) (userConfig, error) {
	var cfg userConfig
	dir, err := userConfigDir(getenv)
	if err != nil {
		return cfg, nil // no settings folder: no settings
	}
	name := filepath.Join(dir, userConfigFile)
	fh, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return cfg, nil
	}
	if err != nil {
		return cfg, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, maxUserConfig))
	if err != nil {
		return cfg, err
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return cfg, fmt.Errorf("%s: %v", name, err)
	}
	return cfg, nil
}

// embeddingsFlags are the global flags naming an embeddings endpoint.
type embeddingsFlags struct{ url, model string }

// resolveEmbeddings is where document search may send text: the flags,
// else $PROJECTCANVAS_EMBEDDINGS_URL / _MODEL / _KEY, else the person's
// config.json; each field on its own. The key has no flag: a command line
// is visible to every user of the machine.
func resolveEmbeddings(f embeddingsFlags, getenv func(string) string) (docsearch.Config, error) {
	file, err := loadUserConfig(getenv)
	if err != nil {
		return docsearch.Config{}, err
	}
	cfg := file.Embeddings
	pick := func(dst *string, flagValue, env string) {
		if v := getenv(env); v != "" {
			*dst = v
		}
		if flagValue != "" {
			*dst = flagValue
		}
	}
	pick(&cfg.Endpoint, f.url, "PROJECTCANVAS_EMBEDDINGS_URL")
	pick(&cfg.Model, f.model, "PROJECTCANVAS_EMBEDDINGS_MODEL")
	pick(&cfg.APIKey, "", "PROJECTCANVAS_EMBEDDINGS_KEY")
	return cfg, cfg.Check()
}
