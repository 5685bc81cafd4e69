package hmtw

// This file holds the GM's other actions: moving and fleeing, Recover,
// face-down cards, the GM's Dodge (its Roughhouse is in gmrough.go, its
// Riposte in gmreact.go).

// takeFavor reports GM action a's favor card a greater doom of its own
// (neither its card nor its rider); otherwise it drops the favor.
func (k *kernel) takeFavor(a *GMAction) bool {
	if f := k.gmCardAt(a.Favor); f.Greater() && a.Favor != a.Card && a.Favor != a.Rider {
		return true
	}
	a.Favor = -1
	return false
}

// groupInZone reports a member of group g in the fight in zone z.
func (k *kernel) groupInZone(g int, z int8) bool {
	gs := &k.grp[g]
	for j := gs.lo; j < gs.hi; j++ {
		if !k.mem[j].out() && k.mem[j].zone == z {
			return true
		}
	}
	return false
}

// flyAway is the zone a Flutter takes a creature to from zone from: the
// adjacent zone with the fewest able adventurers in it, then in the zones
// next to it, the first on a tie; -1 with none.
func (k *kernel) flyAway(from int8) int8 {
	var in [MaxZones]int8
	for i := 0; i < k.na; i++ {
		if k.adv[i].able() {
			in[k.adv[i].zone]++
		}
	}
	nz := int8(len(k.m.scene.zones))
	best, bin, bnear := int8(-1), int8(0), int8(0)
	for y := int8(0); y < nz; y++ {
		if !k.canStep(from, y) {
			continue
		}
		near := int8(0)
		for w := int8(0); w < nz; w++ {
			if k.m.scene.adj[y]&(1<<w) != 0 {
				near += in[w]
			}
		}
		if best < 0 || in[y] < bin || in[y] == bin && near < bnear {
			best, bin, bnear = y, in[y], near
		}
	}
	return best
}

// summoned is the hidden group group g calls (its bats, its clones), or -1.
func (k *kernel) summoned(g int) int {
	for h := 0; h < k.ng; h++ {
		if k.m.groups[h].hidden && k.m.groups[h].summoner == g {
			return h
		}
	}
	return -1
}

// fleetMoves are the notes that move a creature without a card on its own
// turn, the farthest first, and how many zones: Fleet (2), then Fleet
// (Scurry, the harpy's Flutter).
var fleetMoves = [...]struct {
	ab    Ability
	zones int
}{{AbFleet2, 2}, {AbFleet, 1}}

// fleetZones is how many zones group g moves without a card on its own
// turn by its Fleet (0: none).
func (k *kernel) fleetZones(g int) int {
	for _, f := range fleetMoves {
		if k.live(g, f.ab) {
			return f.zones
		}
	}
	return 0
}

// gmMove moves group g one zone (a miscellaneous action: any card; free
// for Fleet once on its own turn, up to two zones for Fleet (2)); flee:
// away from the guild and out of the scene from an exit zone. Engaged
// members take a free Wound from each adventurer engaged with them, unless
// a retreat doom disengages them. The victims they hold are carried along,
// and let go by a member leaving the scene.
func (k *kernel) gmMove(g int, a *GMAction, own, flee bool) bool {
	gs := &k.grp[g]
	d := k.gmCardAt(a.Card)
	fleet := own && !gs.freeMoved && k.fleetZones(g) > 0
	if d == NoDoom && !fleet {
		return false
	}
	j := k.firstIn(g)
	if j < 0 {
		return false
	}
	from := k.zoneOf(j)
	to, leave := a.Zone, false
	if flee {
		to, leave = k.fleeFrom(from, to)
	}
	// Fleet (2) "Moves 2 zones on its turn without a card".
	if !leave && (to < 0 || !k.canStep(from, to) && !(d == NoDoom && k.fleetZones(g) == 2 && k.dashable(from, to))) {
		return false
	}
	if !leave && k.groupHeld(g) {
		return false
	}
	if d != NoDoom {
		k.spendGM(a.Card)
	} else {
		gs.freeMoved = true
	}
	if k.tr != nil {
		k.narrateMove(g, d, to, leave)
	}
	// Free Wounds from those engaged with the movers, unless a retreat doom
	// disengages them first.
	if k.groupEngaged(g) {
		k.freeDisengage(g)
	}
	for m := gs.lo; m < gs.hi; m++ {
		k.moveMember(int(m), to, leave)
	}
	gs.movedAt = k.window
	return true
}

// fleeFrom is a flight's way from zone from: out of the scene from an exit
// zone, otherwise one zone toward the nearest exit (to unchanged when none
// is nearer).
func (k *kernel) fleeFrom(from, to int8) (int8, bool) {
	if k.m.scene.exits&(1<<from) != 0 {
		return to, true
	}
	return k.exitward(from), false
}

// groupHeld reports a member of group g in the fight that cannot move
// (Rooted, Tripped, Webbed or Grabbed).
func (k *kernel) groupHeld(g int) bool {
	gs := &k.grp[g]
	for m := gs.lo; m < gs.hi; m++ {
		if k.mem[m].effects&(Root|Trip|Webbed|Grabbed) != 0 && !k.mem[m].out() {
			return true
		}
	}
	return false
}

// groupEngaged reports a member of group g in the fight engaged with an
// adventurer.
func (k *kernel) groupEngaged(g int) bool {
	gs := &k.grp[g]
	for m := gs.lo; m < gs.hi; m++ {
		if !k.mem[m].out() && k.mem[m].engaged != 0 {
			return true
		}
	}
	return false
}

// narrateMove tells group g's move with card d (NoDoom: free, by Fleet).
func (k *kernel) narrateMove(g int, d Doom, to int8, leave bool) {
	card := "free (Fleet)"
	if d != NoDoom {
		card = "plays " + d.String()
	}
	if leave {
		k.tr.Add(k.round, k.gname(g), "%s: flees the scene", card)
		return
	}
	k.tr.Add(k.round, k.gname(g), "%s: moves to the %s", card, k.m.scene.zones[to])
}

// moveMember moves GM character m with its group to zone to, or out of
// the scene (leave): one that cannot move stays, the adventurers engaged
// with it strike it as it goes, and the victims it holds are carried or
// let go.
func (k *kernel) moveMember(m int, to int8, leave bool) {
	x := &k.mem[m]
	if x.out() || x.effects&(Root|Trip|Webbed|Grabbed) != 0 {
		return // out, or it cannot move and stays
	}
	k.partingBlows(m)
	if x.out() {
		return
	}
	k.disengageMem(m)
	if leave {
		k.leaveVictims(m)
		x.fled = true
		k.inDirty = true
		k.changed = true
	} else {
		x.zone = to
		k.carry(m)
	}
}

// partingBlows are the free Wounds GM character m takes as it moves away,
// one from each able adventurer engaged with it; a victim it carries goes
// with it: no parting blow.
func (k *kernel) partingBlows(m int) {
	x := &k.mem[m]
	for i := 0; x.engaged != 0 && i < k.na; i++ {
		if x.engaged&(1<<i) != 0 && x.grabbed&(1<<i) == 0 && k.adv[i].able() {
			w := k.adv[i].weapon()
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "strikes %s as it moves away", k.mname(m))
			}
			n := 1
			k.ambush(i, &n)
			dealt := k.damageMember(m, n, false, false, w.info().dmg, i)
			k.afterHit(i, m, w, dealt)
		}
	}
}

// leaveVictims lets go of what GM character j holds as it leaves the
// scene: its victims are "carried" within the scene, and one gone from it
// no longer holds, Squeezes or dissolves anyone. A griffin's victim falls
// ("falling damage from the room's height").
func (k *kernel) leaveVictims(j int) {
	held := k.mem[j].grabbed
	if held == 0 {
		return
	}
	k.letGo(j)
	fall := k.m.groups[k.mem[j].group].abil.has(AbGriffinGrab)
	for i := 0; i < k.na; i++ {
		if held&(1<<i) == 0 {
			continue
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "lets go of %s as it leaves the scene", k.aname(i))
		}
		if fall {
			k.griffinFall(i)
		}
	}
}

// carry brings the adventurers GM character j holds to its zone: a
// grabbed or engulfed victim is "Rooted and carried" (Grab, Bite,
// Protoplasmic Attack) and stays held.
func (k *kernel) carry(j int) {
	x := &k.mem[j]
	for i := 0; x.grabbed != 0 && i < k.na; i++ {
		if x.grabbed&(1<<i) != 0 && k.adv[i].zone != x.zone {
			k.disengageAdv(i)
			k.moveAdv(i, x.zone, "is carried")
		}
	}
}

// retreatRule is a retreat doom: the abilities that give it, the card it
// spends, whether that card disengages a member from one adventurer (each)
// or every member from everyone, and what the trace says (with the
// adventurer's name for each).
type retreatRule struct {
	dooms abilitySet
	card  doomCard // anyCard: the lowest card; greaterCard: a greater doom the GM can spare
	each  bool
	say   string
}

// retreatRules are the retreat dooms, in the order the GM reaches for
// them: the first a group has is the one it uses.
var retreatRules = [...]retreatRule{
	{abilitiesOf(AbRetreatIntoTheShadows), anyCard, false, "Retreat into the Shadows: out of every engagement"},
	{abilitiesOf(AbExpeditiousRetreat), greaterCard, false, "Expeditious Retreat: out of every engagement"},
	{abilitiesOf(AbCautiousRetreat, AbFiendishRetreat), greaterCard, true, "a retreat doom: disengages from %s"},
}

// freeDisengage spends a retreat doom (retreatRules) to disengage group
// g's members before they move.
func (k *kernel) freeDisengage(g int) {
	for x := range retreatRules {
		r := &retreatRules[x]
		if !k.liveIn(g, r.dooms) {
			continue
		}
		if r.each {
			k.retreatEach(g, r)
			return
		}
		if d := k.retreatCard(r.card); d >= 0 {
			k.spendGM(int8(d))
			gs := &k.grp[g]
			for m := gs.lo; m < gs.hi; m++ {
				k.disengageMem(int(m))
			}
			if k.tr != nil {
				k.tr.Add(k.round, k.gname(g), "%s", r.say)
			}
		}
		return
	}
}

// retreatEach is a retreat doom that spends a card per engagement: each
// member of group g leaves each adventurer engaged with it while the GM
// has a card to spare.
func (k *kernel) retreatEach(g int, r *retreatRule) {
	gs := &k.grp[g]
	for m := gs.lo; m < gs.hi; m++ {
		for i := 0; k.mem[m].engaged != 0 && i < k.na; i++ {
			if k.mem[m].engaged&(1<<i) == 0 {
				continue
			}
			d := k.retreatCard(r.card)
			if d < 0 {
				return
			}
			k.spendGM(int8(d))
			k.mem[m].engaged &^= 1 << i
			k.adv[i].engaged &^= 1 << m
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(int(m)), r.say, k.aname(i))
			}
		}
	}
}

// retreatCard is the hand index of the card a retreat doom spends, or -1.
func (k *kernel) retreatCard(c doomCard) int {
	if c == greaterCard {
		return k.spareGreater(-1)
	}
	if k.ngm == 0 {
		return -1
	}
	return k.lowestCard()
}

// exitward is the adjacent zone nearest an exit (breadth first), or -1.
func (k *kernel) exitward(from int8) int8 {
	var dist [MaxZones]int8
	for i := range dist {
		dist[i] = -1
	}
	var q [MaxZones]int8
	n := 0
	for z := int8(0); int(z) < len(k.m.scene.zones); z++ {
		if k.m.scene.exits&(1<<z) != 0 {
			dist[z] = 0
			q[n] = z
			n++
		}
	}
	for h := 0; h < n; h++ {
		z := q[h]
		for y := int8(0); int(y) < len(k.m.scene.zones); y++ {
			if dist[y] < 0 && k.canStep(z, y) {
				dist[y] = dist[z] + 1
				q[n] = y
				n++
			}
		}
	}
	best := int8(-1)
	for y := int8(0); int(y) < len(k.m.scene.zones); y++ {
		if k.canStep(from, y) && dist[y] >= 0 && (best < 0 || dist[y] < dist[best]) {
			best = y
		}
	}
	return best
}

// gmRecover discards a lesser doom (p.185): each member shakes off one
// effect.
func (k *kernel) gmRecover(g int, a *GMAction) bool {
	d := k.gmCardAt(a.Card)
	if !d.Lesser() {
		return false
	}
	gs := &k.grp[g]
	any := false
	for m := gs.lo; m < gs.hi; m++ {
		if !k.mem[m].out() && k.mem[m].effects&recoverable != 0 {
			any = true
		}
	}
	if !any {
		return false
	}
	k.spendGM(a.Card)
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays %s: Recover", d)
	}
	for m := gs.lo; m < gs.hi; m++ {
		x := &k.mem[m]
		if x.out() {
			continue
		}
		for _, e := range [...]Effect{Webbed, Trip, Root, Disarm, Blind, Silence, Exhaust, Deafen} {
			if x.effects&e == 0 {
				continue
			}
			if e == Webbed {
				x.webLimbs--
				if x.webLimbs > 0 {
					break
				}
				x.effects &^= Root
			}
			x.effects &^= e
			break
		}
	}
	return true
}

// gmFacedown places a group's facedown Dodge (Evasive: a greater doom) or
// Riposte.
func (k *kernel) gmFacedown(g int, a *GMAction, own bool) bool {
	d := k.gmCardAt(a.Card)
	if d == NoDoom || d.Greater() && !(a.Kind == GMDodge && k.live(g, AbEvasive)) {
		return false
	}
	s, kind := Pentacles, Dodge
	if a.Kind == GMRiposte {
		s, kind = Swords, Riposte
	}
	v := int(d)
	if own {
		v += k.groupAttr(g, s)
	}
	k.takeGM(int(a.Card))
	gs := &k.grp[g]
	if gs.fd.kind != Skip {
		k.major.discard(gs.fd.card)
	}
	gs.fd = facedown{kind: kind, value: int8(v), card: uint8(d)}
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "plays a card facedown: %s", kind)
	}
	return true
}

// gmDodge reveals group g's facedown Dodge, if any, and returns its value.
func (k *kernel) gmDodge(g int) int {
	gs := &k.grp[g]
	if gs.fd.kind != Dodge {
		return 0
	}
	v := int(gs.fd.value)
	k.major.discard(gs.fd.card)
	gs.fd.kind = Skip
	if k.tr != nil {
		k.tr.Add(k.round, k.gname(g), "reveals a Dodge: +%d", v)
	}
	return v
}
