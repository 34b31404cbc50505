package plural_test

import (
	"fmt"

	"github.com/projectcanvas/projectcanvas/internal/plural"
)

func ExampleCount() {
	for _, n := range []int{0, 1, 2} {
		fmt.Println(plural.Count(n, "entity", "entities"))
	}
	// Output:
	// 0 entities
	// 1 entity
	// 2 entities
}
