package tools

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// checker is a tool's schema compiled, once, into the few keywords our
// arguments structs produce (type, enum of strings and numbers, minimum, maximum,
// minLength, maxLength, minItems, maxItems, items, properties, required,
// additionalProperties). It only ever says "valid": jsonschema-go's
// validator walks every value through reflection and wraps every level in
// an error context, which dominated a small call (more so in WebAssembly).
//
// It is not a second rule. decodeArgs asks accepts first and, unless it
// accepts, explain, which finds the fault the way jsonschema-go's
// validator does and whose answer (and error message) stands; so accepts
// may be stricter than the schema but never laxer, and explain is exactly
// the validator for these keywords (FuzzChecker compares both with it on
// every registered tool's schema). A schema using any keyword it does not
// know compiles to no checker at all, which NewDecoder refuses.
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

	// For explain: the type wanted and the enum, as the validator words them.
	wantType string
	enumText string
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

// compileChecker compiles s, or returns nil when s uses a keyword (or a
// form of one) the checker does not implement.
func compileChecker(s *argSchema) *checker {
	if s == nil || s.Unknown || s.False {
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
	if s.Type != "" {
		c.wantType = fmt.Sprintf("%q", s.Type)
	} else if s.Types != nil {
		c.wantType = fmt.Sprintf("one of %q", strings.Join(s.Types, ", "))
	}
	if s.Enum != nil {
		c.enum = &enum{}
		for _, e := range s.Enum {
			if !c.enum.add(e) {
				return nil
			}
		}
		c.enumText = fmt.Sprintf("%v", s.Enum)
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
		if a.False {
			c.closed = true
		} else if c.additional = compileChecker(a); c.additional == nil {
			return nil
		}
	}
	return c
}

// accepts reports whether v (as parseInstance makes it) certainly satisfies
// the schema. False means "refused or not sure": ask explain.
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
			return false // explain's affair: the validator counts ±Inf as 0
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

// explain says why v (as parseInstance makes it) fails the schema at path,
// or returns nil when it does not. Its errors are those jsonschema-go's
// validator gives for the same keywords, in the order it checks them
// ("validating root: validating /properties/x: maximum: ..."), which
// schemaError turns into the tools' refusals: the WebAssembly build has no
// validator, and the native one gives the same answers by the same code.
// Where the validator walks a map (properties present, unknown keys), and
// so reports one of several faults at random, explain takes names in
// order. FuzzChecker compares the two.
func (c *checker) explain(v any, path string) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("validating %s: %w", path, err)
		}
	}()
	if c.types != 0 {
		got, bit := explainType(v)
		if c.types&bit == 0 {
			return fmt.Errorf("type: %s has type %q, want %s", instanceText(v), got, c.wantType)
		}
	}
	if c.enum != nil && !c.enum.holds(v) {
		return fmt.Errorf("enum: %s does not equal any of: %s", instanceText(v), c.enumText)
	}
	switch x := v.(type) {
	case float64:
		n := ratOf(x)
		if n < c.minimum {
			return fmt.Errorf("minimum: %s is less than %f", ratText(n), c.minimum)
		}
		if n > c.maximum {
			return fmt.Errorf("maximum: %s is greater than %f", ratText(n), c.maximum)
		}
	case string:
		n := utf8.RuneCountInString(x)
		if n < c.minLength {
			return fmt.Errorf("minLength: %q contains %d Unicode code points, fewer than %d", x, n, c.minLength)
		}
		if c.maxLength >= 0 && n > c.maxLength {
			return fmt.Errorf("maxLength: %q contains %d Unicode code points, more than %d", x, n, c.maxLength)
		}
	case []any:
		if c.items != nil {
			for _, item := range x {
				if err := c.items.explain(item, subPath(path, "items")); err != nil {
					return err
				}
			}
		}
		if len(x) < c.minItems {
			return fmt.Errorf("minItems: array length %d is less than %d", len(x), c.minItems)
		}
		if c.maxItems >= 0 && len(x) > c.maxItems {
			return fmt.Errorf("maxItems: array length %d is greater than %d", len(x), c.maxItems)
		}
	case map[string]any:
		return c.explainObject(x, path)
	}
	return nil
}

func (c *checker) explainObject(obj map[string]any, path string) error {
	names := slices.Sorted(maps.Keys(obj))
	for _, name := range names {
		if p, ok := c.properties[name]; ok {
			if err := p.explain(obj[name], subPath(path, "properties/"+pointerEscaper.Replace(name))); err != nil {
				return err
			}
		}
	}
	var unknown []string
	for _, name := range names {
		if _, ok := c.properties[name]; ok {
			continue
		}
		if c.closed {
			unknown = append(unknown, name)
		} else if c.additional != nil {
			if err := c.additional.explain(obj[name], subPath(path, "additionalProperties")); err != nil {
				return err
			}
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("unexpected additional properties %q", unknown)
	}
	var missing []string
	for _, name := range c.required {
		if _, ok := obj[name]; !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("required: missing properties: %q", missing)
	}
	return nil
}

// subPath is the path of a schema below the one at path: a JSON Pointer
// from the root, whose own path is "root".
func subPath(path, below string) string {
	if path == "root" {
		path = ""
	}
	return path + "/" + below
}

// pointerEscaper writes a property name as a JSON Pointer segment, as the
// validator's schema paths have it.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// explainType is the JSON type of v as the validator names it, and its bit.
func explainType(v any) (string, jsonTypes) {
	switch x := v.(type) {
	case nil:
		return "null", typeNull
	case bool:
		return "boolean", typeBoolean
	case string:
		return "string", typeString
	case float64:
		if _, f := math.Modf(x); f == 0 {
			return "integer", typeInteger
		}
		return "number", typeNumber
	case []any:
		return "array", typeArray
	}
	return "object", typeObject
}

// instanceText is v as the validator prints it (%v of its reflect.Value:
// null is the invalid Value).
func instanceText(v any) string {
	if v == nil {
		return "<invalid reflect.Value>"
	}
	return fmt.Sprintf("%v", v)
}

// ratOf is the number the validator compares: its big.Rat of a ±Inf stays
// zero (SetFloat64 refuses it), so an out-of-range 1e400 counts as 0; and
// a fraction has no -0.
func ratOf(x float64) float64 {
	if math.IsInf(x, 0) || x == 0 {
		return 0
	}
	return x
}

// ratText writes a number as schemaError reads it back to the same
// float64 (the validator writes its exact fraction, "5/2", which reads back
// the same).
func ratText(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// holds reports whether v equals a value of the enum, as the validator
// compares (numbers by value; ±Inf as 0).
func (e *enum) holds(v any) bool {
	switch x := v.(type) {
	case string:
		return slices.Contains(e.strings, x)
	case float64:
		return slices.Contains(e.numbers, ratOf(x))
	}
	return false
}
