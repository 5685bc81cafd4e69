package bench

import (
	"testing"

	"github.com/tpk-sim/tpk/examples"
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
	"github.com/tpk-sim/tpk/systems/search"
)

// benchStrong plays one encounter of an example per iteration with side
// played strong (every member) and the other side its default: the cost of
// strong play, one worker. It reports the cost model's terms: searched
// decisions and rollouts per encounter, and nanoseconds per rollout.
func benchStrong(b *testing.B, name string, side sim.Side) {
	data, err := examples.FS.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	party, foes := systems.StrongName, ""
	if side == sim.Foes {
		party, foes = "", systems.StrongName
	}
	c, err := systems.CompileSides(name, data, party, foes)
	if err != nil {
		b.Fatal(err)
	}
	m := c.Build.Model
	k := m.NewKernel()
	rec := sim.NewRecord(m.Schema())
	var r sim.Rand
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Seed(1, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
	}
	b.StopTimer()
	// The same encounters again, counted.
	col := &search.Collector{}
	m.(search.Tunable).SetSearch(search.Settings{Collector: col})
	k = m.NewKernel()
	for i := 0; i < b.N; i++ {
		r.Seed(1, uint64(i))
		rec.Reset()
		k.Play(&r, rec, nil)
	}
	s := col.Summary()
	n := float64(b.N)
	b.ReportMetric(float64(s.Decisions)/n, "decisions/op")
	b.ReportMetric(float64(s.Rollouts)/n, "rollouts/op")
	if s.Rollouts > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(s.Rollouts), "ns/rollout")
	}
}

// BenchmarkStrongLocusDuel is party strong in the Locus duel.
func BenchmarkStrongLocusDuel(b *testing.B) { benchStrong(b, "locus/duel.yaml", sim.Party) }

// BenchmarkStrongLocusParty is party strong, four against the Drowned
// Choir: the longest Locus example.
func BenchmarkStrongLocusParty(b *testing.B) {
	benchStrong(b, "locus/party-vs-locus-monster.yaml", sim.Party)
}

// BenchmarkStrongLocusMonster is foe strong against the same four.
func BenchmarkStrongLocusMonster(b *testing.B) {
	benchStrong(b, "locus/party-vs-locus-monster.yaml", sim.Foes)
}

// BenchmarkStrongCatchTheDevilBar is party strong in the bar fight, the
// longest Catch the Devil example.
func BenchmarkStrongCatchTheDevilBar(b *testing.B) {
	benchStrong(b, "catchthedevil/bar-fight.yaml", sim.Party)
}

// BenchmarkStrongBattleClockCaptain is party strong against the captain.
func BenchmarkStrongBattleClockCaptain(b *testing.B) {
	benchStrong(b, "battleclock/captain.yaml", sim.Party)
}

// BenchmarkStrongDemonCityNarth is party strong, four people against a
// Narth.
func BenchmarkStrongDemonCityNarth(b *testing.B) {
	benchStrong(b, "demoncity/four-vs-narth.yaml", sim.Party)
}

// BenchmarkStrongHMTWOgre is the guild strong against the ogre and its
// skeletons.
func BenchmarkStrongHMTWOgre(b *testing.B) { benchStrong(b, "hmtw/ogre-brute.yaml", sim.Party) }
