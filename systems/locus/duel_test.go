package locus_test

import (
	"fmt"
	"math"
	"testing"
)

// The prototype's figures (rules spec 4.3, locus_mc.py in Appendix B), by
// monster: Scenario A (stand and fight) and B (flee from 10 m, safe at 30 m).
var prototype = []struct {
	id string
	// Scenario A with L-3 "ignore" (MAPPING=0) and "dice" (MAPPING=1):
	// P(character dies) and mean rounds.
	deathIgnore, roundsIgnore float64
	deathDice, roundsDice     float64
	// Scenario B: P(escaped), P(dies).
	escIgnore, fleeDeathIgnore float64
	escDice, fleeDeathDice     float64
}{
	{"tar-wing", 0.9989, 14.68, 0.9998, 12.90, 0.0025, 0.9973, 0.0016, 0.9984},
	{"mouth-tower", 0.9963, 20.85, 1.0000, 14.58, 0.9988, 0.0004, 0.7959, 0.1944},
	{"faced-flock", 0.0028, 6.23, 0.7374, 12.11, 0.2445, 0.1102, 0.0572, 0.9332},
	{"spore-vine-core", 0.9926, 13.66, 0.9987, 12.11, 1.0000, 0.0000, 1.0000, 0.0000},
}

const duelTrials = 20_000

// duel is the reference character fighting a sample monster, with party
// strategy fight unless the character says otherwise.
func duel(character, monster, l3 string) string {
	return fmt.Sprintf(`system: locus
max_rounds: 100
party:
  - %s
foes:
  - {monster: %s}
strategies: {party: fight, foes: default}
options: {L-3: %s}
`, character, monster, l3)
}

// The prototype leaves out Durability and Willpower. With an Item that never
// breaks and no WP the kernel plays the prototype's duel and must land on
// its figures: the remaining differences are Stress (which only moves WP
// costs, and WP is 0) and the +3 WP of a critical success, which the
// prototype does not have and which buys the odd re-roll. Hence a tolerance
// of 0.03 on P(death) (5 combined standard errors are about 0.02) and 5% on
// the mean number of rounds.
func TestDuelMatchesPrototype(t *testing.T) {
	// Scenario A stands to the end: strategy stand, which never steps away.
	const char = "{character: reference, strategy: stand, willpower: 0, items: [{name: club, weapon: true, quality: 3, durability: 99}]}"
	for _, p := range prototype {
		for _, c := range []struct {
			l3            string
			death, rounds float64
		}{{"ignore", p.deathIgnore, p.roundsIgnore}, {"dice", p.deathDice, p.roundsDice}} {
			t.Run(fmt.Sprintf("%s/%s", p.id, c.l3), func(t *testing.T) {
				s := runYAML(t, duel(char, p.id, c.l3), duelTrials, 1)
				death, rounds := s.Mean("deaths"), s.Mean("rounds")
				t.Logf("%-16s L-3 %-6s death %.4f (prototype %.4f) rounds %.2f (%.2f)", p.id, c.l3, death, c.death, rounds, c.rounds)
				if math.Abs(death-c.death) > 0.03 {
					t.Errorf("%s L-3 %s: P(death) %.4f, prototype %.4f", p.id, c.l3, death, c.death)
				}
				if math.Abs(rounds-c.rounds) > 0.05*c.rounds {
					t.Errorf("%s L-3 %s: mean rounds %.2f, prototype %.2f", p.id, c.l3, rounds, c.rounds)
				}
			})
		}
	}
}

// The full model: the reference character's weapon (quality 2, 5 boxes)
// breaks after a few attacks, when `fight` runs for it, its 5 WP buy
// re-rolls, and `fight` walks away from what it outpaces and cannot beat.
// The direction of the prototype's findings must survive. The prototype
// draws a moderate monster's chase afresh every turn (option L-30
// "per-turn"), and so does this test: under the default "per-pursuit" a
// wounded character who walks away from the Faced Flock gets clear in half
// its break-aways, and the floors of L-3 "dice" cost far fewer lives.
func TestDuelFullModel(t *testing.T) {
	const ref = "{character: reference}"
	res := map[string]map[string]*stats{}
	for _, p := range prototype {
		res[p.id] = map[string]*stats{}
		for _, l3 := range []string{"ignore", "dice"} {
			s := runYAML(t, duel(ref, p.id, l3+", L-30: per-turn"), duelTrials/2, 2)
			res[p.id][l3] = s
			t.Logf("%-16s L-3 %-6s death %.4f victory %.4f escape %.4f rounds %.2f items destroyed %.3f WP spent %.2f",
				p.id, l3, s.Mean("deaths"), s.Mean("victory"), s.Mean("escape"), s.Mean("rounds"),
				s.Mean("items_destroyed"), s.Mean("wp_spent"))
		}
	}
	// The Tar-Wing (Strong) kills the average character whatever it does.
	for _, l3 := range []string{"ignore", "dice"} {
		if d := res["tar-wing"][l3].Mean("deaths"); d < 0.99 {
			t.Errorf("Tar-Wing L-3 %s: P(death) %.4f, want > 0.99", l3, d)
		}
	}
	// The Faced Flock (Weak) is beaten when floors are ignored, and becomes
	// deadly when they restrict contested checks (prototype: 0.3% -> 74%).
	flock := res["faced-flock"]
	if d := flock["ignore"].Mean("deaths"); d > 0.01 {
		t.Errorf("Faced Flock L-3 ignore: P(death) %.4f, want < 0.01", d)
	}
	if v := flock["ignore"].Mean("victory"); v < 0.6 {
		t.Errorf("Faced Flock L-3 ignore: P(victory) %.4f, want > 0.6", v)
	}
	if d := flock["dice"].Mean("deaths"); d < flock["ignore"].Mean("deaths")+0.3 {
		t.Errorf("Faced Flock: L-3 dice raises P(death) only to %.4f", d)
	}
	// Floors make every monster deadlier.
	for _, p := range prototype {
		if a, b := res[p.id]["ignore"].Mean("deaths"), res[p.id]["dice"].Mean("deaths"); b < a-0.01 {
			t.Errorf("%s: P(death) %.4f with floors, %.4f without", p.id, b, a)
		}
	}
	// Weapons break: a quality 2 Item lasts 5 marks and then halves each use.
	if n := res["tar-wing"]["ignore"].Mean("items_destroyed"); n < 0.9 {
		t.Errorf("Tar-Wing: items destroyed %.3f, want nearly always", n)
	}
	// fight walks away from the slow Mouth Tower (Chase 4, moderately likely
	// to chase), which it cannot hope to fill before it dies, and from
	// anything once its weapon is gone: that saves it, which the prototype
	// (stand and fight, no Durability) cannot show.
	if e := res["mouth-tower"]["ignore"].Mean("escape"); e < 0.5 {
		t.Errorf("Mouth Tower L-3 ignore: P(escape) %.4f, want > 0.5", e)
	}
}

// flight is the reference character fleeing from 10 m, safe at 30 m.
func flight(monster, extra, l3 string) string {
	return fmt.Sprintf(`system: locus
max_rounds: 50
scene: {distance: 10, escape: 30}
party:
  - {character: reference}
foes:
  - {monster: %s%s}
strategies: {party: flee, foes: default}
options: {L-3: %s}
`, monster, extra, l3)
}

// Scenario B. The prototype's monster chases every turn it is out of reach,
// whatever its chase likelihood; with `chases: definite` the default policy
// does the same, and the figures must land near the prototype's. The
// character here also has its 5 WP, which it spends on defence re-rolls once
// caught, so it dies somewhat less often than the prototype's: the
// tolerance on P(death) is one-sided.
func TestFleeMatchesPrototype(t *testing.T) {
	for _, p := range prototype {
		for _, c := range []struct {
			l3           string
			esc, death   float64
			escTol, dTol float64
		}{{"ignore", p.escIgnore, p.fleeDeathIgnore, 0.03, 0.05}, {"dice", p.escDice, p.fleeDeathDice, 0.05, 0.06}} {
			t.Run(fmt.Sprintf("%s/%s", p.id, c.l3), func(t *testing.T) {
				s := runYAML(t, flight(p.id, ", chases: definite", c.l3), duelTrials, 3)
				esc, death := s.Mean("escape"), s.Mean("deaths")
				t.Logf("%-16s L-3 %-6s escaped %.4f (prototype %.4f) died %.4f (%.4f)", p.id, c.l3, esc, c.esc, death, c.death)
				if math.Abs(esc-c.esc) > c.escTol {
					t.Errorf("%s L-3 %s: P(escape) %.4f, prototype %.4f", p.id, c.l3, esc, c.esc)
				}
				if death > c.death+0.01 || death < c.death-c.dTol {
					t.Errorf("%s L-3 %s: P(death) %.4f, prototype %.4f", p.id, c.l3, death, c.death)
				}
			})
		}
	}
	// The monsters' own chase likelihood (moderate: half the turns) makes
	// the Faced Flock and the Mouth Tower much easier to outrun.
	for _, id := range []string{"faced-flock", "mouth-tower"} {
		def := runYAML(t, flight(id, "", "dice"), duelTrials, 4).Mean("escape")
		always := runYAML(t, flight(id, ", chases: definite", "dice"), duelTrials, 4).Mean("escape")
		if def < always+0.1 {
			t.Errorf("%s: P(escape) %.4f when it chases half the time, %.4f when always", id, def, always)
		}
	}
}
