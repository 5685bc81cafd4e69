// Package demoncity is the Demon City game system (Zak Sabbath's tarot-card
// rules, May 2018 draft): the Players' and the Horror's Deck, static and
// opposed throws, Action Rounds with Clashes, and an inferred damage,
// Toughness, recovery and Calm model.
//
// The rules are those of the project's Demon City rules spec (sections 1
// and 3.1 of the spec it shares with Locus), checked against the source text (the blog post
// "Getting Things Done In Demon City"). Every point the source leaves to the
// Host or does not cover is an option DC-1..DC-26 (options.go); the damage,
// Out of the Fight, recovery, injury and Calm rules are not in the source at
// all and are labelled [inferred] or [proposed] wherever they are shown.
//
// Layout by concern:
//
//   - cards.go: tarot card names and values (Randomizer A's cards).
//   - deck.go: a deck as fixed-size arrays with draw, table and discard
//     piles, reshuffles, C10 and C100; Randomizer B (d10) and B' (an
//     infinite deck) as modes of the same type.
//   - throw.go: evaluating a throw (highest card, keep-the-lower, the Fool,
//     Significators) and counting throws for an action (section 1.5).
//   - odds.go: the exact odds of `tpk odds demoncity clash|static`.
//   - options.go: DC-1..DC-26, each a type with named readings and a
//     field of Rules, declared once in OptionTable.
//   - types.go, bestiary.go, decode.go: combatants, weapons, built-in
//     horrors and people, and the strict YAML decoding of a scenario.
//   - policy.go: the decision interface the kernel calls (Policy) and the
//     read-only View it is given; strategies/demoncity implements it.
//   - kernel.go, round.go, clash.go, damage.go: one encounter.
//   - system.go: the systems.System and the metrics.
package demoncity
