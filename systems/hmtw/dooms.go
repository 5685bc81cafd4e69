package hmtw

// This file holds the dooms a creature plays as an action of its own
// (Unearthly Fear, Shriek, Call Bats, Sleep Song...): one entry per doom,
// the card it needs and what it does, in a table.

// doomCard is the card a played doom needs.
type doomCard uint8

const (
	anyCard     doomCard = iota // any card (Invisible)
	lesserCard                  // a lesser doom
	greaterCard                 // a greater doom
)

// doomPlay is a doom played as an action: the card it needs, whether the
// GM strategies weigh it as a group's own play (View.HasPlayed), and what
// it does; do reports whether the doom was played.
type doomPlay struct {
	card    doomCard
	weighed bool
	do      func(k *kernel, p doomAt) bool
}

// doomAt is one play of a doom: group g's first member j in the fight in
// zone z plays card d (own: on its turn, else as a minor action).
type doomAt struct {
	g, j int
	z    int8
	d    Doom
	own  bool
	a    *GMAction
	name string // the book's name of the doom
	how  string // "on its turn" or "as a minor action"
}

// doomPlays is the table of played dooms, indexed by Ability.
var doomPlays [numAbilities]doomPlay

func init() {
	doomPlays = [numAbilities]doomPlay{
		AbUnearthlyFear:   {lesserCard, true, (*kernel).playFear},
		AbSorrow:          {lesserCard, true, (*kernel).playFear},
		AbFear:            {lesserCard, true, (*kernel).playFear},
		AbShriek:          {greaterCard, true, (*kernel).playStunZone},
		AbPotence:         {greaterCard, true, (*kernel).playStunZone},
		AbChokingSpores:   {lesserCard, false, (*kernel).playSpores},
		AbCallBats:        {lesserCard, true, (*kernel).playCallBats},
		AbDevourTheLiving: {lesserCard, true, (*kernel).playDevour},
		AbStinkingCloud:   {greaterCard, true, (*kernel).playCloud},
		AbSqueeze:         {greaterCard, true, (*kernel).playSqueeze},
		AbAbsorbBones:     {greaterCard, true, (*kernel).playAbsorbBones},
		AbFaithfulServant: {greaterCard, true, (*kernel).playServant},
		AbSleepSong:       {lesserCard, true, (*kernel).playSleepSong},
		AbInvisible:       {anyCard, false, (*kernel).playInvisible},
		AbFlutterAway:     {greaterCard, true, (*kernel).playFlutter},
	}
}

// weighedDooms are the played dooms the GM strategies weigh (a group with
// one has View.HasPlayed).
func weighedDooms() []Ability {
	var out []Ability
	for ab := Ability(1); ab < numAbilities; ab++ {
		if doomPlays[ab].weighed {
			out = append(out, ab)
		}
	}
	return out
}

// WeighedDoom reports whether a group with ability ab weighs playing it as
// an action of its own (View.HasPlayed).
func WeighedDoom(ab Ability) bool { return ab < numAbilities && doomPlays[ab].weighed }

// fits reports whether card d is the kind the doom needs.
func (c doomCard) fits(d Doom) bool {
	switch c {
	case lesserCard:
		return d.Lesser()
	case greaterCard:
		return d.Greater()
	}
	return true
}

// gmAbility resolves a played doom.
func (k *kernel) gmAbility(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if d == NoDoom || !k.live(g, a.Ability) {
		return false
	}
	j := k.firstIn(g)
	if j < 0 {
		return false
	}
	play := &doomPlays[a.Ability]
	if play.do == nil || !play.card.fits(d) {
		return false
	}
	p := doomAt{g: g, j: j, z: k.zoneOf(j), d: d, own: own, a: a, name: abilityTable[a.Ability].name, how: "as a minor action"}
	if own {
		p.how = "on its turn"
	}
	return play.do(k, p)
}

// playFear: Unearthly Fear, Sorrow and Fear aim one card (+Wands on its
// turn) at every adventurer in its zone; each beaten is Stunned (Fear:
// Displaced).
func (k *kernel) playFear(p doomAt) bool {
	v := int(p.d)
	if p.own {
		v += k.groupAttr(p.g, Wands)
	}
	k.spendGM(p.a.Card)
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(p.g), "plays %s %s: %s, %d against everyone in the %s", p.d, p.how, p.name, v, k.m.scene.zones[p.z])
	}
	for i := 0; i < k.na; i++ {
		x := &k.adv[i]
		if !x.able() || x.zone != p.z {
			continue
		}
		k.revealAdv(i)
		init := k.advInit(i)
		hit := k.beats(v, init, x.hasShield())
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "Initiative %d: %s", init, hitWord(hit))
		}
		if hit {
			if p.a.Ability == AbFear {
				k.displaceAdv(i, false) // Fear: no physical source
			} else {
				k.stunAdv(i, p.name)
			}
		}
	}
	return true
}

// playStunZone: Shriek and Potence Stun every adventurer in its zone.
func (k *kernel) playStunZone(p doomAt) bool {
	g := p.g
	k.spendGM(p.a.Card)
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays %s %s: %s", p.d, p.how, p.name)
	}
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() && k.adv[i].zone == p.z {
			k.stunAdv(i, p.name)
		}
	}
	// A Shriek Stuns "every non-harpy in its zone": other creatures too.
	for h := 0; p.a.Ability == AbShriek && h < k.ng; h++ {
		if h != g && k.m.groups[h].cr.ID != k.m.groups[g].cr.ID && k.groupInZone(h, p.z) {
			if k.tr != nil {
				k.tr.Add(k.round, k.gname(h), "is Stunned by the %s", p.name)
			}
			k.stunGroup(h)
		}
	}
	return true
}

// playSpores: Choking Spores Silence every adventurer in its zone.
func (k *kernel) playSpores(p doomAt) bool {
	k.spendGM(p.a.Card)
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(p.g), "plays %s %s: %s", p.d, p.how, p.name)
	}
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() && k.adv[i].zone == p.z {
			k.adv[i].effects |= Silence
			k.say(i, "is Silenced")
		}
	}
	return true
}

// playCallBats: a bat cloud joins the fight with the card as its
// Initiative.
func (k *kernel) playCallBats(p doomAt) bool {
	bats := k.summoned(p.g)
	if bats < 0 || k.groupIn(bats) {
		return false
	}
	k.takeGM(int(p.a.Card)) // the card becomes the bats' Initiative
	bs := &k.grp[bats]
	bs.active, bs.init, bs.acted, bs.revealed = true, p.d, true, true
	for m := bs.lo; m < bs.hi; m++ {
		ms := &k.m.groups[bats].members[m-bs.lo]
		k.mem[m] = memState{group: int8(bats), health: int16(ms.health), defense: int16(ms.defense), active: true, zone: p.z}
	}
	k.inDirty = true
	k.changed = true
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(p.g), "plays %s %s: Call Bats; a bat cloud joins the fight with Initiative %d", p.d, p.how, int(p.d))
	}
	return true
}

// playDevour: Devour the Living kills an adventurer at Death's Door or
// Knocked out in its zone, and Heals 2.
func (k *kernel) playDevour(p doomAt) bool {
	for i := 0; i < k.na; i++ {
		x := &k.adv[i]
		if x.present() && x.zone == p.z && (x.door || x.effects&Knockout != 0) {
			k.spendGM(p.a.Card)
			if k.tr != nil {
				k.tr.Add(k.round, k.gname(p.g), "plays %s %s: Devour the Living; %s is devoured", p.d, p.how, k.aname(i))
			}
			k.kill(i, false)
			k.healMember(p.j, 2)
			return true
		}
	}
	return false
}

// playCloud: a Stinking Cloud fills its zone.
func (k *kernel) playCloud(p doomAt) bool {
	k.spendGM(p.a.Card)
	k.cloudZones |= 1 << p.z
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(p.g), "plays %s %s: Stinking Cloud fills the %s", p.d, p.how, k.m.scene.zones[p.z])
	}
	return true
}

// playSqueeze: every adventurer the group holds takes 1 Wound.
func (k *kernel) playSqueeze(p doomAt) bool {
	g := p.g
	var victims uint8
	for m := k.grp[g].lo; m < k.grp[g].hi; m++ {
		victims |= k.mem[m].grabbed
	}
	if victims == 0 {
		return false
	}
	k.spendGM(p.a.Card)
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays %s %s: Squeeze", p.d, p.how)
	}
	for i := 0; i < k.na; i++ {
		if victims&(1<<i) != 0 {
			k.woundAdv(i, 1, false, false, Wound{Source: g})
		}
	}
	return true
}

// playAbsorbBones: the bones of a destroyed kin in its zone Heal a hurt
// member 1.
func (k *kernel) playAbsorbBones(p doomAt) bool {
	g := p.g
	bones, hurt := -1, -1
	for m := 0; m < k.nm; m++ {
		x := &k.mem[m]
		gm := &k.m.groups[x.group]
		if x.active && x.down && !x.graspUsed && x.zone == p.z && gm.cr.ID == k.m.groups[g].cr.ID {
			bones = m
		}
		if int(x.group) == g && !x.out() && k.damaged(m) {
			hurt = m
		}
	}
	if bones < 0 || hurt < 0 {
		return false
	}
	k.spendGM(p.a.Card)
	k.mem[bones].graspUsed = true
	if k.tr != nil {
		k.tr.Add(k.round, k.mname(hurt), "plays %s %s: Absorb Bones", p.d, p.how)
	}
	k.healMember(hurt, 1)
	return true
}

// playServant: Faithful Servant, Tender Companion raises a clone sharing
// the group's Initiative.
func (k *kernel) playServant(p doomAt) bool {
	g := p.g
	cl := k.summoned(g)
	if cl < 0 {
		return false
	}
	cs := &k.grp[cl]
	for m := cs.lo; m < cs.hi; m++ {
		if !k.mem[m].active {
			k.spendGM(p.a.Card)
			ms := &k.m.groups[cl].members[m-cs.lo]
			k.mem[m] = memState{group: int8(cl), health: int16(ms.health), defense: int16(ms.defense), active: true, zone: p.z}
			k.inDirty = true
			if !cs.active {
				cs.active, cs.shared = true, true
				k.inDirty = true
				cs.init, cs.acted = k.grp[g].init, true
			}
			k.changed = true
			if k.tr != nil {
				k.tr.Add(k.round, k.gname(g), "plays %s %s: Faithful Servant, Tender Companion; %s rises", p.d, p.how, k.mname(int(m)))
			}
			return true
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "calls a Faithful Servant, but every clone is already up: nothing happens")
	}
	return false
}

// playSleepSong: a lesser doom and a discarded greater doom against one
// adventurer's Initiative; beaten, it is Knocked out.
func (k *kernel) playSleepSong(p doomAt) bool {
	a, g, j := p.a, p.g, p.j
	t := int(a.Targets[0])
	if !k.gmCardAt(a.Rider).Greater() || a.Rider == a.Card || t < 0 || t >= k.na || !k.gmReach(j, t, true) ||
		k.mem[j].effects&Silence != 0 {
		return false // a song needs a voice
	}
	v := int(p.d)
	if p.own {
		v += k.groupAttr(g, Wands)
	}
	rd := k.gm[a.Rider]
	k.spendGM(a.Card, a.Rider)
	k.revealAdv(t)
	init := k.advInit(t)
	hit := k.beats(v, init, k.ru.H10 == H10Strict || k.adv[t].hasShield())
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays %s and %s %s: Sleep Song at %s, %d against Initiative %d: %s", p.d, rd, p.how, k.aname(t), v, init, hitWord(hit))
	}
	if hit {
		k.adv[t].effects |= Knockout
		k.disengageAdv(t)
		k.changed = true
		k.say(t, "is Knocked out")
	}
	return true
}

// playInvisible: any card makes the group Shrouded.
func (k *kernel) playInvisible(p doomAt) bool {
	g := p.g
	if k.grp[g].shrouded {
		return false
	}
	k.spendGM(p.a.Card)
	k.grp[g].shrouded = true
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays %s %s: Invisible; it is Shrouded", p.d, p.how)
	}
	return true
}

// playFlutter: out of every engagement, and a zone away from the guild.
func (k *kernel) playFlutter(p doomAt) bool {
	g := p.g
	k.spendGM(p.a.Card)
	to := k.flyAway(p.z)
	if k.tr != nil {
		where := ""
		if to >= 0 {
			where = " and flies to the " + k.m.scene.zones[to]
		}
		k.tr.Add(k.round, k.gname(g), "plays %s %s: Flutter, out of every engagement%s", p.d, p.how, where)
	}
	for m := k.grp[g].lo; m < k.grp[g].hi; m++ {
		x := &k.mem[m]
		k.disengageMem(int(m))
		if to >= 0 && !x.out() && x.effects&(Root|Trip|Webbed|Grabbed) == 0 {
			x.zone = to
			k.carry(int(m))
		}
	}
	return true
}
