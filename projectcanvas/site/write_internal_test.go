package site

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The manifest is written as json.MarshalIndent writes it, byte for byte:
// a site made before encode keeps its manifest unchanged.
func TestManifestEncodeIsMarshalIndent(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"nil":   nil,
		"empty": {},
		"pages": {"index.html": "ab12", "e/T-0xx/T-001.html": "cd34", "assets/site.css": "ef56"},
		"names to escape": {
			`a"b\c.html`: "<&>", "é\u2028\u2029.html": "\x00\x1f", "bad\xffutf8": "\t\n", "z": "",
		},
	} {
		assertEncodedAsMarshalIndent(t, name, manifest{Generator: generator, Files: files})
	}
}

// FuzzManifestEncode: any two names and values encode as MarshalIndent.
func FuzzManifestEncode(f *testing.F) {
	f.Add("index.html", "ab", "e/T-0xx/T-001.html", "cd")
	f.Add("<script>", "\u2028", "\xff", `"\`)
	f.Fuzz(func(t *testing.T, n1, v1, n2, v2 string) {
		assertEncodedAsMarshalIndent(t, "fuzz", manifest{Generator: n1 + v2, Files: map[string]string{n1: v1, n2: v2}})
	})
}

func assertEncodedAsMarshalIndent(t *testing.T, name string, m manifest) {
	t.Helper()
	want, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	assert.Equal(t, string(want)+"\n", string(m.encode()), name)
}
