// Package assist holds the small pure functions behind the editor's helper
// commands and the assistant tools: finding an entity by a half-remembered
// id or title (Rank), the entities a navigate-to-* command goes to
// (Navigate), and features matched with the work that may implement them
// (SuggestFeatureLinks).
//
// Everything here reads entities and returns answers; nothing writes.
package assist
