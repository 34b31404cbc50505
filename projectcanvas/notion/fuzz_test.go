package notion_test

import (
	"encoding/json"
	"testing"

	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
)

// FuzzDecode feeds Notion's answers, real and mangled, to the decoders the
// client uses: none may panic, and what decodes must encode again.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"object":"page","id":"p1","last_edited_time":"2026-11-21T09:02:00.000Z","last_edited_by":{"object":"user","id":"u"},"in_trash":false,"properties":{"Name":{"id":"title","type":"title","title":[{"type":"text","text":{"content":"A"},"plain_text":"A"}]},"Status":{"id":"s","type":"select","select":{"name":"In Progress"}},"Deps":{"id":"d","type":"relation","relation":[{"id":"p2"}],"has_more":true},"When":{"id":"w","type":"date","date":null}}}`))
	f.Add([]byte(`{"object":"list","results":[{"object":"block","id":"b","type":"to_do","to_do":{"rich_text":[],"checked":true}},{"object":"block","id":"c","type":"divider","divider":{}},{"type":"toggle","toggle":"oops"}],"next_cursor":null,"has_more":false}`))
	f.Add([]byte(`{"object":"data_source","id":"ds","properties":{"Status":{"id":"x","name":"Status","type":"status","status":{"options":[{"name":"Done"}]}},"Parent":{"type":"relation","relation":{"data_source_id":"ds"}}}}`))
	f.Add([]byte(`{"object":"error","status":429,"code":"rate_limited","message":"slow"}`))
	f.Add([]byte(`{"properties":{"X":{"type":"rich_text","rich_text":null}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var p notion.Page
		if json.Unmarshal(data, &p) == nil {
			for _, v := range p.Properties {
				switch v.Type {
				case notion.TypeTitle, notion.TypeRichText, notion.TypeSelect, notion.TypeStatus, notion.TypeRelation, notion.TypeDate:
					if _, err := json.Marshal(v); err != nil {
						t.Fatalf("a decoded %s value does not encode: %v", v.Type, err)
					}
				}
			}
		}
		var l struct {
			Results []notion.Block `json:"results"`
		}
		if json.Unmarshal(data, &l) == nil {
			_ = notion.BlocksMarkdown(l.Results)
			for _, b := range l.Results {
				if _, err := json.Marshal(b); err != nil {
					t.Fatalf("a decoded block does not encode: %v", err)
				}
			}
		}
		var ds notion.DataSource
		_ = json.Unmarshal(data, &ds)
		md := string(data)
		canon := notion.CanonicalMarkdown(md)
		if again := notion.CanonicalMarkdown(canon); again != canon {
			t.Fatalf("canonical markdown is not stable:\n%q\n%q", canon, again)
		}
	})
}
