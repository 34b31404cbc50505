package notiontest

import (
	"slices"

	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// What a person does in the Notion app, and what a test reads back. Each
// edit stamps the page with the clock's time and PersonID.

// PageIDs lists the data source's pages, those in the trash too, in
// creation order.
func (s *Server) PageIDs(dataSource string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.sources[dataSource].order)
}

// Find returns the pages (outside the trash) whose rich_text or title
// property prop reads value.
func (s *Server) Find(dataSource, prop, value string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, id := range s.sources[dataSource].order {
		p := s.pages[id]
		v := p.props[prop]
		if !p.inTrash && (notion.Plain(v.RichText) == value || notion.Plain(v.Title) == value) {
			out = append(out, id)
		}
	}
	return out
}

// Property returns a page's value of a property.
func (s *Server) Property(pageID, prop string) notion.PropertyValue {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pages[pageID].props[prop]
}

// InTrash reports whether the page is in the trash.
func (s *Server) InTrash(pageID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pages[pageID].inTrash
}

// Body returns the page's content as markdown, and how many blocks it has.
func (s *Server) Body(pageID string) (string, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var blocks []notion.Block
	for _, id := range s.pages[pageID].children {
		blocks = append(blocks, s.blocks[id].b)
	}
	return notion.BlocksMarkdown(blocks), len(blocks)
}

// Schema returns a data source's columns and their types.
func (s *Server) Schema(dataSource string) map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for name, p := range s.sources[dataSource].props {
		out[name] = p.Type
	}
	return out
}

// SetSchema replaces a column (to give it a wrong type, say).
func (s *Server) SetSchema(dataSource, name string, p notion.PropertySchema) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p.Name, p.ID = name, s.newID()[:8]
	if (p.Type == notion.TypeSelect || p.Type == notion.TypeStatus) && p.Select == nil {
		p.Select = &notion.SelectConfig{}
	}
	s.sources[dataSource].props[name] = p
}

// Edit sets a property as a person would.
func (s *Server) Edit(pageID, prop string, v notion.PropertyValue) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pages[pageID]
	v.Type = s.sources[p.source].props[prop].Type
	if v.Type == notion.TypeSelect && v.Select != nil && !hasOption(s.sources[p.source].props[prop].Select, v.Select.Name) {
		schema := s.sources[p.source].props[prop]
		if schema.Select == nil {
			schema.Select = &notion.SelectConfig{}
		}
		schema.Select.Options = append(schema.Select.Options, notion.Option{Name: v.Select.Name})
		s.sources[p.source].props[prop] = schema
	}
	p.props[prop] = v
	s.touch(p)
}

// SetBody replaces the page's content with blocks of md, as a person would.
func (s *Server) SetBody(pageID, md string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pages[pageID]
	p.children = nil
	s.insert(p, notion.MarkdownBlocks(md), notion.Position{})
	s.touch(p)
}

// Trash moves the page to the trash, as a person would.
func (s *Server) Trash(pageID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pages[pageID]
	p.inTrash = true
	s.touch(p)
}

// CreateByHand adds a page as a person would, with the given properties.
func (s *Server) CreateByHand(dataSource string, props map[string]notion.PropertyValue) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := &page{id: s.newID(), source: dataSource, created: s.Clock.Now(), props: map[string]notion.PropertyValue{}}
	for name, v := range props {
		v.Type = s.sources[dataSource].props[name].Type
		p.props[name] = v
	}
	s.pages[p.id] = p
	s.sources[dataSource].order = append(s.sources[dataSource].order, p.id)
	s.touch(p)
	return p.id
}

func (s *Server) touch(p *page) { p.edited, p.editedBy = s.Clock.Now(), PersonID }

// Text is a property value of plain text, for Edit.
func Text(s string) notion.PropertyValue {
	return notion.PropertyValue{RichText: notion.SplitText(s), Title: notion.SplitText(s)}
}

// Select is a select property value, for Edit.
func Select(name string) notion.PropertyValue {
	return notion.PropertyValue{Select: &notion.Option{Name: name}, Status: &notion.Option{Name: name}}
}
