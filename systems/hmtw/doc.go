// Package hmtw is the His Majesty the Worm system of tpk (Exalted Funeral,
// 2023): the Challenge Phase played between a guild of adventurers and the
// GM's creatures, after the project's rules spec of the game and its
// bestiary, checked against the rulebook's text.
//
// Layout by concern:
//
//   - cards.go, deck.go: the players' 57-card deck (the minor arcana and the
//     Fool) and the GM's 21 major arcana, as fixed-size draw and discard
//     piles.
//   - fate.go, odds.go: tests of fate (favor, disfavor, pushing, great
//     success and failure, group tests) and their exact odds, `tpk odds hmtw
//     test|group`.
//   - types.go, abilities.go, bestiary.go: kin, talents, gear, effects; the
//     catalog of creature abilities with how tpk plays each; the 27
//     creatures of Appendix C, the book's other antagonists, the theme and
//     threat templates and the adventurer archetypes.
//   - options.go: H-1..H-32 and their conversion to Rules.
//   - scenario.go (the scene), scenario_party.go, scenario_foes.go,
//     model.go, metrics.go: the strict YAML decoding of a scenario into a
//     model, and the metrics.
//   - listing.go: what `tpk bestiary hmtw` shows.
//   - policy.go, view.go, view_gm.go: the decision interface the kernel
//     calls and the read-only View it is given; strategies/hmtw implements
//     it.
//   - kernel.go (state, the round loop, turn order, end conditions, the
//     record), turns.go (adventurers' turns, minor-action windows, the Fool,
//     interrupts), actions.go, advattack.go, advother.go (the adventurers'
//     actions), legal.go (what each action needs besides its card, one check
//     per action kind in a table, each saying why it refuses a play), gm.go
//     (the GM's hand, mulligans, Initiative), gmactions.go (the GM's group
//     turn), gmattack.go and gmhit.go (the GM's Attack, the mob rule, doom
//     riders, what a hit does), gmmove.go (Roughhouse, movement and flight,
//     the GM's other actions), dooms.go (the dooms a creature plays as
//     actions: one table entry each, the card it needs and what it does),
//     damage.go (Wounds, Health and Defense, immunities), heal.go (healing,
//     stuns, lights and the dark), end.go (Morale, surrender, retreat,
//     Death's Door after the fight), trace.go (names for replays): one
//     encounter, allocation-free.
//   - system.go: the systems.System.
package hmtw
