package httpclient_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
)

func TestDoSendsAndAnswersWhateverTheStatus(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusTeapot)
		_, _ = w.Write([]byte(r.Method + " " + r.Header.Get("Authorization") + " " + string(body)))
	}))
	defer srv.Close()
	var tr pc.Transport = httpclient.New()
	resp, err := tr.Do(context.Background(), &pc.OutboundRequest{Method: "POST", URL: srv.URL,
		Header: map[string]string{"Authorization": "Bearer k"}, Body: []byte("hi")})
	require.NoError(t, err)
	assert.Equal(t, http.StatusTeapot, resp.Status)
	assert.Equal(t, "POST Bearer k hi", string(resp.Body))
}

func TestDoFailsWithoutAnAnswer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(200 * time.Millisecond)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := httpclient.New().Do(ctx, &pc.OutboundRequest{Method: "GET", URL: srv.URL})
	assert.Error(t, err, "a timed-out request")
	_, err = httpclient.New().Do(context.Background(), &pc.OutboundRequest{Method: "GET", URL: "http://[bad"})
	assert.Error(t, err, "a malformed URL")
}
