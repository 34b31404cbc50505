// Package vault holds the storage back ends of a Project: vault/memfs keeps
// the files in memory (tests, the WebAssembly host) and vault/osfs reads and
// writes a folder of the real file system (the native hosts). Both satisfy
// projectcanvas.FS and are checked by the same conformance suite, vaulttest.
package vault
