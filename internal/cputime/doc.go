// Package cputime reads the processor time the process has used, for
// benchmarks that report it beside wall time: on a machine shared with
// other work it varies less than the elapsed time. getrusage(2) gives it
// on Unix; elsewhere it reads 0.
package cputime
