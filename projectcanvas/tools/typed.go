package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

// Annotations tell a client how a tool treats the vault. MCP hosts pass them
// on as tool annotations (readOnlyHint, destructiveHint, idempotentHint).
type Annotations struct {
	ReadOnly    bool `json:"readOnly,omitempty"`
	Destructive bool `json:"destructive,omitempty"`
	Idempotent  bool `json:"idempotent,omitempty"`
}

// Register adds a typed tool. The arguments struct A is the one source of
// both the JSON Schema clients see and the strict decoder the handler gets:
//
//	type getEntityArgs struct {
//		ID     string   `json:"id" jsonschema:"Entity id, e.g. T-004."`
//		Fields []string `json:"fields,omitempty" jsonschema:"Fields to return." schema:"maxItems=64"`
//		Limit  int      `json:"max_items,omitempty" schema:"default=20,minimum=1,maximum=200"`
//	}
//
// Field rules, all read from struct tags:
//   - `json` names the parameter; a field without omitempty/omitzero is required.
//   - `jsonschema` is its description (keep it short: tools/list goes into an
//     assistant's context).
//   - `schema` adds constraints as comma-separated key=value pairs: default
//     (a JSON value; also the value the handler gets when the parameter is
//     absent), minimum, maximum, minLength, maxLength, minItems, maxItems,
//     enum (values separated by |), and cap: a maximum that answers rather
//     than refuses, for top-level counts and sizes of output (max_items,
//     top_k). A larger value is reduced to the cap and the result says so
//     in "capped": {"top_k": 50}; the schema states it as its maximum. A `schema:"enum=..."` list must not copy
//     a list the core owns; set such enums in a SchemaTuner instead.
//
// An arguments type implementing SchemaTuner adjusts its schema after
// generation (enums from the core's own lists, for example). Tuners live in
// tune.go files built natively only: the WebAssembly build reads every
// schema from wasm_schemas.json (schema_js.go), and TestWASMSchemas in
// package commands fails until that file is rewritten after a change.
//
// Arguments are checked against the schema before decoding: unknown or
// wrong-case names, duplicate keys, wrong JSON types and out-of-bound values
// fail with invalid_argument, and the handler never runs.
func Register[A, R any](r *Registry, name, description string, ann Annotations, run func(ctx context.Context, env *Env, args A) (R, error)) {
	r.register(name, description, ann, reflect.TypeFor[A](), func(ctx context.Context, env *Env, args any) (any, error) {
		return run(ctx, env, *args.(*A))
	})
}

// register is Register past the types: call runs the tool on a *A. Generic
// code is compiled once per arguments struct (each is its own GC shape):
// with some eighty tools and commands, generic registering and decoding
// made the WebAssembly build most of a megabyte larger, so only the line
// that names A is generic and the rest works by reflection.
func (r *Registry) register(name, description string, ann Annotations, t reflect.Type, call func(context.Context, *Env, any) (any, error)) {
	if r.naming != 0 {
		r.Add(&Tool{Name: name, Description: description, Annotations: ann, group: r.naming})
		return
	}
	d, err := NewDecoder(t)
	if err != nil {
		panic(fmt.Sprintf("tool %s: %v", name, err)) // a bug in an arguments struct, caught by the registry test
	}
	r.Add(&Tool{
		Name:        name,
		Description: description,
		InputSchema: d.Schema,
		Annotations: ann,
		args:        d.args,
		Handler:     d.handler(call),
	})
}

// Decoder is the checked decoding of one arguments struct that Register
// builds for a tool, for other registries of typed functions (the editor's
// commands) to be built the same way.
type Decoder struct {
	// Schema is the JSON Schema clients see.
	Schema   json.RawMessage
	t        reflect.Type
	args     *argsSchema
	defaults *defaults
	caps     []capField
}

// NewDecoder builds the schema and decoder of the struct type t from its
// struct tags (see Register for the rules). An error is a bug in t.
func NewDecoder(t reflect.Type) (*Decoder, error) {
	raw, err := schemaJSON(t)
	if err != nil {
		return nil, err
	}
	schema, err := parseArgSchema(raw)
	if err != nil {
		return nil, err
	}
	checked, _ := parseArgSchema(raw)
	// Clients see the caps as maxima; the checks let larger values through
	// for caps to reduce after decoding.
	caps := capsOf(t)
	for _, c := range caps {
		checked.Properties[c.name].Maximum = nil
	}
	check := compileChecker(checked)
	if check == nil {
		return nil, fmt.Errorf("the schema of %s uses a keyword the checks do not implement", t)
	}
	defaults, err := newDefaults(t, schema)
	if err != nil {
		return nil, fmt.Errorf("defaults: %w", err)
	}
	return &Decoder{
		Schema:   raw,
		t:        t,
		args:     &argsSchema{schema: checked, check: check, closed: schemaCloses(t, checked)},
		defaults: defaults,
		caps:     caps,
	}, nil
}

// Decode checks raw arguments against the schema and decodes them into a
// new value of the arguments type A, absent parameters holding their
// defaults, and returns its address (a *A). Capped parameters above their
// cap are reduced to it and named in capped (nil when none was). A refusal
// is an invalid_argument *projectcanvas.Error that reads like a sentence.
func (d *Decoder) Decode(raw json.RawMessage) (args any, capped map[string]int64, err error) {
	v := reflect.New(d.t)
	args = v.Interface()
	if err := decodeArgs(d.args, d.defaults, raw, v.Elem(), args); err != nil {
		return nil, nil, err
	}
	if len(d.caps) > 0 {
		capped = applyCaps(v.Elem(), d.caps)
	}
	return args, capped, nil
}

// handler decodes a tool's arguments and runs it.
func (d *Decoder) handler(call func(context.Context, *Env, any) (any, error)) Handler {
	return func(ctx context.Context, env *Env, raw json.RawMessage) (any, error) {
		args, capped, err := d.Decode(raw)
		if err != nil {
			return nil, err
		}
		out, err := call(ctx, env, args)
		if err != nil || capped == nil {
			return out, err
		}
		return cappedResult{result: out, capped: capped}, nil
	}
}

// defaults makes the value arguments are decoded over: absent parameters
// keep their schema defaults.
type defaults struct {
	schema *argSchema
	proto  reflect.Value
	// shared is set when proto holds no slice, map, pointer or interface:
	// a copy of it then shares nothing with the next call's, so it is
	// built once rather than by unmarshalling every default on each call.
	shared bool
}

func newDefaults(t reflect.Type, schema *argSchema) (*defaults, error) {
	d := &defaults{schema: schema, proto: reflect.New(t).Elem()}
	if err := setDefaults(d.proto, schema); err != nil {
		return nil, err
	}
	d.shared = !holdsReference(d.proto)
	return d, nil
}

// fill sets the defaults into v, a zero value of the type.
func (d *defaults) fill(v reflect.Value) error {
	if d.shared {
		v.Set(d.proto)
		return nil
	}
	return setDefaults(v, d.schema)
}

// holdsReference reports whether v holds a non-nil slice, map, pointer,
// interface, channel or function anywhere in it.
func holdsReference(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if holdsReference(v.Field(i)) {
				return true
			}
		}
		return false
	case reflect.Array:
		for i := range v.Len() {
			if holdsReference(v.Index(i)) {
				return true
			}
		}
		return false
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return !v.IsNil()
	}
	return false
}

// argsSchema is a tool's arguments schema in the forms a call needs.
type argsSchema struct {
	schema *argSchema
	check  *checker
	// closed is set when the schema refuses every key the decoder would
	// not use (schemaCloses): arguments it let through then decode the
	// same with or without DisallowUnknownFields.
	closed bool
}

// decodeArgs validates raw arguments against the tool's schema, then decodes
// them into v (ptr is its address), whose absent parameters hold their
// schema defaults. The schema's compiled checker lets most arguments
// through at once; anything it does not accept goes to its explain, whose
// verdict (and error message, the validator's words) stands.
func decodeArgs(s *argsSchema, d *defaults, args json.RawMessage, v reflect.Value, ptr any) error {
	if !json.Valid(args) {
		return syntaxError(args)
	}
	instance, err := parseInstance(args)
	if err != nil {
		return err
	}
	if _, ok := instance.(map[string]any); !ok {
		return pc.Errorf(pc.CodeInvalidArgument, "arguments must be a JSON object")
	}
	if !s.check.accepts(instance) {
		if err := s.check.explain(instance, "root"); err != nil {
			return schemaError(err)
		}
	}
	if err := d.fill(v); err != nil {
		return pc.Errorf(pc.CodeInternal, "defaults: %v", err)
	}
	if s.closed {
		// json.Unmarshal, not a Decoder: that one allocates a reader, itself
		// and a buffer on every call, a cost that shows in WebAssembly.
		if err := json.Unmarshal(args, ptr); err != nil {
			return argError(err)
		}
		return nil
	}
	return decode(args, ptr)
}

// schemaCloses reports whether schema s refuses every object key that
// decoding into a t would not store in a field: every struct in t, at any
// depth, has a schema with additionalProperties false and a property for
// each of its fields and nothing else.
func schemaCloses(t reflect.Type, s *argSchema) bool {
	if reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return true // decodes itself; DisallowUnknownFields does not reach in
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if s == nil || s.AdditionalProperties == nil || !s.AdditionalProperties.False {
			return false
		}
		n := 0
		for f := range structFields(t) {
			p := s.Properties[jsonName(f)]
			if f.Anonymous || p == nil || !schemaCloses(f.Type, p) {
				return false
			}
			n++
		}
		return n == len(s.Properties)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return true // base64 text
		}
		return s != nil && schemaCloses(t.Elem(), s.Items)
	case reflect.Map:
		return s != nil && schemaCloses(t.Elem(), s.AdditionalProperties)
	}
	return true // scalars and interfaces keep whatever keys they are given
}

// syntaxError explains why args is not one JSON value: a key given twice
// before the fault, or the decoder's own complaint.
func syntaxError(args json.RawMessage) error {
	if err := checkDuplicateKeys(args); err != nil {
		return err
	}
	var instance any
	dec := json.NewDecoder(bytes.NewReader(args))
	if err := dec.Decode(&instance); err != nil {
		return argError(err)
	}
	return pc.Errorf(pc.CodeInvalidArgument, "arguments must be one JSON object")
}

// setDefaults fills the fields of struct v that have a schema default, so
// decoding the arguments over v leaves defaults wherever a parameter is
// absent, at every level of nesting.
func setDefaults(v reflect.Value, s *argSchema) error {
	if v.Kind() != reflect.Struct || s == nil {
		return nil
	}
	for f := range structFields(v.Type()) {
		prop := s.Properties[jsonName(f)]
		if prop == nil {
			continue
		}
		field := v.FieldByIndex(f.Index)
		if len(prop.Default) > 0 {
			if err := json.Unmarshal(prop.Default, field.Addr().Interface()); err != nil {
				return err
			}
		}
		if field.Kind() == reflect.Struct {
			if err := setDefaults(field, prop); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkDuplicateKeys refuses an object with the same key twice at any level:
// encoding/json would silently keep the last one.
func checkDuplicateKeys(args json.RawMessage) error {
	dec := json.NewDecoder(bytes.NewReader(args))
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool // the next string token is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // syntax errors are reported by the decoder proper
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, &frame{object: true, keys: map[string]bool{}, key: true})
				continue
			case '[':
				stack = append(stack, &frame{})
				continue
			default:
				stack = stack[:len(stack)-1]
			}
		case string:
			if top != nil && top.object && top.key {
				if top.keys[t] {
					return pc.Errorf(pc.CodeInvalidArgument, "parameter %q is given twice", t).With("field", t)
				}
				top.keys[t] = true
				top.key = false
				continue
			}
		}
		if len(stack) == 0 {
			return nil
		}
		if top := stack[len(stack)-1]; top.object {
			top.key = true
		}
	}
}

// schemaError turns a validator error (explain's, in jsonschema-go's
// words) into an *Error: missing_field for a required parameter left out,
// invalid_argument otherwise, with details.field naming the parameter as a
// dotted path (filters.type, ops.op).
func schemaError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "validating root: ")
	path := ""
	rest := msg
	for strings.HasPrefix(rest, "validating /") {
		ptr, after, ok := strings.Cut(strings.TrimPrefix(rest, "validating "), ": ")
		if !ok {
			break
		}
		path, rest = ptr, after
	}
	var parts []string
	for p := range strings.SplitSeq(path, "/") {
		if p != "" && p != "properties" && p != "items" && p != "additionalProperties" {
			parts = append(parts, p)
		}
	}
	field := strings.Join(parts, ".")
	join := func(name string) string {
		if field == "" {
			return name
		}
		return field + "." + name
	}
	code := pc.CodeInvalidArgument
	switch {
	case strings.Contains(rest, "missing properties: "):
		code = pc.CodeMissingField
		field = join(firstQuoted(rest))
		msg = fmt.Sprintf("%s is required", field)
	case strings.HasPrefix(rest, "unexpected additional properties "):
		field = join(firstQuoted(rest))
		msg = fmt.Sprintf("unknown parameter %q (names are case-sensitive)", field)
	default:
		if friendly := constraintMessage(field, rest); friendly != "" {
			msg = friendly
		} else {
			msg = "invalid arguments: " + msg
		}
	}
	e := pc.Errorf(code, "%s", msg)
	if field != "" {
		e = e.With("field", field)
	}
	return e
}

// numberRE finds the numbers of a validator's message; a value may come as
// a fraction ("500/1"). Compiled on first use, as every pattern the
// editor's core does not need to start.
var numberRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?`) })

// constraintMessage rewrites the validator's words for one broken
// constraint ("maximum: 500/1 is greater than 50.000000") as a person would
// say it ("top_k must be at most 50 (got 500)"), or returns "" for a kind
// it does not know.
func constraintMessage(field, rest string) string {
	keyword, detail, ok := strings.Cut(rest, ": ")
	if !ok || field == "" {
		return ""
	}
	nums := numberRE().FindAllString(detail, -1)
	num := func(i int) string {
		if i >= len(nums) {
			return "?"
		}
		if f, ok := parseRat(nums[i]); ok {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
		return nums[i]
	}
	switch keyword {
	case "minimum":
		return fmt.Sprintf("%s must be at least %s (got %s)", field, num(1), num(0))
	case "maximum":
		return fmt.Sprintf("%s must be at most %s (got %s)", field, num(1), num(0))
	case "minItems":
		return fmt.Sprintf("%s must hold at least %s items (got %s)", field, num(1), num(0))
	case "maxItems":
		return fmt.Sprintf("%s must hold at most %s items (got %s)", field, num(1), num(0))
	case "minLength":
		if num(1) == "1" {
			return fmt.Sprintf("%s must not be empty", field)
		}
		return fmt.Sprintf("%s must be at least %s characters long (got %s)", field, num(1), num(0))
	case "maxLength":
		return fmt.Sprintf("%s must be at most %s characters long (got %s)", field, num(1), num(0))
	case "type":
		if i := strings.LastIndex(detail, "want "); i >= 0 {
			return fmt.Sprintf("%s must be of type %s", field, strings.Trim(detail[i+5:], `"`))
		}
	case "enum":
		got, allowed, ok := strings.Cut(detail, " does not equal any of: ")
		if ok {
			allowed = strings.Join(strings.Fields(strings.Trim(allowed, "[]")), ", ")
			return fmt.Sprintf("%s must be one of %s (got %q)", field, allowed, pc.Echo(got))
		}
	}
	return ""
}

// parseRat reads a number of a validator's message as big.Rat's SetString
// did: a decimal, or a fraction of two integers (written in base 0: 012 is
// octal) with a nonzero denominator, the quotient exact while both fit a
// float64's 53 bits, as every count and bound of our schemas does. It
// spares the WebAssembly build math/big.
func parseRat(s string) (float64, bool) {
	num, den, frac := strings.Cut(s, "/")
	if !frac {
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	}
	n, ok1 := parseInteger(num)
	d, ok2 := parseInteger(den)
	if !ok1 || !ok2 || d == 0 {
		return 0, false
	}
	return n / d, true
}

// parseInteger reads an integer in base 0, as big.Int's SetString does.
func parseInteger(s string) (float64, bool) {
	if n, err := strconv.ParseInt(s, 0, 64); err == nil {
		return float64(n), true
	}
	digits := strings.TrimPrefix(s, "-")
	if strings.HasPrefix(digits, "0") || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64) // beyond int64: decimal digits only
	return f, err == nil
}

// firstQuoted returns the first double-quoted word of s.
func firstQuoted(s string) string {
	_, after, ok := strings.Cut(s, `"`)
	if !ok {
		return ""
	}
	word, _, _ := strings.Cut(after, `"`)
	return word
}

func structFields(t reflect.Type) func(func(reflect.StructField) bool) {
	return func(yield func(reflect.StructField) bool) {
		for f := range t.Fields() {
			if !f.IsExported() || jsonName(f) == "-" {
				continue
			}
			if !yield(f) {
				return
			}
		}
	}
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}
