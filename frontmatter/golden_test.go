package frontmatter

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files from the current output")

// goldenEdits is the fixed sequence of edits every golden case goes through.
func goldenEdits(d *Document) {
	d.SetString("status", "In Progress")
	d.SetStrings("depends_on", []string{"T-001", "T-002"})
	d.Delete("priority")
	d.SetString("updated_at", "2026-01-15")
}

// goldenOutput is what a golden file holds for an input: the edited file, or
// "error: ..." for an input that does not parse.
func goldenOutput(src []byte) []byte {
	d, err := Parse(src)
	if err != nil {
		return []byte("error: " + err.Error() + "\n")
	}
	goldenEdits(d)
	if err := d.Err(); err != nil {
		return []byte("render error: " + err.Error() + "\n")
	}
	return d.Bytes()
}

// testdataInputs lists the golden inputs.
func testdataInputs(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata inputs: %v", err)
	}
	return files
}

func TestGolden(t *testing.T) {
	for _, in := range testdataInputs(t) {
		name := strings.TrimSuffix(filepath.Base(in), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got := goldenOutput(src)
			golden := strings.TrimSuffix(in, ".md") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s\n--- got ---\n%s\n--- want ---\n%s", golden, got, want)
			}
		})
	}
}
