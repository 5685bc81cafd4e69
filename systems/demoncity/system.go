package demoncity

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// ID is the system's id in scenarios and on the command line.
const ID = "demoncity"

// System is the Demon City game system.
var System = systems.Define(systems.Parts{ID: ID, Title: gameTitle, Notes: notes,
	Options: OptionTable.Options, Strategies: Policies.Strategies, Bestiary: bestiary,
	Checks: checks, Compile: compile, Form: scenarioForm})

func init() { systems.Register(System) }

const gameTitle = "Demon City (Zak Sabbath; the tarot-card rules of 26 May 2018)"

// notes says what counts as dead and as out of action, and which rules are
// inferred.
const notes = `Out of action: Out of the Fight, dead or escaped. Out of the Fight [inferred]: current Toughness below 0
(exactly 0 is still up), or any landed hit on a Base Toughness 0 character (the Injured box). A downed
character throws Toughness to get up before announcing each round (DC-2), so being down is not final; a
panicked character is still in the fight.
Dead: nobody dies by default - the source has no death rule (DC-4 none), so tpk, any_death, deaths and death
are not applicable (n/a) and down_at_end is the figure to read. Death only under DC-4 three-failures | hit-while-down | bleed, or DC-5
coup-de-grace.
End of an encounter (DC-24 after-recovery): when a round leaves a side with nobody in the fight, that side's
downed members throw to get up at the start of the next round; the fight is over when none of them gets up
(DC-24 first-knockdown: as soon as the side's last member drops). victory: every foe Out of the Fight or dead
(they stayed down); defeat: every party member Out of the Fight or dead, none escaped; escape (added): no party
member left in the fight and at least one escaped.
[inferred] damage = the lowest of T C10 cards thrown by the attacker, T = the target's Base Toughness
(DC-1); recovery, the lost throw for injury, armor and Calm/Panic are [inferred] or [proposed] (DC-2..DC-4,
DC-16, DC-17): none of them is in the source text.
Added metrics: escape, knockdowns, foe_knockdowns, clashes, clash_ties, clash_wins, wasted_wins, hits,
criticals, significator_criticals, fumbles, panics, recovery_throws, recoveries, reshuffles_players,
reshuffles_horror; per combatant down, knockdowns, rounds_down, down_at_end, death, panicked, fled,
hits_taken, damage_taken.`

// compile decodes the scenario and builds the model.
func compile(sc *sim.Scenario) (*systems.Build, error) {
	d := &sc.Doc
	rules, opts, err := OptionTable.ResolveScenario(sc)
	if err != nil {
		return nil, err
	}
	partyDefault, foeDefault, err := Policies.Sides(sc)
	if err != nil {
		return nil, err
	}
	party, err := decodeParty(d, sc.Party)
	if err != nil {
		return nil, err
	}
	foes, err := decodeFoes(d, sc.Foes)
	if err != nil {
		return nil, err
	}
	scn, err := decodeScene(d, sc.Scene)
	if err != nil {
		return nil, err
	}
	if err := setPolicies(d, party, Policies.Party, partyDefault); err != nil {
		return nil, err
	}
	if err := setPolicies(d, foes, Policies.Foes, foeDefault); err != nil {
		return nil, err
	}
	m, err := buildModel(d, party, foes, scn, rules, sc.MaxRounds)
	if err != nil {
		return nil, err
	}
	return &systems.Build{Model: m, Options: opts,
		Strategies: map[sim.Side]string{sim.Party: partyDefault, sim.Foes: foeDefault}}, nil
}

// setPolicies gives each entry of list its own strategy, or its side's.
func setPolicies(d *sim.Doc, list []entry, side *systems.Policies[Policy], sideDefault string) error {
	for i := range list {
		e := &list[i]
		e.policyName = sideDefault
		if e.strategy.Value != "" {
			e.policyName = strings.ToLower(e.strategy.Value)
		}
		p, err := side.Get(e.policyName)
		if err != nil {
			return d.Errorf(e.strategy.Node, "strategy: %v", err)
		}
		e.policy = p
	}
	return nil
}

// buildModel compiles decoded combatants (policies resolved) into a model.
func buildModel(d *sim.Doc, party, foes []entry, scn scene, rules Rules, maxRounds int) (*model, error) {
	if n := len(party) + len(foes); n > MaxCombatants {
		return nil, &sim.InputError{File: d.File, Line: foes[0].line,
			Msg: fmt.Sprintf("%d combatants; at most %d in one encounter", n, MaxCombatants)}
	}
	m := &model{maxRounds: maxRounds, rules: rules, band: scn.band, escape: scn.escape,
		fleeIntensity: scn.fleeIntensity, deckMode: deckModeOf(rules), nParty: len(party)}
	all := append(append([]entry(nil), party...), foes...)
	names := map[string]bool{}
	var cs []sim.Combatant
	groups := map[string]int{}
	for i, e := range all {
		side := sim.Foes
		if i < len(party) {
			side = sim.Party
		}
		if names[e.sheet.Name] {
			return nil, &sim.InputError{File: d.File, Line: e.line, Msg: fmt.Sprintf("two combatants are called %q; names must differ", e.sheet.Name)}
		}
		names[e.sheet.Name] = true
		f := compileFighter(e.sheet, side == sim.Party, scn.band)
		f.policy, m.policyNames[i] = e.policy, e.policyName
		f.calmGroup = i
		if side == sim.Foes {
			g := e.group
			if g == "" {
				g = "name:" + e.sheet.Name
			}
			if first, ok := groups[g]; ok {
				f.calmGroup = first
			} else {
				groups[g] = i
			}
		}
		m.f[i] = f
		m.names[i], m.sheets[i] = e.sheet.Name, e.sheet
		cs = append(cs, sim.Combatant{Name: e.sheet.Name, Side: side})
	}
	m.n = len(all)
	if err := buildDecks(m, d, all, len(party), scn, rules); err != nil {
		return nil, err
	}
	m.schema = schemaFor(m.maxRounds, cs, len(party), rules)
	m.finish()
	m.Strong = m.usesStrong()
	return m, nil
}

// deckModeOf is the deck mode option DC-13 chooses.
func deckModeOf(ru Rules) DeckMode {
	switch ru.DC13 {
	case DC13FreshRound:
		return FreshRound
	case DC13D10:
		return D10
	case DC13Infinite:
		return Infinite
	}
	return Persistent
}

// compileFighter reduces a sheet to what the kernel reads.
func compileFighter(s Sheet, party bool, band Band) fighter {
	return fighter{
		party: party, horror: s.Horror,
		agility: s.Agility, toughness: s.Toughness, calm: s.Calm,
		atk: s.AttackStat(), resistMelee: s.ResistStat(Melee), kind: s.Weapon.Kind,
		wscore: s.Weapon.Score(band), massive: s.Weapon.Massive, supernatural: s.Supernatural,
		armor: s.Armor, calmCheck: s.CalmCheck, advantages: s.Advantages, disadv: s.Disadvantages,
		calledShot: s.CalledShot, deck: deckOf(party),
	}
}

func deckOf(party bool) int {
	if party {
		return playersDeck
	}
	return horrorsDeck
}

// buildDecks makes the card table and the two decks (section 1.1): the
// Players' Deck is three cards of each value 1..10, The Fool unless a foe
// is Fool-associated (has the-fool among its cards), and each PC's
// Significator under DC-21 "on"; the Horror's Deck is each kind of foe's
// cards once, the scene's place and NPC cards, and a pip card of every value
// 1..10 that no pip or Major card there supplies.
func buildDecks(m *model, d *sim.Doc, all []entry, nParty int, scn scene, ru Rules) error {
	m.cards = plainCards
	m.cardNames = make([]string, firstFree, 32)
	m.cardNames[0] = "the-fool"
	for v := 1; v <= 10; v++ {
		m.cardNames[v] = strconv.Itoa(v)
	}
	p := &cardPlacer{m: m, d: d, numbered: ru.DC14 == DC14Numbered, used: map[string]int{}}
	horror, foolWithHorror, err := p.horrorsDeck(all, nParty, scn)
	if err != nil {
		return err
	}
	players := PlayersDeckIDs(!foolWithHorror)
	if ru.DC21 == DC21On {
		if players, err = p.significators(players, all, nParty, foolWithHorror); err != nil {
			return err
		}
	}
	if len(horror) > DeckCap {
		return &sim.InputError{File: d.File, Msg: fmt.Sprintf("the Horror's Deck would hold %d cards; at most %d", len(horror), DeckCap)}
	}
	if len(players) > DeckCap {
		return &sim.InputError{File: d.File, Msg: fmt.Sprintf("the Players' Deck would hold %d cards; at most %d", len(players), DeckCap)}
	}
	m.decks[playersDeck] = players
	m.decks[horrorsDeck] = horror
	return nil
}

// cardPlacer gives the named cards of a scenario their ids in the model's
// card table, each card once (a tarot deck holds each card once).
type cardPlacer struct {
	m        *model
	d        *sim.Doc
	numbered bool           // DC-14 "numbered": court cards are worth 11..14
	used     map[string]int // named card -> line where it was placed
}

// add places card c, named on line line, in the card table: owner is the
// PC whose Significator it is, or -1. It returns the card's id (foolID for
// The Fool) or an error for a card already in play or one card too many.
func (p *cardPlacer) add(c Card, owner int, line int) (uint8, error) {
	m := p.m
	if prev, dup := p.used[c.Name]; dup {
		return 0, &sim.InputError{File: p.d.File, Line: line,
			Msg: fmt.Sprintf("the card %s is already in play (line %d); a tarot deck holds each card once", c.Name, prev)}
	}
	p.used[c.Name] = line
	if owner >= 0 {
		m.cards.sigs = true
	}
	if c.Kind == Fool {
		m.cards.owner[foolID] = int8(owner)
		return foolID, nil
	}
	id := len(m.cardNames)
	if id > maxCardID {
		return 0, &sim.InputError{File: p.d.File, Line: line, Msg: "too many named cards"}
	}
	m.cardNames = append(m.cardNames, c.Name)
	m.cards.value[id] = int8(c.Value(p.numbered))
	m.cards.owner[id] = int8(owner)
	return uint8(id), nil
}

// horrorsDeck places and lists the Horror's Deck: each kind of foe's cards
// once (one calm group stands for its kind), the scene's place and NPC
// cards, and a pip card of every value 1..10 that no pip or Major card
// there supplies. foolWithHorror reports whether The Fool is among them.
func (p *cardPlacer) horrorsDeck(all []entry, nParty int, scn scene) (horror []uint8, foolWithHorror bool, err error) {
	covered := [11]bool{}
	place := func(c Card, line int) error {
		id, err := p.add(c, -1, line)
		if err != nil {
			return err
		}
		if c.Kind == Fool {
			foolWithHorror = true
		}
		if (c.Kind == Pip || c.Kind == Major) && c.Num >= 1 && c.Num <= 10 {
			covered[c.Num] = true
		}
		horror = append(horror, id)
		return nil
	}
	seen := map[int]bool{}
	for i := nParty; i < len(all); i++ {
		g := p.m.f[i].calmGroup
		if seen[g] {
			continue
		}
		seen[g] = true
		for _, c := range all[i].sheet.Cards {
			if err := place(c, all[i].line); err != nil {
				return nil, false, err
			}
		}
	}
	for x, c := range scn.extra {
		if err := place(c, lineOf(scn.extraNodes[x])); err != nil {
			return nil, false, err
		}
	}
	for v := 1; v <= 10; v++ {
		if !covered[v] {
			horror = append(horror, uint8(v))
		}
	}
	return horror, foolWithHorror, nil
}

// significators adds each PC's Significator to the Players' Deck players
// (DC-21 "on"); The Fool stays out of the deck's list, and cannot be a
// Significator when it is in the Horror's Deck (foolWithHorror).
func (p *cardPlacer) significators(players []uint8, all []entry, nParty int, foolWithHorror bool) ([]uint8, error) {
	for i := 0; i < nParty; i++ {
		c := all[i].sheet.Significator
		if c == nil {
			continue
		}
		if c.Kind == Fool && foolWithHorror {
			return nil, p.d.Errorf(all[i].sigNode, "significator: The Fool is in the Horror's Deck (a foe is Fool-associated), so it cannot be %s's Significator", all[i].sheet.Name)
		}
		id, err := p.add(*c, i, lineOf(all[i].sigNode))
		if err != nil {
			return nil, err
		}
		if id != foolID {
			players = append(players, id)
		}
	}
	return players, nil
}

func lineOf(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	return n.Line
}
