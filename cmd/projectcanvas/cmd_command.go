package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
)

func init() {
	register(&command{name: "command", args: "ID [JSON|-]", summary: "run an editor command (see commands) with JSON input (- reads it from stdin)", run: runEditorCommand})
	register(&command{name: "commands", noVault: true, args: "[--json|--markdown]", summary: "list the editor's commands, one line each (--json: with their input schemas; --markdown: docs/COMMANDS.md)", run: listCommands})
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
	return c.runCommand(ctx, rest[0], input, false)
}

// runCommand runs an editor command on the vault and prints its result.
// The friendly subcommands (navigate, canvas, features) are aliases that
// build input and call it with forPeople: their notice is then the one
// for a terminal where the command's effect is the editor's
// (terminalNotices); `command ID` answers exactly what every host answers.
func (c *cli) runCommand(ctx context.Context, id string, input any, forPeople bool) int {
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
	if say, ok := terminalNotices[id]; ok && forPeople {
		res.Notice = say(res)
	}
	if c.noticeOnly {
		fmt.Fprintln(c.stdout, res.Notice)
		return exitOK
	}
	return printJSON(c.stdout, res)
}

func listCommands(_ context.Context, c *cli, rest []string) int {
	switch {
	case len(rest) == 1 && rest[0] == "--markdown":
		if err := writeCommandsDoc(c.stdout, c.commands); err != nil {
			return toolFailure(c.stdout, err)
		}
		return exitOK
	case len(rest) == 1 && rest[0] == "--json":
		return printJSON(c.stdout, map[string][]*commands.Command{"commands": c.commands.Commands()})
	case len(rest) > 0:
		return fail(c.stderr, usageError{"usage: projectcanvas commands [--json|--markdown]"})
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	for _, cmd := range c.commands.Commands() {
		fmt.Fprintf(tw, "%s\t%s\n", cmd.ID, cmd.Description)
	}
	tw.Flush()
	return exitOK
}

// terminalNotices restate the notice of a command whose effect is the
// editor's (hiding nodes): from a terminal nothing is hidden, so the notice
// says what would be, and how it is undone in the editor.
var terminalNotices = map[string]func(*commands.Result) string{
	"focus-in-progress": func(r *commands.Result) string {
		return fmt.Sprintf("In Obsidian this hides %d nodes of %s and keeps %d In Progress (listed in hide and show); "+
			"the file is not changed. There, running Focus in progress again shows every node.", len(r.Hide), r.Canvas, len(r.Show))
	},
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
