package projectcanvas

import "strings"

// workstreamAliases maps common spellings to a canonical workstream name.
var workstreamAliases = map[string]string{
	"infrastructure": "infra", "ops": "infra", "devops": "infra", "platform": "infra", "sre": "infra", "operations": "infra",
	"eng": "engineering", "dev": "engineering", "development": "engineering", "engineer": "engineering", "backend": "engineering", "frontend": "engineering", "software": "engineering",
	"ux": "design", "ui": "design", "ui/ux": "design", "ux/ui": "design", "product design": "design",
	"pm": "product", "product management": "product",
	"mkt": "marketing", "growth": "marketing", "marketing & growth": "marketing",
	"biz": "business", "sales": "business", "bizdev": "business",
	"qa": "quality", "test": "quality", "testing": "quality",
	"docs": "documentation", "doc": "documentation",
	"sec": "security", "secops": "security",
	"research": "research", "r&d": "research",
}

// NormalizeWorkstream maps a workstream name to its canonical form:
// infrastructure, ops and devops become infra; eng and dev engineering; ux
// and ui design, and so on. Unknown names are kept, lower-cased and trimmed.
func NormalizeWorkstream(s string) string {
	key := strings.Join(strings.Fields(strings.ToLower(s)), " ")
	if canon, ok := workstreamAliases[key]; ok {
		return canon
	}
	return key
}
