package projectcanvas

import "strings"

// Priority runs from P0 (highest) to P4.
type Priority string

// Priorities lists the valid priorities, highest first.
var Priorities = []Priority{"P0", "P1", "P2", "P3", "P4"}

var priorityAliases = map[string]Priority{
	"p0": "P0", "0": "P0", "critical": "P0", "urgent": "P0", "highest": "P0", "blocker": "P0",
	"p1": "P1", "1": "P1", "high": "P1",
	"p2": "P2", "2": "P2", "medium": "P2", "normal": "P2", "med": "P2",
	"p3": "P3", "3": "P3", "low": "P3",
	"p4": "P4", "4": "P4", "lowest": "P4", "trivial": "P4", "minor": "P4",
}

// ParsePriority accepts P0..P4 in any case, their digits, and the names
// Critical, High, Medium and Low (P0, P1, P2, P3).
func ParsePriority(s string) (Priority, error) {
	if p, ok := priorityAliases[strings.ToLower(strings.TrimSpace(s))]; ok {
		return p, nil
	}
	return "", Errorf(CodeInvalidArgument, "priority %q is not valid (want P0..P4, or Critical, High, Medium, Low)", s).With("field", "priority")
}

// Rank is 0 for P0 up to 4 for P4, and 5 for an unset priority, so that
// sorting by rank puts the most urgent first.
func (p Priority) Rank() int {
	if len(p) == 2 && p[0] == 'P' && p[1] >= '0' && p[1] <= '4' {
		return int(p[1] - '0')
	}
	return 5
}
