package docsearch

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Config is the "embeddings" object of .projectcanvas/config.json:
//
//	{"embeddings": {"endpoint": "http://localhost:11434/v1/embeddings",
//	  "model": "nomic-embed-text", "batch_size": 32, "timeout_ms": 10000,
//	  "api_key_env": "OPENAI_API_KEY"}}
//
// Without an endpoint the built-in embedder is used. The key itself is
// never stored in the vault: api_key_env names the environment variable
// that holds it.
type Config struct {
	Endpoint  string `json:"endpoint,omitempty"`
	Model     string `json:"model,omitempty"`
	BatchSize int    `json:"batch_size,omitempty"`
	TimeoutMS int    `json:"timeout_ms,omitempty"`
	APIKeyEnv string `json:"api_key_env,omitempty"`
}

// LoadConfig reads the embeddings settings from the vault's config file.
// A missing file or key is the zero Config.
func LoadConfig(fsys pc.Files) (Config, error) {
	var file struct {
		Embeddings Config `json:"embeddings"`
	}
	data, err := fsys.ReadFile(pc.ConfigPath)
	if errors.Is(err, fs.ErrNotExist) {
		return Config{}, nil
	}
	if err != nil {
		return Config{}, err
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return Config{}, pc.Errorf(pc.CodeInvalidArgument, "%s: %v", pc.ConfigPath, err)
	}
	c := file.Embeddings
	if c.Endpoint != "" && !strings.HasPrefix(c.Endpoint, "http://") && !strings.HasPrefix(c.Endpoint, "https://") {
		return Config{}, pc.Errorf(pc.CodeInvalidArgument, "%s: embeddings.endpoint must be an http(s) URL", pc.ConfigPath)
	}
	if c.BatchSize < 0 || c.TimeoutMS < 0 {
		return Config{}, pc.Errorf(pc.CodeInvalidArgument, "%s: embeddings.batch_size and timeout_ms must not be negative", pc.ConfigPath)
	}
	return c, nil
}

// Embedder returns the embedder the config asks for: the HTTP one, sending
// through t, when an endpoint is set, the built-in one otherwise.
func (c Config) Embedder(t pc.Transport) Embedder {
	if c.Endpoint == "" {
		return NewHashEmbedder(0)
	}
	e := &HTTPEmbedder{Endpoint: c.Endpoint, Model: c.Model, BatchSize: c.BatchSize,
		Timeout: time.Duration(c.TimeoutMS) * time.Millisecond, Transport: t}
	if c.APIKeyEnv != "" {
		e.APIKey = os.Getenv(c.APIKeyEnv)
	}
	return e
}
