package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	pc "github.com/projectcanvas/projectcanvas/projectcanvas"
	"github.com/projectcanvas/projectcanvas/projectcanvas/commands"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch"
	"github.com/projectcanvas/projectcanvas/projectcanvas/docsearch/vecfile"
	"github.com/projectcanvas/projectcanvas/projectcanvas/httpclient"
	"github.com/projectcanvas/projectcanvas/projectcanvas/tools"
	"github.com/projectcanvas/projectcanvas/projectcanvas/vault/osfs"
)

// version is the release's version. make build and make release set it
// (-ldflags "-X main.version=..."), from the git tag, else
// plugin/manifest.json; go install .../cmd/projectcanvas@v0.1.0 stamps the
// module's version instead, which buildVersion reads.
var version = ""

func init() {
	info, ok := debug.ReadBuildInfo()
	version = buildVersion(version, info, ok)
}

// buildVersion is the version stamped by the linker, else the main
// module's (without its v), else "dev": a build from a checkout says
// "(devel)", or a pseudo-version only where git stamps one.
func buildVersion(stamped string, info *debug.BuildInfo, ok bool) string {
	switch {
	case stamped != "":
		return stamped
	case ok && info.Main.Version != "" && info.Main.Version != "(devel)":
		return strings.TrimPrefix(info.Main.Version, "v")
	}
	return "dev"
}

// Exit statuses.
const (
	exitOK        = 0
	exitToolError = 1
	exitUsage     = 2
)

// command is one subcommand of the CLI. Each lives in its own file and adds
// itself to the table with register from an init function, so adding a
// command never touches another command's file.
type command struct {
	name    string
	args    string // synopsis of the arguments, for the usage text
	summary string // one line
	run     func(ctx context.Context, cli *cli, args []string) int
	// noVault: the command works without a vault folder (tools, gen...).
	noVault bool
}

var subcommands []*command

func register(c *command) {
	subcommands = append(subcommands, c)
	slices.SortFunc(subcommands, func(a, b *command) int { return strings.Compare(a.name, b.name) })
}

func lookupCommand(name string) *command {
	i := slices.IndexFunc(subcommands, func(c *command) bool { return c.name == name })
	if i < 0 {
		return nil
	}
	return subcommands[i]
}

// cli is what every command works with: the process's streams and
// environment, the vault folder, the tool registry and the editor's
// command registry.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	vaultDir       string
	registry       *tools.Registry
	commands       *commands.Registry
	// embeddings is where document search may send text: the person's
	// setting (resolveEmbeddings), never the vault's.
	embeddings docsearch.Config
	// noticeOnly (--notice) prints an editor command's notice line instead
	// of its whole result: for a person watching make run.
	noticeOnly bool
}

func usageText() string {
	var b strings.Builder
	b.WriteString("usage: projectcanvas [--vault DIR] [--embeddings-url URL] [--embeddings-model M] [--notice] COMMAND\n\ncommands:\n")
	for _, c := range subcommands {
		fmt.Fprintf(&b, "  %-20s %s\n", strings.TrimSpace(c.name+" "+c.args), c.summary)
	}
	b.WriteString("\nThe vault is --vault, else $PROJECTCANVAS_VAULT, else the current folder.\n")
	b.WriteString("Document search embeds text on this machine unless you name an endpoint: --embeddings-url,\n" +
		"else $PROJECTCANVAS_EMBEDDINGS_URL (and _MODEL, _KEY), else ~/.config/projectcanvas/config.json.\n")
	return b.String()
}

// usageError is bad command-line usage: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	fs := newFlags("projectcanvas")
	vaultDir := fs.String("vault", "", "vault folder")
	var ef embeddingsFlags
	fs.StringVar(&ef.url, "embeddings-url", "", "embeddings endpoint for document search")
	fs.StringVar(&ef.model, "embeddings-model", "", "its model")
	noticeOnly := fs.Bool("notice", false, "print an editor command's notice line only")
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usageText())
		return exitOK
	} else if err != nil {
		return fail(stderr, usageError{err.Error()})
	}
	embeddings, err := resolveEmbeddings(ef, getenv)
	if err != nil {
		return fail(stderr, err)
	}
	if *vaultDir == "" {
		*vaultDir = getenv("PROJECTCANVAS_VAULT")
	}
	if *vaultDir == "" {
		*vaultDir = "."
	}
	if embeddings.Endpoint != "" {
		if dir := vectorCacheDir(getenv); dir != "" {
			embeddings.Stores = vecfile.In(dir)
		}
		embeddings.Vault, _ = filepath.Abs(*vaultDir)
		if real, err := filepath.EvalSymlinks(embeddings.Vault); err == nil {
			embeddings.Vault = real
		}
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return fail(stderr, usageError{"no command given"})
	}
	c := lookupCommand(rest[0])
	if c == nil {
		return fail(stderr, usageError{fmt.Sprintf("unknown command %q", rest[0])})
	}
	if !c.noVault {
		// A missing folder is said at once, with what to do, not at the
		// first write.
		fsys, err := osfs.New(*vaultDir)
		if err != nil {
			return failure(stdout, stderr, "", err)
		}
		fsys.Close()
	}
	reg := tools.New()
	return c.run(ctx, &cli{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv, vaultDir: *vaultDir, registry: reg, commands: commands.New(reg), embeddings: embeddings, noticeOnly: *noticeOnly}, rest[1:])
}

// clock, when set (by tests), replaces the time of day, so that runs are
// repeatable byte for byte.
var clock func() time.Time

// open opens the project of the vault folder.
func (c *cli) open(opts ...pc.Option) (*tools.Env, error) {
	fsys, err := osfs.New(c.vaultDir)
	if err != nil {
		return nil, err
	}
	if clock != nil {
		opts = append(opts, pc.WithClock(clock))
	}
	p, err := pc.Open(fsys, opts...)
	if err != nil {
		return nil, err
	}
	return &tools.Env{Project: p, Transport: httpclient.New(), Embeddings: c.embeddings}, nil
}

// failure prints a refusal twice: as JSON on stdout, as tool failures are
// (for scripts), and its message on stderr (for whoever reads the terminal).
func failure(stdout, stderr io.Writer, what string, err error) int {
	fmt.Fprintln(stderr, "projectcanvas: "+what+pc.AsError(err).Message)
	return toolFailure(stdout, err)
}

// fail prints err; for a usage error, the one wrong thing and where the
// whole usage is, not the whole usage after it.
func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "projectcanvas:", err)
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintln(stderr, "run projectcanvas --help for the commands and their usage")
		return exitUsage
	}
	return exitToolError
}

func toolFailure(stdout io.Writer, err error) int {
	stdout.Write(tools.ErrorJSON(err))
	fmt.Fprintln(stdout)
	return exitToolError
}

func printJSON(w io.Writer, v any) int {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return toolFailure(w, pc.Errorf(pc.CodeInternal, "encoding the result: %v", err))
	}
	w.Write(buf.Bytes())
	return exitOK
}
