package locusstrat_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	_ "github.com/tpk-sim/tpk/strategies/locus"
	"github.com/tpk-sim/tpk/systems/locus"
	"github.com/tpk-sim/tpk/systems/systemtest"
)

// build compiles a scenario from YAML text.
func build(t *testing.T, src string) sim.Model { return systemtest.Model(t, locus.System, src) }

// replay narrates encounter k.
func replay(m sim.Model, k uint64) []sim.Event { return systemtest.Events(m, 17, k) }

// rate is the mean of metric name over n encounters.
func rate(m sim.Model, name string, n int) float64 { return systemtest.Rate(m, name, n, 23) }

// actions lists what actor did, by the first words of each event.
func actions(ev []sim.Event, actor string) []string {
	var out []string
	for _, e := range ev {
		if e.Actor == actor && e.Round > 0 {
			out = append(out, e.Text)
		}
	}
	return out
}

// fight keeps hitting the monster it has damaged rather than spreading its
// blows.
func TestFightFocusesTheMostDamaged(t *testing.T) {
	m := build(t, `system: locus
party:
  - {name: Ada, character: reference, items: [{name: club, weapon: true, quality: 3, durability: 99}]}
foes:
  - {name: Left, attack: 5, chase: 2, search: 3, resist: 4, deaths_door: 60}
  - {name: Right, attack: 5, chase: 2, search: 3, resist: 4, deaths_door: 60}
strategies: {party: fight}
`)
	checked := 0
	for k := uint64(0); k < 20; k++ {
		damaged := ""
		for _, a := range actions(replay(m, k), "Ada") {
			if !strings.HasPrefix(a, "attacks ") {
				continue
			}
			target := strings.Fields(a)[1]
			if damaged != "" && target != damaged {
				t.Fatalf("encounter %d: Ada attacks %s after wounding %s", k, target, damaged)
			}
			if damaged == "" && strings.Contains(a, "Death's Door") {
				damaged = target
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no wound in 20 encounters")
	}
}

// defend attacks only on an opening: the monster's last attack on it
// missed, or one Major hit would dissipate it.
func TestDefendWaitsForAnOpening(t *testing.T) {
	m := build(t, `system: locus
party:
  - {name: Ada, character: reference, strategy: defend, items: [{name: club, weapon: true, quality: 3, durability: 99}]}
foes:
  - {name: Brute, attack: 3, chase: 2, search: 3, resist: 3, deaths_door: 60, chases: definite}
`)
	defends, attacks := 0, 0
	for k := uint64(0); k < 20; k++ {
		lastMissed := false
		for _, e := range replay(m, k) {
			switch {
			case e.Actor == "Brute" && strings.HasPrefix(e.Text, "attacks Ada"):
				lastMissed = strings.HasSuffix(e.Text, "Miss")
			case e.Actor == "Ada" && strings.HasPrefix(e.Text, "defends"):
				defends++
			case e.Actor == "Ada" && strings.HasPrefix(e.Text, "attacks Brute"):
				attacks++
				if !lastMissed {
					t.Fatalf("encounter %d round %d: Ada attacks without an opening", k, e.Round)
				}
			}
		}
	}
	if defends == 0 || attacks == 0 {
		t.Errorf("%d defends and %d attacks", defends, attacks)
	}
	// A 3-segment monster dissipates under one Major hit: attack at once.
	m = build(t, `system: locus
party:
  - {name: Ada, character: reference, strategy: defend}
foes:
  - {monster: faced-flock}
`)
	for k := uint64(0); k < 10; k++ {
		acts := actions(replay(m, k), "Ada")
		for _, a := range acts {
			if strings.HasPrefix(a, "defends") {
				t.Fatalf("encounter %d: Ada defends against a monster one Major from dissipating", k)
			}
		}
	}
}

// hide hides in cover and keeps still; without cover it flees. flee moves
// away every turn.
func TestHideAndFlee(t *testing.T) {
	m := build(t, `system: locus
scene: {cover: true, distance: 10}
party:
  - {name: Ada, character: reference, strategy: hide}
foes:
  - {monster: spore-vine-core}
`)
	for k := uint64(0); k < 10; k++ {
		hidden := false
		for _, a := range actions(replay(m, k), "Ada") {
			switch {
			case strings.HasPrefix(a, "hides: "):
				if hidden {
					t.Fatalf("encounter %d: hides again while hidden", k)
				}
				hidden = strings.HasSuffix(a, "is hidden")
			case strings.HasPrefix(a, "keeps still in hiding"):
				if !hidden {
					t.Fatalf("encounter %d: keeps still without being hidden", k)
				}
			case strings.HasPrefix(a, "hides from the search"):
				hidden = !strings.HasSuffix(a, "is flushed out")
			}
		}
	}
	// The Spore-vine Core cannot move: hiding from it ends the conflict
	// once it gives up searching.
	if e := rate(m, "hid", 2000); e < 0.5 {
		t.Errorf("P(hid) %.3f", e)
	}
	for _, strat := range []string{"hide", "flee"} {
		m := build(t, `system: locus
scene: {distance: 10}
party:
  - {name: Ada, character: reference, strategy: `+strat+`}
foes:
  - {monster: spore-vine-core}
`)
		for _, a := range actions(replay(m, 1), "Ada") {
			if !strings.HasPrefix(a, "moves away") && !strings.HasPrefix(a, "escapes") && !strings.HasPrefix(a, "calms") &&
				!strings.HasPrefix(a, "+3 WP") && !strings.HasPrefix(a, "critical") {
				t.Errorf("%s without cover: %s", strat, a)
			}
		}
		if e := rate(m, "escape", 1000); e != 1 {
			t.Errorf("%s from a monster that cannot move: P(escape) %.3f", strat, e)
		}
	}
}

// The default monster policy: insidious inflicts before attacking; a
// stalker chases the isolated character; a monster that never chases waits.
func TestDefaultMonsterPolicy(t *testing.T) {
	m := build(t, `system: locus
party:
  - {name: Ada, character: reference, strategy: stand}
foes:
  - {monster: mouth-tower}
`)
	for k := uint64(0); k < 10; k++ {
		// The Mouth Tower's first deed, against a character not yet
		// Terrified, is its Infliction.
		if acts := actions(replay(m, k), "Mouth Tower"); len(acts) == 0 || !strings.HasPrefix(acts[0], "inflicts Whispered betrayal") {
			t.Fatalf("encounter %d: the insidious Mouth Tower's first deed: %q", k, acts)
		}
	}
	m = build(t, `system: locus
party:
  - {name: Ada, character: reference, distance: 10, strategy: defend}
  - {name: Bo, character: reference, distance: 10, strategy: defend}
  - {name: Cy, character: reference, distance: 20, strategy: defend}
foes:
  - {monster: tar-wing}
`)
	// Its first chase in round 1, before anyone closes in or runs.
	chased := 0
	for k := uint64(0); k < 10; k++ {
		for _, e := range replay(m, k) {
			if e.Actor == "Tar-Wing" && e.Round == 1 && strings.HasPrefix(e.Text, "chases ") {
				if !strings.HasPrefix(e.Text, "chases Cy") {
					t.Fatalf("encounter %d: the stalking Tar-Wing %s rather than the isolated Cy", k, e.Text)
				}
				chased++
				break
			}
		}
	}
	if chased < 3 {
		t.Errorf("the Tar-Wing chases in round 1 of only %d encounters", chased)
	}
	m = build(t, `system: locus
scene: {distance: 10}
party:
  - {name: Ada, character: reference, strategy: defend}
foes:
  - {name: Lurker, attack: 2, chase: 1, search: 2, resist: 2, chases: never}
`)
	for _, a := range actions(replay(m, 0), "Lurker") {
		if strings.HasPrefix(a, "chases") {
			t.Fatalf("a monster that never chases: %s", a)
		}
	}
}

// relentless searches without limit: hiding never ends the conflict.
func TestRelentless(t *testing.T) {
	src := `system: locus
max_rounds: 20
scene: {cover: true, distance: 10}
party:
  - {name: Ada, character: reference, strategy: hide}
foes:
  - {monster: spore-vine-core, strategy: %s}
`
	def := rate(build(t, strings.Replace(src, "%s", "default", 1)), "hid", 2000)
	rel := rate(build(t, strings.Replace(src, "%s", "relentless", 1)), "hid", 2000)
	if def < 0.5 || rel != 0 {
		t.Errorf("P(hid) %.3f against default, %.3f against relentless", def, rel)
	}
}

// fight steps away from a monster that cannot follow, or that it outpaces,
// when it is losing to it ("Conflict ends when entities are no longer in
// direct opposition"), and fights on against one that would catch it or
// that it beats.
func TestFightLeavesWhatCannotFollow(t *testing.T) {
	for _, c := range []struct {
		foe         string
		first       string  // Ada's first action, if it is certain
		death, away float64 // bounds: P(death) at most, P(escape) at least
	}{
		// Attack 2, Resist 2, Death's Door 6, null Chase: worth a try, but
		// once its spores leave the character Nauseated (Clumsiness 5) the
		// fight is lost, and it steps away.
		{"{monster: spore-vine-core}", "", 0.01, 0.95},
		// A stationary monster it beats: fight it.
		{"{name: Stump, attack: 5, chase: \"-\", search: 5, resist: 5, deaths_door: 3}", "attacks Stump", 0.01, 0},
		// The Faced Flock follows, and the character expects to beat it.
		{"{monster: faced-flock}", "attacks Faced Flock", 0.01, 0},
		// The Mouth Tower (Chase 4, moderately likely to chase) is slower
		// than the character, which cannot hope to fill its Death's Door
		// (12, Resist 2) before its weapon breaks: it walks away.
		{"{monster: mouth-tower}", "moves away", 0.01, 0.99},
		// The Tar-Wing (Chase 1) would catch it: it fights.
		{"{monster: tar-wing}", "attacks Tar-Wing", 1, 0},
	} {
		t.Run(c.foe, func(t *testing.T) {
			m := build(t, `system: locus
scene: {distance: 0}
party:
  - {name: Ada, character: reference}
foes:
  - `+c.foe+`
strategies: {party: fight}
`)
			for k := uint64(0); k < 20; k++ {
				acts := actions(replay(m, k), "Ada")
				first := ""
				for _, a := range acts {
					if chosen(a) {
						first = a
						break
					}
				}
				if c.first != "" && !strings.HasPrefix(first, c.first) {
					t.Errorf("%s, encounter %d: first action %q, want %q", c.foe, k, first, c.first)
				}
			}
			if d := rate(m, "deaths", 2000); d > c.death {
				t.Errorf("%s: P(death) %.3f, want at most %.2f", c.foe, d, c.death)
			}
			if e := rate(m, "escape", 2000); e < c.away {
				t.Errorf("%s: P(escape) %.3f, want at least %.2f", c.foe, e, c.away)
			}
		})
	}
}

// chosen reports whether event text a is an action a character chose (not
// a roll it made in answer to a monster).
func chosen(a string) bool {
	for _, p := range []string{"attacks ", "moves ", "defends", "hides:", "keeps still", "does nothing"} {
		if strings.HasPrefix(a, p) {
			return true
		}
	}
	return false
}

// defend defends only when a monster is about to attack it: beside an ally
// the monster is busy with, it attacks. (The Brute definitely chases, so
// that Ada, who cannot outpace it, fights on beside Bram rather than walk
// away and leave him fighting alone.)
func TestDefendOnlyWhenThreatened(t *testing.T) {
	m := build(t, `system: locus
scene: {distance: 0}
party:
  - {name: Ada, character: reference, items: [{name: club, weapon: true, quality: 3, durability: 99}]}
  - {name: Bram, character: reference, strategy: defend, distance: 2, items: [{name: club, weapon: true, quality: 3, durability: 99}]}
foes:
  - {name: Brute, attack: 3, chase: 2, search: 3, resist: 3, deaths_door: 60, behaviour: plain, chases: definite}
`)
	attacks := 0
	for k := uint64(0); k < 20; k++ {
		target := ""
		for _, e := range replay(m, k) {
			switch {
			case e.Actor == "Brute" && strings.HasPrefix(e.Text, "attacks "):
				target = strings.Fields(e.Text)[1]
				target = strings.TrimSuffix(target, ":")
			case e.Actor == "Ada" && (strings.HasPrefix(e.Text, "moves away") || strings.HasPrefix(e.Text, "escapes") || strings.HasPrefix(e.Text, "dies")):
				target = "" // Ada has left or died: Bram is next
			case e.Actor == "Bram" && strings.HasPrefix(e.Text, "defends") && target == "Ada":
				t.Fatalf("encounter %d round %d: Bram defends while the Brute attacks Ada", k, e.Round)
			case e.Actor == "Bram" && strings.HasPrefix(e.Text, "attacks Brute"):
				attacks++
			}
		}
	}
	if attacks == 0 {
		t.Error("Bram never attacks")
	}
}

// hide does not try to hide under the nose of a monster it can outpace: it
// steps out of reach first, then hides. From a monster it cannot outrun,
// or from a distance, it hides at once.
func TestHideFromADistance(t *testing.T) {
	for _, c := range []struct {
		foe      string
		distance int
		first    string
	}{
		{"mouth-tower", 0, "moves away"},     // Chase 4, moderately likely to chase
		{"spore-vine-core", 0, "moves away"}, // null Chase
		{"tar-wing", 0, "hides:"},            // Chase 1: it would catch the hider
		{"mouth-tower", 10, "hides:"},
	} {
		t.Run(fmt.Sprintf("%s/%dm", c.foe, c.distance), func(t *testing.T) {
			m := build(t, fmt.Sprintf(`system: locus
scene: {cover: true, distance: %d}
party:
  - {name: Ada, character: reference, strategy: hide}
foes:
  - {monster: %s}
`, c.distance, c.foe))
			checked := 0
			for k := uint64(0); k < 20; k++ {
				for _, e := range replay(m, k) {
					if e.Round > 0 && e.Actor != "Ada" && strings.HasPrefix(e.Text, "chases") {
						break // caught up before Ada acts: not the situation tested
					}
					if e.Actor == "Ada" && e.Round > 0 && chosen(e.Text) {
						checked++
						if !strings.HasPrefix(e.Text, c.first) {
							t.Errorf("%s at %d m, encounter %d: first action %q, want %q", c.foe, c.distance, k, e.Text, c.first)
						}
						break
					}
				}
			}
			if checked < 5 {
				t.Errorf("%s at %d m: only %d encounters checked", c.foe, c.distance, checked)
			}
		})
	}
	// Stepping away first keeps the hider alive more often.
	for _, foe := range []string{"mouth-tower", "spore-vine-core"} {
		m := build(t, `system: locus
max_rounds: 100
scene: {cover: true, distance: 0}
party:
  - {name: Ada, character: reference, strategy: hide}
foes:
  - {monster: `+foe+`}
`)
		if d := rate(m, "deaths", 4000); d > 0.4 {
			t.Errorf("hiding from the %s within reach: P(death) %.3f", foe, d)
		}
	}
}

// A Terrified character who will more likely cower than steel itself
// (Cowardice 4: the Medium check succeeds with probability 0.26) runs from the
// source, which needs no check, rather than losing turn after turn while
// the monster hits it; one who will likely steel itself fights on.
func TestTerrifiedRunsRatherThanCowers(t *testing.T) {
	for _, c := range []struct {
		cowardice int
		strategy  string
		cowers    bool // may it cower (try to act and fail the check)?
	}{
		{4, "fight", false}, {4, "defend", false}, {2, "fight", true},
	} {
		t.Run(fmt.Sprintf("%s/cowardice%d", c.strategy, c.cowardice), func(t *testing.T) {
			m := build(t, fmt.Sprintf(`system: locus
max_rounds: 40
party:
  - {name: Ada, character: reference, strategy: %s, attributes: {cowardice: %d}, items: [{name: club, weapon: true, quality: 3, durability: 99}]}
foes:
  - {name: Wailer, attack: 4, chase: 2, search: 3, resist: 3, deaths_door: 9, chases: definite,
     inflictions: [{name: Wail, attribute: frailty, difficulty: hard, condition: terrified}]}
`, c.strategy, c.cowardice))
			cowered := 0
			for k := uint64(0); k < 30; k++ {
				for _, a := range actions(replay(m, k), "Ada") {
					if strings.HasPrefix(a, "cowers") {
						cowered++
					}
				}
			}
			if (cowered > 0) != c.cowers {
				t.Errorf("%s with Cowardice %d: cowers %d times", c.strategy, c.cowardice, cowered)
			}
		})
	}
}

// A Terrified character that would rather run than cower does not run
// while allies fight on beside it and the source of its terror would catch
// it anyway: running leaves them to the monster and takes it nowhere
// (party-vs-locus-monster: with the run, Bram dies in 46% of fights and
// the party in 57% all told; without, 29%). Alone, or able to outpace the
// source, it runs as before; and an ally who has left the fight (hiding 10
// m away) is no ally beside it: cowering there helps nobody.
func TestTerrifiedStaysBesideItsAllies(t *testing.T) {
	for _, c := range []struct {
		party string
		chase string
		runs  bool
		cover bool
	}{
		{"[{name: Ada, character: reference, attributes: {cowardice: 4}}, {name: Bram, character: reference}]", "2", false, false},
		{"[{name: Ada, character: reference, attributes: {cowardice: 4}}]", "2", true, false},
		{"[{name: Ada, character: reference, attributes: {cowardice: 4}}, {name: Bram, character: reference}]", "5", true, false},
		{"[{name: Ada, character: reference, attributes: {cowardice: 4}}, {name: Bram, character: reference, strategy: hide, distance: 10}]", "2", true, true},
	} {
		t.Run(fmt.Sprintf("%s/chase%s", c.party, c.chase), func(t *testing.T) {
			m := build(t, `system: locus
max_rounds: 30
scene: {distance: 0, cover: `+fmt.Sprint(c.cover)+`}
party: `+c.party+`
foes:
  - {name: Choir, attack: 2, chase: `+c.chase+`, search: 2, resist: 2, deaths_door: 39, chases: definite,
     inflictions: [{name: Hymn, attribute: cowardice, difficulty: medium, condition: terrified}]}
strategies: {party: fight}
`)
			ran := 0
			for k := uint64(0); k < 40; k++ {
				for _, e := range replay(m, k) {
					// The first three rounds: Bram still stands, the weapons
					// still hold.
					if e.Actor == "Ada" && e.Round <= 3 && strings.HasPrefix(e.Text, "moves away") {
						ran++
					}
				}
			}
			if (ran > 0) != c.runs {
				t.Errorf("party %s, Chase %s: Ada moved away %d times; runs: %v", c.party, c.chase, ran, c.runs)
			}
		})
	}
}

// defend's opening is chosen by what matters, never by the order of the
// foes: between two Faced Flocks alike, each one Major from dissipating,
// its first attack goes to either about as often.
func TestDefendOpeningIsNotFileOrder(t *testing.T) {
	m := build(t, `system: locus
party:
  - {name: Ada, character: reference, strategy: defend}
foes:
  - {name: Left, monster: faced-flock}
  - {name: Right, monster: faced-flock}
`)
	first := map[string]int{}
	const n = 200
	for k := uint64(0); k < n; k++ {
		for _, a := range actions(replay(m, k), "Ada") {
			if strings.HasPrefix(a, "attacks ") {
				first[strings.Fields(a)[1]]++
				break
			}
		}
	}
	if first["Left"] < n/4 || first["Right"] < n/4 {
		t.Errorf("first attacks %v in %d encounters; want each Flock about half", first, n)
	}
}

// A character who must leave the fight (no Item left) and cannot outpace
// a monster that would catch it hides when the scene has cover, and keeps
// still once hidden: running from the Drowned Choir (Chase 2, definitely
// chases) against Clumsiness 3 only gets it caught, knocked Prone and hit,
// turn after turn. It runs as before without cover, from a monster it
// outpaces, and while Terrified (hiding, unlike fleeing the source, needs
// the Cowardice check: rulebook, Conditions).
func TestRunnerWhoWouldBeCaughtHides(t *testing.T) {
	const choir = `{name: Choir, attack: 2, chase: 2, search: 2, resist: 2, deaths_door: 15, chases: definite%s}`
	const wail = `, inflictions: [{name: Wail, attribute: frailty, difficulty: hard, condition: terrified}]`
	for _, c := range []struct {
		name, strategy, cover, foe string
		first                      string // the first action it chooses
		hidesWhileTerrified        bool
	}{
		{"caught, cover", "fight", "true", fmt.Sprintf(choir, ""), "hides:", false},
		{"caught, cover, defend", "defend", "true", fmt.Sprintf(choir, ""), "hides:", false},
		{"caught, no cover", "fight", "false", fmt.Sprintf(choir, ""), "moves away", false},
		{"outpaced, cover", "fight", "true", `{name: Slug, attack: 2, chase: 5, search: 2, resist: 2, deaths_door: 15, chases: definite}`, "moves away", false},
		{"terrified, cover", "fight", "true", fmt.Sprintf(choir, wail), "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := build(t, `system: locus
max_rounds: 30
scene: {cover: `+c.cover+`, distance: 0}
party:
  - {name: Ada, character: reference, attributes: {cowardice: 2}, items: [], strategy: `+c.strategy+`}
foes:
  - `+c.foe+`
`)
			checked, terrifiedTurns := 0, 0
			for k := uint64(0); k < 30; k++ {
				first, terrified, hidden := "", false, false
				for _, e := range replay(m, k) {
					if e.Actor != "Ada" || e.Round == 0 {
						continue
					}
					wasHidden := hidden
					switch {
					case strings.HasPrefix(e.Text, "is now Terrified"):
						terrified = true
					case strings.HasSuffix(e.Text, "is hidden"):
						hidden = true
					case strings.HasSuffix(e.Text, "is flushed out"):
						hidden = false
					}
					if !chosen(e.Text) {
						continue
					}
					if first == "" {
						first = e.Text
						if c.first != "" && !strings.HasPrefix(first, c.first) {
							t.Errorf("%s, encounter %d: first action %q, want %q", c.name, k, first, c.first)
						}
						checked++
					}
					if wasHidden && !strings.HasPrefix(e.Text, "keeps still") {
						t.Errorf("%s, encounter %d round %d: hidden, it %q", c.name, k, e.Round, e.Text)
					}
					if terrified && !wasHidden {
						terrifiedTurns++
						if strings.HasPrefix(e.Text, "hides:") != c.hidesWhileTerrified {
							t.Errorf("%s, encounter %d round %d: Terrified, it %q", c.name, k, e.Round, e.Text)
						}
					}
				}
			}
			if checked < 20 {
				t.Errorf("%s: only %d encounters checked", c.name, checked)
			}
			if strings.HasPrefix(c.name, "terrified") && terrifiedTurns == 0 {
				t.Errorf("%s: never Terrified", c.name)
			}
		})
	}
}

// defend holds a monster's attention so that its allies can strike: once
// no ally fights on beside it (they have run, hidden, died or escaped), it
// plays fight instead of Defending alone beside the monster. A party of
// one keeps its style.
func TestDefendDoesNotStayAlone(t *testing.T) {
	const brute = `{name: Brute, attack: 3, chase: 2, search: 3, resist: 3, deaths_door: 60, chases: definite, behaviour: plain}`
	const bram = `{name: Bram, character: reference, strategy: defend, items: [{name: club, weapon: true, quality: 3, durability: 99}]}`
	for _, c := range []struct {
		name, cover, ada string
		defends          bool // may Bram Defend while Ada is out of the fight?
	}{
		// Ada runs from 25 m away: she is never in the fight.
		{"ally gone", "false", `{name: Ada, character: reference, strategy: flee, distance: 25}`, false},
		// Ada has no Item and hides beside the Brute (it would catch her).
		{"ally hidden", "true", `{name: Ada, character: reference, items: []}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := build(t, `system: locus
max_rounds: 30
scene: {cover: `+c.cover+`, distance: 0}
party:
  - `+c.ada+`
  - `+bram+`
foes:
  - `+brute+`
`)
			alone, attacks := 0, 0
			for k := uint64(0); k < 30; k++ {
				adaOut := strings.Contains(c.ada, "distance: 25")
				for _, e := range replay(m, k) {
					switch {
					case e.Actor == "Ada" && strings.HasSuffix(e.Text, "is hidden"):
						adaOut = true
					case e.Actor == "Ada" && strings.HasSuffix(e.Text, "is flushed out"):
						adaOut = false
					case e.Actor == "Bram" && e.Round > 0 && adaOut && chosen(e.Text):
						alone++
						if strings.HasPrefix(e.Text, "defends") {
							t.Fatalf("%s, encounter %d round %d: Bram defends alone beside the Brute", c.name, k, e.Round)
						}
						if strings.HasPrefix(e.Text, "attacks Brute") {
							attacks++
						}
					}
				}
			}
			if alone < 20 || attacks == 0 {
				t.Errorf("%s: %d turns alone, %d attacks", c.name, alone, attacks)
			}
		})
	}
	// Alone from the start, a defender still defends.
	m := build(t, `system: locus
max_rounds: 30
party:
  - `+bram+`
foes:
  - `+brute+`
`)
	defends := 0
	for k := uint64(0); k < 10; k++ {
		for _, a := range actions(replay(m, k), "Bram") {
			if strings.HasPrefix(a, "defends") {
				defends++
			}
		}
	}
	if defends == 0 {
		t.Error("a party of one no longer defends")
	}
}
