// Package catchthedevil is the Catch the Devil system of tpk: "Catch the
// Devil: a game of suspense in the late anthropocene" (Sage LaTorra, RNDM
// Games/BWHQ 2019, CC BY 4.0), after section 1 of the rules spec
// rules/catchthedevil-and-battleclock.md and the source text it was drawn
// from.
//
// It holds the 2d6 band table and the NPC damage dice (dice.go), the exact
// odds (odds.go), the options C1..C39 (options.go), the built-in
// characters and NPCs (bestiary.go), the scenario format (scenario.go),
// the decision interface its kernel calls (policy.go; the policies live in
// strategies/catchthedevil) and the kernel (kernel.go, round.go, moves.go).
package catchthedevil

import "github.com/tpk-sim/tpk/systems"

// ID is the system's id in scenarios and on the command line.
const ID = "catchthedevil"

// System is the Catch the Devil game system.
var System = systems.Define(systems.Parts{ID: ID, Title: gameTitle, Notes: notes,
	Options: OptionTable.Options, Strategies: Policies.Strategies, Bestiary: bestiary,
	Checks: checks, Compile: compile, Form: scenarioForm})

func init() { systems.Register(System) }

const gameTitle = "Catch the Devil (Sage LaTorra, RNDM Games/BWHQ 2019)"

// notes says what counts as dead and out of action, and the metrics.
const notes = `Dead: the text never kills a PC outright. A PC who must wound more moves than it has unwounded (normal
Suffer Harm 4-6 or 3-, wounded Suffer Harm 5's 7-9, or any wound taken with none left) or who misses a
wounded Suffer Harm (6-) is DYING, and "the GM will say when they are dead". Option C14 says when: by
default (dying) never within the simulation, so tpk, any_death, deaths and each combatant's death are
reported as not applicable (naming C14) and any_dying and dying are the figures to read; at-once: dying is dead; unless-won: dying PCs die when the fight ends without a
victory; untended: a dying PC dies after scene.dying_rounds rounds (default 3) unless an ally tends them
(Take a Risk + Sharp, 7+), and at the end unless the PCs won. An NPC is dead at conditions of at least
twice its threshold.
Out of action: a PC who is blacked out (a miss on wounded Keep It Together), dying or dead. An NPC who is
incapacitated (conditions at least its threshold) or dead. A PC who gets out (Take a Risk + Quick to flee,
wounded Keep It Together 4) has fled: alive and not out of action. defeat: every PC out of action and none
fled; escape: no PC left in the fight and at least one fled; victory: no NPC left in the fight and a PC
still up and present (errata E-C8: when the last PC falls as the last NPC does, it is a defeat or an escape). escape hides how the others fared: one PC who got out while the
others lay dying is an escape; read any_dying, dying and each PC's fled and dying beside it.
The fight is the spec's stand-in (section 1.8): NPCs never roll; each round every active NPC declares an
attack on a PC (option C4), the PCs in a random order attack (Take a Risk + Tough in melee, + Quick at
range, C3), evade, flee, Study, shield an ally (Take a Risk + Quick: 10+ no attack on the ally lands, 7-9
the protector takes them, 6- both are hit; with several protectors each roll counts on its own, errata E-C5)
or tend the dying; every attack that lands is a Suffer Harm
roll with the NPC's damage less 1 for armor. Forward applies to the PC's next Take a Risk or Study.
Metrics: escape, any_dying, any_blackout, dying, blackouts, fled, captured, wounds (moves wounded), sh_rolls,
sh_wounded (Suffer Harm rolled while wounded), kit_rolls, breaks, stat_loss, npcs_down, npcs_dead,
conditions; per combatant death, dying, down, fled, wounds (a PC's wounded moves, an NPC's conditions).`
