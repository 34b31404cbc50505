package tools

import (
	"context"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/assist"
)

func registerSuggestTools(r *Registry) {
	Register(r, "suggest_feature_links",
		"Suggest milestones and stories that may implement each feature, by title similarity, with a score and a reason. Changes nothing.",
		Annotations{ReadOnly: true, Idempotent: true}, SuggestFeatureLinks)
}

// SuggestArgs are suggest_feature_links's arguments.
type SuggestArgs struct {
	FeatureIDs []string `json:"feature_ids,omitempty" jsonschema:"Only these features; default all." schema:"maxItems=200"`
	MinScore   float64  `json:"min_score,omitempty" jsonschema:"Leave out candidates scoring less (0 to 1)." schema:"default=0.3,minimum=0,maximum=1"`
	Max        int      `json:"max_per_feature,omitempty" jsonschema:"Candidates per feature." schema:"default=5,minimum=1,cap=50"`
}

// SuggestResult is suggest_feature_links's result.
type SuggestResult struct {
	Suggestions []assist.FeatureSuggestion `json:"suggestions"`
	Total       int                        `json:"total_candidates"`
}

// SuggestFeatureLinks is suggest_feature_links (the editor's
// suggest-feature-links). Called directly, zero MinScore and Max take no
// default: give them.
func SuggestFeatureLinks(_ context.Context, env *Env, a SuggestArgs) (*SuggestResult, error) {
	ids := make([]pc.ID, 0, len(a.FeatureIDs))
	for _, raw := range a.FeatureIDs {
		id, t, _, err := pc.ParseID(raw)
		if err != nil {
			return nil, err
		}
		if t != pc.Feature {
			return nil, pc.Errorf(pc.CodeInvalidArgument, "%s is not a feature id", id).With("field", "feature_ids")
		}
		if _, err := env.Project.Get(string(id)); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	res := &SuggestResult{Suggestions: assist.SuggestFeatureLinks(env.Project.All(), assist.SuggestOptions{Features: ids, MinScore: a.MinScore, Limit: a.Max})}
	for _, s := range res.Suggestions {
		res.Total += len(s.Candidates)
	}
	return res, nil
}
