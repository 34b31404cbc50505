package httpapi

import (
	"net/http"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// errTooLarge is an over-limit body; it is an invalid_argument answered 413.
var errTooLarge = pc.Errorf(pc.CodeInvalidArgument, "request body is larger than 1 MiB").With("limit", MaxBody)

// Status is the HTTP status of an error code (DESIGN.md §5).
func Status(code pc.Code) int {
	switch code {
	case pc.CodeInvalidArgument:
		return http.StatusBadRequest
	case pc.CodeMissingField, pc.CodeOrphan, pc.CodeInvalidTransition:
		return http.StatusUnprocessableEntity
	case pc.CodeCycle, pc.CodeConflict:
		return http.StatusConflict
	case pc.CodeNotFound:
		return http.StatusNotFound
	case pc.CodeUnauthorized:
		return http.StatusUnauthorized
	case pc.CodeForbidden:
		return http.StatusForbidden
	}
	return http.StatusInternalServerError
}

func writeError(w http.ResponseWriter, err error) {
	if err == errTooLarge {
		writeErrorStatus(w, http.StatusRequestEntityTooLarge, err)
		return
	}
	writeErrorStatus(w, Status(pc.ErrorCode(err)), err)
}

func writeErrorStatus(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, tools.ErrorJSON(err))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
	w.Write([]byte("\n"))
}
