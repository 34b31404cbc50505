package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxLine bounds one JSON-RPC message over stdio (16 MiB).
const maxLine = 16 << 20

// Stdio returns the stdio transport of `projectcanvas mcp`: newline-delimited
// JSON-RPC on r and w. Unlike a bare mcp.IOTransport, whose connection ends
// at the first line that is not JSON-RPC, it answers such a line with a
// JSON-RPC error (parse error or invalid request) and keeps serving: one
// confused client message must not end an assistant's session.
func Stdio(r io.Reader, w io.Writer) mcp.Transport {
	out := &lockedWriter{w: w}
	pr, pw := io.Pipe()
	go func() {
		pw.CloseWithError(filterLines(r, pw, out))
	}()
	return &mcp.IOTransport{Reader: pr, Writer: out}
}

// filterLines copies each well-formed JSON-RPC line of r to next and
// answers the others on out.
func filterLines(r io.Reader, next io.Writer, out io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if reply := check(line); reply != nil {
			if _, err := out.Write(reply); err != nil {
				return err
			}
			continue
		}
		if _, err := next.Write(append(line, '\n')); err != nil {
			return err
		}
	}
	return sc.Err()
}

// check returns the error reply for a line that is not one JSON-RPC 2.0
// message, or nil for a good line.
func check(line []byte) []byte {
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		Method  *string         `json:"method"`
		ID      json.RawMessage `json:"id"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(line, &msg); err != nil {
		return rpcError(nil, -32700, "Parse error: not a JSON-RPC message")
	}
	id := msg.ID
	switch {
	case msg.JSONRPC != "2.0":
		return rpcError(id, -32600, `Invalid Request: jsonrpc must be "2.0"`)
	case msg.Method == nil && id == nil:
		return rpcError(nil, -32600, "Invalid Request: no method and no id")
	case msg.Method == nil && msg.Result == nil && msg.Error == nil:
		return rpcError(id, -32600, "Invalid Request: a response without result or error")
	}
	if id != nil && !validID(id) {
		return rpcError(nil, -32600, "Invalid Request: id must be a string or a number")
	}
	return nil
}

func validID(id json.RawMessage) bool {
	var s string
	var n json.Number
	return json.Unmarshal(id, &s) == nil || json.Unmarshal(id, &n) == nil
}

func rpcError(id json.RawMessage, code int, message string) []byte {
	if !validID(id) {
		id = json.RawMessage("null")
	}
	data, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
	return append(data, '\n')
}

// lockedWriter serializes the SDK's writes and the filter's replies, each a
// whole line, and never closes the process's stdout.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }
