package frontmatter

import (
	"fmt"
	"testing"
)

func TestScratch(t *testing.T) {
	src := "---\n 0: {0}\n0\n---"
	d, _ := Parse([]byte(src))
	d.SetString("status", "Done")
	out, _ := d.rerender(false)
	p, err := Parse(out)
	fmt.Println(err, p.Keys(), d.Keys(), len(p.entries), d.verify(out))
	for i := range p.entries {
		fmt.Println(valueEqual(p.entries[i].vn, d.entries[i].vn))
	}
}
