package assist

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// FutureFeature is one feature read from FUTURE_FEATURES.md.
type FutureFeature struct {
	Title     string `json:"title"`
	Tier      string `json:"tier,omitempty"`  // OSS or Premium
	Phase     string `json:"phase,omitempty"` // MVP, 0..5
	Status    string `json:"status,omitempty"`
	UserStory string `json:"user_story,omitempty"`
	Line      int    `json:"line"` // where it is defined, from 1
}

// LineProblem is a part of the file that could not be read as a feature.
type LineProblem struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// ParseFutureFeatures reads a FUTURE_FEATURES.md file. Two layouts are in
// use and both are read, section by section:
//
//   - one "## Name" section per feature with "- Tier:", "- Phase:",
//     "- Status:" and "- User Story:" bullets;
//   - a checklist: a "##" or "###" heading names a category (tier Premium
//     when it says "premium", else OSS; phase MVP for "MVP" or "core",
//     N for "Phase N" or "PN", 5 for "future" or "later"), and each
//     top-level "- " or "- [ ]" / "- [x]" bullet under it is a feature,
//     "[x]" meaning Complete.
//
// A section whose bullets are all of the first kind is read the first way.
// Values are checked with the project's own parsers; a bad section is
// reported with its line and the others are still read.
func ParseFutureFeatures(data []byte) ([]FutureFeature, []LineProblem) {
	p := &ffParser{}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for i, line := range lines {
		p.line(i+1, line)
	}
	p.flush()
	if p.features == nil {
		p.features = []FutureFeature{}
	}
	if p.problems == nil {
		p.problems = []LineProblem{}
	}
	return p.features, p.problems
}

type ffBullet struct {
	line    int
	text    string
	checked bool
	box     bool
}

type ffParser struct {
	heading     string
	headingLine int
	bullets     []ffBullet
	inFence     bool
	features    []FutureFeature
	problems    []LineProblem
}

var ffKeys = map[string]string{"tier": "tier", "phase": "phase", "status": "status", "user story": "user_story", "user_story": "user_story"}

func (p *ffParser) line(n int, line string) {
	trimmed := strings.TrimSpace(line)
	if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
		p.inFence = !p.inFence
		return
	}
	if p.inFence {
		return
	}
	switch {
	case strings.HasPrefix(line, "## ") || strings.HasPrefix(line, "### "):
		p.flush()
		p.heading = strings.TrimSpace(strings.TrimLeft(line, "#"))
		p.headingLine = n
	case strings.HasPrefix(line, "# "):
		p.flush()
		p.heading, p.headingLine = "", 0
	case strings.HasPrefix(line, "- ") || strings.HasPrefix(line, "* ") || line == "-":
		b := ffBullet{line: n, text: strings.TrimSpace(line[1:])}
		if len(b.text) >= 3 && b.text[0] == '[' && b.text[2] == ']' && strings.ContainsRune(" xX", rune(b.text[1])) {
			b.box, b.checked = true, b.text[1] != ' '
			b.text = strings.TrimSpace(b.text[3:])
		}
		p.bullets = append(p.bullets, b)
	}
}

// keyValue splits "Tier: OSS" when the key is one of the feature fields.
func keyValue(text string) (key, value string, ok bool) {
	k, v, found := strings.Cut(text, ":")
	if !found {
		return "", "", false
	}
	key, ok = ffKeys[strings.ToLower(strings.TrimSpace(strings.Trim(k, "*_")))]
	return key, strings.TrimSpace(strings.Trim(strings.TrimSpace(v), "*_")), ok
}

func (p *ffParser) flush() {
	defer func() { p.bullets = nil }()
	if p.headingLine == 0 || len(p.bullets) == 0 {
		return
	}
	perFeature := true
	for _, b := range p.bullets {
		if _, _, ok := keyValue(b.text); !ok || b.box {
			perFeature = false
		}
	}
	if perFeature {
		p.section()
		return
	}
	p.checklist()
}

// section reads a "## Name" section with field bullets.
func (p *ffParser) section() {
	f := FutureFeature{Title: p.heading, Line: p.headingLine}
	if f.Title == "" {
		p.problem(p.headingLine, "a feature section needs a name after ##")
		return
	}
	for _, b := range p.bullets {
		key, value, _ := keyValue(b.text)
		var err error
		switch key {
		case "tier":
			f.Tier, err = pc.ParseTier(value)
		case "phase":
			f.Phase, err = pc.ParsePhase(value)
		case "status":
			var st pc.Status
			st, err = pc.ParseStatus(pc.Feature, value)
			f.Status = string(st)
		case "user_story":
			f.UserStory = value
		}
		if err != nil {
			p.problem(b.line, fmt.Sprintf("%s: %s", pc.Echo(f.Title), message(err)))
			return
		}
	}
	p.features = append(p.features, f)
}

// checklist reads a category heading and its feature bullets.
func (p *ffParser) checklist() {
	tier, phase := categoryTier(p.heading), categoryPhase(p.heading)
	for _, b := range p.bullets {
		if b.text == "" {
			p.problem(b.line, "an empty bullet names no feature")
			continue
		}
		f := FutureFeature{Title: b.text, Tier: tier, Phase: phase, Status: string(pc.InitialStatus(pc.Feature)), Line: b.line}
		if b.checked {
			st, _ := pc.ParseStatus(pc.Feature, "complete")
			f.Status = string(st)
		}
		p.features = append(p.features, f)
	}
}

func (p *ffParser) problem(line int, msg string) {
	p.problems = append(p.problems, LineProblem{Line: line, Message: msg})
}

func message(err error) string {
	if e, ok := err.(*pc.Error); ok {
		return e.Message
	}
	return err.Error()
}

func categoryTier(heading string) string {
	if strings.Contains(strings.ToLower(heading), "premium") {
		return "Premium"
	}
	return "OSS"
}

// Compiled on first use (sync.OnceValue), not at start-up: the editor's
// core runs every package's initialization as it starts.
var (
	phaseWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(?:phase\s*|p)([0-5])\b`) })
	mvpWord   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(mvp|core)\b`) })
	laterWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(future|later)\b`) })
)

func categoryPhase(heading string) string {
	switch {
	case mvpWord().MatchString(heading):
		return "MVP"
	case phaseWord().MatchString(heading):
		return phaseWord().FindStringSubmatch(heading)[1]
	case laterWord().MatchString(heading):
		return "5"
	}
	return ""
}
