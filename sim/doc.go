// Package sim is the game-agnostic engine of tpk: seeding, the worker pool
// and its stopping rule, accumulators and statistics, result types, scenario
// loading and expectations. It knows no game: a game system compiles a
// scenario into a Model whose Kernel plays one encounter at a time and
// writes what happened into a Record.
package sim
