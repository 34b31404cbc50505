package projectcanvas

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

var markdown = goldmark.New()

// titleFromBody returns the text of the first level-1 heading of a markdown
// body, or "" when it has none. Only files without a title key need this.
func titleFromBody(body []byte) string {
	if !bytes.Contains(body, []byte("#")) {
		return ""
	}
	doc := markdown.Parser().Parse(text.NewReader(body))
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if h, ok := n.(*ast.Heading); ok && h.Level == 1 {
			return string(headingText(h, body))
		}
	}
	return ""
}

func headingText(n ast.Node, src []byte) []byte {
	var buf bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			buf.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return bytes.TrimSpace(buf.Bytes())
}
