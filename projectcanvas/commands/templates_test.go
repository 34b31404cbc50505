package commands_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/projectcanvas/projectcanvas/frontmatter"
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
)

// A template's values are written as YAML scalars, never spliced: what a
// replace-based template engine would expand ($&, {{...}}) or what would
// end the front matter (---) comes out as it was given.
func TestTemplateValuesAreLiteral(t *testing.T) {
	for _, title := range []string{"{{title}}", "$& and $1", "{{date}} {{title}}", "---", "a: b # c", `"quoted" 'single'`, "- list"} {
		for _, typ := range pc.Types {
			out := commands.Template(typ, title, "$&---")
			doc, err := frontmatter.Parse(out)
			require.NoError(t, err, "%s %q:\n%s", typ, title, out)
			str := func(k string) string { v, _ := doc.String(k); return v }
			assert.Equal(t, title, str("title"), "%s", out)
			assert.Equal(t, "$&---", str("workstream"))
			assert.Contains(t, string(out), "\npriority:\n", "blank, not an empty string")
			assert.Equal(t, string(typ), str("type"))
			assert.Equal(t, string(pc.InitialStatus(typ)), str("status"))
			assert.NotContains(t, doc.Keys(), "id", "the project assigns ids")
			assert.True(t, strings.HasSuffix(string(out), "# "+title+"\n"))
		}
	}
}

func TestTemplateHasEveryFieldAPersonFills(t *testing.T) {
	out := string(commands.Template(pc.Task, "{{title}}", ""))
	for _, f := range []string{"parent:", "depends_on: []", "estimate_hours:", "priority:", "implements: []"} {
		assert.Contains(t, out, "\n"+f)
	}
	assert.NotContains(t, out, "created_at")
	assert.NotContains(t, out, "archived")
}
