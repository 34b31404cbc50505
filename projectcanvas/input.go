package projectcanvas

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// This file turns loosely typed input (decoded JSON from a tool call) into
// field values, checking each against the schema.

func badField(field, format string, args ...any) *Error {
	return Errorf(CodeInvalidArgument, "%s: %s", field, fmt.Sprintf(format, args...)).With("field", field)
}

// asString accepts a string, or a number written as one. Strings longer than
// MaxStringBytes (MaxContentBytes for content) are refused here, before
// anything else looks at them or echoes them in an error.
func asString(field string, v any) (string, error) {
	switch v := v.(type) {
	case string:
		limit := MaxStringBytes
		if field == ContentKey {
			limit = MaxContentBytes
		}
		if len(v) > limit {
			return "", badField(field, "is %d bytes long; the limit is %d", len(v), limit).With("limit", limit)
		}
		return v, nil
	case ID:
		return string(v), nil
	case Status:
		return string(v), nil
	case Priority:
		return string(v), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case json.Number:
		return v.String(), nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	}
	return "", badField(field, "want a string, got %s", jsonKind(v))
}

// asStrings accepts a list of strings, or one string as a list of one.
func asStrings(field string, v any) ([]string, error) {
	switch v := v.(type) {
	case string:
		if strings.TrimSpace(v) == "" {
			return nil, nil
		}
		return []string{v}, nil
	case ID:
		return []string{string(v)}, nil
	case []string:
		return v, checkListLen(field, len(v))
	case []ID:
		if err := checkListLen(field, len(v)); err != nil {
			return nil, err
		}
		out := make([]string, len(v))
		for i, id := range v {
			out[i] = string(id)
		}
		return out, nil
	case []any:
		if err := checkListLen(field, len(v)); err != nil {
			return nil, err
		}
		out := make([]string, 0, len(v))
		for i, item := range v {
			s, err := asString(fmt.Sprintf("%s[%d]", field, i), item)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, badField(field, "want a list of strings, got %s", jsonKind(v))
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64, json.Number, int, int64:
		return "a number"
	case []any, []string:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// normalizeValue checks one input value against the field's spec and
// returns it in the form it is stored in. Relations, parent and status are
// checked by the changeset, which knows the other entities.
func normalizeValue(spec FieldSpec, v any) (any, error) {
	name := spec.Name
	switch spec.Kind {
	case KindString, KindText:
		s, err := asString(name, v)
		if err != nil {
			return nil, err
		}
		if name == "title" {
			err = checkTitle(s)
		} else {
			err = checkText(name, s, spec.Kind == KindString, MaxStringBytes)
		}
		if err != nil {
			return nil, err
		}
		if name == "workstream" {
			s = NormalizeWorkstream(s)
		}
		return strings.TrimSpace(s), nil
	case KindEnum:
		s, err := asString(name, v)
		if err != nil {
			return nil, err
		}
		if name == "priority" {
			p, err := ParsePriority(s)
			return string(p), err
		}
		for _, allowed := range spec.Enum {
			if strings.EqualFold(strings.TrimPrefix(strings.ToLower(s), "phase "), allowed) {
				return allowed, nil
			}
		}
		return nil, badField(name, "%q is not one of %s", s, strings.Join(spec.Enum, ", ")).With("allowed", spec.Enum)
	case KindStrings:
		items, err := asStrings(name, v)
		if err != nil {
			return nil, err
		}
		out := make([]string, 0, len(items))
		seen := make(map[string]bool, len(items))
		for i, s := range items {
			if s = strings.TrimSpace(s); s == "" || seen[s] {
				continue
			}
			if err := checkText(fmt.Sprintf("%s[%d]", name, i), s, true, MaxStringBytes); err != nil {
				return nil, err
			}
			seen[s] = true
			out = append(out, s)
		}
		return out, nil
	case KindDate:
		s, err := asString(name, v)
		if err != nil {
			return nil, err
		}
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t.Format(time.DateOnly), nil
		}
		if _, err := time.Parse(time.DateOnly, s); err != nil {
			return nil, badField(name, "%q is not a date (want YYYY-MM-DD)", s)
		}
		return s, nil
	case KindBool:
		switch v := v.(type) {
		case bool:
			return v, nil
		case string:
			if b, err := strconv.ParseBool(v); err == nil {
				return b, nil
			}
		}
		return nil, badField(name, "want true or false, got %s", jsonKind(v))
	case KindNumber:
		f, ok := 0.0, false
		switch v := v.(type) {
		case float64:
			f, ok = v, true
		case json.Number:
			g, err := v.Float64()
			f, ok = g, err == nil
		case int:
			f, ok = float64(v), true
		case int64:
			f, ok = float64(v), true
		case string:
			g, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			f, ok = g, err == nil
		}
		switch {
		case !ok:
			return nil, badField(name, "want a number, got %s", jsonKind(v))
		case math.IsNaN(f) || math.IsInf(f, 0):
			return nil, badField(name, "want a finite number")
		case f < 0:
			return nil, badField(name, "must be 0 or more, got %v", f)
		}
		return f, nil
	}
	return v, nil
}
