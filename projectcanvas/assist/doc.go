// Package assist holds the small pure functions behind the editor's helper
// commands and the assistant tools: finding an entity by a half-remembered
// id or title (Rank), the entities a navigate-to-* command goes to
// (Navigate), and features matched with the work that may implement them
// (SuggestFeatureLinks), and the reader of FUTURE_FEATURES.md
// (ParseFutureFeatures).
//
// Everything here reads entities and returns answers, except
// ImportFutureFeatures, which creates the features it reads in one write.
package assist
