// Package bench holds the benchmarks of every kernel and of the engine, and
// baseline.txt, the figures they are compared with. It has no code of its
// own: see bench_test.go.
package bench
