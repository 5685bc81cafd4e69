package main

// The game systems built into tpk: one line each. A system is registered
// by importing its strategies package, which imports the system's package
// (strategies -> systems, never the other way), so the one import registers
// the system and its strategies together; a system without its strategies
// could not play.
import (
	_ "github.com/tpk-sim/tpk/strategies/battleclock"
	_ "github.com/tpk-sim/tpk/strategies/catchthedevil"
	_ "github.com/tpk-sim/tpk/strategies/demoncity"
	_ "github.com/tpk-sim/tpk/strategies/hmtw"
	_ "github.com/tpk-sim/tpk/strategies/locus"
)
