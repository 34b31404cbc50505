// Command wasmsize attributes a WebAssembly binary's code to Go packages.
// It reads the code section (one body per function) and the name section
// the Go linker writes unless -ldflags=-s strips it, so build without -s:
//
//	GOOS=js GOARCH=wasm go build -trimpath -o x.wasm ./wasm
//	go run ./internal/wasmsize x.wasm
//
// `make wasm-size` does both. Data (string constants, tables, type
// descriptors) is one section the names do not cover; its total is printed
// on its own line.
package main

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

func main() {
	top := flag.Int("top", 40, "packages to list")
	pkg := flag.String("pkg", "./wasm", "the main package built, whose GOOS=js GOARCH=wasm dependencies name the code")
	fns := flag.Int("funcs", 0, "largest functions to list")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] [-funcs N] file.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m, err := parse(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if len(m.names) == 0 {
		fmt.Fprintln(os.Stderr, "wasmsize: no name section (built with -ldflags=-s?)")
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "file %d bytes: code %d, data %d, other %d\n", len(data), m.code, m.data, len(data)-m.code-m.data)
	attr, err := newAttributor(*pkg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	byPkg := map[string]int{}
	type fn struct {
		name string
		size int
	}
	var all []fn
	for i, size := range m.bodies {
		name := m.names[m.imported+i]
		byPkg[attr.pkgOf(name)] += size
		all = append(all, fn{name, size})
	}
	pkgs := make([]string, 0, len(byPkg))
	for p := range byPkg {
		pkgs = append(pkgs, p)
	}
	slices.SortFunc(pkgs, func(a, b string) int { return cmp.Compare(byPkg[b], byPkg[a]) })
	for _, p := range pkgs[:min(*top, len(pkgs))] {
		fmt.Fprintf(w, "%9d  %s\n", byPkg[p], p)
	}
	if *fns > 0 {
		slices.SortFunc(all, func(a, b fn) int { return cmp.Compare(b.size, a.size) })
		fmt.Fprintln(w, "largest functions:")
		for _, f := range all[:min(*fns, len(all))] {
			fmt.Fprintf(w, "%9d  %s\n", f.size, f.name)
		}
	}
}

// attributor maps the linker's function names back to import paths. The
// wasm linker writes "net/http.(*Client).Do" as "net_http.__Client_.Do":
// every byte of the import path but letters, digits and dots becomes '_',
// so a name is matched against the mangled paths of the build's packages,
// longest first.
type attributor struct {
	mangled []string          // longest first
	path    map[string]string // mangled -> import path
}

func newAttributor(pkg string) (*attributor, error) {
	cmd := exec.Command("go", "list", "-deps", pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	a := &attributor{path: map[string]string{}}
	for _, p := range strings.Fields(string(out)) {
		a.add(p)
	}
	return a, nil
}

// add records an import path under its mangled name.
func (a *attributor) add(p string) {
	m := strings.Map(func(r rune) rune {
		if r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, p)
	a.path[m] = p
	a.mangled = append(a.mangled, m)
	slices.SortFunc(a.mangled, func(x, y string) int { return cmp.Compare(len(y), len(x)) })
}

func (a *attributor) pkgOf(sym string) string {
	for _, m := range a.mangled {
		if strings.HasPrefix(sym, m+".") {
			return a.path[m]
		}
	}
	if i := strings.Index(sym, "."); i > 0 {
		return sym[:i] // the runtime's own assembly, type. and go: symbols
	}
	return sym
}

type module struct {
	code, data int
	imported   int            // imported functions come first in the index space
	bodies     []int          // size of each defined function's body
	names      map[int]string // function index -> name
}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &module{names: map[int]string{}}
	r := &reader{b: b, off: 8}
	for r.off < len(b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.off + size
		if r.err != nil || end > len(b) {
			return nil, errors.New("truncated section")
		}
		s := &reader{b: b[:end], off: r.off}
		switch id {
		case 2: // import
			for n := s.uleb(); n > 0; n-- {
				s.name()
				s.name()
				switch s.byte() {
				case 0:
					s.uleb()
					m.imported++
				case 1:
					s.byte()
					s.limits()
				case 2:
					s.limits()
				case 3:
					s.byte()
					s.byte()
				}
			}
		case 10: // code
			m.code = size
			for n := s.uleb(); n > 0; n-- {
				body := int(s.uleb())
				m.bodies = append(m.bodies, body)
				s.off += body
			}
		case 11: // data
			m.data = size
		case 0: // custom
			if s.name() == "name" {
				for s.off < end {
					sub := s.byte()
					subEnd := int(s.uleb()) + s.off
					if sub == 1 {
						for n := s.uleb(); n > 0; n-- {
							idx := int(s.uleb())
							m.names[idx] = s.name()
						}
					}
					s.off = subEnd
				}
			}
		}
		if s.err != nil {
			return nil, s.err
		}
		r.off = end
	}
	return m, nil
}

type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.off >= len(r.b) {
		r.err = errors.New("truncated")
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) uleb() uint64 {
	v, n := binary.Uvarint(r.b[min(r.off, len(r.b)):])
	if n <= 0 {
		r.err = errors.New("bad LEB128")
		return 0
	}
	r.off += n
	return v
}

func (r *reader) name() string {
	n := int(r.uleb())
	if r.off+n > len(r.b) {
		r.err = errors.New("truncated name")
		return ""
	}
	r.off += n
	return string(r.b[r.off-n : r.off])
}

func (r *reader) limits() {
	if r.byte() == 1 {
		r.uleb()
	}
	r.uleb()
}
