package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpapi"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/memfs"
)

// The API is a plain http.Handler: serve it with net/http, or call it
// directly as the WebAssembly bridge does.
func Example() {
	project, _ := pc.Open(memfs.New(nil))
	api := httpapi.New(tools.New(), &tools.Env{Project: project}, httpapi.WithToken("secret"))

	send := func(method, path, body string) {
		req := httptest.NewRequest(method, "http://127.0.0.1:12312"+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer secret")
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, req)
		var answer struct {
			ID    string `json:"id"`
			Error struct {
				Code string `json:"code"`
			} `json:"error"`
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &answer)
		fmt.Println(rec.Code, rec.Header().Get("Location"), answer.ID+answer.Error.Code)
	}
	send("POST", "/entities", `{"type":"story","data":{"title":"Stray"}}`)
	send("POST", "/entities", `{"type":"milestone","data":{"title":"Beta"}}`)
	send("GET", "/entities/M-999", "")
	// Output:
	// 422  orphan
	// 201 /entities/M-001 M-001
	// 404  not_found
}
