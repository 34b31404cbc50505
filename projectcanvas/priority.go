package projectcanvas

import "strings"

// Priority is P<digit>: P0 is the highest.
type Priority string

// PriorityValues lists the canonical priorities, highest first: P0 to P9.
func PriorityValues() []string {
	out := make([]string, 10)
	for i := range out {
		out[i] = "P" + string(rune('0'+i))
	}
	return out
}

var priorityAliases = map[string]Priority{
	"critical": "P0", "urgent": "P0", "highest": "P0", "blocker": "P0",
	"high":   "P1",
	"medium": "P2", "normal": "P2", "med": "P2",
	"low":    "P3",
	"lowest": "P4", "trivial": "P4", "minor": "P4",
}

// ParsePriority accepts P<digit> in any case (P0 highest), a bare digit, and
// the names Critical, High, Medium and Low (P0, P1, P2, P3).
func ParsePriority(s string) (Priority, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if d := strings.TrimPrefix(key, "p"); len(d) == 1 && d[0] >= '0' && d[0] <= '9' {
		return Priority("P" + d), nil
	}
	if p, ok := priorityAliases[key]; ok {
		return p, nil
	}
	return "", Errorf(CodeInvalidArgument, "priority %q is not valid (want P0..P9, P0 highest, or Critical, High, Medium, Low)", s).With("field", "priority")
}

// isCanonicalPriority reports whether p is a value ParsePriority returns
// (P0 to P9), without the copy ParsePriority makes (a later start checks
// the priority of every entity it restores from its cache).
func isCanonicalPriority(p Priority) bool {
	return len(p) == 2 && p[0] == 'P' && p[1] >= '0' && p[1] <= '9'
}
