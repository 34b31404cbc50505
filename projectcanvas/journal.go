package projectcanvas

// The journal protocol that makes multi-file writes crash-safe is
// described in the package documentation (doc.go, "Crash safety").

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"
)

// JournalPath is where a transaction that changes several files records its
// intent while it runs.
const JournalPath = ".projectcanvas/journal.json"

// journal is the content of JournalPath.
type journal struct {
	Version int         `json:"version"`
	Started string      `json:"started"`
	Ops     []journalOp `json:"ops"`
}

// journalOp is one file operation of a transaction with what undoes it.
type journalOp struct {
	Op   string `json:"op"` // write, remove, move
	Path string `json:"path"`
	To   string `json:"to,omitempty"` // move: the new path
	// Before is the content of Path before the operation, unless Absent.
	Before []byte `json:"before,omitempty"`
	Absent bool   `json:"absent,omitempty"`
	// After is the hash of the content a write puts at Path.
	After Hash `json:"after,omitempty"`
}

// Recovery reports what was done, on Open or before a write, about a
// transaction that a killed process left unfinished, and about temporary
// files of interrupted writes.
type Recovery struct {
	// Started is when the interrupted transaction began (RFC 3339), empty
	// when there was none (only temporary files).
	Started string `json:"started,omitempty"`
	// RolledBack lists the files put back as they were before it.
	RolledBack []string `json:"rolled_back,omitempty"`
	// LeftAlone lists files it had touched that someone changed since;
	// they were kept as they are.
	LeftAlone []string `json:"left_alone,omitempty"`
	// TempRemoved lists the temporary files that were deleted.
	TempRemoved []string `json:"temp_removed,omitempty"`
	// Ignored, when set, says why the journal found was not rolled back:
	// it names files no transaction of this program writes (a path out of
	// the vault, into .obsidian or .git, the journal itself...), so it was
	// not written by one. A journal is data, never orders: such a file is
	// left as it is until the next write moves it aside to
	// .projectcanvas/journal.rejected-<time>.json, for a person to read.
	Ignored string `json:"ignored,omitempty"`
	// Error, when set, says why the rollback could not finish (a file
	// that cannot be written, say). The journal is kept, reads work, and
	// every write retries the rollback first and fails while it fails.
	Error string `json:"error,omitempty"`
}

// Recovered lists what the project did to recover from interrupted writes
// since it was opened; usually nothing. Hosts print it.
func (p *Project) Recovered() []Recovery {
	p.recMu.Lock()
	defer p.recMu.Unlock()
	return slices.Clone(p.recovered)
}

// journalOps turns a commit plan into its journal entries.
func journalOps(plan []write) []journalOp {
	ops := make([]journalOp, len(plan))
	for i, w := range plan {
		op := journalOp{Op: "write", Path: w.name, Before: w.undo, Absent: w.undo == nil, After: HashOf(w.data)}
		switch {
		case w.to != "":
			op = journalOp{Op: "move", Path: w.name, To: w.to, Before: w.undo}
		case w.removes:
			op = journalOp{Op: "remove", Path: w.name, Before: w.undo}
		}
		ops[i] = op
	}
	return ops
}

// apply runs the writes in order. A plan of more than one write is
// journaled (see the package's journal protocol). When a write fails, the
// ones done are undone.
func (p *Project) apply(plan []write) error {
	ops := journalOps(plan)
	journaled := len(plan) > 1
	var jhash Hash
	if journaled {
		data, err := json.Marshal(journal{Version: 1, Started: p.now().UTC().Format(time.RFC3339Nano), Ops: ops})
		if err != nil {
			return Errorf(CodeInternal, "recording the journal: %v", err)
		}
		err = p.fs.WriteFile(JournalPath, data, "")
		if err == nil {
			err = syncFS(p.fs) // the intent is on disk before any change
		}
		if err != nil {
			return Errorf(CodeInternal, "recording the journal %s: %v", JournalPath, err)
		}
		jhash = HashOf(data)
	}
	for i, w := range plan {
		var err error
		switch {
		case w.to != "":
			err = p.fs.Rename(w.name, w.to, w.want)
		case w.removes:
			err = p.fs.Remove(w.name, w.want)
		default:
			err = p.fs.WriteFile(w.name, w.data, w.want)
		}
		if err == nil && i == len(plan)-1 {
			err = syncFS(p.fs) // every change is on disk before the journal goes
			if err == nil && journaled {
				if err = p.fs.Remove(JournalPath, jhash); err == nil {
					err = syncFS(p.fs)
				}
			}
		}
		if err != nil {
			// An operation refused (conflict, invalid path) did nothing;
			// any other failure may come after the change (syncing the
			// folder), so that operation is undone too: undoing one that
			// did not happen does nothing.
			done := i + 1
			if c := ErrorCode(err); c == CodeConflict || c == CodeInvalidArgument {
				done = i
			}
			return p.abandon(ops[:done], journaled, jhash, w.name, err)
		}
	}
	return nil
}

// abandon undoes the operations done of a transaction whose write of name
// failed with err, removes its journal, and says what happened.
func (p *Project) abandon(done []journalOp, journaled bool, jhash Hash, name string, err error) error {
	_, left, rbErr := p.rollback(done)
	if rbErr != nil {
		return Errorf(CodeInternal, "writing %s failed (%v) and undoing the earlier writes failed too: %v", name, err, rbErr)
	}
	if journaled {
		rmErr := syncFS(p.fs)
		if rmErr == nil {
			rmErr = p.fs.Remove(JournalPath, jhash)
		}
		if rmErr != nil && !errors.Is(rmErr, fs.ErrNotExist) {
			return Errorf(CodeInternal, "writing %s failed (%v); the files are restored but the journal could not be removed: %v", name, err, rmErr)
		}
	}
	if len(left) > 0 {
		// Someone saved files this transaction had written: their saves
		// are kept, whatever they hold.
		return Errorf(CodeConflict, "writing %s failed (%v); %s changed on disk meanwhile and kept as saved, the rest was undone",
			name, err, joinPaths(left)).With("paths", left)
	}
	if c := ErrorCode(err); c == CodeConflict || c == CodeInvalidArgument {
		return err
	}
	return Errorf(CodeInternal, "writing %s failed; nothing was changed: %v", name, err).With("path", name)
}

func joinPaths(paths []string) string {
	return strings.Join(paths, ", ")
}

// rollback undoes journaled operations in reverse order. Each file is put
// back where it holds what the operation left there; one that holds
// anything else was changed by someone else and is left alone.
func (p *Project) rollback(ops []journalOp) (restored, leftAlone []string, err error) {
	var errs []error
	for i := len(ops) - 1; i >= 0; i-- {
		op := ops[i]
		did, left, err := p.undoOp(op)
		if ErrorCode(err) == CodeConflict {
			// Saved by someone between the check and the undo: keep it.
			did, left, err = false, op.Path, nil
		}
		if err != nil {
			errs = append(errs, err)
		}
		if did {
			restored = append(restored, op.Path)
		}
		if left != "" {
			leftAlone = append(leftAlone, left)
		}
	}
	return restored, leftAlone, errors.Join(errs...)
}

// undoOp undoes one operation if it happened. It reports whether it put a
// file back, or the path it left alone because someone changed it.
func (p *Project) undoOp(op journalOp) (restored bool, leftAlone string, err error) {
	cur, exists, err := p.readState(op.Path)
	if err != nil {
		return false, "", err
	}
	before := HashOf(op.Before)
	asBefore := exists != op.Absent && (op.Absent || HashOf(cur) == before)
	switch op.Op {
	case "write":
		switch {
		case asBefore, !exists && !op.Absent:
			// Not done, or (after a move) the move was not done either.
			return false, "", nil
		case exists && HashOf(cur) == op.After && op.Absent:
			return true, "", p.fs.Remove(op.Path, op.After)
		case exists && HashOf(cur) == op.After:
			return true, "", p.fs.WriteFile(op.Path, op.Before, op.After)
		}
	case "remove":
		switch {
		case asBefore:
			return false, "", nil
		case !exists:
			return true, "", p.fs.WriteFile(op.Path, op.Before, "")
		}
	case "move":
		dst, dstExists, err := p.readState(op.To)
		if err != nil {
			return false, "", err
		}
		switch {
		case exists && HashOf(cur) == before && !dstExists:
			return false, "", nil
		case !exists && dstExists && HashOf(dst) == before:
			return true, "", p.fs.Rename(op.To, op.Path, before)
		case !exists && dstExists:
			return false, op.To, nil
		}
	}
	return false, op.Path, nil
}

// readState reads a file, telling a missing file from an error. A path
// the FS refuses (invalid_argument: outside the vault) holds nothing the
// transaction could have written.
func (p *Project) readState(name string) (data []byte, exists bool, err error) {
	data, err = p.fs.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) || ErrorCode(err) == CodeInvalidArgument {
		return nil, false, nil
	}
	return data, err == nil, err
}

// recoverOnOpen finishes what interrupted writes left: a journal or
// temporary files. It takes the vault lock only when there is something to
// do, so that opening a vault writes nothing (a read-only vault opens).
// When the FS is a Scanner and there was nothing to do, it returns the
// markdown files of the vault, listed by the same walk (never nil then),
// for Open to index.
func (p *Project) recoverOnOpen() (names []string, err error) {
	_, jerr := p.fs.ReadFile(JournalPath)
	var temps []string
	var terr error
	if s, ok := p.fs.(Scanner); ok {
		listed := markdownNames{md: []string{}, seen: p.seen}
		temps, terr = s.Scan(listed.add)
		names = listed.md
	} else {
		temps, terr = p.fs.TempFiles()
	}
	if errors.Is(jerr, fs.ErrNotExist) && terr == nil && len(temps) == 0 {
		return names, nil
	}
	return nil, p.recoverLeftovers()
}

// recoverLeftovers is recoverOnOpen's work once something was found.
func (p *Project) recoverLeftovers() error {
	unlock, err := p.fs.Lock()
	if err != nil {
		return Errorf(CodeInternal, "locking the vault to recover from an interrupted write: %v", err)
	}
	defer unlock()
	rec, err := p.recoverJournal()
	if err != nil {
		rec.Error = err.Error()
	}
	temps, err := p.fs.TempFiles()
	if err != nil {
		return Errorf(CodeInternal, "listing temporary files: %v", err)
	}
	for _, name := range temps {
		data, err := p.fs.ReadFile(name)
		if err == nil {
			err = p.fs.Remove(name, HashOf(data))
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return Errorf(CodeInternal, "removing the temporary file %s: %v", name, err)
		}
		rec.TempRemoved = append(rec.TempRemoved, name)
	}
	p.noteRecovery(rec)
	return nil
}

// recoverJournal rolls back the transaction recorded in the journal, if
// any. The caller holds the vault lock.
func (p *Project) recoverJournal() (Recovery, error) {
	data, err := p.fs.ReadFile(JournalPath)
	if errors.Is(err, fs.ErrNotExist) {
		return Recovery{}, nil
	}
	if err != nil {
		return Recovery{}, Errorf(CodeInternal, "reading the journal %s: %v", JournalPath, err)
	}
	var j journal
	if err := json.Unmarshal(data, &j); err != nil || j.Version != 1 {
		// The journal is written atomically, so it is whole or absent:
		// this one was not written by this program.
		return Recovery{}, Errorf(CodeInternal, "the journal %s of an interrupted write is unreadable (%v); move it away to open the vault", JournalPath, err)
	}
	rec := Recovery{Started: j.Started}
	if j.Started == "" {
		rec.Started = "unknown"
	}
	if why := implausible(j); why != "" {
		rec.Ignored = why
		return rec, nil
	}
	rec.RolledBack, rec.LeftAlone, err = p.rollback(j.Ops)
	if err == nil {
		err = syncFS(p.fs) // the rollback is on disk before the journal goes
	}
	if err != nil {
		return rec, Errorf(CodeInternal, "rolling back the interrupted write of %s: %v", j.Started, err)
	}
	if err := p.fs.Remove(JournalPath, HashOf(data)); err != nil {
		return rec, Errorf(CodeInternal, "removing the journal %s: %v", JournalPath, err)
	}
	return rec, syncFS(p.fs)
}

// recoverBeforeWrite rolls back a journal that another process, killed
// while writing, left behind since this project was opened, or moves aside
// one that no transaction wrote (see Recovery.Ignored), which would
// otherwise stand in the way of this write's own journal. The caller holds
// the vault lock.
func (p *Project) recoverBeforeWrite() error {
	rec, err := p.recoverJournal()
	if err != nil || rec.Started == "" {
		return err
	}
	if rec.Ignored != "" {
		moved, err := p.setAside()
		if err != nil {
			return err
		}
		rec.Ignored += "; moved to " + moved
	}
	p.noteRecovery(rec)
	for _, name := range append(rec.RolledBack, rec.LeftAlone...) {
		_ = p.Refresh(name)
	}
	return nil
}

// MaxJournalOps bounds the operations a journal may list: far more than
// any transaction writes (a batch of 1,000 creates with its canvas and
// bookkeeping), far fewer than a hostile file could ask for.
const MaxJournalOps = 20_000

// implausible says why a journal cannot have been written by a transaction
// of this program, or "". Only then is it rolled back: a journal that
// arrives with the vault (synced, merged, handed over by the editor) could
// otherwise make the next innocent write "restore" any file anywhere.
func implausible(j journal) string {
	if len(j.Ops) > MaxJournalOps {
		return fmt.Sprintf("it lists %d operations; transactions write at most %d", len(j.Ops), MaxJournalOps)
	}
	for i, op := range j.Ops {
		paths := []string{op.Path}
		switch op.Op {
		case "write", "remove":
		case "move":
			paths = append(paths, op.To)
		default:
			return fmt.Sprintf("operation %d is %.20q, not write, remove or move", i, op.Op)
		}
		for _, name := range paths {
			if why := transactionWrites(name); why != "" {
				shown := name
				if len(shown) > 100 {
					shown = shown[:100] + "..."
				}
				return fmt.Sprintf("operation %d names %q, %s", i, shown, why)
			}
		}
	}
	return ""
}

// transactionWrites says why no transaction writes the file name, or "".
// Transactions write entity files, canvases and other vault files the
// project may write (CheckWritable), and bookkeeping under
// .projectcanvas/ other than the files kept outside transactions.
func transactionWrites(name string) string {
	if err := CheckWritable(name); err != nil {
		return "which " + strings.TrimPrefix(AsError(err).Message, fmt.Sprintf("path %q ", name))
	}
	switch {
	case name == JournalPath || name == OwnFolder+"/lock" || name == OwnFolder+"/token" ||
		strings.HasPrefix(name, OwnFolder+"/cache/") || strings.HasPrefix(name, OwnFolder+"/journal."):
		return "a file no transaction writes"
	}
	return ""
}

// setAside moves an ignored journal out of the way of the next one,
// keeping it for a person to read, and returns where it went.
func (p *Project) setAside() (string, error) {
	data, err := p.fs.ReadFile(JournalPath)
	if err != nil {
		return "", Errorf(CodeInternal, "reading the ignored journal %s: %v", JournalPath, err)
	}
	to := OwnFolder + "/journal.rejected-" + p.now().UTC().Format("20060102T150405.000000000Z") + ".json"
	if err := p.fs.Rename(JournalPath, to, HashOf(data)); err != nil {
		return "", Errorf(CodeInternal, "moving the ignored journal %s aside: %v", JournalPath, err)
	}
	return to, syncFS(p.fs)
}

func (p *Project) noteRecovery(rec Recovery) {
	if rec.Started == "" && len(rec.TempRemoved) == 0 && rec.Error == "" {
		return
	}
	p.recMu.Lock()
	p.recovered = append(p.recovered, rec)
	p.recMu.Unlock()
}
