package graph

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAllows(t *testing.T) {
	for _, tc := range []struct {
		field, from, to string
		want            bool
	}{
		{"depends_on", Task, Feature, true},
		{"blocks", Decision, Milestone, true},
		{"implements", Task, Feature, true},
		{"implements", Milestone, Feature, true},
		{"implements", Decision, Feature, false},
		{"implements", Task, Story, false},
		{"implemented_by", Feature, Story, true},
		{"implemented_by", Feature, Document, false},
		{"implemented_by", Task, Feature, false},
		{"documents", Document, Task, true},
		{"documents", Task, Document, false},
		{"documented_by", Feature, Document, true},
		{"documented_by", Feature, Decision, false},
		{"affects", Decision, Feature, true},
		{"affects", Document, Feature, false},
		{"decided_by", Milestone, Decision, true},
		{"decided_by", Milestone, Task, false},
		{"parent", Story, Milestone, false}, // not a relation pair
		{"children", Milestone, Story, false},
	} {
		assert.Equal(t, tc.want, Allows(tc.field, tc.from, tc.to), "%s %s -> %s", tc.field, tc.from, tc.to)
	}
}

func TestInverse(t *testing.T) {
	fields := Fields()
	assert.Equal(t, []string{"depends_on", "blocks", "implements", "implemented_by", "documents", "documented_by", "affects", "decided_by"}, fields)
	for _, f := range fields {
		inv, ok := Inverse(f)
		assert.True(t, ok, f)
		back, _ := Inverse(inv)
		assert.Equal(t, f, back, "inverse of the inverse of %s", f)
		_, fwd, _ := Lookup(f)
		_, invFwd, _ := Lookup(inv)
		assert.NotEqual(t, fwd, invFwd, "exactly one side of %s is forward", f)
	}
	_, ok := Inverse("title")
	assert.False(t, ok)
}

func TestHierarchy(t *testing.T) {
	assert.Equal(t, Milestone, ParentType(Story))
	assert.Equal(t, Story, ParentType(Task))
	for _, typ := range []string{Milestone, Decision, Document, Feature, "nonsense"} {
		assert.Empty(t, ParentType(typ), typ)
	}
	assert.Equal(t, Story, ChildType(Milestone))
	assert.Equal(t, Task, ChildType(Story))
	assert.Empty(t, ChildType(Task))
	for _, typ := range []string{Milestone, Story, Task} {
		assert.True(t, Hierarchical(typ), typ)
	}
	for _, typ := range []string{Decision, Document, Feature, "", "nonsense"} {
		assert.False(t, Hierarchical(typ), typ)
	}
}
