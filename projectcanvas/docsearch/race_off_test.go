//go:build !race

package docsearch

// raceEnabled: the test binary runs under the race detector.
const raceEnabled = false
