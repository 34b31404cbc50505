//go:build js

package docsearch

// In WebAssembly the engine keeps no index cache: the plugin's bridge opens
// it WithCache(""), the vault is in memory and the build is its own cache.
// These stand in for cache.go, whose encoder and decoder (and the BM25
// index's) would only weigh on the .wasm, which has a size limit.

func (e *Engine) loadCache() cacheData { return cacheData{} }

// Save does nothing in WebAssembly.
func (e *Engine) Save() error { return nil }

func (e *Engine) reloadBM25(*shard, int, cacheData) bool { return false }
