// Package battleclock is the battle-clock system of tpk: the "Basic
// Concepts" fragment of seed 004, most likely a revision of the fan-made
// Apocalypse World hack "Mass Effect: Apocalypse", after section 2 of the
// rules spec rules/catchthedevil-and-battleclock.md. It has 2d6 rolls with
// forward, ongoing, boosted and glitched; shock and harm clocks; armor,
// shields and debilities; and the Battle Clock with incidental and
// concentrated fire. The pieces the seed leaves out (the call on inner
// strength, gear, enemies, battle moves) are the spec's stand-ins, each
// behind an option S1..S26.
package battleclock

import "github.com/tpk-sim/tpk/systems"

// ID is the system's id in scenarios and on the command line.
const ID = "battleclock"

// System is the battle-clock game system.
var System = systems.Define(systems.Parts{ID: ID, Title: gameTitle, Notes: notes,
	Options: OptionTable.Options, Strategies: Policies.Strategies, Bestiary: bestiary,
	Checks: checks, Compile: compile, Form: scenarioForm})

func init() { systems.Register(System) }

const gameTitle = "Battle clock (seed 004: an Apocalypse World hack, Mass Effect: Apocalypse-style)"

// notes says what counts as dead and out of action, and the metrics.
const notes = `Dead: the seed never says. A PC whose harm clock reaches 12:00 must "call on inner strength", a move the
seed names but does not give; tpk's stand-in (option S2) rolls +Will: 10+ holds on at 11:00, 7-9 out of
action, 6- DEAD. S2 once: a second 12:00 in the same battle is death; always-dead: 12:00 is death;
life-untenable: 12:00 is out of action with -1 Hard for good, death when Hard cannot drop. Shock never
kills by itself: at 12:00 it knocks the PC unconscious and further shock spills onto the harm clock. An
enemy (section 2.9, option S16) is dead at harm less its grade (lieutenant 1, captain 2) of 4, or of 3 on a
coin flip; under S16 harm-clock at 6 harm.
Out of action: a PC unconscious (shock at 12:00; they wake when the violence ends, shock back to 9:00),
out of action (the call's 7-9) or dead. A PC who withdraws (act under fire) is out of the battle alive:
not out of action. defeat: every PC out of action, none withdrawn; withdrawal: no PC left in the battle
and one withdrew; victory: no enemy left in the fight (harm less grade of 2 or more: out of the fight)
and a PC still up and present (the last enemy falling as the last PC drops is a defeat).
The battle lasts the six ticks of the Battle Clock; at midnight with both sides standing it ends as
midnight, its own outcome (at_midnight per combatant says who still stood), unless option S15 extends
it; stalemate is only max_rounds reached. rounds counts ticks. The fight is the spec's
stand-in: PCs seize by force (+Hard: harm exchanged) or use the sister hack's battle moves (S18); the GM
fires incidental fire (1-2 harm to every exposed PC) after ticks 1-3 and each enemy's concentrated fire
(S12; a gang of N fires N times) after ticks 4-6; an enemy's shields soak nothing (S24; under harm they soak harm before its armor);
a miss on seize by force takes the enemy's harm (S14).
Metrics: withdrawal, midnight, jumped, any_unconscious, any_out, calls, debilities, harm, shock, glitches,
shields_spent, absorbed, harm_incidental, harm_concentrated, harm_moves, enemies_out, enemies_dead; per
combatant death, out, unconscious, harm, at_midnight.`
