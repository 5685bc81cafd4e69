// Package demoncitystrat holds the party and foe strategies of the Demon City
// system: implementations of demoncity.Policy, registered by name from init.
//
// Party: gang-up (default; everyone attacks one foe, and whoever a foe goes
// for dodges while an ally strikes; one free member keeps a downed foe down
// under option DC-26 keep-down; where death is on the line they run once a
// friend has died, and from two horrors or more once they have won fewer
// than one clash in three, one whom a horror is coming for anyway drawing
// another off a running friend), all-in (the same, hitting back instead
// of dodging), dodge-and-strike (the ones a foe goes for dodge, the others
// strike; under DC-25 guard all but the best attacker guard so that one
// attack lands), flee (everyone runs). Foes: default (hit back whoever
// attacks, else keep at the last victim, else anyone standing) and
// pick-off-the-weak (the harsher GM: a downed one first when option DC-5
// lets downed characters be attacked; else the default's choice, made
// among several by the cards it throws and the harm a hit does).
// Either side's "strong" is the search (package search) over each
// announcement, with gang-up and default as the defaults it plays forward.
// Roles on the yardstick of play: all-in is the careless party (it attacks
// every round, never dodges a blow aimed at it and never runs),
// pick-off-the-weak the harsher GM.
//
// Every policy keeps no state of its own (one value serves every worker) and
// allocates nothing.
package demoncitystrat

import (
	"math/bits"

	"github.com/tpk-sim/tpk/systems"
	dc "github.com/tpk-sim/tpk/systems/demoncity"
	"github.com/tpk-sim/tpk/systems/search"
)

func init() {
	dc.Policies.Party.Register("gang-up", "everyone attacks the same foe: the one with the least Toughness left (equal ones: the one an ally goes for, else at random), or a downed one when a landed attack kills it (DC-5 coup-de-grace, DC-4 hit-while-down); whoever a foe has announced an attack on dodges it while an ally strikes (under DC-25 guard, so does one hurt who a faster foe went for last); one free member keeps a downed foe down while another foe stands, everyone when none stands (DC-26 keep-down); the panicked defend; where death is on the line, everyone runs once a friend has died; against two foes or more standing, everyone runs once the party has won fewer than one clash in three of two or more, but one a horror is coming for anyway attacks another that went last for a running friend, to draw it off (where nobody can die)", GangUp{})
	dc.Policies.Party.Register("dodge-and-strike", "whoever a foe has announced an attack on dodges it (under DC-25 guard, so does one hurt who a faster foe went for last); the others strike the focus foe (under DC-25 guard only the best attacker still to announce strikes and the rest guard against it, adding cards to the side); where death is on the line, everyone runs once a friend has died, and from two foes or more once the party has won fewer than one clash in three, as in gang-up", DodgeAndStrike{})
	dc.Policies.Party.Register("all-in", "everyone attacks the focus foe as gang-up does, and whoever a foe goes for hits back instead of dodging", AllIn{})
	dc.Policies.Party.Register("flee", "everyone runs", Flee{})
	dc.Policies.Foes.Register("default", "attack back whoever has announced an attack on it (its last victim among them, else one at random), else the last victim while standing, else a random standing party member", Default{})
	dc.Policies.Foes.Register("pick-off-the-weak", "the harsher GM: a downed party member first when DC-5 allows attacking the downed; else, among whoever attacks it (else its last victim, else everyone standing), the one it throws the most cards against, then the one an attack most likely puts Out of the Fight, one not yet hurt counting double", PickOffTheWeak{})
	dc.Policies.Party.Register("strong", search.PartyDoc, dc.Strong(GangUp{}))
	dc.Policies.Foes.Register("strong", search.FoesDoc, dc.Strong(Default{}))
	dc.Policies.Party.SetRole("all-in", systems.RoleCareless)
	dc.Policies.Foes.SetRole("pick-off-the-weak", systems.RoleHarsh)
}

// focus is the enemy of self to go for: a downed one when a landed attack
// on it kills it (DC-5 coup-de-grace, or DC-4 hit-while-down), since it
// would otherwise get up again; else the standing enemy with the least
// Toughness left; -1 for none. Equal candidates: the one an ally has
// already announced an attack on, so that the party goes for one foe;
// else one at random (pick). The order of the scenario's list is no rule.
func focus(v *dc.View, self int) int {
	if v.KillsDowned() {
		var downed uint16
		for m := v.Targets(self); m != 0; m &= m - 1 {
			if i := bits.TrailingZeros16(m); v.Down(i) {
				downed |= 1 << i
			}
		}
		if downed != 0 {
			return pick(v, self, downed)
		}
	}
	var best uint16
	least := 0
	for m := v.StandingEnemies(self); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		switch t := v.Toughness(i); {
		case best == 0 || t < least:
			best, least = 1<<i, t
		case t == least:
			best |= 1 << i
		}
	}
	if best == 0 {
		return -1
	}
	return pick(v, self, best)
}

// pick chooses among equal candidates (a bit mask of enemies of self): one
// an ally has already announced an attack on; else the one self fought
// last, for a table keeps at the foe it was fighting rather than turn to
// another as hurt (two horrors at full Toughness: the first to announce
// went for one, then the other, round after round); else one at random
// from the encounter's generator.
func pick(v *dc.View, self int, cands uint16) int {
	if cands&(cands-1) == 0 {
		return bits.TrailingZeros16(cands)
	}
	for m := v.StandingAllies(self); m != 0; m &= m - 1 {
		if a, ok := v.Announced(bits.TrailingZeros16(m)); ok && a.Kind == dc.Attack && cands&(1<<a.Target) != 0 {
			return a.Target
		}
	}
	if last := v.LastTarget(self); last >= 0 && cands&(1<<last) != 0 {
		return last
	}
	return randomOf(v, cands)
}

// randomOf is a member of the non-empty set m, at random.
func randomOf(v *dc.View, m uint16) int {
	for k := v.Rand().IntN(bits.OnesCount16(m)); k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros16(m)
}

// attacker is an enemy who has announced an attack on self (at random
// among several: under DC-8 all a dodge counts against each of them), or
// -1.
func attacker(v *dc.View, self int) int {
	if m := v.Attackers(self); m != 0 {
		return randomOf(v, m)
	}
	return -1
}

// Hurt enough to dodge a blow seen coming (seenComing): a landed attack
// puts self Out of the Fight at least this likely.
const braceKnock = 0.5

// seenComing is a foe self sees coming although it has not announced yet
// (it is faster, and announces after self): one standing whose last victim
// was self, for a foe goes on at its last victim and a table sees that;
// -1 for none, and for self not hurt enough to dodge it. Self dodges the
// blow when its Toughness is below its Base and a landed attack would put
// it Out of the Fight at least braceKnock likely (a student hit once, a
// bartender at 0 Toughness after getting up); one still fresh, or as tough
// as the bully after one scratch, goes on attacking. The source: "or,
// better, throw to dodge ... distracting an enemy sets them up for your
// friends' attack". Several: one at random.
//
// Only under DC-25 guard, where a dodge named at a foe adds its cards to
// the side even when the foe goes for someone else. Under target-only the
// dodge throws nothing unless the blow comes, and a horror hits back
// whoever attacks it (Default, PickOffTheWeak): the victim who steps back
// hands the blow to a friend and takes a card from the side. Measured
// (20,000 fights each): four against a Narth won 0.961 of fights attacking
// and 0.917 dodging, with twice the stalemates; under guard, left down at
// the end fell from 0.167 to 0.121 (victory 0.973 to 0.962), and against
// the Hungry Ghost of the west wing victory rose from 0.607 to 0.778.
func seenComing(v *dc.View, self int) int {
	if !v.Guarding() || v.Toughness(self) >= v.BaseToughness(self) || v.KnockChance(self) < braceKnock {
		return -1
	}
	var m uint16
	for e := v.StandingEnemies(self); e != 0; e &= e - 1 {
		i := bits.TrailingZeros16(e)
		if _, announced := v.Announced(i); !announced && v.LastTarget(i) == self {
			m |= 1 << i
		}
	}
	if m == 0 {
		return -1
	}
	return randomOf(v, m)
}

// allyStrikes reports whether an ally of self strikes this round or may
// still: one has announced an attack, or one still to announce is standing
// and not panicking.
func allyStrikes(v *dc.View, self int) bool {
	for m := v.StandingAllies(self); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		a, announced := v.Announced(i)
		if (announced && a.Kind == dc.Attack) || (!announced && !v.Panicked(i)) {
			return true
		}
	}
	return false
}

// GangUp: everyone attacks the focus foe, except that whoever a foe has
// already announced an attack on dodges it while an ally strikes ("or,
// better, throw to dodge ... distracting an enemy sets them up for your
// friends' attack"), that one free member keeps a downed foe down
// (holdTarget), that where death is on the line they run once a friend
// has died (runs), and that they run from a fight against two foes or more
// they cannot win (hopeless).
type GangUp struct{}

// Announce implements demoncity.Policy.
func (GangUp) Announce(v *dc.View, self int) dc.Action {
	t := focus(v, self)
	if t < 0 {
		if h := holdTarget(v, self); h >= 0 && !v.Panicked(self) {
			return dc.AttackOn(h)
		}
		return dc.PassTurn()
	}
	if !v.Down(t) && (runs(v, self) || hopeless(v, self)) {
		if h := covers(v, self); h >= 0 {
			return dc.AttackOn(h)
		}
		return dc.FleeAway()
	}
	a := attacker(v, self)
	if v.Panicked(self) {
		return defendPanicked(a, t)
	}
	if a < 0 {
		a = seenComing(v, self)
	}
	if a >= 0 && allyStrikes(v, self) {
		return dc.DefendAgainst(a)
	}
	if h := holdTarget(v, self); h >= 0 && !v.Down(t) {
		return dc.AttackOn(h)
	}
	return dc.AttackOn(t)
}

// holdTarget is a downed foe for self to keep down (option DC-26
// keep-down: the blow lands without a clash and costs the foe a throw when
// it next tries to get up), or -1. While a foe still stands, one pair of
// hands is enough: self holds a downed foe nobody holds yet, and only when
// an ally strikes the one standing (the source: "fights are tense but
// relatively quick and decisive"; a horror that gets up while its fellow
// stands makes fights against two go on for ever). With no foe standing,
// everyone holds: a downed foe nobody holds yet first.
func holdTarget(v *dc.View, self int) int {
	if !v.KeepsDown() {
		return -1
	}
	var downed, held uint16
	for m := v.Targets(self); m != 0; m &= m - 1 {
		if i := bits.TrailingZeros16(m); v.Down(i) {
			downed |= 1 << i
		}
	}
	if downed == 0 {
		return -1
	}
	for m := v.StandingAllies(self); m != 0; m &= m - 1 {
		if a, ok := v.Announced(bits.TrailingZeros16(m)); ok && a.Kind == dc.Attack && downed&(1<<a.Target) != 0 {
			held |= 1 << a.Target
		}
	}
	free := downed &^ held
	if v.StandingEnemies(self) == 0 {
		if free == 0 {
			free = downed
		}
		return randomOf(v, free)
	}
	if free == 0 || !allyStrikes(v, self) {
		return -1
	}
	return randomOf(v, free)
}

// runs reports whether self runs from a fight that can kill (View.Mortal:
// DC-4 other than none, or DC-5 coup-de-grace) while a foe still stands
// (gang-up first finishes a downed foe a landed attack kills): once a
// friend has died. Fighting on there lost lives a competent table keeps:
// in the Burning Fiend example the party lost 0.49 members a fight
// staying in and 0.41 running so, and someone died as often. (Running
// sooner, say once a friend is down, leaves that friend to bleed while the
// others still fight, and someone dies more often.)
func runs(v *dc.View, self int) bool {
	if !v.Mortal() || v.StandingEnemies(self) == 0 {
		return false
	}
	for i := 0; i < v.N(); i++ {
		if i != self && !v.Enemies(self, i) && v.Dead(i) {
			return true
		}
	}
	return false
}

// The party's read of a fight it cannot win (hopeless).
const (
	hopelessClashes = 2 // clashes thrown before the party judges
	hopelessShare   = 3 // it runs having won fewer than one in this many
)

// hopeless reports whether self's party runs from a fight it cannot win:
// two foes or more stand, and the party has won fewer than one clash in
// three of the two or more thrown so far (the cards left on the table tell
// a table how the fight goes). The source wants fights "tense but
// relatively quick and decisive", and a reader plays the people in them to
// "just constantly run away from things"; against a Narth and a Hungry
// Ghost, each getting up while the other stands, four ordinary people won
// one clash in fifteen and went on to the round cap 99 times in 100.
// Against one horror the party fights on however badly it starts
// ("teaming up is good ... there's still a good chance the PCs win the
// round"): the same record without the second horror cost four people
// against a Narth alone 7 to 11 points of victory, in fights they went on
// to win. Two clashes are enough to judge: each clash the party stays it
// is knocked down more, and judging after four left the careless all-in
// (which never runs) ahead of gang-up on the yardstick's score (+0.046 ±
// 0.024 over 6,000 paired fights; after two, +0.020 ± 0.024). Everyone
// standing runs at once, the downed as soon as they are
// up: waiting for a friend to get up while two horrors go on knocking
// people down leaves as many behind and scores worse. Once anyone of the
// party has got a step away, the party keeps running: a flight that gets
// away wins its clash, and counting those as wins sent runners, and the
// friends they were running with, back into the fight.
func hopeless(v *dc.View, self int) bool {
	if bits.OnesCount16(v.StandingEnemies(self)) < 2 {
		return false
	}
	for i := 0; i < v.N(); i++ {
		if steps, _ := v.Escape(i); steps > 0 && !v.Enemies(self, i) {
			return true // the party's decision holds (a step away wins its clash too)
		}
	}
	clashes, won, _ := v.Clashes()
	return clashes >= hopelessClashes && won*hopelessShare < clashes
}

// covers is the horror self attacks to hold it off a friend while the
// party runs from a fight it cannot win (runs, hopeless), or -1 for none
// (self runs too). A horror goes on at its last victim, and hits back
// whoever attacks it: self, whom one horror is coming for anyway (its last
// victim, or it has announced the attack), draws off another still to
// announce whose last victim is a friend standing and running with the
// party (announced a flight, or still to announce), so that the friend's
// flight goes unopposed ("runs, unopposed: success") where a flight a
// horror contests is seldom won. Self was not getting away this round
// either: a flight from the horror coming for it is contested too. The
// table's "go, I'll hold them off", played by whoever is caught already.
// Only where nobody can die: under DC-4 rules that kill, a rear guard gives
// a life for a flight. Several to draw off: one at random.
func covers(v *dc.View, self int) int {
	if v.Mortal() || v.Panicked(self) {
		return -1
	}
	caught := false
	var pull uint16
	for m := v.StandingEnemies(self); m != 0; m &= m - 1 {
		e := bits.TrailingZeros16(m)
		if a, announced := v.Announced(e); announced {
			caught = caught || (a.Kind == dc.Attack && a.Target == self)
			continue
		}
		switch last := v.LastTarget(e); {
		case last == self:
			caught = true
		case last >= 0 && !v.Enemies(self, last) && v.Standing(last) && running(v, last):
			pull |= 1 << e
		}
	}
	if !caught || pull == 0 {
		return -1
	}
	return randomOf(v, pull)
}

// running reports whether party member i runs this round: it has
// announced a flight, or is still to announce (and the party runs).
func running(v *dc.View, i int) bool {
	a, announced := v.Announced(i)
	return !announced || a.Kind == dc.Flee
}

// defendPanicked is what a panicked party member does (it may only
// defend): dodge whoever goes for it, else the focus foe.
func defendPanicked(attacker, focus int) dc.Action {
	if attacker >= 0 {
		return dc.DefendAgainst(attacker)
	}
	return dc.DefendAgainst(focus)
}

// AllIn: everyone attacks the focus foe, whoever a foe goes for hitting
// back (gang-up before it learned to dodge).
type AllIn struct{}

// Announce implements demoncity.Policy.
func (AllIn) Announce(v *dc.View, self int) dc.Action {
	t := focus(v, self)
	if t < 0 {
		return dc.PassTurn()
	}
	if v.Panicked(self) {
		return defendPanicked(attacker(v, self), t)
	}
	return dc.AttackOn(t)
}

// DodgeAndStrike: whoever a foe has already announced an attack on dodges
// it; everyone else strikes the focus foe; they run from a fight against
// two foes or more they cannot win (hopeless), and where death is on the
// line once a friend has died, as gang-up does (runs: against the Burning
// Fiend that loses 1.18 lives a fight, not 1.42, and the fights of twenty
// rounds or more fall from 4.3% to 0.7%). Under DC-25 "guard", where a
// defence against a foe who attacks someone else still adds a card, only
// the first party member to announce among the best attackers strikes and
// everyone after guards against the focus foe, adding cards to the side
// without taking the attack slot.
type DodgeAndStrike struct{}

// Announce implements demoncity.Policy.
func (DodgeAndStrike) Announce(v *dc.View, self int) dc.Action {
	t := focus(v, self)
	if t < 0 {
		if h := holdTarget(v, self); h >= 0 && !v.Panicked(self) {
			return dc.AttackOn(h)
		}
		return dc.PassTurn()
	}
	if !v.Down(t) && (runs(v, self) || hopeless(v, self)) {
		if h := covers(v, self); h >= 0 {
			return dc.AttackOn(h)
		}
		return dc.FleeAway()
	}
	a := attacker(v, self)
	if v.Panicked(self) {
		return defendPanicked(a, t)
	}
	if a < 0 {
		a = seenComing(v, self)
	}
	if a >= 0 && (allyStrikes(v, self) || v.Guarding()) {
		return dc.DefendAgainst(a)
	}
	if !v.Guarding() {
		// A defence nobody's attack is aimed at throws no cards (DC-25
		// target-only): strike too, adding a card to the side.
		return dc.AttackOn(t)
	}
	for m := v.StandingAllies(self); m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		a, announced := v.Announced(i)
		if announced && a.Kind == dc.Attack {
			return dc.DefendAgainst(t) // an ally already strikes
		}
		if !announced && !v.Panicked(i) && v.AttackStat(i) > v.AttackStat(self) {
			return dc.DefendAgainst(t) // a better attacker is still to announce
		}
	}
	return dc.AttackOn(t)
}

// Flee: everyone runs.
type Flee struct{}

// Announce implements demoncity.Policy.
func (Flee) Announce(v *dc.View, self int) dc.Action { return dc.FleeAway() }

// Default is the horrors' default: attack back whoever has announced an
// attack on it (its last victim among them, else one at random: a plain
// GM hits back at whoever comes at it), else the last victim while it
// stands, else a random standing party member.
type Default struct{}

// Announce implements demoncity.Policy.
func (Default) Announce(v *dc.View, self int) dc.Action {
	if m := v.Attackers(self) & v.StandingEnemies(self); m != 0 {
		if t := v.LastTarget(self); t >= 0 && m&(1<<t) != 0 {
			return dc.AttackOn(t)
		}
		return dc.AttackOn(randomOf(v, m))
	}
	if t := v.LastTarget(self); t >= 0 && v.Standing(t) {
		return dc.AttackOn(t)
	}
	standing := v.StandingEnemies(self)
	if standing == 0 {
		return dc.PassTurn()
	}
	return dc.AttackOn(randomOf(v, standing))
}

// PickOffTheWeak is the harsher GM. It finishes the downed where the rules
// let it: a downed party member first, the least Toughness left first,
// when option DC-5 lets downed characters be attacked. Otherwise it hits
// back at whoever attacks it, else keeps at its last victim while that one
// stands, as the default does, else goes for anyone standing; where that
// leaves several, it picks the one it throws the most cards against (a
// weapon or a stat it beats), then the one an attack most likely puts Out
// of the Fight (View.KnockChance), counting double one not yet hurt, whom
// a first knock-down leaves a lost throw for the rest of the fight; then
// one at random (the order of the scenario's list is no rule). Going for the weakest alone, as it once did, spent its
// blows on an invalid who gets up as often as anyone and on people it
// throws fewer cards against, and did less harm than the default in three
// examples of five.
type PickOffTheWeak struct{}

// Announce implements demoncity.Policy.
func (PickOffTheWeak) Announce(v *dc.View, self int) dc.Action {
	if v.DownedTargetable() {
		var best uint16
		least := 0
		for m := v.Targets(self); m != 0; m &= m - 1 {
			i := bits.TrailingZeros16(m)
			if !v.Down(i) {
				continue
			}
			switch t := v.Toughness(i); {
			case best == 0 || t < least:
				best, least = 1<<i, t
			case t == least:
				best |= 1 << i
			}
		}
		if best != 0 {
			return dc.AttackOn(randomOf(v, best))
		}
	}
	pool := v.Attackers(self) & v.StandingEnemies(self)
	if pool == 0 {
		if t := v.LastTarget(self); t >= 0 && v.Standing(t) {
			return dc.AttackOn(t)
		}
		pool = v.StandingEnemies(self)
	}
	var best uint16
	bestCards, bestHarm := 0, 0.0
	for m := pool; m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		cards, h := v.AttackThrows(self, i), harm(v, i)
		switch {
		case best == 0 || cards > bestCards || (cards == bestCards && h > bestHarm):
			best, bestCards, bestHarm = 1<<i, cards, h
		case cards == bestCards && h == bestHarm:
			best |= 1 << i
		}
	}
	if best == 0 {
		return dc.PassTurn()
	}
	return dc.AttackOn(randomOf(v, best))
}

// harm is what an attack landing on i does to the party, as the harsher GM
// weighs it: the chance it puts i Out of the Fight, doubled for one not yet
// hurt (Base Toughness above 0 and no lost throw for injury yet).
func harm(v *dc.View, i int) float64 {
	h := v.KnockChance(i)
	if v.BaseToughness(i) > 0 && !v.Injured(i) {
		h *= 2
	}
	return h
}
