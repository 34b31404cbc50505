package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
)

func init() {
	register(&command{name: "git", args: "install [--hook] | status | ids",
		summary: "set up the merge driver for a vault shared with git; ids lists ids both branches created", run: gitCommand})
}

// The driver's name in .gitattributes (merge=projectcanvas) and in the
// local git config (merge.projectcanvas.driver).
const driverName = "projectcanvas"

// Marker lines of what git install writes, so that running it again
// replaces its own lines and nothing else.
const (
	attrBegin = "# >>> projectcanvas merge driver (projectcanvas git install)"
	attrEnd   = "# <<< projectcanvas merge driver"
	hookMark  = "# projectcanvas post-merge hook (projectcanvas git install --hook)"
)

// The .gitignore block of git install: the project's files that belong to
// one machine (the vault lock, caches, the journal of a write in progress,
// the ledger of an assistant's batch retries, temporary files of a write).
// What teammates must share stays out of it: config.json, sequence.json,
// workspaces.json and the Notion sync state under .projectcanvas/sync/.
const (
	ignoreBegin = "# >>> projectcanvas local files (projectcanvas git install)"
	ignoreEnd   = "# <<< projectcanvas local files"
	ignoreRules = ignoreBegin + "\n" +
		"/.projectcanvas/lock\n" +
		"/.projectcanvas/cache/\n" +
		"/.projectcanvas/journal.json\n" +
		"/.projectcanvas/journal.rejected-*\n" +
		"/.projectcanvas/batch_clients.json\n" +
		"/.projectcanvas/token\n" +
		"/.projectcanvas/site/\n" +
		".projectcanvas-*.tmp\n" +
		ignoreEnd + "\n"
)

const gitUsage = "usage: projectcanvas git install [--hook] | git status | git ids"

// gitCommand sets up and checks the merge driver of a vault kept in git:
//
//   - install writes .gitattributes in the vault folder (commit it, so
//     every clone merges the same files with the driver) and names the
//     driver in the repository's local git config by this binary's
//     absolute path. Git never takes a driver's command from the
//     repository itself, so every clone runs install once. --hook also
//     adds a post-merge hook that lists the ids both branches created
//     (git ids); an existing hook of the person's is never replaced.
//   - status says what of that is set up; exit 1 when the driver is not.
//   - ids lists the duplicated ids a merge brought together and what
//     reconcile_relationships with repair_ids would renumber (a dry run).
func gitCommand(ctx context.Context, c *cli, args []string) int {
	if len(args) == 0 {
		return fail(c.stderr, usageError{gitUsage})
	}
	fs := newFlags("git " + args[0])
	hook := fs.Bool("hook", false, "also add the post-merge hook")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() > 0 || *hook && args[0] != "install" {
		return fail(c.stderr, usageError{gitUsage})
	}
	switch args[0] {
	case "install":
		return gitInstall(c, *hook)
	case "status":
		return gitStatus(c)
	case "ids":
		return gitIDs(ctx, c)
	}
	return fail(c.stderr, usageError{gitUsage})
}

// gitRun runs git in the vault folder and returns its trimmed output.
func gitRun(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %v %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// attributes are the .gitattributes lines for a vault whose entities live
// in projects (patterns relative to the vault folder, where the file is
// written).
func attributes(projects string) string {
	return attrBegin + "\n" +
		"# Entity notes, canvases and the project's state merge by meaning. Each clone runs\n" +
		"# `projectcanvas git install` once: git takes the driver's command only\n" +
		"# from the local git config, never from the repository.\n" +
		attrPattern(projects+"/**/*.md") + " merge=" + driverName + "\n" +
		"*.canvas merge=" + driverName + "\n" +
		".projectcanvas/sequence.json merge=" + driverName + "\n" +
		".projectcanvas/workspaces.json merge=" + driverName + "\n" +
		attrEnd + "\n"
}

// attrPattern writes a .gitattributes pattern, in double quotes (C
// style, which git reads) when it holds a space, a quote or a backslash.
func attrPattern(p string) string {
	if !strings.ContainsAny(p, " \t\"\\") {
		return p
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\t", `\t`).Replace(p) + `"`
}

// withBlock returns old with its block between the lines begin and end
// replaced by block, or block appended.
func withBlock(old, begin, end, block string) string {
	if i := strings.Index(old, begin); i >= 0 {
		if j := strings.Index(old[i:], end); j >= 0 {
			rest := strings.TrimPrefix(old[i+j+len(end):], "\n")
			return old[:i] + block + rest
		}
	}
	if old != "" && !strings.HasSuffix(old, "\n") {
		old += "\n"
	}
	return old + block
}

func gitInstall(c *cli, hook bool) int {
	dir, err := filepath.Abs(c.vaultDir)
	if err != nil {
		return fail(c.stderr, err)
	}
	if _, err := gitRun(dir, "rev-parse", "--show-toplevel"); err != nil {
		return fail(c.stderr, fmt.Errorf("%s is not in a git repository: %v", dir, err))
	}
	env, err := c.open()
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		return fail(c.stderr, fmt.Errorf("finding this program's path: %v", err))
	}

	// Every file install writes is checked before the first is written:
	// one refused leaves all as they were.
	attrPath, ignorePath := filepath.Join(dir, ".gitattributes"), filepath.Join(dir, ".gitignore")
	oldAttrs, err := readRegular(attrPath)
	if err != nil {
		return fail(c.stderr, err)
	}
	oldIgnore, err := readRegular(ignorePath)
	if err != nil {
		return fail(c.stderr, err)
	}
	if err := checkGitConfig(dir); err != nil {
		return fail(c.stderr, err)
	}
	var hookFile string
	if hook {
		if hookFile, err = hookPath(dir); err != nil {
			return fail(c.stderr, err)
		}
		if _, err := checkRegular(hookFile); err != nil {
			return fail(c.stderr, err)
		}
	}

	if err := writeRegular(attrPath, []byte(withBlock(string(oldAttrs), attrBegin, attrEnd, attributes(env.Project.Config().ProjectsFolder))), 0o644); err != nil {
		return fail(c.stderr, err)
	}
	fmt.Fprintf(c.stdout, "wrote %s (commit it: every clone then merges these files with the driver)\n", attrPath)
	if err := writeRegular(ignorePath, []byte(withBlock(string(oldIgnore), ignoreBegin, ignoreEnd, ignoreRules)), 0o644); err != nil {
		return fail(c.stderr, err)
	}
	fmt.Fprintf(c.stdout, "wrote %s: git ignores the project's local-only files (lock, caches, journal); config, ids, workspaces and the sync state stay shared (commit it too)\n", ignorePath)

	driver := shellQuote(exe) + " merge-file %O %A %B %P"
	for _, kv := range [][2]string{
		{"merge." + driverName + ".name", "Project Canvas: entity notes, canvases and state files merged by meaning"},
		{"merge." + driverName + ".driver", driver},
	} {
		if _, err := gitRun(dir, "config", "--local", kv[0], kv[1]); err != nil {
			return fail(c.stderr, err)
		}
	}
	fmt.Fprintf(c.stdout, "set merge.%s.driver = %s in this clone's local git config\n", driverName, driver)
	fmt.Fprintln(c.stdout, "git never takes a merge driver from the repository: every clone runs `projectcanvas git install` once")
	if hook {
		if err := installHook(c, hookFile, dir, exe); err != nil {
			return fail(c.stderr, err)
		}
	}
	return exitOK
}

// checkGitConfig refuses a repository whose config file (which git config
// --local writes) is not a regular file.
func checkGitConfig(dir string) error {
	p, err := gitRun(dir, "rev-parse", "--git-path", "config")
	if err != nil {
		return err
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	_, err = checkRegular(p)
	return err
}

// hookPath is where git looks for the post-merge hook (core.hooksPath
// included).
func hookPath(dir string) (string, error) {
	hooks, err := gitRun(dir, "rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(hooks) {
		hooks = filepath.Join(dir, hooks)
	}
	return filepath.Join(hooks, "post-merge"), nil
}

// installHook writes the post-merge hook, or rewrites the one it wrote
// before; it refuses to replace a hook of the person's, and says what line
// to add to it.
func installHook(c *cli, p, dir, exe string) error {
	line := shellQuote(exe) + " --vault " + shellQuote(dir) + " git ids"
	old, err := readRegular(p)
	switch {
	case err != nil:
		return err
	case old != nil && !bytes.Contains(old, []byte(hookMark)):
		return fmt.Errorf("%s exists and is not projectcanvas's; it is left alone. To list the ids both branches created after each merge, add this line to it:\n  %s", p, line)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	script := "#!/bin/sh\n" + hookMark + "\n" +
		"# After a merge: the ids both branches created, and what\n" +
		"# reconcile_relationships with repair_ids would renumber (nothing is changed).\n" +
		line + " || true\n"
	if err := writeRegular(p, []byte(script), 0o755); err != nil {
		return err
	}
	if err := os.Chmod(p, 0o755); err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote the post-merge hook %s\n", p)
	return nil
}

func gitStatus(c *cli) int {
	dir, err := filepath.Abs(c.vaultDir)
	if err != nil {
		return fail(c.stderr, err)
	}
	if _, err := gitRun(dir, "rev-parse", "--show-toplevel"); err != nil {
		fmt.Fprintf(c.stdout, "%s is not in a git repository\n", dir)
		return exitToolError
	}
	ready := true
	attrs, err := readRegular(filepath.Join(dir, ".gitattributes"))
	if err != nil {
		ready = false
		fmt.Fprintf(c.stdout, ".gitattributes: %v\n", err)
	} else if bytes.Contains(attrs, []byte(attrBegin)) {
		fmt.Fprintln(c.stdout, ".gitattributes: entity notes, canvases and the project's state files use the driver")
	} else {
		ready = false
		fmt.Fprintln(c.stdout, ".gitattributes: no projectcanvas lines (run projectcanvas git install)")
	}
	driver, err := gitRun(dir, "config", "--get", "merge."+driverName+".driver")
	switch {
	case err != nil || driver == "":
		ready = false
		fmt.Fprintln(c.stdout, "driver: not set in this clone (run projectcanvas git install)")
	case !driverRuns(driver):
		ready = false
		fmt.Fprintf(c.stdout, "driver: %s, but that program is gone (run projectcanvas git install again)\n", driver)
	default:
		fmt.Fprintf(c.stdout, "driver: %s\n", driver)
	}
	if p, err := hookPath(dir); err == nil {
		hook, err := readRegular(p)
		switch {
		case err != nil:
			fmt.Fprintf(c.stdout, "post-merge hook: %v\n", err)
		case hook == nil:
			fmt.Fprintln(c.stdout, "post-merge hook: none (optional: projectcanvas git install --hook)")
		case bytes.Contains(hook, []byte(hookMark)) || bytes.Contains(hook, []byte(" git ids")):
			fmt.Fprintf(c.stdout, "post-merge hook: %s lists duplicated ids after a merge\n", p)
		default:
			fmt.Fprintf(c.stdout, "post-merge hook: %s is the person's own, without projectcanvas\n", p)
		}
	}
	if !ready {
		return exitToolError
	}
	return exitOK
}

// driverRuns reports whether the program a driver command names (quoted
// by git install) exists.
func driverRuns(driver string) bool {
	if !strings.HasPrefix(driver, "'") {
		return true // written by hand: not ours to judge
	}
	end := strings.Index(driver[1:], "'")
	if end < 0 {
		return false
	}
	_, err := os.Stat(driver[1 : 1+end])
	return err == nil
}

// gitIDs prints the ids held by two or more files and what repair_ids
// would do about them (a dry run).
func gitIDs(ctx context.Context, c *cli) int {
	env, err := c.open()
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	raw, err := c.registry.Dispatch(ctx, env, "reconcile_relationships", []byte(`{"repair_ids":true,"dry_run":true}`))
	if err != nil {
		return toolFailure(c.stdout, err)
	}
	var res struct {
		IDs *pc.IDRepair `json:"ids"`
	}
	if err := json.Unmarshal(raw, &res); err != nil || res.IDs == nil {
		return toolFailure(c.stdout, pc.Errorf(pc.CodeInternal, "reading the repair's report: %v", err))
	}
	if len(res.IDs.Renumbered) == 0 {
		return exitOK // nothing to say after a merge
	}
	fmt.Fprintf(c.stdout, "projectcanvas: %d id(s) created on both branches:\n", len(res.IDs.Renumbered))
	for _, r := range res.IDs.Renumbered {
		fmt.Fprintf(c.stdout, "  %s: %s keeps it; %s would become %s (%s)\n", r.ID, r.Kept, r.File, r.NewID, r.NewFile)
	}
	if n := len(res.IDs.Undecided); n > 0 {
		fmt.Fprintf(c.stdout, "  %d reference(s) cannot be told apart and would be left to you\n", n)
	}
	fmt.Fprintln(c.stdout, `renumber them: projectcanvas tool reconcile_relationships '{"repair_ids":true,"dry_run":false}'`)
	return exitOK
}
