package frontmatter

import (
	"testing"
)

// roundTripExtras are valid inputs with unusual layouts: they must write back
// unchanged and survive the fuzz edits.
var roundTripExtras = []string{
	"",
	"---",
	"---\n---",
	"---\n...\n",
	"--- \t\n---  \nBody",
	"plain text without newline",
	"---\r\n---\r\n",
	"---\na: 1\r---\n",                // lone CR is a YAML line break
	"---\na: 1\u0085b: 2\n---\n",      // NEL is a YAML line break
	"---\na: 1\u2028b: 2\n---\n",      // LS is a YAML line break
	"---\n? a\n: 1\nb: 2\n---\n",      // explicit key
	"---\n&m\na: 1\n---\n",            // anchored root
	"---\n!!map\na: 1\n---\n",         // tagged root
	"---\na: &x [1, 2]\nb: *x\n---\n", // alias
	"---\n<<: {a: 1}\nb: 2\n---\n",    // merge key
	"---\na: \"x\n#not a comment\"\nb: 1\n---\n", // quoted scalar continued at column 0
	"---\na: 'multi\n  line'\nstatus: x\n---\n",
	"---\na: |+\n  keep\n\nb: 1\n---\n",
	"---\na: |+\n  keep\n\n---\n",
	"---\n# only\n# comments\n---\nbody\n",
	"---\na:\n  - b\n  -   c: 1\n      d: 2\n---\n",
	"---\n\"quoted key\": 1\n'single': 2\n---\n",
	"---\nstatus: Todo\ndepends_on:\n- T-000\n---\n",
	"\ufeff---\r\nstatus: Todo # c\r\n\r\n# head\r\ndepends_on: [] # none\r\n---\r\n",
	"---\n%YAML 1.2\n---\n",
	"---\na: 1\n--- \n",
	"---\nkey with spaces: 1\n1: int key\n---\n",
	"---\n{a: 1, b: 2}\n---\n",
	"---\n{}\n---\n",
	"---\n&a {}\n---\n",
	"---\n  a: 1\n  # comment\n  b: 2\n---\n",
	"---\na: !custom x\nb: !!binary aGVsbG8=\n---\n",
}

func TestRoundTrip(t *testing.T) {
	var inputs [][]byte
	for _, in := range testdataInputs(t) {
		inputs = append(inputs, readFile(t, in))
	}
	for _, tt := range losslessCases {
		inputs = append(inputs, []byte(tt.src))
	}
	for _, s := range roundTripExtras {
		inputs = append(inputs, []byte(s))
	}
	for _, src := range inputs {
		t.Run("", func(t *testing.T) {
			if _, err := Parse(src); err != nil {
				return // broken inputs are covered by the golden and error tests
			}
			checkProperties(t, src)
		})
	}
}
