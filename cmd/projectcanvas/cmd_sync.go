package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/extsync"
	"github.com/projectcanvas/projectcanvas/projectcanvas/notion"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
)

func init() {
	register(&command{name: "sync", args: "--once|--watch [--database ID] [--interval 5m] [--deadline 10m]",
		summary: "two-way sync with a Notion database (token in $PROJECTCANVAS_NOTION_TOKEN)", run: syncCommand})
}

// notionOptions, when tests set them, replace the Notion client's pacing
// and clock.
var notionOptions notion.Options

const tokenVar = "$PROJECTCANVAS_NOTION_TOKEN"

// syncCommand syncs the vault with Notion once, printing the run's summary
// as JSON, or every interval until interrupted, printing one line per run.
func syncCommand(ctx context.Context, c *cli, args []string) int {
	fs := newFlags("sync")
	once := fs.Bool("once", false, "sync once and exit")
	watch := fs.Bool("watch", false, "sync every interval until interrupted")
	database := fs.String("database", "", "Notion database id or URL (default: notion.database_id in .projectcanvas/config.json)")
	interval := fs.Duration("interval", 5*time.Minute, "time between runs with --watch")
	deadline := fs.Duration("deadline", extsync.DefaultDeadline, "the longest one run may take")
	usage := usageError{"usage: projectcanvas sync --once|--watch [--database ID] [--interval 5m] [--deadline 10m]"}
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *once == *watch || *interval < time.Second || *deadline < time.Second {
		return fail(c.stderr, usage)
	}
	s, env, err := c.syncer(*database, *deadline)
	if err != nil {
		return syncFailure(c, err)
	}
	if *once {
		sum, err := s.Run(ctx)
		if err != nil {
			return syncFailure(c, err)
		}
		printJSON(c.stdout, sum)
		if len(sum.Failed) > 0 {
			fmt.Fprintf(c.stderr, "projectcanvas: %d entities did not sync (see \"failed\"); the next run tries them again\n", len(sum.Failed))
			return exitToolError
		}
		return exitOK
	}
	for {
		if _, err := env.Project.Reload(); err != nil { // see the hand edits made since the last run
			return syncFailure(c, err)
		}
		sum, err := s.Run(ctx)
		switch code := pc.ErrorCode(err); {
		case ctx.Err() != nil:
			return exitOK
		case code == pc.CodeUnauthorized || code == pc.CodeNotFound || code == pc.CodeInvalidArgument:
			return syncFailure(c, err) // waiting will not fix these
		case err != nil:
			fmt.Fprintln(c.stderr, "projectcanvas: sync failed, trying again in", *interval, "-", err)
		default:
			line, _ := json.Marshal(sum)
			fmt.Fprintln(c.stdout, string(line))
		}
		select {
		case <-ctx.Done():
			return exitOK
		case <-time.After(*interval):
		}
	}
}

// syncer opens the vault and builds the Syncer: the token from the
// environment, the database from the flag or the vault's config, the API
// URL from $PROJECTCANVAS_NOTION_URL.
func (c *cli) syncer(database string, deadline time.Duration) (*extsync.Syncer, *tools.Env, error) {
	token := c.getenv("PROJECTCANVAS_NOTION_TOKEN")
	if token == "" {
		return nil, nil, pc.Errorf(pc.CodeUnauthorized, "%s is not set: set it to the secret of a Notion integration "+
			"(notion.so/profile/integrations) that the database is shared with", tokenVar)
	}
	env, err := c.open()
	if err != nil {
		return nil, nil, err
	}
	o := notionOptions
	o.BaseURL = c.getenv("PROJECTCANVAS_NOTION_URL")
	s, err := extsync.Open(env.Project, env.Transport, extsync.Access{Token: token, TokenSource: tokenVar, Database: database,
		Client: o, Deadline: deadline})
	return s, env, err
}

// syncFailure is failure for the sync command.
func syncFailure(c *cli, err error) int { return failure(c.stdout, c.stderr, "sync: ", err) }
