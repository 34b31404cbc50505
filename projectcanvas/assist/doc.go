// Package assist holds the small pure functions behind the editor's helper
// commands and the assistant tools: finding an entity by a half-remembered
// id or title (Rank, and NewRanker for a suggester's keystrokes), features
// matched with the work that may implement them (SuggestFeatureLinks),
// features linked to work in one write (BulkLinkFeature), and the reader
// of FUTURE_FEATURES.md (ParseFutureFeatures). The navigate-to-* targets
// are the domain's (projectcanvas.Graph.Neighbours).
//
// Everything here reads entities and returns answers, except
// ImportFutureFeatures, which creates the features it reads in one write.
package assist
