package docsearch

import (
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Config says where document search sends text to be embedded: an
// OpenAI-compatible endpoint, its model and key. It is the person's
// setting, never the vault's: a vault arrives from other people (git,
// Syncthing, Obsidian Sync), and a file in it that could name an endpoint
// or a key would send this person's notes, and their secret, wherever a
// teammate chose. Hosts fill it from what only the person at this machine
// controls: the CLI from its flags, $PROJECTCANVAS_EMBEDDINGS_URL,
// $PROJECTCANVAS_EMBEDDINGS_MODEL, $PROJECTCANVAS_EMBEDDINGS_KEY and a
// user-level config file outside the vault; the editor plugin from its
// device-local settings. docs/SECURITY.md has the whole rule.
//
// The zero Config is the built-in embedder: nothing leaves the machine.
type Config struct {
	Endpoint  string `json:"endpoint,omitempty"` // full URL, e.g. http://localhost:11434/v1/embeddings
	Model     string `json:"model,omitempty"`
	BatchSize int    `json:"batch_size,omitempty"`
	TimeoutMS int    `json:"timeout_ms,omitempty"`
	APIKey    string `json:"api_key,omitempty"` // sent as a Bearer token to Endpoint only
	// Stores gives the device's store of the endpoint's vectors for a
	// name (VectorCacheName: natively a file of the person's cache folder,
	// package vecfile), and Vault names the vault in it (its absolute
	// path). The host sets both; no file sets them. Without Stores the
	// vectors are kept for the process only.
	Stores func(name string) VectorStore `json:"-"`
	Vault  string                        `json:"-"`
}

// Check refuses a config that cannot be used: an endpoint that is no
// http(s) URL, negative sizes.
func (c Config) Check() error {
	if c.Endpoint != "" && !strings.HasPrefix(c.Endpoint, "http://") && !strings.HasPrefix(c.Endpoint, "https://") {
		return pc.Errorf(pc.CodeInvalidArgument, "embeddings endpoint %q must be an http(s) URL", pc.Echo(c.Endpoint)).With("field", "endpoint")
	}
	if c.BatchSize < 0 || c.TimeoutMS < 0 {
		return pc.Errorf(pc.CodeInvalidArgument, "embeddings batch_size and timeout_ms must not be negative")
	}
	return nil
}

// OwnModel returns the person's own model the config names, nil for none: an
// HTTP embedder sending through t, its vectors kept on the device (see
// CachedEmbedder; in the store Stores gives, when set).
func (c Config) OwnModel(t pc.Transport) *CachedEmbedder {
	if c.Endpoint == "" {
		return nil
	}
	inner := &HTTPEmbedder{Endpoint: c.Endpoint, Model: c.Model, BatchSize: c.BatchSize,
		Timeout: time.Duration(c.TimeoutMS) * time.Millisecond, Transport: t, APIKey: c.APIKey}
	m := &CachedEmbedder{Inner: inner}
	if c.Stores != nil {
		m.Store = c.Stores(VectorCacheName(c.Vault, c.Endpoint, c.Model))
	}
	return m
}

// Option is the option adding the config's model to the built-in search
// (WithModel), for New and Open; the HTTP embedder sends through t, the
// host's transport. Without an endpoint it changes nothing.
func (c Config) Option(t pc.Transport) (Option, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if m := c.OwnModel(t); m != nil {
		return WithModel(m), nil
	}
	return func(*Engine) {}, nil
}

// IgnoredVaultSettings lists the settings of the vault's
// .projectcanvas/config.json that an earlier version obeyed and this one
// ignores (an "embeddings" object: endpoint, model, api_key_env), so that
// validate_project can say they have no effect and where the setting
// belongs now. A missing or unreadable file lists nothing: the project's
// own reading of it reports those.
func IgnoredVaultSettings(fsys pc.Files) []string {
	data, err := fsys.ReadFile(pc.ConfigPath)
	if errors.Is(err, fs.ErrNotExist) || err != nil {
		return nil
	}
	var file struct {
		Embeddings json.RawMessage `json:"embeddings"`
	}
	if json.Unmarshal(data, &file) != nil || len(file.Embeddings) == 0 || string(file.Embeddings) == "null" {
		return nil
	}
	return []string{"embeddings"}
}
