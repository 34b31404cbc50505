//go:build !js

package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/stretchr/testify/require"
)

// toolSchema is one registered tool's arguments schema, as its handler
// uses it.
type toolSchema struct {
	name string
	*argsSchema
	// The same schema for jsonschema-go's validator, the reference the
	// checker and explain are compared with.
	reference *jsonschema.Schema
	resolved  *jsonschema.Resolved
}

func toolSchemas(t testing.TB) []toolSchema {
	var out []toolSchema
	for _, tool := range New().Tools() {
		require.NotNil(t, tool.args, tool.Name)
		var ref jsonschema.Schema
		require.NoError(t, json.Unmarshal(tool.InputSchema, &ref), tool.Name)
		for name, p := range ref.Properties { // caps: no maximum for the checks
			if tool.args.schema.Properties[name].Maximum == nil {
				p.Maximum = nil
			}
		}
		resolved, err := ref.Resolve(nil)
		require.NoError(t, err, tool.Name)
		out = append(out, toolSchema{tool.Name, tool.args, &ref, resolved})
	}
	return out
}

// argSchemaOf is s as the checks read it.
func argSchemaOf(t testing.TB, s *jsonschema.Schema) *argSchema {
	data, err := json.Marshal(s)
	require.NoError(t, err)
	a, err := parseArgSchema(data)
	require.NoError(t, err)
	return a
}

// Every registered tool takes the fast path: a schema the checker cannot
// compile would quietly fall back to the validator on every call.
func TestEveryToolSchemaCompiles(t *testing.T) {
	for _, ts := range toolSchemas(t) {
		require.NotNil(t, ts.check, "%s: its schema uses a keyword the checker does not know", ts.name)
	}
}

// Every registered tool decodes its checked arguments without a Decoder.
func TestEveryToolSchemaCloses(t *testing.T) {
	for _, ts := range toolSchemas(t) {
		require.True(t, ts.closed, "%s: a struct of its arguments has a schema that lets unknown keys through", ts.name)
	}
}

type openArgs struct {
	Options struct {
		Atomic bool `json:"atomic"`
	} `json:"options"`
}

func TestSchemaClosesNeedsEveryStructClosed(t *testing.T) {
	s, err := schemaOf(reflect.TypeFor[openArgs]())
	require.NoError(t, err)
	require.True(t, schemaCloses(reflect.TypeFor[openArgs](), argSchemaOf(t, s)))
	s.Properties["options"].AdditionalProperties = nil // a tuner's hand-written schema
	require.False(t, schemaCloses(reflect.TypeFor[openArgs](), argSchemaOf(t, s)))
	s.Properties["options"] = &jsonschema.Schema{Type: "object", AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
	require.False(t, schemaCloses(reflect.TypeFor[openArgs](), argSchemaOf(t, s)), "no property for atomic")
	require.False(t, schemaCloses(reflect.TypeFor[[]openArgs](), nil))
	require.True(t, schemaCloses(reflect.TypeFor[json.RawMessage](), nil))
}

func TestCheckerRefusesUnknownKeywords(t *testing.T) {
	pattern := &jsonschema.Schema{Type: "string", Pattern: "^a"}
	require.Nil(t, compileChecker(argSchemaOf(t, pattern)))
	nested := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"x": {AnyOf: []*jsonschema.Schema{{Type: "string"}}}}}
	require.Nil(t, compileChecker(argSchemaOf(t, nested)))
	boolEnum := &jsonschema.Schema{Enum: []any{"a", true}}
	require.Nil(t, compileChecker(argSchemaOf(t, boolEnum)))
	require.NotNil(t, compileChecker(argSchemaOf(t, &jsonschema.Schema{Type: "string", Enum: []any{"a"}, Description: "d"})))
	require.Nil(t, compileChecker(argSchemaOf(t, &jsonschema.Schema{Not: &jsonschema.Schema{}})), "false")
}

// agree checks the rules: the checker never accepts what the validator
// refuses, and (finite numbers only; it leaves ±Inf to explain) accepts
// everything the validator accepts; explain refuses exactly what the
// validator refuses, and the refusal a tool answers (schemaError) is the
// one the validator's error gives.
func agree(t *testing.T, ts toolSchema, v any) {
	t.Helper()
	err := ts.resolved.Validate(v)
	got := ts.check.accepts(v)
	if got && err != nil {
		t.Fatalf("%s: checker accepts %s, validator refuses: %v", ts.name, show(v), err)
	}
	if !got && err == nil && allFinite(v) {
		t.Fatalf("%s: checker refuses %s, validator accepts", ts.name, show(v))
	}
	explained := ts.check.explain(v, "root")
	if (explained == nil) != (err == nil) {
		t.Fatalf("%s: %s: explain says %v, the validator %v", ts.name, show(v), explained, err)
	}
	if err == nil {
		return
	}
	// The validator walks maps in random order: where several properties
	// are at fault it names any one, explain the first by name. Ask it
	// again until it names the same one.
	want := schemaError(explained).Error()
	for range 500 {
		if schemaError(err).Error() == want {
			return
		}
		err = ts.resolved.Validate(v)
	}
	t.Fatalf("%s: %s: explain refuses with %q, the validator with %q (%v)", ts.name, show(v), want, schemaError(err), err)
}

func show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(data)
}

func allFinite(v any) bool {
	switch x := v.(type) {
	case float64:
		return !math.IsInf(x, 0) && !math.IsNaN(x)
	case []any:
		for _, e := range x {
			if !allFinite(e) {
				return false
			}
		}
	case map[string]any:
		for _, e := range x {
			if !allFinite(e) {
				return false
			}
		}
	}
	return true
}

// FuzzChecker compares the checker with jsonschema-go's validator on every
// registered tool: on the fuzzer's bytes read as JSON arguments, and on
// argument objects generated from each schema (mostly well-formed, with
// wrong types, bounds ±1, foreign enum values, unknown and missing keys
// mixed in, as the bytes decide).
func FuzzChecker(f *testing.F) {
	for _, seed := range []string{
		`{"id":"T-004"}`, `{"id":"T-004","fields":["title"],"content_mode":"full"}`, `{"max_items":0}`,
		`{"max_items":1e400}`, `{"ops":[{"op":"create","type":"task"}]}`, `{"ID":1}`, `[]`, `null`,
		"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8",
	} {
		f.Add([]byte(seed))
	}
	schemas := toolSchemas(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if json.Valid(data) {
			if v, err := parseInstance(data); err == nil {
				for _, ts := range schemas {
					agree(t, ts, v)
				}
			}
		}
		for _, ts := range schemas {
			g := &generator{data: data}
			agree(t, ts, g.value(ts.reference, 0))
		}
	})
}

// generator makes a JSON value for a schema, steered by fuzz bytes.
type generator struct {
	data  []byte
	i     int
	nodes int // values made so far; bounded, as lists of 1,001 nest
}

func (g *generator) next() byte {
	if g.i >= len(g.data) {
		return 0
	}
	g.i++
	return g.data[g.i-1]
}

// wrong is true now and then: time to break a rule.
func (g *generator) wrong() bool { return g.next()%8 == 7 }

func (g *generator) value(s *jsonschema.Schema, depth int) any {
	if g.nodes++; s == nil || depth > 6 || g.nodes > 5000 {
		return nil
	}
	types := s.Types
	if s.Type != "" {
		types = []string{s.Type}
	}
	typ := "string"
	if len(types) > 0 {
		typ = types[int(g.next())%len(types)]
	}
	if g.wrong() {
		typ = []string{"null", "boolean", "integer", "number", "string", "array", "object"}[g.next()%7]
	}
	switch typ {
	case "null":
		return nil
	case "boolean":
		return g.next()%2 == 0
	case "integer", "number":
		return g.number(s, typ == "number")
	case "string":
		return g.string(s)
	case "array":
		n := int(g.next() % 4)
		if s.MaxItems != nil && g.wrong() {
			n = *s.MaxItems + int(g.next()%2)
		}
		if s.MinItems != nil && g.wrong() {
			n = max(*s.MinItems-int(g.next()%2), 0)
		}
		list := make([]any, 0, n)
		for range n {
			list = append(list, g.value(s.Items, depth+1))
		}
		return list
	default:
		return g.object(s, depth)
	}
}

func (g *generator) number(s *jsonschema.Schema, fraction bool) any {
	v := float64(int(g.next()) - 64)
	switch g.next() % 8 {
	case 0:
		if s.Minimum != nil {
			v = *s.Minimum - float64(g.next()%2)
		}
	case 1:
		if s.Maximum != nil {
			v = *s.Maximum + float64(g.next()%2)
		}
	case 2:
		v = math.Inf(1 - 2*int(g.next()%2))
	case 3:
		v = math.Float64frombits(uint64(g.next())<<56 | uint64(g.next())<<8)
	}
	if fraction && g.next()%2 == 0 {
		v += 0.5
	}
	return v
}

func (g *generator) string(s *jsonschema.Schema) any {
	if len(s.Enum) > 0 && !g.wrong() {
		e := reflect.ValueOf(s.Enum[int(g.next())%len(s.Enum)])
		if e.CanInt() {
			return float64(e.Int()) // as parseInstance gives numbers
		}
		return e.Interface()
	}
	n := int(g.next() % 8)
	if s.MaxLength != nil && g.wrong() {
		n = *s.MaxLength + int(g.next()%2)
	}
	if s.MinLength != nil && g.wrong() {
		n = max(*s.MinLength-int(g.next()%2), 0)
	}
	return strings.Repeat(string([]rune{'a', 'é', '\u2028', 0x1F600}[g.next()%4]), n)
}

func (g *generator) object(s *jsonschema.Schema, depth int) any {
	obj := map[string]any{}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if slices.Contains(s.Required, name) && !g.wrong() || g.next()%2 == 0 {
			obj[name] = g.value(s.Properties[name], depth+1)
		}
	}
	if g.wrong() {
		obj[[]string{"extra", "ID", "Id", ""}[g.next()%4]] = g.value(s.AdditionalProperties, depth+1)
	}
	return obj
}
