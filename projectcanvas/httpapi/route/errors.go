package route

import (
	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

// errTooLarge is an over-limit body; it is an invalid_argument answered 413.
var errTooLarge = pc.Errorf(pc.CodeInvalidArgument, "request body is larger than 1 MiB").With("limit", MaxBody)

// Status is the HTTP status of an error code (docs/ARCHITECTURE.md, "Errors").
func Status(code pc.Code) int {
	switch code {
	case pc.CodeInvalidArgument:
		return 400
	case pc.CodeMissingField, pc.CodeOrphan, pc.CodeInvalidTransition:
		return 422
	case pc.CodeCycle, pc.CodeConflict:
		return 409
	case pc.CodeNotFound:
		return 404
	case pc.CodeUnauthorized:
		return 401
	case pc.CodeForbidden:
		return 403
	}
	return 500
}

func errorResponse(err error) *Response {
	if err == errTooLarge {
		return errorStatus(413, err)
	}
	return errorStatus(Status(pc.ErrorCode(err)), err)
}

func errorStatus(status int, err error) *Response {
	return jsonResponse(status, tools.ErrorJSON(err))
}

// jsonResponse is a JSON answer; the body ends with a newline.
func jsonResponse(status int, body []byte) *Response {
	return &Response{Status: status, Body: append(body[:len(body):len(body)], '\n'), Header: map[string]string{
		"Content-Type":           "application/json; charset=utf-8",
		"X-Content-Type-Options": "nosniff",
		"Cache-Control":          "no-store",
	}}
}
