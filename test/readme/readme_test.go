// Package readme_test runs the README's shell examples as a reader would:
// every ```sh block that runs projectcanvas or curl, in order, on a fresh
// copy of examples/vault, with the binary the README's build line makes on
// the PATH. A line that exits non-zero or prints an error object fails the
// test, unless its block is marked as an example of an error
// (<!-- readme-test: error -->, on the line before the block). A block
// marked <!-- readme-test: skip (why) --> is not run (one that needs a
// Notion integration and the network).
//
// Where the test cannot do as written, it says so here:
//   - build lines (go build, go install) and the PATH and vault exports
//     are the test's own: it builds the binary once and points
//     $PROJECTCANVAS_VAULT at its copy of the example vault;
//   - lines that run until Ctrl-C (serve, mcp, sync --watch) are not run
//     as such; a block that calls curl gets a serve of the vault started
//     first, on a free port that replaces 12312 in its URLs (a person's
//     make run may hold 12312);
//   - the person's settings folder ($PROJECTCANVAS_CONFIG_DIR) and HOME
//     are temporary folders, and every block runs in one temporary folder.
package readme_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/projectcanvas/projectcanvas/internal/examplevault"
)

// root is the repository's root, from this package's folder.
const root = "../.."

// block is one ```sh block of the README.
type block struct {
	line   int      // of the opening fence
	lines  []string // the commands, continuation lines joined
	marker string   // "", "skip" or "error"
}

var markerRe = regexp.MustCompile(`^<!-- readme-test: (skip|error)\b`)

// shellBlocks reads the README's ```sh blocks.
func shellBlocks(t *testing.T) []block {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []block
	var cur *block
	prev := ""
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```sh"):
			cur = &block{line: i + 1}
			if m := markerRe.FindStringSubmatch(prev); m != nil {
				cur.marker = m[1]
			}
		case cur != nil && strings.HasPrefix(line, "```"):
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			if n := len(cur.lines); n > 0 && strings.HasSuffix(cur.lines[n-1], "\\") {
				cur.lines[n-1] = strings.TrimSuffix(cur.lines[n-1], "\\") + line
			} else {
				cur.lines = append(cur.lines, line)
			}
		}
		prev = line
	}
	return out
}

// runs reports whether a block runs the tool: a line that calls
// projectcanvas or curl.
func (b block) runs() bool {
	for _, l := range b.lines {
		if cmdRe.MatchString(l) {
			return true
		}
	}
	return false
}

var (
	cmdRe        = regexp.MustCompile(`(^|[|(]\s*|\$\()(projectcanvas|curl)\b`)
	theTestsOwn  = regexp.MustCompile(`^(go (build|install)\b|export (PATH|PROJECTCANVAS_VAULT)=)`)
	longRunning  = regexp.MustCompile(`^projectcanvas (serve|mcp)\b|\bsync --watch\b`)
	errorObject  = regexp.MustCompile(`(?m)^\{"error":|^\{\s*\n\s*"error":`)
	defaultPort  = "127.0.0.1:12312"
	lineMarkerRe = regexp.MustCompile(`^@@line (\d+) rc=(\d+)$`)
	rmRe         = regexp.MustCompile(`\brm\s+([^;&|]*)`)
)

func TestREADMEShellExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the README")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "projectcanvas"), "./cmd/projectcanvas")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building: %v\n%s", err, out)
	}
	vault := examplevault.Copy(t)
	work, home := t.TempDir(), t.TempDir()
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"PROJECTCANVAS_VAULT="+vault, "PROJECTCANVAS_CONFIG_DIR="+filepath.Join(home, "config"), "HOME="+home)
	_, hasCurl := exec.LookPath("curl")
	var server string // the address of the serve started for curl
	ran := 0
	for _, b := range shellBlocks(t) {
		if !b.runs() || b.marker == "skip" {
			continue
		}
		if needsServer(b) && server == "" {
			server = startServe(t, bin, vault, env)
		}
		script, numbers := scriptOf(b, server, hasCurl == nil)
		if len(numbers) == 0 {
			continue
		}
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir, cmd.Env = work, env
		out, _ := cmd.CombinedOutput()
		for _, r := range results(string(out)) {
			line := numbers[r.index]
			bad := r.rc != 0 || errorObject.MatchString(r.output)
			if bad != (b.marker == "error") {
				t.Errorf("README.md:%d: %q exited %d%s:\n%s", b.line+1+line.offset, line.text, r.rc,
					map[bool]string{true: " with an error object", false: ""}[errorObject.MatchString(r.output)], r.output)
			}
			ran++
		}
	}
	if ran < 25 {
		t.Errorf("only %d README lines ran", ran)
	}
	if hasCurl != nil {
		t.Log("curl is not installed: the README's curl lines were not run")
	}
}

// scriptLine is a README line the script runs, and where it is.
type scriptLine struct {
	text   string
	offset int // lines after the fence
}

// scriptOf is the bash script that runs a block's lines one after the
// other, each followed by a marker with its exit status.
func scriptOf(b block, server string, curl bool) (string, []scriptLine) {
	var s strings.Builder
	var lines []scriptLine
	for i, l := range b.lines {
		text := strings.TrimSpace(l)
		if text == "" || strings.HasPrefix(text, "#") || theTestsOwn.MatchString(text) || longRunning.MatchString(text) {
			continue
		}
		if strings.Contains(text, "curl ") {
			if !curl {
				continue
			}
			text = strings.ReplaceAll(text, defaultPort, server)
		}
		fmt.Fprintf(&s, "%s\nrc=$?; echo; echo \"@@line %d rc=$rc\"\n", text, len(lines))
		lines = append(lines, scriptLine{text: text, offset: i})
	}
	return s.String(), lines
}

type result struct {
	index, rc int
	output    string
}

// results splits a script's output at its markers.
func results(out string) []result {
	var rs []result
	var buf strings.Builder
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if m := lineMarkerRe.FindStringSubmatch(sc.Text()); m != nil {
			var r result
			fmt.Sscan(m[1], &r.index)
			fmt.Sscan(m[2], &r.rc)
			r.output = buf.String()
			rs = append(rs, r)
			buf.Reset()
			continue
		}
		buf.WriteString(sc.Text() + "\n")
	}
	return rs
}

func needsServer(b block) bool {
	for _, l := range b.lines {
		if strings.Contains(l, "curl ") {
			return true
		}
	}
	return false
}

// startServe starts projectcanvas serve on the vault at a free port and
// waits for it to answer.
func startServe(t *testing.T, bin, vault string, env []string) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "projectcanvas"), "--vault", vault, "serve", "--addr", addr)
	cmd.Env = env
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/health"); err == nil {
			var h struct{ Status string }
			_ = json.NewDecoder(resp.Body).Decode(&h)
			resp.Body.Close()
			if h.Status == "ok" {
				return addr
			}
		}
	}
	t.Fatal("serve did not answer /health")
	return ""
}

// make run must never delete a folder outside .scratch/, whatever VAULT
// says (VAULT names the person's own vault for make install).
func TestMakefileDeletesOnlyScratch(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	for _, target := range []string{"run", "serve", "install", "clean"} {
		cmd := exec.Command("make", "-n", target, "VAULT=/home/me/Notes")
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make -n %s: %v\n%s", target, err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			for _, m := range rmRe.FindAllStringSubmatch(line, -1) {
				for _, arg := range strings.Fields(m[1]) { // every operand of the rm, up to the next command
					if deleted := strings.Trim(arg, `"'`); !strings.HasPrefix(arg, "-") && !strings.HasPrefix(deleted, ".scratch") {
						t.Errorf("make %s deletes %s: %s", target, deleted, line)
					}
				}
			}
		}
	}
}

// The README's Requirements and install lines name the versions the build
// really needs: Go from go.mod, Node from the plugin's engines, Obsidian
// from the manifest's minAppVersion.
func TestREADMERequirementsMatchTheBuild(t *testing.T) {
	readme := readRoot(t, "README.md")
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(readRoot(t, "go.mod"))
	node := regexp.MustCompile(`"node": ">=(\d+)"`).FindStringSubmatch(readRoot(t, "plugin/package.json"))
	var manifest struct{ MinAppVersion, Version string }
	if err := json.Unmarshal([]byte(readRoot(t, "plugin/manifest.json")), &manifest); err != nil {
		t.Fatal(err)
	}
	var versions map[string]string
	if err := json.Unmarshal([]byte(readRoot(t, "plugin/versions.json")), &versions); err != nil {
		t.Fatal(err)
	}
	if goVersion == nil || node == nil {
		t.Fatal("go.mod has no go line, or plugin/package.json no node engine")
	}
	for _, want := range []string{"Requirements: Go " + goVersion[1], "Node " + node[1] + " or later",
		"Obsidian " + manifest.MinAppVersion + " or later", "cmd/projectcanvas@v" + manifest.Version} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
	if versions[manifest.Version] != manifest.MinAppVersion {
		t.Errorf("plugin/versions.json maps %s to %q, the manifest says minAppVersion %s", manifest.Version, versions[manifest.Version], manifest.MinAppVersion)
	}
}

// make install VAULT=<a folder with no .obsidian/> is refused before
// anything is built (a mistyped path costs no build and creates nothing).
func TestMakeInstallRefusesANonVaultBeforeBuilding(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	notVault := t.TempDir()
	cmd := exec.Command("make", "install", "VAULT="+notVault)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("make install into a folder with no .obsidian succeeded:\n%s", out)
	}
	if !strings.Contains(string(out), "is no Obsidian vault") || strings.Contains(string(out), "go build") {
		t.Errorf("make install did not refuse before building:\n%s", out)
	}
	if entries, _ := os.ReadDir(notVault); len(entries) != 0 {
		t.Errorf("make install created %v in the folder", entries)
	}
}

func readRoot(t *testing.T, name string) string {
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
