package projectcanvas_test

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/canvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/migrate"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// dyingFS is an FS whose process "dies" after a number of changes: from
// then on no change reaches the files, as after kill -9, so the writer
// cannot undo anything itself.
type dyingFS struct {
	*memfs.FS
	mu      sync.Mutex
	left    int // changes still allowed
	changes int // changes made
}

var errDead = errors.New("the process was killed")

func (d *dyingFS) change(fn func() error) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.left == 0 {
		return errDead
	}
	if err := fn(); err != nil {
		return err
	}
	d.left--
	d.changes++
	return nil
}

func (d *dyingFS) WriteFile(name string, data []byte, want pc.Hash) error {
	return d.change(func() error { return d.FS.WriteFile(name, data, want) })
}

func (d *dyingFS) Remove(name string, want pc.Hash) error {
	return d.change(func() error { return d.FS.Remove(name, want) })
}

func (d *dyingFS) Rename(from, to string, want pc.Hash) error {
	return d.change(func() error { return d.FS.Rename(from, to, want) })
}

// crashScenario is a transaction run against a vault that dies midway.
type crashScenario struct {
	name string
	run  func(p *pc.Project) error
}

func crashScenarios() []crashScenario {
	return []crashScenario{
		{"atomic batch of creates with dependencies", func(p *pc.Project) error {
			_, err := p.Write(func(tx *pc.Tx) error {
				var prev pc.ID = "T-001"
				for i := range 8 {
					e, err := tx.Create(pc.Task, map[string]any{"title": fmt.Sprintf("step %d", i), "parent": "S-001", "depends_on": []any{string(prev)}})
					if err != nil {
						return err
					}
					prev = e.ID
				}
				return nil
			})
			return err
		}},
		{"archive with cascade", func(p *pc.Project) error {
			_, err := p.Write(func(tx *pc.Tx) error {
				_, err := tx.Archive("M-001", true, false)
				return err
			})
			return err
		}},
		{"restore", func(p *pc.Project) error {
			_, err := p.Update("T-002", pc.Change{Archived: new(false)})
			return err
		}},
		{"update across relations", func(p *pc.Project) error {
			_, err := p.Update("T-001", pc.Change{AddDependencies: []string{"T-002"}, AddTo: map[string][]string{"implements": {"F-001"}}})
			return err
		}},
		{"single create", func(p *pc.Project) error {
			_, err := p.Create(pc.Milestone, map[string]any{"title": "Gamma"})
			return err
		}},
		{"creates with their nodes on an existing canvas", func(p *pc.Project) error {
			_, err := p.Write(func(tx *pc.Tx) error {
				s, err := tx.Create(pc.Story, map[string]any{"title": "Canvas", "parent": "M-001"})
				if err != nil {
					return err
				}
				created := []*pc.Entity{s}
				for i := range 3 {
					e, err := tx.Create(pc.Task, map[string]any{"title": fmt.Sprintf("node %d", i), "parent": string(s.ID)})
					if err != nil {
						return err
					}
					created = append(created, e)
				}
				parentOf := func(e *pc.Entity) *pc.Entity { parent, _ := tx.Get(e.Parent); return parent }
				_, err = canvas.AddEntities(tx, crashCanvas, created, parentOf)
				return err
			})
			return err
		}},
		{"create with its node on a new canvas", func(p *pc.Project) error {
			_, err := p.Write(func(tx *pc.Tx) error {
				e, err := tx.Create(pc.Milestone, map[string]any{"title": "Board"})
				if err != nil {
					return err
				}
				_, err = canvas.AddEntities(tx, "boards/New.canvas", []*pc.Entity{e}, func(*pc.Entity) *pc.Entity { return nil })
				return err
			})
			return err
		}},
		{"populate and lay out the canvas", func(p *pc.Project) error {
			_, err := canvas.Update(p, crashCanvas, func(c *canvas.Canvas) error {
				canvas.Populate(c, p.Graph(), canvas.PopulateOptions{}, nil)
				canvas.Arrange(c, p.Graph())
				return nil
			})
			return err
		}},
	}
}

// crashCanvas is the canvas of the crash scenarios' vault.
const crashCanvas = "Projects.canvas"

// crashBase is the vault every scenario starts from: seeded, with T-002
// archived so that it can be restored, and a canvas holding a note of the
// user's.
func crashBase(t *testing.T) map[string]string {
	p, fsys := seeded(t)
	_, err := p.Update("T-002", pc.Change{Archived: new(true)})
	require.NoError(t, err)
	note := "{\n\t\"nodes\":[\n\t\t{\"id\":\"note\",\"type\":\"text\",\"text\":\"mine\",\"x\":0,\"y\":0,\"width\":250,\"height\":60}\n\t],\n\t\"edges\":[]\n}"
	require.NoError(t, fsys.WriteFile(crashCanvas, []byte(note), ""))
	return fsys.Files()
}

// TestCrashAtEveryStep kills each scenario's transaction after each of its
// file changes in turn and checks that the next Open leaves the vault
// exactly as it was before the transaction or after it.
func TestCrashAtEveryStep(t *testing.T) {
	base := crashBase(t)
	for _, sc := range crashScenarios() {
		t.Run(sc.name, func(t *testing.T) { crashAtEveryStep(t, base, sc, true) })
	}
}

// crashAtEveryStep kills sc's transaction on a vault of base after each of
// its file changes in turn: the next Open must find the vault byte for byte
// as before or as after, report the recovery and accept a create. clean
// says that base has no file problems, so none may be left either.
func crashAtEveryStep(t *testing.T, base map[string]string, sc crashScenario, clean bool) {
	clock := pc.WithClock(func() time.Time { return fixedNow })
	// The state after: the transaction run without a crash.
	full := &dyingFS{FS: memfs.New(base), left: -1}
	p, err := pc.Open(full, clock)
	require.NoError(t, err)
	require.NoError(t, sc.run(p))
	after := full.Files()
	require.Greater(t, full.changes, 0)
	t.Logf("%d crash points", full.changes)
	for n := 0; n < full.changes; n++ {
		d := &dyingFS{FS: memfs.New(base), left: n}
		p, err := pc.Open(d, clock)
		require.NoError(t, err)
		require.Error(t, sc.run(p), "the transaction died after %d changes", n)
		// The next process opens the same files.
		p2, err := pc.Open(d.FS, clock)
		require.NoError(t, err)
		got := d.Files()
		if !maps.Equal(got, base) && !maps.Equal(got, after) {
			t.Fatalf("killed after %d of %d changes: the vault is neither as before nor as after:\n%s", n, full.changes, diffFiles(base, got))
		}
		if n > 0 && full.changes > 1 {
			rec := p2.Recovered()
			require.Len(t, rec, 1, "killed after %d changes: recovery reported", n)
			assert.NotEmpty(t, rec[0].Started)
		}
		if clean {
			assert.Empty(t, p2.Problems(), "killed after %d changes", n)
		}
		_, err = p2.Create(pc.Decision, map[string]any{"title": "After the crash"})
		require.NoError(t, err, "a create after recovery")
	}
}

// The id repair after a merge and the migration of the old plugin's notes
// rename and rewrite several files in one write: a crash after any of
// their changes leaves the vault as before or as after.
func TestCrashAtEveryStepOfRepairAndMigration(t *testing.T) {
	p, fsys := seeded(t)
	form, err := p.Get("T-001")
	require.NoError(t, err)
	data, err := fsys.ReadFile(form.Path)
	require.NoError(t, err)
	copied := strings.Replace(string(data), "title: Form", "title: Form from a branch", 1)
	copied = regexp.MustCompile(`created_at: .*`).ReplaceAllString(copied, "created_at: 2030-01-01T00:00:00Z")
	require.NoError(t, fsys.WriteFile("Projects/tasks/T-001 Form from a branch.md", []byte(copied), ""))
	old := "---\nid: T-090\ntype: task\ntitle: Old style\nstatus: in_progress\neffort: Engineering\nparent: S-001\n---\nBody.\n"
	require.NoError(t, fsys.WriteFile("Projects/tasks/T-090 Old style.md", []byte(old), ""))
	base := fsys.Files()
	for _, sc := range []crashScenario{
		{"repair of a duplicated id", func(p *pc.Project) error {
			r, err := p.RepairIDs(true, nil)
			if err == nil && len(r.Renumbered) != 1 {
				return fmt.Errorf("renumbered %d files, want 1", len(r.Renumbered))
			}
			return err
		}},
		{"migration of an old plugin's note", func(p *pc.Project) error {
			m, err := migrate.Vault(p, true)
			if err == nil && m.Changed != 1 {
				return fmt.Errorf("migrated %d notes, want 1", m.Changed)
			}
			return err
		}},
	} {
		t.Run(sc.name, func(t *testing.T) { crashAtEveryStep(t, base, sc, false) })
	}
}

func diffFiles(want, got map[string]string) string {
	var b strings.Builder
	for name, w := range want {
		if g, ok := got[name]; !ok {
			fmt.Fprintf(&b, "missing %s\n", name)
		} else if g != w {
			fmt.Fprintf(&b, "changed %s\n", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			fmt.Fprintf(&b, "extra %s\n", name)
		}
	}
	return b.String()
}

// TestRecoveryLeavesLaterEditsAlone: a file the interrupted transaction
// wrote and someone then edited keeps the edit, and is reported.
func TestRecoveryLeavesLaterEditsAlone(t *testing.T) {
	base := crashBase(t)
	d := &dyingFS{FS: memfs.New(base), left: 3} // journal, sequence, first task
	p, err := pc.Open(d)
	require.NoError(t, err)
	require.Error(t, crashScenarios()[0].run(p))
	var edited string
	for name, data := range d.Files() {
		if _, old := base[name]; !old && strings.HasPrefix(name, "Projects/tasks/") {
			edited = name
			require.NoError(t, d.FS.WriteFile(name, []byte(data+"\nmy notes\n"), pc.HashOf([]byte(data))))
		}
	}
	require.NotEmpty(t, edited)
	p2, err := pc.Open(d.FS)
	require.NoError(t, err)
	rec := p2.Recovered()
	require.Len(t, rec, 1)
	assert.Equal(t, []string{edited}, rec[0].LeftAlone)
	assert.Contains(t, d.Files()[edited], "my notes")
	assert.Equal(t, base[".projectcanvas/sequence.json"], d.Files()[".projectcanvas/sequence.json"])
}

// TestWriteRecoversAnotherProcessJournal: a long-running project rolls back
// a journal another process left before it writes.
func TestWriteRecoversAnotherProcessJournal(t *testing.T) {
	base := crashBase(t)
	shared := memfs.New(base)
	server, err := pc.Open(shared)
	require.NoError(t, err)
	d := &dyingFS{FS: shared, left: 2}
	killed, err := pc.Open(d)
	require.NoError(t, err)
	require.Error(t, crashScenarios()[1].run(killed))
	_, err = server.Create(pc.Feature, map[string]any{"title": "Later"})
	require.NoError(t, err)
	require.Len(t, server.Recovered(), 1)
	files := shared.Files()
	for name, data := range base {
		if name != ".projectcanvas/sequence.json" { // the create counted
			assert.Equal(t, data, files[name], name)
		}
	}
	assert.NotContains(t, files, pc.JournalPath)
}

// TestFailedRecoveryKeepsTheJournal: when the rollback cannot write, the
// vault still opens for reading, the failure is reported, writes are
// refused, and the next write after the cause is gone finishes it.
func TestFailedRecoveryKeepsTheJournal(t *testing.T) {
	base := crashBase(t)
	d := &dyingFS{FS: memfs.New(base), left: 4}
	p, err := pc.Open(d)
	require.NoError(t, err)
	require.Error(t, crashScenarios()[0].run(p))
	d.FailWrite = func(op, name string) error { return errors.New("read-only disk") }
	p2, err := pc.Open(d.FS)
	require.NoError(t, err)
	rec := p2.Recovered()
	require.Len(t, rec, 1)
	assert.Contains(t, rec[0].Error, "read-only disk")
	assert.Contains(t, d.Files(), pc.JournalPath)
	_, err = p2.Create(pc.Milestone, map[string]any{"title": "Refused"})
	require.Error(t, err)
	d.FailWrite = nil
	_, err = p2.Create(pc.Milestone, map[string]any{"title": "Works"})
	require.NoError(t, err)
	files := d.Files()
	assert.NotContains(t, files, pc.JournalPath)
	for name, data := range base {
		if name != ".projectcanvas/sequence.json" && !strings.HasPrefix(name, "Projects/milestones/") {
			assert.Equal(t, data, files[name], name)
		}
	}
	assert.Len(t, files, len(base)+1)
}

// syncLog is an FS that records its changes and syncs in order.
type syncLog struct {
	*memfs.FS
	log []string
}

func (s *syncLog) WriteFile(name string, data []byte, want pc.Hash) error {
	s.log = append(s.log, "write "+name)
	return s.FS.WriteFile(name, data, want)
}

func (s *syncLog) Remove(name string, want pc.Hash) error {
	s.log = append(s.log, "remove "+name)
	return s.FS.Remove(name, want)
}

func (s *syncLog) Rename(from, to string, want pc.Hash) error {
	s.log = append(s.log, "rename "+from)
	return s.FS.Rename(from, to, want)
}

func (s *syncLog) Sync() error {
	s.log = append(s.log, "sync")
	return nil
}

// TestJournalIsSyncedBeforeAndAfterTheChanges: the intent is durable
// before the first change, every change before the journal goes.
func TestJournalIsSyncedBeforeAndAfterTheChanges(t *testing.T) {
	s := &syncLog{FS: memfs.New(crashBase(t))}
	p, err := pc.Open(s)
	require.NoError(t, err)
	require.NoError(t, crashScenarios()[2].run(p)) // restore: a move and a write
	want := []string{"write " + pc.JournalPath, "sync", "rename Projects/archive/tasks/T-002 API.md", "write Projects/tasks/T-002 API.md", "sync", "remove " + pc.JournalPath, "sync"}
	assert.Equal(t, want, s.log)
}
