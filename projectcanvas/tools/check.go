package tools

import (
	"math"
	"reflect"
	"slices"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
)

// checker is a tool's schema compiled, once, into the few keywords our
// arguments structs produce (type, enum of strings and numbers, minimum, maximum,
// minLength, maxLength, minItems, maxItems, items, properties, required,
// additionalProperties). It only ever says "valid": jsonschema-go's
// validator walks every value through reflection and wraps every level in
// an error context, which dominated a small call (more so in WebAssembly).
//
// It is not a second rule. decodeArgs asks the checker first and, unless it
// accepts, asks the validator, whose answer (and error message) stands; so
// the checker may be stricter than the schema but never laxer
// (FuzzChecker compares the two on every registered tool's schema). A
// schema using any keyword it does not know compiles to no checker at all.
type checker struct {
	types              jsonTypes // 0: any type
	enum               *enum     // nil: no enum
	minimum, maximum   float64   // ±Inf when unset
	minLength          int
	maxLength          int // -1: unset
	minItems, maxItems int // maxItems -1: unset
	items              *checker
	properties         map[string]*checker
	required           []string
	// closed is additionalProperties false; otherwise additional (nil: any)
	// checks properties not named in properties.
	closed     bool
	additional *checker
}

type jsonTypes uint8

// enum holds the allowed values of an enum of strings and numbers.
type enum struct {
	strings []string
	numbers []float64
}

// add adds an enum value; false for one the checker does not compare (a
// boolean, a list, a number not exactly a float64).
func (e *enum) add(v any) bool {
	r := reflect.ValueOf(v)
	switch {
	case r.Kind() == reflect.String:
		e.strings = append(e.strings, r.String())
	case r.CanInt() && r.Int() >= -1<<53 && r.Int() <= 1<<53:
		e.numbers = append(e.numbers, float64(r.Int()))
	case r.CanFloat() && !math.IsInf(r.Float(), 0) && !math.IsNaN(r.Float()):
		e.numbers = append(e.numbers, r.Float())
	default:
		return false
	}
	return true
}

const (
	typeNull jsonTypes = 1 << iota
	typeBoolean
	typeInteger
	typeNumber // any number, integers too
	typeString
	typeArray
	typeObject
)

var typeBits = map[string]jsonTypes{
	"null": typeNull, "boolean": typeBoolean, "integer": typeInteger, "number": typeNumber | typeInteger,
	"string": typeString, "array": typeArray, "object": typeObject,
}

// checkedKeywords are the Schema fields compileChecker understands or that
// do not affect validation; any other field set makes a schema uncompiled.
var checkedKeywords = map[string]bool{
	"Title": true, "Description": true, "Default": true, "Deprecated": true, "ReadOnly": true, "WriteOnly": true,
	"Examples": true, "Comment": true, "PropertyOrder": true,
	"Type": true, "Types": true, "Enum": true, "Minimum": true, "Maximum": true, "MinLength": true, "MaxLength": true,
	"Items": true, "MinItems": true, "MaxItems": true,
	"Required": true, "Properties": true, "AdditionalProperties": true,
}

// compileChecker compiles s, or returns nil when s uses a keyword (or a
// form of one) the checker does not implement.
func compileChecker(s *jsonschema.Schema) *checker {
	if s == nil || !onlyCheckedKeywords(s) {
		return nil
	}
	c := &checker{minimum: math.Inf(-1), maximum: math.Inf(1), maxLength: -1, maxItems: -1, required: s.Required}
	types := s.Types
	if s.Type != "" {
		types = []string{s.Type}
	}
	for _, t := range types {
		bit, ok := typeBits[t]
		if !ok {
			return nil
		}
		c.types |= bit
	}
	if s.Enum != nil {
		c.enum = &enum{}
		for _, e := range s.Enum {
			if !c.enum.add(e) {
				return nil
			}
		}
	}
	if s.Minimum != nil {
		c.minimum = *s.Minimum
	}
	if s.Maximum != nil {
		c.maximum = *s.Maximum
	}
	for _, bound := range []struct {
		from *int
		to   *int
	}{{s.MinLength, &c.minLength}, {s.MaxLength, &c.maxLength}, {s.MinItems, &c.minItems}, {s.MaxItems, &c.maxItems}} {
		if bound.from != nil {
			*bound.to = *bound.from
		}
	}
	if s.Items != nil {
		if c.items = compileChecker(s.Items); c.items == nil {
			return nil
		}
	}
	if s.Properties != nil {
		c.properties = make(map[string]*checker, len(s.Properties))
		for name, p := range s.Properties {
			if c.properties[name] = compileChecker(p); c.properties[name] == nil {
				return nil
			}
		}
	}
	if a := s.AdditionalProperties; a != nil {
		if isFalseSchema(a) {
			c.closed = true
		} else if c.additional = compileChecker(a); c.additional == nil {
			return nil
		}
	}
	return c
}

func onlyCheckedKeywords(s *jsonschema.Schema) bool {
	v := reflect.ValueOf(s).Elem()
	for i := range v.NumField() {
		if !checkedKeywords[v.Type().Field(i).Name] && !v.Field(i).IsZero() {
			return false
		}
	}
	return true
}

// onlyNot reports whether a is {"not": ...} and nothing else: false, as
// jsonschema-go writes it.
func onlyNot(a *jsonschema.Schema) bool {
	rest := *a
	rest.Not = nil
	return reflect.ValueOf(rest).IsZero()
}

// accepts reports whether v (as parseInstance makes it) certainly satisfies
// the schema. False means "refused or not sure": ask the validator.
func (c *checker) accepts(v any) bool {
	var t jsonTypes
	switch x := v.(type) {
	case nil:
		t = typeNull
	case bool:
		t = typeBoolean
	case string:
		t = typeString
		if c.enum != nil && !slices.Contains(c.enum.strings, x) {
			return false
		}
		if c.minLength > 0 || c.maxLength >= 0 {
			n := utf8.RuneCountInString(x)
			if n < c.minLength || c.maxLength >= 0 && n > c.maxLength {
				return false
			}
		}
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return false // the validator's own affair
		}
		t = typeNumber
		if x == math.Trunc(x) {
			t = typeInteger
		}
		if x < c.minimum || x > c.maximum || c.enum != nil && !slices.Contains(c.enum.numbers, x) {
			return false
		}
	case []any:
		t = typeArray
		if len(x) < c.minItems || c.maxItems >= 0 && len(x) > c.maxItems {
			return false
		}
		if c.items != nil {
			for _, item := range x {
				if !c.items.accepts(item) {
					return false
				}
			}
		}
	case map[string]any:
		t = typeObject
		if !c.acceptsObject(x) {
			return false
		}
	default:
		return false
	}
	if c.types != 0 && c.types&t == 0 {
		return false
	}
	if c.enum != nil && t&(typeString|typeNumber|typeInteger) == 0 {
		return false // an enum of strings and numbers holds no other type
	}
	return true
}

func (c *checker) acceptsObject(obj map[string]any) bool {
	for _, name := range c.required {
		if _, ok := obj[name]; !ok {
			return false
		}
	}
	for name, v := range obj {
		p, named := c.properties[name]
		switch {
		case named:
		case c.closed:
			return false
		case c.additional != nil:
			p = c.additional
		default:
			continue
		}
		if !p.accepts(v) {
			return false
		}
	}
	return true
}
