package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every host answers "the neighbours of X in direction D" by one rule: on a
// vault whose relations are each written on one side only
// (projectcanvas/testdata/onesided), search_entities, the navigate command
// and feature coverage give the answers of navigation.json.
func TestOneNavigationRule(t *testing.T) {
	src := filepath.Join("..", "..", "projectcanvas", "testdata", "onesided")
	dir := t.TempDir()
	names, err := filepath.Glob(filepath.Join(src, "*"))
	require.NoError(t, err)
	for _, name := range names {
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.Base(name)), data, 0o644))
	}
	var cases []struct {
		From      string   `json:"from"`
		Direction string   `json:"direction"`
		Want      []string `json:"want"`
	}
	data, err := os.ReadFile(filepath.Join(src, "navigation.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &cases))
	ids := func(list []map[string]any) []string {
		out := []string{}
		for _, x := range list {
			out = append(out, x["id"].(string))
		}
		return out
	}
	for _, tc := range cases {
		want := append([]string{}, tc.Want...)
		r := runCLI(t, nil, "", "--vault", dir, "tool", "search_entities",
			`{"from_id":"`+tc.From+`","direction":"`+tc.Direction+`"}`)
		require.Equal(t, exitOK, r.code, r.stdout)
		var found struct{ Results []map[string]any }
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &found))
		assert.Equal(t, want, ids(found.Results), "search_entities %s from %s", tc.Direction, tc.From)

		if tc.Direction == "siblings" {
			continue // not an editor command
		}
		r = runCLI(t, nil, "", "--vault", dir, "navigate", strings.ReplaceAll(tc.Direction, "_", "-"), tc.From)
		require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
		var nav struct{ Rows []map[string]any }
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &nav))
		assert.Equal(t, want, ids(nav.Rows), "navigate %s %s", tc.Direction, tc.From)
	}

	r := runCLI(t, nil, "", "--vault", dir, "tool", "get_feature_coverage", `{}`)
	require.Equal(t, exitOK, r.code, r.stdout)
	var cov struct {
		Features []struct {
			ID            string   `json:"id"`
			ImplementedBy []string `json:"implemented_by"`
			DocumentedBy  []string `json:"documented_by"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &cov))
	require.Len(t, cov.Features, 1)
	assert.Equal(t, []string{"T-001", "T-002"}, cov.Features[0].ImplementedBy, "coverage agrees with implemented_by")
	assert.Equal(t, []string{}, cov.Features[0].DocumentedBy)
}
