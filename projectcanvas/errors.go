package projectcanvas

import (
	"errors"
	"fmt"
)

// Code classifies an Error. Hosts translate codes at their edge: HTTP statuses,
// CLI exit codes, MCP tool errors. The core never speaks HTTP.
type Code string

// The error codes of the project. Every error a tool returns carries one.
const (
	CodeInvalidArgument   Code = "invalid_argument"
	CodeMissingField      Code = "missing_field"
	CodeOrphan            Code = "orphan"
	CodeInvalidTransition Code = "invalid_transition"
	CodeCycle             Code = "cycle"
	CodeConflict          Code = "conflict"
	CodeNotFound          Code = "not_found"
	CodeUnauthorized      Code = "unauthorized"
	CodeForbidden         Code = "forbidden"
	CodeInternal          Code = "internal"
)

// Error is the one error type of the project: a code, a message meant for a
// person (or an assistant) and optional machine-readable details.
type Error struct {
	Code    Code           `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Errorf returns an *Error with the code and a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// With returns the error with one more detail set. It mutates and returns e
// so that details can be chained where the error is made.
func (e *Error) With(key string, value any) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details[key] = value
	return e
}

// ErrorCode returns the code of err: the code of the first *Error in its
// chain, or CodeInternal for any other error, or "" for nil.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// AsError converts any error to an *Error, wrapping foreign errors as internal.
func AsError(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return &Error{Code: CodeInternal, Message: err.Error()}
}
