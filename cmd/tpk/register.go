package main

// The game systems and strategies built into tpk: one line each.
import (
	_ "github.com/tpk-sim/tpk/strategies/battleclock"
	_ "github.com/tpk-sim/tpk/strategies/catchthedevil"
	_ "github.com/tpk-sim/tpk/strategies/demoncity"
	_ "github.com/tpk-sim/tpk/strategies/hmtw"
	_ "github.com/tpk-sim/tpk/strategies/locus"
	_ "github.com/tpk-sim/tpk/systems/battleclock"
	_ "github.com/tpk-sim/tpk/systems/catchthedevil"
	_ "github.com/tpk-sim/tpk/systems/demoncity"
	_ "github.com/tpk-sim/tpk/systems/hmtw"
	_ "github.com/tpk-sim/tpk/systems/locus"
)
