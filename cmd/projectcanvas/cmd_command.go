package main

import (
	"context"
	"encoding/json"
	"fmt"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
)

func init() {
	register(&command{name: "command", args: "ID [JSON|-]", summary: "run an editor command (see commands) with JSON input (- reads it from stdin)", run: runEditorCommand})
	register(&command{name: "commands", args: "[--markdown]", summary: "list the editor's commands with their input schemas (--markdown: docs/COMMANDS.md)", run: listCommands})
}

func runEditorCommand(ctx context.Context, c *cli, rest []string) int {
	if len(rest) < 1 || len(rest) > 2 {
		return fail(c.stderr, usageError{"usage: projectcanvas command ID [JSON|-]"})
	}
	if _, ok := c.commands.Lookup(rest[0]); !ok {
		return fail(c.stderr, usageError{fmt.Sprintf("unknown command %q (see projectcanvas commands)", rest[0])})
	}
	input, err := toolArgs(rest[1:], c.stdin)
	if err != nil {
		return fail(c.stderr, err)
	}
	return c.runCommand(ctx, rest[0], input)
}

// runCommand runs an editor command on the vault and prints its result.
// The friendly subcommands (navigate, canvas, features) are aliases that
// build input and call it.
func (c *cli) runCommand(ctx context.Context, id string, input any) int {
	raw, err := jsonArgs(input)
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	res, err := c.commands.Run(ctx, env, id, raw)
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	if c.noticeOnly {
		fmt.Fprintln(c.stdout, res.Notice)
		return exitOK
	}
	return printJSON(c.stdout, res)
}

func listCommands(_ context.Context, c *cli, rest []string) int {
	if len(rest) == 1 && rest[0] == "--markdown" {
		if err := writeCommandsDoc(c.stdout, c.commands); err != nil {
			return toolFailure(c.stdout, err)
		}
		return exitOK
	}
	if len(rest) > 0 {
		return fail(c.stderr, usageError{"usage: projectcanvas commands [--markdown]"})
	}
	return printJSON(c.stdout, map[string][]*commands.Command{"commands": c.commands.Commands()})
}

// jsonArgs is input as JSON: raw JSON as it is, anything else encoded.
func jsonArgs(input any) (json.RawMessage, error) {
	if raw, ok := input.(json.RawMessage); ok {
		return raw, nil
	}
	data, err := json.Marshal(input)
	if err != nil {
		return nil, pc.Errorf(pc.CodeInternal, "encoding the input: %v", err)
	}
	return data, nil
}
