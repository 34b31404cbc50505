package assist

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const perFeature = `# Future features

## Single sign-on
- Tier: Premium
- Phase: 2
- Status: planned
- User Story: As an admin, I want SSO: one login for all.

## Dark mode
- **Tier**: OSS
- Phase: MVP

## Broken tier
- Tier: Gold
- Phase: 1

## Broken phase
- Phase: 9
`

const checklist = `# Roadmap

## Core (MVP)
- [x] Import from CSV
- [ ] X-ray export: every field
  - a detail, not a feature
- Offline: read only

### Premium Phase 3
- [X] Audit log

## P4 integrations
- Slack

## Later
- Plugins
-

` + "```\n## Not a heading\n- not a feature\n```\n"

func TestParsePerFeatureSections(t *testing.T) {
	got, problems := ParseFutureFeatures([]byte(perFeature))
	assert.Equal(t, []FutureFeature{
		{Title: "Single sign-on", Tier: "Premium", Phase: "2", Status: "Planned", UserStory: "As an admin, I want SSO: one login for all.", Line: 3},
		{Title: "Dark mode", Tier: "OSS", Phase: "MVP", Line: 9},
	}, got)
	assert.Equal(t, []LineProblem{
		{Line: 14, Message: `Broken tier: tier "Gold" is not one of OSS, Premium`},
		{Line: 18, Message: `Broken phase: phase "9" is not one of MVP, 0, 1, 2, 3, 4, 5`},
	}, problems)
}

func TestParseChecklist(t *testing.T) {
	got, problems := ParseFutureFeatures([]byte(checklist))
	assert.Equal(t, []FutureFeature{
		{Title: "Import from CSV", Tier: "OSS", Phase: "MVP", Status: "Complete", Line: 4},
		{Title: "X-ray export: every field", Tier: "OSS", Phase: "MVP", Status: "Planned", Line: 5},
		{Title: "Offline: read only", Tier: "OSS", Phase: "MVP", Status: "Planned", Line: 7},
		{Title: "Audit log", Tier: "Premium", Phase: "3", Status: "Complete", Line: 10},
		{Title: "Slack", Tier: "OSS", Phase: "4", Status: "Planned", Line: 13},
		{Title: "Plugins", Tier: "OSS", Phase: "5", Status: "Planned", Line: 16},
	}, got)
	assert.Equal(t, []LineProblem{{Line: 17, Message: "an empty bullet names no feature"}}, problems)
}

func FuzzParseFutureFeatures(f *testing.F) {
	f.Add([]byte(perFeature))
	f.Add([]byte(checklist))
	f.Add([]byte("## \n- [x]\n- Tier:\n\r\n### a\n* b"))
	f.Fuzz(func(t *testing.T, data []byte) {
		feats, problems := ParseFutureFeatures(data)
		lines := 1
		for _, c := range data {
			if c == '\n' {
				lines++
			}
		}
		for _, ft := range feats {
			if ft.Title == "" || ft.Line < 1 || ft.Line > lines {
				t.Fatalf("bad feature %+v", ft)
			}
		}
		for _, p := range problems {
			if p.Line < 1 || p.Line > lines || p.Message == "" {
				t.Fatalf("bad problem %+v", p)
			}
		}
	})
}
