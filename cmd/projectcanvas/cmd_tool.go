package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
)

func init() {
	register(&command{name: "tool", args: "NAME [JSON|-]", summary: "run a tool with JSON arguments (- reads them from stdin)", run: runTool})
}

func runTool(ctx context.Context, c *cli, rest []string) int {
	if len(rest) < 1 || len(rest) > 2 {
		return fail(c.stderr, usageError{"usage: projectcanvas tool NAME [JSON|-]"})
	}
	if _, ok := c.registry.Lookup(rest[0]); !ok {
		return fail(c.stderr, usageError{fmt.Sprintf("unknown tool %q (see projectcanvas tools)", rest[0])})
	}
	args, err := toolArgs(rest[1:], c.stdin)
	if err != nil {
		return fail(c.stderr, err)
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	result, err := c.registry.Call(ctx, env, rest[0], args)
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	return printJSON(c.stdout, result)
}

// toolArgs reads the JSON arguments: absent, inline, or "-" for stdin.
func toolArgs(rest []string, stdin io.Reader) (json.RawMessage, error) {
	if len(rest) == 0 {
		return json.RawMessage("{}"), nil
	}
	data := []byte(rest[0])
	if rest[0] == "-" {
		var err error
		if data, err = io.ReadAll(stdin); err != nil {
			return nil, err
		}
	}
	if !json.Valid(data) {
		return nil, usageError{"arguments are not valid JSON"}
	}
	return data, nil
}
