package battleclock

// This file is section 2.4's harm and shock algorithm, the debilities of
// 2.6 and the stand-in for the call on inner strength of 2.7.

// hittable reports whether PC i can take a hit: in the battle, or
// unconscious under option S10 "targeted".
func (k *kernel) hittable(i int) bool {
	p := &k.pc[i]
	return p.status == Active || p.status == Unconscious && k.ru.S10 == S10Targeted
}

// takeHit is one incoming attack on PC i: harm h with sh explicit shock,
// from src (for the tallies).
func (k *kernel) takeHit(i, h, sh int, src uint8) {
	p := &k.pc[i]
	if !k.hittable(i) {
		return
	}
	orig := h
	if k.ru.S7 == S7SoakHarm && p.shields > 0 && h > 0 {
		a := min(int(p.shields), h)
		p.shields -= int8(a)
		p.spent += int8(a)
		h -= a
	}
	if p.cover > 0 && h > 0 {
		a := min(int(p.cover), h)
		p.cover -= int8(a)
		h -= a
	}
	armor := k.m.pcs[i].armor
	net := max(0, h-armor)
	shock := sh
	switch {
	case orig == 0:
		if sh == 0 && k.ru.S4 == S4Shock {
			shock++ // a 0-harm hit (option S4)
		}
	case h > 0 && net == 0:
		shock++ // armor absorbed it all
		p.absorbed++
	case h > 0 && armor > 0 && k.ru.S3 == S3Any:
		shock++ // armor soaked part of it (option S3)
	}
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "takes %d-harm: %d through %d-armor, %d shock", orig, net, armor, shock)
	}
	before := shock
	shock = k.spendShields(i, shock)
	count := shock
	if k.ru.S5 == S5BeforeShields {
		count = before
	}
	if count > 1 {
		p.glitchNext = true
		p.glitches++
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "more than one shock from one source: glitched on the next roll")
		}
	}
	spill := k.markShock(i, shock)
	if k.ru.S6 == S6Batch {
		k.addHarm(i, net+spill, src)
		return
	}
	k.addHarm(i, net, src)
	for ; spill > 0; spill-- {
		k.addHarm(i, 1, src)
	}
}

// markShock marks n shock on PC i's shock clock, unconscious at 12:00;
// it returns the shock that spills past 12:00 (harm, by option S6).
func (k *kernel) markShock(i, n int) (spill int) {
	p := &k.pc[i]
	for ; n > 0; n-- {
		if int(p.shock) >= k.full {
			spill++
			continue
		}
		p.shock++
		if int(p.shock) == k.full && p.status == Active {
			p.status = Unconscious
			p.everUnconscious = true
			if k.tr != nil {
				k.tr.Add(k.ticks, k.pname(i), "shock at 12:00: unconscious")
			}
		}
	}
	return spill
}

// incoming predicts, without changing anything, the harm segments and the
// shock (before any shields spent on it) a hit of harm h carrying sh shock
// would give PC i now: takeHit's arithmetic, for the Policies.
func (k *kernel) incoming(i, h, sh int) (harm, shock int) {
	p := &k.pc[i]
	orig := h
	if k.ru.S7 == S7SoakHarm && h > 0 {
		h -= min(int(p.shields), h)
	}
	if h > 0 {
		h -= min(int(p.cover), h)
	}
	armor := k.m.pcs[i].armor
	harm, shock = max(0, h-armor), sh
	switch {
	case orig == 0:
		if sh == 0 && k.ru.S4 == S4Shock {
			shock++
		}
	case h > 0 && harm == 0:
		shock++
	case h > 0 && armor > 0 && k.ru.S3 == S3Any:
		shock++
	}
	return harm, shock
}

// spendShields soaks shock with shield and barrier points (option S23)
// and returns the shock left.
func (k *kernel) spendShields(i, shock int) int {
	p := &k.pc[i]
	if p.shields <= 0 || shock <= 0 {
		return shock
	}
	n := shock
	if k.ru.S23 == S23WhenNeeded {
		// Only to stay below 12:00 and to avoid a glitch.
		n = max(shock-1, int(p.shock)+shock-(k.full-1))
	}
	n = min(n, int(p.shields), shock)
	if n <= 0 {
		return shock
	}
	p.shields -= int8(n)
	p.spent += int8(n)
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "spends %d shield point(s) on shock", n)
	}
	return shock - n
}

// addHarm marks n harm on PC i's harm clock, or a debility instead past
// 9:00 (options S8, S9, S22); at 12:00 the PC calls on inner strength.
func (k *kernel) addHarm(i, n int, src uint8) {
	if n <= 0 {
		return
	}
	p := &k.pc[i]
	if p.status == Dead {
		return
	}
	switch src {
	case srcIncidental:
		p.harmInc += int8(n)
	case srcConcentrated:
		p.harmCon += int8(n)
	default:
		p.harmMoves += int8(n)
	}
	now := int(p.harm) + n
	if now > k.nine && p.debilities != 1<<NumDebilities-1 && k.wantsDebility(now) &&
		(k.ru.S9 == S9Allowed || int(p.harm) <= k.nine) {
		d := k.chooseDebility(i)
		p.debilities |= 1 << d
		p.debs++
		p.harm = int8(k.nine)
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "takes the debility %s (-1 %s) instead: harm back to 9:00", d, debilityStat[d].Title())
		}
		return
	}
	p.harm = int8(min(now, k.full))
	p.overflow += int8(max(0, now-k.full))
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "harm clock at %s", k.timeOf(int(p.harm)))
	}
	if int(p.harm) >= k.full && p.status != OutOfAction {
		k.callOnInnerStrength(i)
	}
}

// nextHarmCalls reports whether one more harm segment on PC i reaches
// 12:00 with no debility to take it (options S8, S9): the PC would call on
// inner strength, or die outright.
func (k *kernel) nextHarmCalls(i int) bool {
	p := &k.pc[i]
	now := int(p.harm) + 1
	if now < k.full {
		return false
	}
	return p.debilities == 1<<NumDebilities-1 || !k.wantsDebility(now) || k.ru.S9 != S9Allowed && int(p.harm) > k.nine
}

// nextHarmKills reports whether one more harm segment on PC i is certain
// death: it reaches 12:00, no debility takes it (nextHarmCalls) and the
// call on inner strength cannot be survived (option S2: always-dead, once
// after a call, life-untenable with Hard at its floor).
func (k *kernel) nextHarmKills(i int) bool {
	p := &k.pc[i]
	if !k.nextHarmCalls(i) {
		return false
	}
	switch k.ru.S2 {
	case S2AlwaysDead:
		return true
	case S2Once:
		return p.called
	case S2LifeUntenable:
		return k.ru.S21 == S21Clamp && p.base[Hard] <= -3
	}
	return false
}

// timeOf names a position on a PC's clock.
func (k *kernel) timeOf(n int) string {
	if k.full == 6 {
		return clockTime(n)
	}
	if n == 0 || n == 12 {
		return "12:00"
	}
	return [...]string{"", "1:00", "2:00", "3:00", "4:00", "5:00", "6:00", "7:00", "8:00", "9:00", "10:00", "11:00"}[n]
}

// wantsDebility is the debility policy (option S8) for harm reaching now.
func (k *kernel) wantsDebility(now int) bool {
	switch k.ru.S8 {
	case S8Lifesaver:
		return now >= k.full
	case S8Early:
		return true
	case S8Threshold11:
		return now >= k.full-1
	}
	return false
}

// chooseDebility picks an unused debility (option S22).
func (k *kernel) chooseDebility(i int) Debility {
	p := &k.pc[i]
	order := [NumDebilities]Debility{Disfigured, Broken, Shattered, Crippled}
	free := func(d Debility) bool { return p.debilities&(1<<d) == 0 }
	switch k.ru.S22 {
	case S22Random:
		n := k.r.IntN(int(NumDebilities) - popcount(p.debilities))
		for d := Debility(0); d < NumDebilities; d++ {
			if free(d) {
				if n == 0 {
					return d
				}
				n--
			}
		}
	case S22LowestStat:
		best := Debility(NumDebilities)
		for _, d := range order {
			if free(d) && (best == NumDebilities || k.stat(i, debilityStat[d]) < k.stat(i, debilityStat[best])) {
				best = d
			}
		}
		return best
	}
	for _, d := range order {
		if free(d) {
			return d
		}
	}
	return 0
}

func popcount(x uint8) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// callOnInnerStrength is the stand-in for the missing basic move (option
// S2).
func (k *kernel) callOnInnerStrength(i int) {
	p := &k.pc[i]
	p.calls++
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "harm at 12:00: calls on inner strength")
	}
	switch k.ru.S2 {
	case S2AlwaysDead:
		k.die(i)
		return
	case S2LifeUntenable:
		if k.ru.S21 == S21None || p.base[Hard] > -3 {
			p.base[Hard]--
			k.outOfAction(i, "life has become untenable: out of action, -1 Hard for good")
		} else {
			k.die(i)
		}
		return
	case S2Once:
		if p.called {
			k.die(i)
			return
		}
	}
	p.called = true
	extra := 0
	if k.ru.S2 == S2Overflow {
		extra = -int(p.overflow)
	}
	switch k.roll(i, Will, extra, about{kind: rkCall}) {
	case Full:
		p.harm = int8(k.full - 1)
		if k.tr != nil {
			k.tr.Add(k.ticks, k.pname(i), "holds on: harm back to %s", k.timeOf(k.full-1))
		}
	case Partial:
		k.outOfAction(i, "survives, out of action")
	default:
		k.die(i)
	}
}

func (k *kernel) outOfAction(i int, how string) {
	p := &k.pc[i]
	p.status = OutOfAction
	p.everOut = true
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "%s", how)
	}
}

func (k *kernel) die(i int) {
	k.pc[i].status = Dead
	if k.tr != nil {
		k.tr.Add(k.ticks, k.pname(i), "dies")
	}
}

// harmEnemy: enemy j takes h harm from PC i (section 2.9, option S16).
func (k *kernel) harmEnemy(i, j, h int) {
	e := &k.en[j]
	s := &k.m.enemies[j]
	net, soaked := k.dealt(j, h)
	e.shields -= int8(soaked)
	if k.tr != nil {
		if soaked > 0 {
			k.tr.Add(k.ticks, k.pname(i), "deals %d-harm to %s (%d-armor), %d soaked by shields: %d", h, k.ename(j), s.armor, soaked, net)
		} else {
			k.tr.Add(k.ticks, k.pname(i), "deals %d-harm to %s (%d-armor): %d", h, k.ename(j), s.armor, net)
		}
	}
	if net == 0 {
		return
	}
	e.harm += int8(net)
	before := e.status
	if k.ru.S16 == S16HarmClock {
		if e.harm >= 6 {
			e.status = Dead
		}
	} else {
		switch eff := int(e.harm) - s.grade; {
		case eff >= 4:
			e.status = Dead
		case eff == 3 && e.status == Active:
			if k.r.IntN(2) == 0 {
				e.status = Dead
			} else {
				e.status = Out
			}
		case eff >= 2 && e.status == Active:
			e.status = Out
		}
	}
	if k.tr != nil && e.status != before {
		k.tr.Add(k.ticks, k.ename(j), "is %s", e.status)
	}
}

// dealt is the harm enemy j would take from a blow of h harm now, and the
// points its shields would soak (option S24).
func (k *kernel) dealt(j, h int) (net, soaked int) {
	if k.ru.S24 == S24Harm && h > 0 {
		soaked = min(int(k.en[j].shields), h)
	}
	return max(0, h-soaked-k.m.enemies[j].armor), soaked
}

// toBreak is the harm enemy j can still take before it is out of the
// fight.
func (k *kernel) toBreak(j int) int {
	s := &k.m.enemies[j]
	e := &k.en[j]
	if k.ru.S16 == S16HarmClock {
		return 6 - int(e.harm)
	}
	return max(0, 2+s.grade-int(e.harm))
}
