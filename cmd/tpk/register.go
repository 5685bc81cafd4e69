package main

// The game systems and strategies built into tpk: one line each.
import (
	_ "tpk/strategies/battleclock"
	_ "tpk/strategies/catchthedevil"
	_ "tpk/strategies/demoncity"
	_ "tpk/strategies/hmtw"
	_ "tpk/strategies/locus"
	_ "tpk/systems/battleclock"
	_ "tpk/systems/catchthedevil"
	_ "tpk/systems/demoncity"
	_ "tpk/systems/hmtw"
	_ "tpk/systems/locus"
)
