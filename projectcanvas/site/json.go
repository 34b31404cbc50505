package site

import "github.com/projectcanvas/projectcanvas/internal/jsonstr"

// The site's JSON (the board's data, the search index, the manifest) is
// written by hand, each file held by a test to what encoding/json writes;
// these are its two steps.

// appendString appends s quoted as encoding/json quotes it: < > & escaped,
// as a script the site loads needs.
func appendString(b []byte, s string) []byte { return jsonstr.Append(b, s, jsonstr.GoJSON) }

// appendField appends key, the JSON before a value (`,"title":`), and the
// value quoted.
func appendField(b []byte, key, value string) []byte { return appendString(append(b, key...), value) }
