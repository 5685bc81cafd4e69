package hmtw

// This file holds an adventurer's other actions: face-down cards, Avoid,
// moving, items, Banter, Guard, Recover, picking up and testing fate.

// placeFacedown puts a Dodge, Riposte or Aid facedown for adventurer i (one
// at a time, option H-7; a new one replaces the old, which is discarded).
func (k *kernel) placeFacedown(i int, fd facedown, how string) {
	a := &k.adv[i]
	slot := &a.fd
	if k.ru.H7 == H7Both && fd.kind == Riposte {
		slot = &a.fd2
	}
	if slot.kind != Skip {
		k.minor.discard(slot.card)
	}
	*slot = fd
	if k.tr != nil {
		whom := "itself"
		if fd.kind != Aim && int(fd.ally) != i {
			whom = k.aname(int(fd.ally))
		}
		switch fd.kind {
		case AidAnother:
			k.tr.Add(k.round, k.aname(i), "plays a card facedown %s: Aid Another for %s's next Attack (%s, worth %d)", how, whom, Card(fd.card), fd.value)
		case Aim:
			k.tr.Add(k.round, k.aname(i), "plays a card facedown %s: Aim at %s (%s, worth %d)", how, k.mname(int(fd.ally)), Card(fd.card), fd.value)
		default:
			k.tr.Add(k.round, k.aname(i), "plays a card facedown %s: %s protecting %s (%s, worth %d)", how, fd.kind, whom, Card(fd.card), fd.value)
		}
	}
}

// hazardTieFails reports an Avoid that ties a hazard's Initiative failing:
// "If your Avoid value is greater than your opponent's Initiative, you get
// past" (p.116; option H-8, errata E-H11), unless H-8 is "ties-pass".
func (k *kernel) hazardTieFails() bool { return k.ru.H8 != H8TiesPass }

// advAvoid resolves an Avoid: past a hazard into the zone beyond, or out of
// every engagement (section 6.5.2, option H-8).
func (k *kernel) advAvoid(i int, a *Action, v int, c Card, how string) {
	ad := &k.adv[i]
	if a.Hazard >= 0 {
		h := int(a.Hazard)
		hz := &k.m.scene.hazards[h]
		init := k.revealHazard(h)
		ok := k.beats(v, init, k.hazardTieFails())
		to := hz.b
		if ad.zone == hz.b {
			to = hz.a
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "plays %s %s: Avoids %s, %d against its Initiative %d: %s", c, how, hz.name, v, init, passWord(ok))
		}
		if ok {
			k.disengageAdv(i)
			ad.zone = to
			k.dropProtection(i)
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "is now in the %s", k.m.scene.zones[to])
			}
			return
		}
		k.woundAdv(i, hz.wounds, hz.piercing, false, Wound{Piercing: hz.piercing, Source: -1})
		return
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Avoids to disengage, %d", c, how, v)
	}
	for j := 0; j < k.nm; j++ {
		if ad.engaged&(1<<j) == 0 {
			continue
		}
		g := int(k.mem[j].group)
		k.revealGroup(g)
		init := k.groupInit(g)
		ok := v >= init
		switch k.ru.H8 {
		case H8Strict:
			ok = v > init
		}
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "against %s's Initiative %d: %s", k.mname(j), init, passWord(ok))
		}
		if !ok && k.memberIn(j) && k.canHarm(j) {
			k.freeWound(j, i)
		}
		if !ok {
			k.noose(i, g)
		}
	}
	k.disengageAdv(i)
	if a.Zone >= 0 && k.canStep(ad.zone, a.Zone) {
		k.moveAdv(i, a.Zone, "slips away")
	}
}

func passWord(ok bool) string {
	if ok {
		return "passes"
	}
	return "fails"
}

// leaveEngagements gives every GM character engaged with adventurer i its
// free Wound as i moves away (p.109; Dash as Move, H-8).
func (k *kernel) leaveEngagements(i int, verb string) {
	a := &k.adv[i]
	for j := 0; a.engaged != 0 && j < k.nm; j++ {
		if a.engaged&(1<<j) != 0 && k.memberIn(j) && k.canHarm(j) {
			if k.tr != nil {
				k.tr.Add(k.round, k.mname(j), "strikes %s as it %s away", k.aname(i), verb)
			}
			k.freeWound(j, i)
		}
	}
	k.disengageAdv(i)
}

// canHarm reports a GM character able to strike (not Knocked out, Tripped
// counts).
func (k *kernel) canHarm(j int) bool {
	return k.mem[j].effects&(Knockout|Petrified) == 0
}

// freeWound is a free Wound from GM character j on adventurer i.
func (k *kernel) freeWound(j, i int) {
	if !k.adv[i].present() || k.adv[i].door && k.ru.H11 != H11Kills {
		return
	}
	k.woundAdv(i, 1, false, false, Wound{Source: int(k.mem[j].group), Bite: k.m.groups[k.mem[j].group].beast})
}

// moveAdv moves adventurer i to zone z.
func (k *kernel) moveAdv(i int, z int8, verb string) {
	a := &k.adv[i]
	if z < 0 || a.zone == z {
		return
	}
	a.zone = z
	k.dropProtection(i)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "%s to the %s", verb, k.m.scene.zones[z])
	}
}

// dropProtection discards adventurer i's defensive facedown card when it
// has moved away from the ally it protected (p.114).
func (k *kernel) dropProtection(i int) {
	if k.m.scene.acrossZones {
		return
	}
	a := &k.adv[i]
	for _, fd := range []*facedown{&a.fd, &a.fd2} {
		if (fd.kind == Dodge || fd.kind == Riposte) && int(fd.ally) != i && k.adv[fd.ally].zone != a.zone {
			k.minor.discard(fd.card)
			fd.kind = Skip
		}
	}
}

// advUseItem resolves Use Item: a bomb or salt thrown (an Attack tied to
// Cups, which must first get past a hazard in the way), a poultice, a
// potion.
func (k *kernel) advUseItem(i int, a *Action, v int, c Card, how string) {
	ad := &k.adv[i]
	k.consume(i, a.Item)
	switch a.Item {
	case Poultice:
		k.t.poultices++
		k.applyPoultice(i, int(a.Ally), c, how)
		return
	case HealPotion:
		t := i
		if a.Ally >= 0 {
			t = int(a.Ally)
		}
		if k.tr != nil {
			if t == i {
				k.tr.Add(k.round, k.aname(i), "plays %s %s: drinks a healing potion", c, how)
			} else {
				k.tr.Add(k.round, k.aname(i), "plays %s %s: Use Item, pours a healing potion into %s", c, how, k.aname(t))
			}
		}
		k.healAdv(t)
		return
	}
	j := int(a.Target)
	x := &k.mem[j]
	g := int(x.group)
	// A thrown item "works like an Attack in every way" (5.12): its favor,
	// the imp's Bad Luck Machine, the Noose and the grabbed victim on a
	// miss, a Riposte.
	fav, dis := k.attackFavor(i, j, a.Item, true)
	mod := k.favorOf(i, fav, dis, a.Resolve)
	v += mod + k.aidFor(i)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Use Item, throws %s at %s: %d", c, how, an(a.Item.Title()), k.mname(j), v)
	}
	if h := k.hazardBetween(ad.zone, x.zone); h >= 0 {
		hz := &k.m.scene.hazards[h]
		init := k.revealHazard(h)
		ok := k.beats(v, init, false)
		if k.tr != nil {
			k.tr.Add(k.round, k.aname(i), "%s against %s's Initiative %d: %s", a.Item.Title(), hz.name, init, passWord(ok))
		}
		if !ok {
			return
		}
	}
	if k.badLuck(i, j, v, mod, c, how) {
		return
	}
	k.revealGroup(g)
	init := k.groupInit(g) + k.gmDodge(g)
	hit := k.beats(v, init, k.memberTie(j, NoItem))
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "against %s's Initiative %d: %s", k.mname(j), init, hitWord(hit))
	}
	switch {
	case !hit:
		k.noose(i, g)
		k.grabbedTakesMiss(g, i)
	case a.Item == WebBomb && k.intangible(j) != notImmune:
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is untouched: the web passes through it")
		}
	case a.Item == WebBomb && k.m.groups[g].abil.has(AbShapelessBody):
		// Shapeless Body: it cannot be Rooted.
	default:
		k.thrownHit(i, j, a.Item)
	}
	k.gmRiposte(g, i, v)
}

// thrownHit applies a thrown item that hit GM character j: a web bomb
// webs, salt and bombs Wound.
func (k *kernel) thrownHit(i, j int, it Item) {
	x := &k.mem[j]
	g := int(x.group)
	switch it {
	case WebBomb:
		x.effects |= Webbed | Root
		x.webLimbs = k.webLimbs()
		k.disengageMem(j)
		if k.tr != nil {
			k.tr.Add(k.round, k.mname(j), "is webbed to the spot: Rooted, and attacks against it have favor")
		}
	case Salt:
		n := 1
		if k.m.groups[g].abil.has(AbSaltReactive) {
			n = 2
		}
		k.damageMember(j, n, false, false, dmgSalt|dmgNatural, i)
	default:
		n := 1
		k.ambush(i, &n)
		k.damageMember(j, n, false, false, it.info().dmg, i)
	}
}

// webLimbs is the number of Recover actions a web needs (App C's brain
// spider: one per limb; 2 under option H-33).
func (k *kernel) webLimbs() int8 {
	if k.ru.H33 == H33Two {
		return 2
	}
	return 4
}

// consume uses up a held consumable: the hand is emptied.
func (k *kernel) consume(i int, it Item) {
	a := &k.adv[i]
	for h := range a.hands {
		if a.hands[h] == it {
			a.hands[h] = NoItem
			a.rearm()
			return
		}
	}
}

// advBanter resolves a Banter against group g's Morale (section 6.11.2):
// above it, the group moves one step toward fear.
func (k *kernel) advBanter(i, g, v int, c Card, how string) {
	mor := k.morale(g)
	ok := !k.m.groups[g].mindless && v > mor
	if k.tr != nil {
		ms := itoa2(mor)
		if k.m.groups[g].mindless {
			ms = "beyond reach (mindless)"
		}
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Banter with %s, %d against Morale %s: %s", c, how, k.gname(g), v, ms, passWord(ok))
	}
	if ok {
		k.t.banter++
		k.shiftToFear(g)
	}
}

// guard swaps adventurer i's Initiative for card swap in hand (p.120; NoCard:
// the highest one left).
func (k *kernel) guard(i int, c, swap Card) {
	a := &k.adv[i]
	best := -1
	for j := 0; j < int(a.nh); j++ {
		if swap != NoCard && a.hand[j] == swap {
			best = j
			break
		}
		if swap == NoCard && a.hand[j] != Fool && (best < 0 || a.hand[j].Value() > a.hand[best].Value()) {
			best = j
		}
	}
	if best < 0 {
		return
	}
	old := a.init
	a.init = k.removeCard(i, best)
	if old != NoCard {
		k.minor.discard(uint8(old))
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s: Guard, the shield up; Initiative %s becomes %s", c, old, a.init)
	}
}

// recoverAdv removes one effect from adventurer i. Section 6.5.4: "remove
// one effect you suffer (stand up from prone, pick up a dropped item, ...)",
// the player's choice: item, a dropped item to pick up; else eff (Disarm:
// pick up a dropped item); else the worst effect it can clear (not a
// poison's Exhaustion), and with none a dropped item.
func (k *kernel) recoverAdv(i int, eff Effect, item Item, c Card, how string) {
	a := &k.adv[i]
	pick := -1
	switch {
	case item != NoItem:
		pick = a.onFloor(item)
	case eff == Disarm && a.ndropped > 0:
		pick = a.floorChoice()
	}
	if sh := a.shakable(); pick < 0 && (eff == 0 || sh&eff == 0) {
		eff = 0
		if a.effects&Poisoned != 0 {
			sh &^= Exhaust
		}
		for _, e := range [...]Effect{Grabbed, Webbed, Trip, Root, Blind, Silence, Exhaust, Deafen} {
			if sh&e != 0 {
				eff = e
				break
			}
		}
		if eff == 0 && a.ndropped > 0 {
			pick = a.floorChoice()
		}
	}
	what := ""
	switch {
	case pick >= 0:
		it := a.takeDropped(pick)
		k.pickUp(i, it)
		if k.tr != nil {
			what = "picks up the " + it.Title()
		}
	case eff == Webbed:
		a.webLimbs--
		what = "pulls a limb free of the web"
		if a.webLimbs <= 0 {
			a.effects &^= Webbed | Root
			what = "tears free of the web"
		}
	case eff == Grabbed:
		// "Recovering while carried aloft also means a fall" (the griffin).
		aloft := a.grabbedBy >= 0 && k.m.groups[k.mem[a.grabbedBy].group].abil.has(AbGriffinGrab)
		a.effects &^= Grabbed | Root
		k.release(i)
		what = "wriggles free"
		if aloft {
			if k.tr != nil {
				k.tr.Add(k.round, k.aname(i), "plays %s %s: Recover, wriggles free of the griffin and falls from 20 ft", c, how)
			}
			k.griffinFall(i)
			return
		}
	case eff == Exhaust && a.effects&Poisoned != 0:
		what = "cannot shake the poison"
	case eff != 0:
		a.effects &^= eff
		if k.tr != nil {
			what = "shakes off " + eff.String()
		}
	}
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s %s: Recover, %s", c, how, what)
	}
}

// onFloor is the index of item it among adventurer a's dropped items, or
// -1.
func (a *advState) onFloor(it Item) int {
	for n := 0; n < int(a.ndropped); n++ {
		if a.dropped[n] == it {
			return n
		}
	}
	return -1
}

// floorChoice is the dropped item a Recover picks up when the player names
// none: the first weapon if none is in hand, else the first to fall.
func (a *advState) floorChoice() int {
	if a.weapon() == NoItem {
		for n := 0; n < int(a.ndropped); n++ {
			if a.dropped[n].Weapon() {
				return n
			}
		}
	}
	return 0
}

// firstDropped is the first of adventurer a's dropped items still on the
// floor, or NoItem.
func (a *advState) firstDropped() Item { return a.dropped[0] }

// takeDropped takes dropped item n off the floor, keeping the others in
// the order they fell.
func (a *advState) takeDropped(n int) Item {
	it := a.dropped[n]
	copy(a.dropped[n:a.ndropped], a.dropped[n+1:a.ndropped])
	a.ndropped--
	a.dropped[a.ndropped] = NoItem
	return it
}

// pickUp returns a dropped item to a hand.
func (k *kernel) pickUp(i int, it Item) {
	a := &k.adv[i]
	defer k.checkDark()
	defer a.rearm()
	if it.info().hands == 2 {
		k.stow(i, a.hands[0])
		if a.hands[1] != a.hands[0] {
			k.stow(i, a.hands[1])
		}
		a.hands[0], a.hands[1] = it, it
		return
	}
	for h := range a.hands {
		if a.hands[h] == NoItem {
			a.hands[h] = it
			return
		}
	}
	k.stow(i, a.hands[1])
	a.hands[1] = it
}

// release frees adventurer i from whatever carries it.
func (k *kernel) release(i int) {
	a := &k.adv[i]
	if a.grabbedBy >= 0 {
		k.mem[a.grabbedBy].grabbed &^= 1 << i
		a.grabbedBy = -1
	}
}

// escapeEngulf is a Test Fate of Swords to get out of a slime (App C).
func (k *kernel) escapeEngulf(i int, c Card, resolve bool) {
	a := &k.adv[i]
	f := k.testFate(i, Swords, false, false, resolve)
	if k.tr != nil {
		k.tr.Add(k.round, k.aname(i), "plays %s: Test Fate (Swords) to escape the slime: %s", c, f.res)
	}
	if f.res.OK() {
		a.effects &^= Engulfed | Grabbed | Root
		k.release(i)
	} else if f.res == GreatFailure {
		k.woundAdv(i, 1, false, false, Wound{Source: -1})
	}
}

// fateResolve asks adventurer i's policy whether to spend a Resolve on a
// test of fate that is not an action of its own (a poultice at Death's
// Door, a retreat, a fall).
func (k *kernel) fateResolve(i int, s Suit, deadly bool) bool {
	return k.adv[i].resolve > 0 && k.m.party[i].policy.FateResolve(&k.view, i, FateTest{Suit: s, Deadly: deadly})
}

// testFate runs a test of fate for adventurer i in the middle of the fight,
// with a Resolve spent for favor if resolve (3.1; wasted on favor already
// there unless H-15), asking its policy whether to push a failure (deadly:
// failure means death).
func (k *kernel) testFate(i int, s Suit, fav, deadly, resolve bool) fate {
	a := &k.adv[i]
	fav = k.spendResolve(i, fav, resolve, " on the test")
	mod := netMod(fav, a.effects&(Exhaust|Blind) != 0)
	f := fateDraw(&k.minor, k.r, k.m.party[i].attr[s], mod, s)
	if f.first == Fool {
		k.gotCard(Fool)
	}
	if f.res == Failure {
		p := FatePush{First: f.first, Total: f.total, Deadly: deadly, Chance: PushChance(f.first, f.total)}
		if k.m.party[i].policy.Push(&k.view, i, p) {
			f.pushFate(&k.minor, k.r)
			if f.push == Fool {
				k.gotCard(Fool)
			}
		}
	}
	return f
}

func itoa2(n int) string {
	if n < 0 {
		return "-" + itoa2(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa2(n/10) + string(rune('0'+n%10))
}
