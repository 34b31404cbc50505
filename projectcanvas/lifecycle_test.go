package projectcanvas_test

import (
	"fmt"
	"testing"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// allowedMoves restates the transition rules of the design, independently of
// the implementation's tables, so that a change to either is caught.
var allowedMoves = map[pc.Type]map[string]bool{
	pc.Milestone: workMoves, pc.Story: workMoves, pc.Task: workMoves,
	pc.Decision: {
		"Pending>Decided": true, "Decided>Superseded": true, "Decided>Pending": true,
	},
	pc.Document: {
		"Draft>Review": true, "Review>Draft": true, "Review>Approved": true,
		"Approved>Superseded": true, "Approved>Draft": true,
	},
	pc.Feature: {
		"Planned>In Progress": true, "Planned>Deferred": true,
		"In Progress>Complete": true, "In Progress>Deferred": true, "In Progress>Planned": true,
		"Deferred>Planned": true, "Complete>In Progress": true,
	},
}

var workMoves = map[string]bool{
	"Not Started>In Progress": true, "Not Started>Blocked": true, "Not Started>Deferred": true,
	"In Progress>Completed": true, "In Progress>Blocked": true, "In Progress>Not Started": true, "In Progress>Deferred": true,
	"Blocked>In Progress": true, "Blocked>Not Started": true,
	"Completed>In Progress": true,
	"Deferred>Not Started":  true, "Deferred>In Progress": true,
}

func TestEveryStatusPair(t *testing.T) {
	for _, typ := range pc.Types {
		for _, from := range pc.Statuses(typ) {
			for _, to := range pc.Statuses(typ) {
				want := from == to || allowedMoves[typ][fmt.Sprintf("%s>%s", from, to)]
				if got := pc.CanTransition(typ, from, to); got != want {
					t.Errorf("%s: %s -> %s allowed = %v, want %v", typ, from, to, got, want)
				}
			}
		}
	}
}

func TestParseStatus(t *testing.T) {
	tests := []struct {
		typ  pc.Type
		in   string
		want pc.Status
	}{
		{pc.Task, "in progress", pc.InProgress},
		{pc.Task, "IN-PROGRESS", pc.InProgress},
		{pc.Task, "in_progress", pc.InProgress},
		{pc.Task, "wip", pc.InProgress},
		{pc.Task, "doing", pc.InProgress},
		{pc.Task, "todo", pc.NotStarted},
		{pc.Task, "not-started", pc.NotStarted},
		{pc.Task, "done", pc.Completed},
		{pc.Task, "complete", pc.Completed},
		{pc.Task, "Completed", pc.Completed},
		{pc.Task, "on hold", pc.Deferred},
		{pc.Task, "planned", pc.NotStarted},
		{pc.Feature, "done", pc.Complete},
		{pc.Feature, "completed", pc.Complete},
		{pc.Feature, "todo", pc.Planned},
		{pc.Feature, "wip", pc.InProgress},
		{pc.Decision, "done", pc.Decided},
		{pc.Decision, "accepted", pc.Decided},
		{pc.Decision, "todo", pc.Pending},
		{pc.Document, "in review", pc.Review},
		{pc.Document, "done", pc.Approved},
		{pc.Milestone, "  Blocked ", pc.Blocked},
	}
	for _, tt := range tests {
		got, err := pc.ParseStatus(tt.typ, tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseStatus(%s, %q) = %q, %v; want %q", tt.typ, tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []struct {
		typ pc.Type
		in  string
	}{{pc.Task, "Decided"}, {pc.Feature, "Blocked"}, {pc.Decision, "wip"}, {pc.Task, ""}, {pc.Task, "nonsense"}} {
		if _, err := pc.ParseStatus(bad.typ, bad.in); pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf("ParseStatus(%s, %q) error = %v, want invalid_argument", bad.typ, bad.in, err)
		}
	}
}

func TestParsePriority(t *testing.T) {
	for in, want := range map[string]pc.Priority{
		"P0": "P0", "p1": "P1", "Critical": "P0", "high": "P1", "Medium": "P2", "LOW": "P3", "P4": "P4", "2": "P2", "P5": "P5", "p9": "P9",
	} {
		if got, err := pc.ParsePriority(in); err != nil || got != want {
			t.Errorf("ParsePriority(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"P10", "Q1", "urgentish", ""} {
		if _, err := pc.ParsePriority(bad); pc.ErrorCode(err) != pc.CodeInvalidArgument {
			t.Errorf("ParsePriority(%q) error = %v, want invalid_argument", bad, err)
		}
	}
}

func TestNormalizeWorkstream(t *testing.T) {
	for in, want := range map[string]string{
		"Infrastructure": "infra", "ops": "infra", "DevOps": "infra", "eng": "engineering", "dev": "engineering",
		"UX": "design", "ui": "design", "Engineering": "engineering", "  Data   Science ": "data science",
	} {
		if got := pc.NormalizeWorkstream(in); got != want {
			t.Errorf("NormalizeWorkstream(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIDs(t *testing.T) {
	tests := []struct {
		typ  pc.Type
		n    int
		want pc.ID
	}{
		{pc.Milestone, 1, "M-001"}, {pc.Story, 42, "S-042"}, {pc.Task, 999, "T-999"}, {pc.Task, 1000, "T-1000"},
		{pc.Decision, 7, "DEC-007"}, {pc.Document, 12, "DOC-012"}, {pc.Feature, 3, "F-003"},
	}
	for _, tt := range tests {
		if got := pc.NewID(tt.typ, tt.n); got != tt.want {
			t.Errorf("NewID(%s, %d) = %s, want %s", tt.typ, tt.n, got, tt.want)
		}
		id, typ, n, err := pc.ParseID(string(tt.want))
		if err != nil || id != tt.want || typ != tt.typ || n != tt.n {
			t.Errorf("ParseID(%s) = %s %s %d %v", tt.want, id, typ, n, err)
		}
	}
	if id, _, _, err := pc.ParseID("t-004"); err != nil || id != "T-004" {
		t.Errorf("ParseID(t-004) = %s, %v; want T-004", id, err)
	}
	for _, bad := range []string{"", "T-4", "T-04", "X-001", "T001", "T--01", "T-00a", "DEC-", "M-+01", "T-0004", "M-01000"} {
		if _, _, _, err := pc.ParseID(bad); err == nil {
			t.Errorf("ParseID(%q) accepted a malformed id", bad)
		}
	}
}

func TestFileName(t *testing.T) {
	for _, tt := range []struct{ title, want string }{
		{"Wire the login form", "T-004 Wire the login form.md"},
		{"a/b: c? <d>|e*", "T-004 a b c d e.md"},
		{"  spaced \t out \n title ", "T-004 spaced out title.md"},
		{"###", "T-004.md"},
		{"This title is far too long to be a file name so it is cut at a word boundary somewhere", "T-004 This title is far too long to be a file name so it is cut.md"},
	} {
		if got := pc.FileName("T-004", tt.title); got != tt.want {
			t.Errorf("FileName(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
}
