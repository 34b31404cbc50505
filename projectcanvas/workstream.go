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

// isNormalWorkstream reports whether NormalizeWorkstream(s) == s, without
// the copies NormalizeWorkstream makes for an ASCII name (a later start
// checks the workstream of every entity it restores from its cache).
func isNormalWorkstream(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return NormalizeWorkstream(s) == s // Unicode case and spaces
		case 'A' <= c && c <= 'Z', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' '):
			return false
		}
	}
	canon, alias := workstreamAliases[s]
	return !alias || canon == s
}
