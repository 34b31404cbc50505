package fulltext

import (
	"slices"
	"testing"
)

func cjkTerms(text string) []string {
	t := tokenizer{cjk: true}
	var out []string
	t.scan(text, func(term []byte, _, _ int, _ kind) bool {
		out = append(out, string(term))
		return true
	})
	return out
}

func TestCJKBigrams(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"検索索引", []string{"検索", "索索", "索引"}},
		{"索", []string{"索"}},
		{"API設計 docs", []string{"api", "設計", "doc"}},
		{"設計API設", []string{"設計", "api", "設"}},
		{"한국어 검색", []string{"한국", "국어", "검색"}},
		{"Zürich tasks", []string{"zürich", "task"}},
		{"T-004 索引", []string{"t-004", "t", "004", "索引"}},
	}
	for _, tt := range tests {
		if got := cjkTerms(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestCJKSearch(t *testing.T) {
	x := New(WithCJKBigrams())
	x.Add("a", Body("全文検索エンジンの設計について"))
	x.Add("b", Body("データベースの索引"))
	x.Add("c", Body("plain english text"))
	for _, q := range []struct {
		query string
		want  string
	}{{"検索", "a"}, {"エンジン", "a"}, {"索引", "b"}, {"english", "c"}} {
		hits := x.Search(q.query, 10, nil)
		if len(hits) == 0 || hits[0].ID != q.want {
			t.Errorf("%q: got %v, want %s first", q.query, hits, q.want)
		}
	}
	// Without the option a CJK run is one term: a part of it finds nothing.
	y := New()
	y.Add("a", Body("全文検索エンジン"))
	if hits := y.Search("検索", 10, nil); len(hits) != 0 {
		t.Errorf("without bigrams: got %v", hits)
	}
}

func FuzzCJKTokenize(f *testing.F) {
	for _, s := range []string{"検索索引", "API設計", "a設b計c", "\xff設", "索"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		x := New(WithCJKBigrams())
		x.Add("d", Body(text))
		for _, term := range cjkTerms(text) {
			if term == "" {
				t.Fatalf("empty term from %q", text)
			}
			if len(x.Search(term, 1, nil)) != 1 {
				t.Fatalf("term %q of %q does not find its document", term, text)
			}
		}
	})
}
