package site

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// kindWikiLink is the kind of a wiki link in a note's body.
var kindWikiLink = ast.NewNodeKind("WikiLink")

// wikiLink is a vault link, [[Target]] or [[Target#Heading|Label]]: the
// site makes it a link to the page of the entity Target names, or, when
// none is published, its label as plain text.
type wikiLink struct {
	ast.BaseInline
	Target, Label string
	Aliased       bool // the label was written after a "|"
}

func (n *wikiLink) Kind() ast.NodeKind { return kindWikiLink }

func (n *wikiLink) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Target": n.Target, "Label": n.Label}, nil)
}

// wikiParser reads wiki links; it runs before goldmark's link parser,
// which would read "[[a]]" as text around a bracket.
type wikiParser struct{}

func (wikiParser) Trigger() []byte { return []byte{'['} }

func (wikiParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if !bytes.HasPrefix(line, []byte("[[")) {
		return nil
	}
	end := bytes.Index(line[2:], []byte("]]"))
	if end <= 0 {
		return nil
	}
	inner := string(line[2 : 2+end])
	if strings.ContainsAny(inner, "[]\n") {
		return nil
	}
	block.Advance(end + 4)
	target, label, aliased := strings.Cut(inner, "|")
	target, _, _ = strings.Cut(target, "#")
	target = strings.TrimSpace(target)
	if !aliased {
		label = strings.TrimSpace(strings.ReplaceAll(inner, "#", " › "))
	}
	return &wikiLink{Target: target, Label: strings.TrimSpace(label), Aliased: aliased}
}
