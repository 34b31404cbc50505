package assist

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/projectcanvas/projectcanvas/internal/ptrsort"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Candidate is a milestone or story that may implement a feature.
type Candidate struct {
	ID     pc.ID   `json:"id"`
	Type   pc.Type `json:"type"`
	Title  string  `json:"title"`
	Score  float64 `json:"score"` // 0..1
	Reason string  `json:"reason"`
}

// FeatureSuggestion lists the candidates for one feature, best first.
type FeatureSuggestion struct {
	Feature    pc.ID       `json:"feature_id"`
	Title      string      `json:"title"`
	Candidates []Candidate `json:"candidates"`
}

// SuggestOptions narrow SuggestFeatureLinks.
type SuggestOptions struct {
	Features []pc.ID // only these features; empty means all
	MinScore float64 // candidates scoring less are left out
	Limit    int     // candidates per feature; 0 means all
}

// SuggestFeatureLinks matches each feature with the milestones and stories
// whose titles resemble its title (and user story), for the
// suggest-feature-links command. Work already linked to the feature and
// archived entities are left out. The score is the share of the feature's
// title words found in the candidate's title, allowing for typos and word
// endings, with a small weight for words of the user story.
func SuggestFeatureLinks(entities []*pc.Entity, opts SuggestOptions) []FeatureSuggestion {
	var work []*pc.Entity
	for _, e := range entities {
		if (e.Type == pc.Milestone || e.Type == pc.Story) && !e.Archived {
			work = append(work, e)
		}
	}
	out := []FeatureSuggestion{}
	for _, f := range entities {
		if f.Type != pc.Feature || f.Archived || len(opts.Features) > 0 && !slices.Contains(opts.Features, f.ID) {
			continue
		}
		fw := words(f.Title)
		story, _ := f.Fields["user_story"].(string)
		sw := words(story)
		s := FeatureSuggestion{Feature: f.ID, Title: f.Title, Candidates: []Candidate{}}
		for _, w := range work {
			if slices.Contains(f.Links[pc.ImplementedBy], w.ID) || slices.Contains(w.Links[pc.Implements], f.ID) {
				continue
			}
			score, shared := similarity(fw, sw, words(w.Title))
			if score <= 0 || score < opts.MinScore {
				continue
			}
			s.Candidates = append(s.Candidates, Candidate{ID: w.ID, Type: w.Type, Title: w.Title, Score: score,
				Reason: fmt.Sprintf("title shares %s", strings.Join(shared, ", "))})
		}
		ptrsort.StableFunc(s.Candidates, func(a, b *Candidate) int {
			return cmp.Or(cmp.Compare(b.Score, a.Score), pc.CompareIDs(a.ID, b.ID))
		})
		if opts.Limit > 0 && len(s.Candidates) > opts.Limit {
			s.Candidates = s.Candidates[:opts.Limit]
		}
		out = append(out, s)
	}
	return out
}

// similarity scores a candidate title's words against a feature's title
// words (weight 0.8) and user story words (0.2), and names the shared words.
func similarity(title, story, cand []string) (float64, []string) {
	var shared []string
	hits := func(ws []string, record bool) float64 {
		if len(ws) == 0 {
			return 0
		}
		n := 0
		for _, w := range ws {
			if slices.ContainsFunc(cand, func(c string) bool { return near(w, c) }) {
				n++
				if record && !slices.Contains(shared, w) {
					shared = append(shared, w)
				}
			}
		}
		return float64(n) / float64(len(ws))
	}
	t := hits(title, true)
	if t == 0 {
		return 0, nil // story words alone are too weak a reason
	}
	score := 0.8*t + 0.2*hits(story, false)
	if len(story) == 0 {
		score = t
	}
	return float64(int(score*100+0.5)) / 100, shared
}
