package projectcanvas_test

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
	"github.com/projectcanvas/projectcanvas/internal/vaultgen"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// cacheVault is the example vault, generated entities, and files that
// exercise every kind of value and decode the cache keeps or must not keep.
func cacheVault(t testing.TB) map[string]string {
	files := examplevault.Files(t)
	maps.Copy(files, map[string]string{
		"Projects/tasks/T-900 Values.md": "---\nid: T-900\ntype: task\ntitle: Values\nstatus: In Progress\narchived: true\n" +
			"estimate: 3\nratio: 0.25\nflag: false\nnothing: null\nhex: 0x1F\nneg: -7\n" +
			"tags: [a, 2, true, [x, y], {k: v}]\nowner: {name: Ada, teams: [core, web], age: 36}\n" +
			"blocks: [T-901, \"[[T-902 Other|alias]]\"]\n---\nBody $& {{title}} ---\n",
		"Projects/tasks/T-901 No title.md":   "---\nid: T-901\ntype: task\n---\n# Taken from the body\n\ntext\n",
		"Projects/tasks/T-902 Bad status.md": "---\nid: T-902\ntype: task\ntitle: Bad\nstatus: Sleeping\n---\n", // a problem: decoded each time
		"Projects/tasks/T-903 Broken.md":     "---\nid: T-903\ntype: task\ntitle: [unclosed\n---\n",
		"Projects/tasks/T-904 Dup.md":        "---\nid: T-900\ntype: task\ntitle: Dup\n---\n",
		"Notes/plain.md":                     "# A note\n\nno front matter\n",
		"Notes/claims.md":                    "---\nid: X-1\n---\n",
		"Notes/typed.md":                     "---\ntype: recipe\n---\nsoup\n",
	})
	return files
}

// indexOf is what a project's index holds, as callers see it.
type indexOf struct {
	all      []pc.Entity
	problems []pc.Problem
	search   []pc.TextHit
}

func stateOf(t testing.TB, p *pc.Project) indexOf {
	var s indexOf
	for _, e := range p.All() {
		s.all = append(s.all, *e)
	}
	s.problems = p.Problems()
	s.search = p.SearchText("release review values body", 50, nil)
	return s
}

func openCached(t testing.TB, files map[string]string, cache []byte, key string) *pc.Project {
	t.Helper()
	p, err := pc.Open(memfs.New(files), pc.WithIndexCache(cache, key))
	require.NoError(t, err)
	return p
}

func TestIndexCacheGivesWhatDecodingGives(t *testing.T) {
	t.Run("examples", func(t *testing.T) { testIndexCacheGives(t, cacheVault(t), 3) })
	t.Run("generated", func(t *testing.T) { testIndexCacheGives(t, vaultgen.Files(500), 0) })
}

// testIndexCacheGives checks that files decode from the cache as from
// their bytes, and that only `decoded` files are decoded again.
func testIndexCacheGives(t *testing.T, files map[string]string, decoded int) {
	plain, err := pc.Open(memfs.New(files))
	require.NoError(t, err)
	want := stateOf(t, plain)

	first := openCached(t, files, nil, "core-1")
	assert.Equal(t, want, stateOf(t, first))
	assert.Zero(t, first.IndexCacheStats().Restored)
	assert.True(t, first.IndexCacheStats().Stale, "no cache: one is worth saving")
	cache := first.IndexCache()
	require.NotEmpty(t, cache)

	second := openCached(t, files, cache, "core-1")
	assert.Equal(t, want, stateOf(t, second), "restored from the cache, the index is the one decoding gives")
	stats := second.IndexCacheStats()
	assert.Empty(t, stats.Ignored)
	// Files with problems (a bad status, broken YAML, a duplicate id) are
	// decoded again; every other markdown file comes from the cache.
	assert.Equal(t, decoded, stats.Decoded, "%+v", stats)
	assert.Greater(t, stats.Restored, 50)
	assert.Equal(t, cache, second.IndexCache(), "a cache used whole is made again byte for byte")
	assert.False(t, stats.Stale)
}

func TestIndexCacheTakesOnlyFilesAsTheyWere(t *testing.T) {
	files := cacheVault(t)
	cache := openCached(t, files, nil, "k").IndexCache()
	// Same size, other bytes: the CRC differs, the file is decoded.
	files["Projects/tasks/T-900 Values.md"] = replaceOnce(files["Projects/tasks/T-900 Values.md"], "In Progress", "Not Started")
	// A note that became an entity, and a file that was not there.
	files["Notes/plain.md"] = "---\nid: T-950\ntype: task\ntitle: Promoted\n---\n"
	files["Projects/tasks/T-960 New.md"] = "---\nid: T-960\ntype: task\ntitle: New\n---\n"
	delete(files, "Projects/tasks/T-901 No title.md")

	plain, err := pc.Open(memfs.New(files))
	require.NoError(t, err)
	p := openCached(t, files, cache, "k")
	assert.Equal(t, stateOf(t, plain), stateOf(t, p))
	e, err := p.Get("T-900")
	require.NoError(t, err)
	assert.Equal(t, pc.Status("Not Started"), e.Status)
	assert.Equal(t, 3+3, p.IndexCacheStats().Decoded, "the problems, and the three changed or new files")
	assert.True(t, p.IndexCacheStats().Stale)
	delete(files, "Projects/tasks/T-960 New.md")
	files["Projects/tasks/T-900 Values.md"] = replaceOnce(files["Projects/tasks/T-900 Values.md"], "Not Started", "In Progress")
	files["Notes/plain.md"] = "# A note\n\nno front matter\n"
	assert.True(t, openCached(t, files, cache, "k").IndexCacheStats().Stale, "a file gone")
}

func TestIndexCacheIgnoredWhole(t *testing.T) {
	files := cacheVault(t)
	cache := openCached(t, files, nil, "k").IndexCache()
	flipped := append([]byte(nil), cache...)
	flipped[len(flipped)/2] ^= 1
	for _, tc := range []struct {
		name, key, why string
		cache          []byte
	}{
		{"another key", "other", "made by another version of the core", cache},
		{"a flipped bit", "k", "its checksum does not match", flipped},
		{"cut short", "k", "its checksum does not match", cache[:len(cache)-100]},
		{"not a cache", "k", "not an index cache of this version", []byte("{\"version\":1}")},
		{"a checksum over garbage", "k", "malformed", sealed("PCIX1\n\x01k\xff\xff\xff\xff\x0f")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := openCached(t, files, tc.cache, tc.key)
			stats := p.IndexCacheStats()
			assert.Equal(t, tc.why, stats.Ignored)
			assert.Zero(t, stats.Restored)
			plain, err := pc.Open(memfs.New(files))
			require.NoError(t, err)
			assert.Equal(t, stateOf(t, plain), stateOf(t, p))
			assert.Equal(t, openCached(t, files, nil, tc.key).IndexCache(), p.IndexCache(), "a new cache is made all the same")
		})
	}
}

// An entity a transaction wrote is not a decode: it is decoded from its
// file at the next start, which gives what a fresh open gives.
func TestIndexCacheAfterWritesAndEvents(t *testing.T) {
	files := cacheVault(t)
	fsys := memfs.New(files)
	p, err := pc.Open(fsys, pc.WithIndexCache(nil, "k"))
	require.NoError(t, err)
	_, err = p.Update("T-900", pc.Change{Data: map[string]any{"title": "Renamed by a tool"}})
	require.NoError(t, err)
	created, err := p.Create(pc.Task, map[string]any{"title": "Made by a tool", "parent": "S-001"})
	require.NoError(t, err)
	// A hand edit, seen as an event.
	old, err := fsys.ReadFile("Notes/plain.md")
	require.NoError(t, err)
	require.NoError(t, fsys.WriteFile("Notes/plain.md", []byte("---\nid: T-970\ntype: task\ntitle: By hand\n---\n"), pc.HashOf(old)))
	require.NoError(t, p.Refresh("Notes/plain.md"))
	cache := p.IndexCache()

	now := filesOf(t, fsys)
	fresh, err := pc.Open(memfs.New(now))
	require.NoError(t, err)
	again := openCached(t, now, cache, "k")
	assert.Equal(t, stateOf(t, fresh), stateOf(t, again))
	got, err := again.Get(string(created.ID))
	require.NoError(t, err)
	assert.Equal(t, "Made by a tool", got.Title)
	assert.Equal(t, 3+2, again.IndexCacheStats().Decoded, "the problems, and the two files the tools wrote; the hand edit seen through Refresh is kept")
}

func TestIndexCacheNotKeptWithoutTheOption(t *testing.T) {
	p, err := pc.Open(memfs.New(cacheVault(t)))
	require.NoError(t, err)
	assert.Nil(t, p.IndexCache())
	assert.Equal(t, pc.IndexCacheStats{}, p.IndexCacheStats())
}

// FuzzIndexCache: whatever a cache holds, Open neither fails nor panics,
// and every entity it puts has an id and type a file could have. A cache
// whose checksum is right may lie about a file's decode (the checksum and
// the key are what it is trusted on); one that is not right is ignored.
func FuzzIndexCache(f *testing.F) {
	files := map[string]string{
		"Projects/tasks/T-001 A.md": "---\nid: T-001\ntype: task\ntitle: A\ntags: [x, {k: 1.5}]\n---\nbody\n",
		"Projects/tasks/T-002 B.md": "---\nid: T-002\ntype: task\ntitle: B\nparent: S-001\nblocks: [T-001]\n---\n",
		"Notes/n.md":                "note\n",
	}
	cache := openCached(f, files, nil, "k").IndexCache()
	f.Add(cache, false)
	f.Add(cache[:len(cache)-4], true)
	f.Add([]byte("PCIX1\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, seal bool) {
		if seal {
			data = sealed(string(data))
		}
		p, err := pc.Open(memfs.New(files), pc.WithIndexCache(data, "k"))
		require.NoError(t, err)
		for _, e := range p.All() {
			id, typ, _, err := pc.ParseID(string(e.ID))
			require.NoError(t, err)
			require.Equal(t, e.ID, id)
			require.Equal(t, e.Type, typ)
		}
		_ = p.IndexCache()
	})
}

// sealed appends the CRC-32C a cache ends with.
func sealed(body string) []byte {
	b := []byte(body)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crc32.MakeTable(crc32.Castagnoli)))
}

func replaceOnce(s, old, new string) string {
	if !strings.Contains(s, old) {
		panic("not found: " + old)
	}
	return strings.Replace(s, old, new, 1)
}

// IndexCache may be asked while writes and refreshes run (the plugin saves
// it in the background): run under -race.
func TestIndexCacheWhileWriting(t *testing.T) {
	fsys := memfs.New(cacheVault(t))
	p, err := pc.Open(fsys, pc.WithIndexCache(nil, "k"))
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 20 {
			_, err := p.Update("T-900", pc.Change{Data: map[string]any{"title": fmt.Sprintf("Title %d", i)}})
			assert.NoError(t, err)
			assert.NoError(t, p.Refresh("Notes/plain.md"))
		}
	}()
	for range 20 {
		_ = p.IndexCache()
	}
	<-done
	again := openCached(t, filesOf(t, fsys), p.IndexCache(), "k")
	e, err := again.Get("T-900")
	require.NoError(t, err)
	assert.Equal(t, "Title 19", e.Title)
}

// filesOf reads every file of fsys back into a map.
func filesOf(t testing.TB, fsys *memfs.FS) map[string]string {
	out := map[string]string{}
	require.NoError(t, fsys.Walk(func(name string) error {
		data, err := fsys.ReadFile(name)
		out[name] = string(data)
		return err
	}))
	return out
}

// A cache forged with the right CRCs (a teammate can write the plugin's
// folder) restores nothing that decoding the file could not give: a title,
// status or relation the file does not hold, or a title with control or
// bidi characters, makes the file be decoded from its bytes instead.
func TestForgedIndexCacheEntriesAreNotRestored(t *testing.T) {
	files := cacheVault(t)
	plain, err := pc.Open(memfs.New(files))
	require.NoError(t, err)
	want := stateOf(t, plain)
	cache := string(openCached(t, files, nil, "k").IndexCache())
	body := cache[:len(cache)-4]
	for _, forge := range []struct{ what, old, new string }{
		{"a title the file does not hold", "\x06Values", "\x06Hacked"},
		{"a title with a newline", "\x06Values", "\x06Va\nues"},
		{"a title with a bidi override", "\x06Values", "\x06V\u202eue"},
		{"a status outside the lifecycle", "\x0bIn Progress", "\x0bIn Progres!"},
		{"a relation the file does not hold", "T-901", "T-999"},
	} {
		t.Run(forge.what, func(t *testing.T) {
			p := openCached(t, files, sealed(replaceOnce(body, forge.old, forge.new)), "k")
			assert.Empty(t, p.IndexCacheStats().Ignored, "the CRCs are right: the cache is opened")
			assert.Equal(t, want, stateOf(t, p), "the disk's truth")
			assert.GreaterOrEqual(t, p.IndexCacheStats().Decoded, 4, "the forged file was decoded (besides the 3 with problems)")
		})
	}
}
