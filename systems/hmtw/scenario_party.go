package hmtw

import (
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/tpk-sim/tpk/sim"
)

// This file holds the party: entries of the scenario's party list, from an
// archetype or given in full, with their attributes, talents, spells and
// gear.

// talentList decodes a list of talents.
func (cp *compiler) talentList(n *yaml.Node, what string) ([]Talent, error) {
	return sim.List(cp.d, n, what, func(x *yaml.Node) (Talent, error) {
		s, err := cp.d.Enum(x, what, talentNames[:])
		return Talent(lookup(talentNames[:], s)), err
	})
}

// item decodes one item name (the book's synonyms accepted).
func (cp *compiler) item(n *yaml.Node, what string) (Item, error) {
	s, err := cp.d.Str(n, what)
	if err != nil {
		return NoItem, err
	}
	v := strings.ToLower(strings.TrimSpace(s))
	if i := lookup(itemNames[1:], v); i >= 0 {
		return Item(i + 1), nil
	}
	if it, ok := itemAliases[v]; ok {
		return it, nil
	}
	var aliases []string
	for a := range itemAliases {
		aliases = append(aliases, a)
	}
	sort.Strings(aliases)
	return NoItem, cp.errorf(n, "%s: the game has no item %q; allowed: %s (and the book's names %s)", what, s,
		strings.Join(itemNames[1:], ", "), strings.Join(aliases, ", "))
}

func (cp *compiler) itemList(n *yaml.Node, what string) ([]Item, error) {
	return sim.List(cp.d, n, what, func(x *yaml.Node) (Item, error) { return cp.item(x, what) })
}

// adventurer decodes one party entry (count copies).
func (cp *compiler) adventurer(party *sim.Entry[advDraft], n *yaml.Node, strategy string) ([]advSpec, error) {
	p, got, err := party.Decode(cp.d, n, strategy)
	if err != nil {
		return nil, err
	}
	p.seen = suitsGiven(got)
	if err := cp.advAttributes(n, &p, got); err != nil {
		return nil, err
	}
	if err := cp.advTalents(n, &p, got); err != nil {
		return nil, err
	}
	a := &p.a
	if err := cp.placeGear(a, p.hands, p.gear, orNode(got.Value("hands"), n), orNode(got.Value("gear"), n)); err != nil {
		return nil, err
	}
	pol, err := Policies.Party.Of(cp.d, got)
	if err != nil {
		return nil, err
	}
	a.policy, a.policyName = pol, got.Strategy
	return sim.Repeat(*a, got.Count), nil
}

// advDraft is a party entry as its keys are decoded.
type advDraft struct {
	a            advSpec
	hands, gear  []Item
	hasArchetype bool
	seen         [NumSuits]bool
}

// newAdventurer is a party entry that names no archetype.
func newAdventurer() advDraft {
	return advDraft{a: advSpec{name: "Adventurer", resolve: defaultResolve, xp: defaultXP, path: NoSuit}}
}

// fromArchetype is a party entry that starts from archetype id.
func fromArchetype(id string) advDraft {
	p := newAdventurer()
	a := &p.a
	ar, _ := archetypeList.Lookup(id)
	p.hasArchetype = true
	a.name, a.path, a.kin = title(ar.ID), ar.Path, ar.Kin
	for s := range ar.Attributes {
		a.attr[s] = ar.Attributes[s]
	}
	for _, t := range ar.Mastered {
		a.mastered = a.mastered.With(t)
	}
	for _, t := range ar.Training {
		a.training = a.training.With(t)
	}
	p.hands, p.gear = append([]Item(nil), ar.Hands...), append([]Item(nil), ar.Gear...)
	a.twoHand, a.medical = ar.TwoHanded, ar.Medical
	return p
}

// partyEntry declares the keys of a party entry: the archetype first, the
// others in the order given.
func (cp *compiler) partyEntry() sim.Entry[advDraft] {
	type key = sim.Key[advDraft]
	items := func(name string, at func(p *advDraft) *[]Item) key {
		return sim.CustomKey(name, name, func(d *sim.Doc, n *yaml.Node, p *advDraft) (err error) {
			*at(p), err = cp.itemList(n, name)
			return err
		}).Shaped(sim.ListOf(itemShape()))
	}
	talents := func(name, what string, at func(p *advDraft) *Talents) key {
		return sim.CustomKey(name, what, func(d *sim.Doc, n *yaml.Node, p *advDraft) error {
			return cp.talentSet(n, what, at(p))
		}).Shaped(sim.ListOf(sim.TextOf(talentNames[:]...)))
	}
	return sim.Entry[advDraft]{
		What:  "party member",
		Blank: newAdventurer,
		Keys: []key{
			sim.TextKey("name", "name", func(p *advDraft) *string { return &p.a.name }),
			sim.TemplateKey("archetype", "archetype", archetypeList.IDs(), fromArchetype),
			sim.EnumKey("path", "path", attrKeys, func(p *advDraft) *Suit { return &p.a.path }),
			sim.EnumKey("kin", "kin", kinNames[:], func(p *advDraft) *Kin { return &p.a.kin }),
			sim.IntsKey("attributes", "attributes", attrKeys, func(s string) string { return "attribute " + s }, 1, 4,
				func(p *advDraft) []int { return p.a.attr[:] }).
				Shows(fmt.Sprintf("{%s: 4, %s: 3, %s: 2, %s: 1}", attrKeys[0], attrKeys[1], attrKeys[2], attrKeys[3])),
			talents("talents", "talents (mastered)", func(p *advDraft) *Talents { return &p.a.mastered }),
			talents("training", "training (talents in training)", func(p *advDraft) *Talents { return &p.a.training }),
			sim.ChoiceKey("monster_hunter", "monster_hunter (its specialization: a creature)", creatureIDs(),
				func(p *advDraft, v string) { p.a.hunter = v }),
			items("hands", func(p *advDraft) *[]Item { return &p.hands }),
			items("gear", func(p *advDraft) *[]Item { return &p.gear }),
			sim.BoolKey("two_handed", "two_handed", func(p *advDraft) *bool { return &p.a.twoHand }),
			sim.BoolKey("medical_motif", "medical_motif", func(p *advDraft) *bool { return &p.a.medical }),
			sim.IntKey("resolve", "resolve", 0, maxResolve, func(p *advDraft) *int { return &p.a.resolve }),
			sim.IntKey("xp", "xp", 0, 99, func(p *advDraft) *int { return &p.a.xp }),
			sim.CustomKey("conditions", "conditions", decodeConditions).Shaped(sim.ListOf(sim.TextOf(condNames...))),
			sim.IntKey("wounded_talents", "wounded_talents", 0, 2, func(p *advDraft) *int { return &p.a.woundedTalents }),
			sim.CustomKey("spells", "spells", decodeSpells).Shaped(sim.ListOf(sim.TextOf(spellNames[1:]...))),
			sim.CustomKey("zone", "zone", func(d *sim.Doc, n *yaml.Node, p *advDraft) (err error) {
				p.a.zone, err = cp.zoneIndex(n, "zone")
				return err
			}).Shaped(zoneShape).Shows(defaultZone),
			sim.StrategyKey[advDraft](),
			sim.CountKey[advDraft]("count", MaxParty),
		},
	}
}

// condFlags are the pre-state conditions in the order of condNames.
var condFlags = [...]func(a *advSpec) *bool{
	func(a *advSpec) *bool { return &a.staggered },
	func(a *advSpec) *bool { return &a.injured },
	func(a *advSpec) *bool { return &a.stressed },
}

// decodeConditions reads `conditions:`, adding each condition listed.
func decodeConditions(d *sim.Doc, n *yaml.Node, p *advDraft) error {
	list, err := d.Seq(n, "conditions")
	if err != nil {
		return err
	}
	for _, c := range list {
		s, err := d.Enum(c, "condition", condNames)
		if err != nil {
			return err
		}
		*condFlags[lookup(condNames, s)](&p.a) = true
	}
	return nil
}

// decodeSpells reads `spells:`, adding each spell listed.
func decodeSpells(d *sim.Doc, n *yaml.Node, p *advDraft) error {
	list, err := d.Seq(n, "spells")
	if err != nil {
		return err
	}
	for _, x := range list {
		sp, err := d.Enum(x, "spell (sorcery with a combat reading)", spellNames[1:])
		if err != nil {
			return err
		}
		p.a.spells |= 1 << lookup(spellNames[:], sp)
	}
	return nil
}

// talentSet decodes a list of talents into set, replacing what it held.
func (cp *compiler) talentSet(n *yaml.Node, what string, set *Talents) error {
	ts, err := cp.talentList(n, what)
	if err != nil {
		return err
	}
	*set = 0
	for _, t := range ts {
		*set = set.With(t)
	}
	return nil
}

// advAttributes checks the path and the attributes: all four without an
// archetype; 4, 3, 2 and 1, the 4 on the path's (p.20).
func (cp *compiler) advAttributes(n *yaml.Node, p *advDraft, got *sim.Decoded) error {
	a := &p.a
	if a.path == NoSuit {
		return cp.errorf(n, "party member %s: give `archetype:` (one of %s) or `path:` (one of %s)",
			a.name, strings.Join(archetypeList.IDs(), ", "), strings.Join(attrKeys, ", "))
	}
	at := orNode(got.Value("attributes"), n)
	if !p.hasArchetype {
		var missing []string
		for s, ok := range p.seen {
			if !ok {
				missing = append(missing, attrKeys[s])
			}
		}
		if len(missing) > 0 {
			return cp.errorf(at, "party member %s: without `archetype:` all four attributes are required; missing: %s",
				a.name, strings.Join(missing, ", "))
		}
	}
	var used [5]int
	for s := range a.attr {
		used[a.attr[s]]++
	}
	if used[1] != 1 || used[2] != 1 || used[3] != 1 || used[4] != 1 {
		return cp.errorf(at, "party member %s: attributes %s; the four attributes are 4, 3, 2 and 1, one each (p.20)",
			a.name, attrString(a.attr))
	}
	if a.attr[a.path] != 4 {
		return cp.errorf(at, "party member %s: the path is %s, so %s must be 4 (p.20); found %s",
			a.name, a.path, a.path, attrString(a.attr))
	}
	return nil
}

// advTalents checks the talents (Monster Hunter's, no kin talent by hand,
// each spell's realm) and adds the kin's own.
func (cp *compiler) advTalents(n *yaml.Node, p *advDraft, got *sim.Decoded) error {
	a := &p.a
	if a.hunter != "" && !a.mastered.Has(TMonsterHunter) && !a.training.Has(TMonsterHunter) {
		return cp.errorf(got.Value("monster_hunter"), "party member %s: monster_hunter needs the monster_hunter talent (talents: or training:)", a.name)
	}
	for t := Talent(0); t < numTalents; t++ {
		if (a.mastered.Has(t) || a.training.Has(t)) && talentPaths[t] == NoSuit {
			return cp.errorf(n, "party member %s: %s is a kin talent; it comes with `kin:`", a.name, t)
		}
	}
	for sp := Spell(1); sp < numSpells; sp++ {
		if r := spellRealm[sp]; a.spells&(1<<sp) != 0 && !a.mastered.Has(r) && !a.training.Has(r) {
			return cp.errorf(got.Value("spells"), "party member %s: %s needs the %s talent (talents: or training:)", a.name, sp, r)
		}
	}
	if t, ok := kinTalent(a.kin); ok {
		a.mastered = a.mastered.With(t)
	}
	return nil
}

func attrString(a Attributes) string {
	return fmt.Sprintf("swords %d, pentacles %d, cups %d, wands %d", a[Swords], a[Pentacles], a[Cups], a[Wands])
}

// placeGear puts the adventurer's items where they go (p.37): armor worn,
// the hands as given (or the first weapon, then a shield or a light), the
// rest on the belt (4 slots, less the worn armor's) and then in the pack.
func (cp *compiler) placeGear(a *advSpec, hands, gear []Item, handsAt, gearAt *yaml.Node) error {
	belt, rest, err := cp.wearArmor(a, gear, gearAt)
	if err != nil {
		return err
	}
	if hands != nil {
		if err := cp.holdGiven(a, hands, handsAt); err != nil {
			return err
		}
	} else {
		rest = holdFirst(a, rest)
	}
	if a.twoHand {
		if !(a.hands[0].Melee() && a.hands[0] == a.hands[1] && a.hands[0].info().twoHand) {
			return cp.errorf(handsAt, "party member %s: two_handed needs a melee weapon other than a dagger held in both hands; holds %s",
				a.name, itemsString(a.hands[:]))
		}
	}
	return cp.stowRest(a, rest, belt, gearAt)
}

// wearArmor puts on the adventurer's body armor and helm (one each) and
// returns the belt slots they leave and the gear still to place.
func (cp *compiler) wearArmor(a *advSpec, gear []Item, gearAt *yaml.Node) (int, []Item, error) {
	belt := maxBelt
	var rest []Item
	for _, it := range gear {
		info := it.info()
		switch info.class {
		case clsArmor:
			if a.body != NoItem {
				return 0, nil, cp.errorf(gearAt, "party member %s: two body armors (%s and %s); allowed: one", a.name, a.body, it)
			}
			a.body = it
			belt -= int(info.slots)
		case clsHelm:
			if a.helm {
				return 0, nil, cp.errorf(gearAt, "party member %s: two helms; allowed: one", a.name)
			}
			a.helm = true
			belt -= int(info.slots)
		default:
			rest = append(rest, it)
		}
	}
	if belt < 0 {
		return 0, nil, cp.errorf(gearAt, "party member %s: worn armor takes %d belt slots; the belt has %d", a.name, maxBelt-belt, maxBelt)
	}
	return belt, rest, nil
}

// handsFor is the hands the adventurer holds item it with: both for a
// melee weapon it wields two-handed.
func handsFor(a *advSpec, it Item) int {
	if it.Melee() && a.twoHand && it.info().twoHand {
		return 2
	}
	return int(it.info().hands)
}

// holdItem puts item it in the adventurer's hands from hand on (both
// hands for a two-handed hold) and returns the next free hand.
func holdItem(a *advSpec, hand int, it Item) int {
	h := handsFor(a, it)
	if h == 2 {
		a.hands[0], a.hands[1] = it, it
	} else {
		a.hands[hand] = it
	}
	return hand + h
}

// holdGiven puts the hands as the scenario gives them: held items only,
// in 2 hands at most.
func (cp *compiler) holdGiven(a *advSpec, hands []Item, handsAt *yaml.Node) error {
	need := 0
	for _, it := range hands {
		switch it.info().class {
		case clsArmor, clsHelm:
			return cp.errorf(handsAt, "party member %s: %s is worn, not held; list it under gear", a.name, it)
		}
		need += handsFor(a, it)
	}
	if need > 2 {
		return cp.errorf(handsAt, "party member %s: %s need %d hands; an adventurer has 2", a.name, itemsString(hands), need)
	}
	hand := 0
	for _, it := range hands {
		hand = holdItem(a, hand, it)
	}
	return nil
}

// holdFirst fills the hands the scenario leaves unsaid: the first weapon,
// then a shield or a light in a free hand (a shield listed before the
// weapon too). It returns the gear left.
func holdFirst(a *advSpec, rest []Item) []Item {
	hand := 0
	var left []Item
	for _, it := range rest {
		switch {
		case hand == 0 && (it.info().class == clsMelee || it.info().class == clsMissile):
			hand = holdItem(a, hand, it)
		case hand == 1 && (it.info().class == clsShield || it.info().class == clsLight):
			hand = holdItem(a, hand, it)
		default:
			left = append(left, it)
		}
	}
	// A shield listed before the weapon.
	rest = left
	if hand == 1 {
		for i, it := range rest {
			if it.info().class == clsShield {
				holdItem(a, hand, it)
				rest = append(rest[:i:i], rest[i+1:]...)
				break
			}
		}
	}
	return rest
}

// stowRest puts the gear left on the belt (belt slots) while it fits,
// then in the pack, which must hold the rest.
func (cp *compiler) stowRest(a *advSpec, rest []Item, belt int, gearAt *yaml.Node) error {
	used := 0
	for _, it := range rest {
		s := int(it.info().slots)
		if used+s <= belt {
			a.belt = append(a.belt, it)
			used += s
			continue
		}
		a.pack = append(a.pack, it)
	}
	packSlots := 0
	for _, it := range a.pack {
		packSlots += int(it.info().slots)
	}
	if packSlots > maxPack {
		return cp.errorf(gearAt, "party member %s: the gear needs %d pack slots after the belt; the pack has %d", a.name, packSlots, maxPack)
	}
	if len(a.belt) > maxBelt {
		a.pack = append(a.belt[maxBelt:], a.pack...)
		a.belt = a.belt[:maxBelt]
	}
	return nil
}

func itemsString(items []Item) string {
	var s []string
	for i, it := range items {
		if it != NoItem && !(i == 1 && items[0] == it && it.info().hands == 2) {
			s = append(s, it.String())
		}
	}
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}
