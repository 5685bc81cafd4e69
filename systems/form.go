package systems

import (
	"slices"

	"github.com/tpk-sim/tpk/sim"
)

// ScenarioForm is what a system's scenarios write under `party:`, `foes:`
// and `scene:`, as the Entries its compiler decodes them with declare
// (Entry.Form): `tpk new` writes a template from it and `tpk schema` a JSON
// Schema, so that neither can say other than the decoder reads.
type ScenarioForm struct {
	Party, Foes sim.Form
	Scene       *sim.Form // nil: the system takes no `scene:`
	MaxRounds   int       // the system's cap on max_rounds; 0: the scenario format's
}

// formed is a System that describes its scenarios.
type formed interface {
	scenarioForm() (ScenarioForm, bool)
}

func (d *defined) scenarioForm() (ScenarioForm, bool) {
	if d.p.Form == nil {
		return ScenarioForm{}, false
	}
	return d.p.Form(), true
}

// FormOf returns the whole scenario form of s: the keys every scenario
// shares, with s's party, foes, scene, strategies and options (sim.TopForm);
// false when s does not describe its scenarios.
func FormOf(s System) (sim.Form, bool) {
	f, ok := s.(formed)
	if !ok {
		return sim.Form{}, false
	}
	sf, ok := f.scenarioForm()
	if !ok {
		return sim.Form{}, false
	}
	names, defaults := map[sim.Side][]string{}, map[sim.Side]string{}
	for _, st := range s.Strategies() {
		names[st.Side] = append(names[st.Side], st.Name)
		if st.Default {
			defaults[st.Side] = st.Name
		}
	}
	withStrategies(&sf.Party, names[sim.Party])
	withStrategies(&sf.Foes, names[sim.Foes])
	return sim.TopForm(IDs(), sf.Party, sf.Foes, sf.Scene, names, defaults, s.Options(), sf.MaxRounds), true
}

// withStrategies gives the `strategy:` key of f the side's strategies as its
// allowed values.
func withStrategies(f *sim.Form, names []string) {
	f.Keys = slices.Clone(f.Keys)
	for i := range f.Keys {
		if f.Keys[i].Kind == sim.StrategyKind {
			f.Keys[i].Shape = sim.TextOf(names...)
		}
	}
}
