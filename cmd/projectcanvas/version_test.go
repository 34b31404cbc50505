package main

import (
	"runtime/debug"
	"testing"
)

func TestBuildVersion(t *testing.T) {
	module := func(v string) *debug.BuildInfo { return &debug.BuildInfo{Main: debug.Module{Version: v}} }
	for _, tc := range []struct {
		name, stamped string
		info          *debug.BuildInfo
		ok            bool
		want          string
	}{
		{"make release stamps it", "0.2.0", module("v0.0.0-20261129-abcdef"), true, "0.2.0"},
		{"go install @v0.1.0", "", module("v0.1.0"), true, "0.1.0"},
		{"go build in a checkout", "", module("(devel)"), true, "dev"},
		{"no build info", "", nil, false, "dev"},
	} {
		if got := buildVersion(tc.stamped, tc.info, tc.ok); got != tc.want {
			t.Errorf("%s: buildVersion = %q, want %q", tc.name, got, tc.want)
		}
	}
}
