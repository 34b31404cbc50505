package mcpserver

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestFilterLinesAnswersBadLinesAndPassesGoodOnes(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{not json`,
		``,
		`[1,2]`,
		`{"id":7,"method":"x"}`,
		`{"jsonrpc":"2.0"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"x"}`,
		`{"jsonrpc":"2.0","id":3}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":"r1","result":{}}`,
	}, "\n")
	var next, out bytes.Buffer
	if err := filterLines(strings.NewReader(in), &next, &out); err != nil {
		t.Fatal(err)
	}
	wantNext := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":"r1","result":{}}` + "\n"
	if next.String() != wantNext {
		t.Errorf("forwarded:\n%s\nwant:\n%s", next.String(), wantNext)
	}
	var codes []int
	for line := range strings.Lines(out.String()) {
		var reply struct {
			ID    json.RawMessage
			Error struct{ Code int }
		}
		if err := json.Unmarshal([]byte(line), &reply); err != nil {
			t.Fatalf("reply %q: %v", line, err)
		}
		codes = append(codes, reply.Error.Code)
	}
	want := []int{-32700, -32700, -32600, -32600, -32600, -32600}
	if len(codes) != len(want) {
		t.Fatalf("codes %v, want %v", codes, want)
	}
	for i := range want {
		if codes[i] != want[i] {
			t.Errorf("reply %d: code %d, want %d", i, codes[i], want[i])
		}
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"method":"x"}`, `{`, `[]`, `{"jsonrpc":"2.0","id":null}`, `"x"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if reply := check(line); reply != nil && !json.Valid(reply) {
			t.Fatalf("reply is not JSON: %s", reply)
		}
	})
}
