package insight

import (
	"fmt"
	"slices"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// CoverageOptions selects the features of a coverage report. Filters
// combine: a feature must pass all of them.
type CoverageOptions struct {
	Tier            string  // canonical (see projectcanvas.ParseTier); "" for any
	Phase           string  // canonical (see projectcanvas.ParsePhase); "" for any
	FeatureIDs      []pc.ID // nil for every feature
	GapsOnly        bool    // list only features with a gap (the summary still counts all)
	IncludeArchived bool
}

// CoverageReport is the result of Coverage. Every list is non-nil.
type CoverageReport struct {
	Summary  CoverageSummary   `json:"summary"`
	Gaps     Gaps              `json:"gaps"`
	Features []FeatureCoverage `json:"features"`
}

// CoverageSummary counts the selected features by what they have.
type CoverageSummary struct {
	TotalFeatures int `json:"total_features"`
	Implemented   int `json:"implemented"`
	Documented    int `json:"documented"`
	Tested        int `json:"tested"`
	Complete      int `json:"complete"`
}

// Gaps lists the features lacking each kind of coverage; Deferred features
// are left out, since nobody plans to work on them.
type Gaps struct {
	MissingImplementation []pc.ID `json:"missing_implementation"`
	MissingDocumentation  []pc.ID `json:"missing_documentation"`
	MissingTests          []pc.ID `json:"missing_tests"`
}

// FeatureCoverage is the coverage of one feature.
type FeatureCoverage struct {
	ID            pc.ID         `json:"id"`
	Title         string        `json:"title"`
	Status        pc.Status     `json:"status"`
	Tier          *string       `json:"tier"`
	Phase         *string       `json:"phase"`
	ImplementedBy []pc.ID       `json:"implemented_by"`
	DocumentedBy  []pc.ID       `json:"documented_by"`
	TestRefs      []string      `json:"test_refs"`
	Coverage      CoverageFlags `json:"coverage"`
}

// CoverageFlags tells what a feature has.
type CoverageFlags struct {
	Implemented bool `json:"implementation"`
	Documented  bool `json:"documentation"`
	Tested      bool `json:"tests"`
	Complete    bool `json:"complete"`
}

func (f *FeatureCoverage) hasGap() bool {
	return f.Status != pc.Deferred && !f.Coverage.Complete
}

// Coverage reports, for each selected feature in id order, the work that
// implements it, the documents about it and its tests. It fails with
// not_found when a feature id names no feature.
//
// g is the project's Graph (Project.Graph), or pc.NewGraph of the entities
// to analyse.
func Coverage(g *pc.Graph, opt CoverageOptions) (CoverageReport, error) {
	s := newSnapshot(g.All())
	if err := checkFeatureIDs(s, opt.FeatureIDs); err != nil {
		return CoverageReport{}, err
	}
	out := CoverageReport{Features: []FeatureCoverage{},
		Gaps: Gaps{MissingImplementation: []pc.ID{}, MissingDocumentation: []pc.ID{}, MissingTests: []pc.ID{}}}
	for _, e := range s.all {
		if e.Type != pc.Feature || !opt.selects(e) {
			continue
		}
		f := feature(g, e)
		out.Summary.count(f)
		out.Gaps.add(&f)
		if !opt.GapsOnly || f.hasGap() {
			out.Features = append(out.Features, f)
		}
	}
	return out, nil
}

func checkFeatureIDs(s *snapshot, ids []pc.ID) error {
	var missing []pc.ID
	for _, id := range ids {
		if i := s.lookup(id); i < 0 || s.all[i].Type != pc.Feature {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		return pc.Errorf(pc.CodeNotFound, "no feature with id %s", joinIDs(missing, ", ")).With("field", "feature_ids").With("ids", missing)
	}
	return nil
}

func (opt CoverageOptions) selects(e *pc.Entity) bool {
	return (opt.IncludeArchived || !e.Archived) &&
		(opt.Tier == "" || fieldEnum(e, "tier", pc.ParseTier) == opt.Tier) &&
		(opt.Phase == "" || fieldEnum(e, "phase", pc.ParsePhase) == opt.Phase) &&
		(opt.FeatureIDs == nil || slices.Contains(opt.FeatureIDs, e.ID))
}

func (sum *CoverageSummary) count(f FeatureCoverage) {
	sum.TotalFeatures++
	sum.Implemented += b2i(f.Coverage.Implemented)
	sum.Documented += b2i(f.Coverage.Documented)
	sum.Tested += b2i(f.Coverage.Tested)
	sum.Complete += b2i(f.Coverage.Complete)
}

func (g *Gaps) add(f *FeatureCoverage) {
	if f.Status == pc.Deferred {
		return
	}
	if !f.Coverage.Implemented {
		g.MissingImplementation = append(g.MissingImplementation, f.ID)
	}
	if !f.Coverage.Documented {
		g.MissingDocumentation = append(g.MissingDocumentation, f.ID)
	}
	if !f.Coverage.Tested {
		g.MissingTests = append(g.MissingTests, f.ID)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// feature reports the coverage of feature e: what implements and documents
// it, by the core's one navigation rule (both sides of each pair, only the
// types the pair allows, existing entities only).
func feature(g *pc.Graph, e *pc.Entity) FeatureCoverage {
	f := FeatureCoverage{ID: e.ID, Title: e.Title, Status: e.Status,
		Tier: optional(fieldEnum(e, "tier", pc.ParseTier)), Phase: optional(fieldEnum(e, "phase", pc.ParsePhase)),
		ImplementedBy: pc.NonNil(g.Neighbours(e, pc.ToImplementedBy)), DocumentedBy: pc.NonNil(g.Neighbours(e, pc.ToDocuments)),
		TestRefs: testRefs(e)}
	f.Coverage = CoverageFlags{Implemented: len(f.ImplementedBy) > 0, Documented: len(f.DocumentedBy) > 0, Tested: len(f.TestRefs) > 0}
	f.Coverage.Complete = f.Coverage.Implemented && f.Coverage.Documented && f.Coverage.Tested
	return f
}

// fieldEnum reads a feature's tier or phase in its canonical spelling. YAML
// types an unquoted phase (phase: 2) as a number, so any scalar is read as
// text. A value outside the enum is kept as written.
func fieldEnum(e *pc.Entity, field string, parse func(string) (string, error)) string {
	v, ok := e.Fields[field]
	if !ok || v == nil {
		return ""
	}
	s := strings.TrimSpace(fmt.Sprint(v))
	if canon, err := parse(s); err == nil {
		return canon
	}
	return s
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// testRefs reads test_refs as a list of strings; a single string written by
// hand counts as a list of one.
func testRefs(e *pc.Entity) []string {
	out := []string{}
	switch v := e.Fields["test_refs"].(type) {
	case string:
		if s := strings.TrimSpace(v); s != "" {
			out = append(out, s)
		}
	case []any:
		for _, item := range v {
			if item == nil {
				continue
			}
			if s := strings.TrimSpace(fmt.Sprint(item)); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
