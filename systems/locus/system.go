// Package locus is the Locus system of tpk: "Locus: a roleplaying game of
// personal horror" (Cobblepath Games, 2020), after the rules spec in
// rules/demoncity-and-locus.md (sections 2, 3.2 and 4) and the Director's
// Reference Screen it was drawn from.
//
// It holds the 3d6 dice (dice.go), the exact odds (odds.go), the Threat
// Calculator (threat.go), the options L-1..L-29 (options.go), the built-in
// character and monsters (bestiary.go), the scenario format (scenario.go),
// the decision interface its kernel calls (policy.go; the policies live in
// strategies/locus) and the encounter kernel (kernel.go, actions.go,
// checks.go, narrate.go).
package locus

import "github.com/tpk-sim/tpk/systems"

// ID is the system's id in scenarios and on the command line.
const ID = "locus"

// System is the Locus game system.
var System = systems.Define(systems.Parts{ID: ID, Title: gameTitle, Notes: notes,
	Options: OptionTable.Options, Strategies: Policies.Strategies, Bestiary: bestiary,
	Checks: checks, Compile: compile, Grader: grader{}, Form: scenarioForm})

func init() { systems.Register(System) }

const gameTitle = "Locus: a roleplaying game of personal horror (Cobblepath Games, 2020)"

// notes says what counts as dead and out of action, and the metrics.
const notes = `Dead: a character whose 27 Death's Door segments are all filled; a monster whose Death's Door is full
(it dissipates). Out of action: in Locus only death takes a character out, so defeat (every character
dead) is the same as tpk. A character leaves the conflict alive by fleeing (at scene.escape metres from
every monster, option L-16) or by hiding until the monsters give up searching (L-15); when every
character is dead or gone that way and one is alive, the conflict ends by escape.
Metrics: escape, hid, any_major (Major or worse), any_grievous, dissipated, segments, minor, major,
grievous, conditions, stress_steps, wp_spent, wp_gained, items_destroyed, stress_overflow; per combatant
death, escaped, segments.`
