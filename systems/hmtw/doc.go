// Package hmtw is the His Majesty the Worm system of tpk (Exalted Funeral,
// 2023): the Challenge Phase played between a guild of adventurers and the
// GM's creatures, after the rules spec ../shared/rules/hmtw.md and its
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
package hmtw
