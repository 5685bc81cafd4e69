package hmtw

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// ID is the system's id in scenarios and on the command line.
const ID = "hmtw"

// System is the His Majesty the Worm game system.
var System = systems.Define(systems.Parts{ID: ID, Title: gameTitle, Notes: notes,
	Options: OptionTable.Options, Strategies: Policies.Strategies, Bestiary: bestiary,
	Checks: checks, Compile: compile, Grader: grader{}, Form: scenarioForm})

func init() { systems.Register(System) }

const gameTitle = "His Majesty the Worm (Exalted Funeral, 2023): the Challenge Phase"

// notes says what counts as dead and out of action, and the metrics.
const notes = `Dead: an adventurer killed by Critical damage at Death's Door, devoured, or still at Death's Door after the
fight without a rescue (option H-12: a Heal, else a poultice and a test of Wands; a failure kills). Out of action:
at Death's Door, Knocked out, petrified or dead. Defeat: no adventurer left able to act and none escaped;
victory: every GM character at 0 Health, destroyed, fled or surrendered (a dungeon lord when its core pool
falls); retreat: the guild got away (section 6.11.1). Metrics: retreat, cornered, any_deaths_door, zombie,
deaths_door, died_in_fight, died_after, petrified, wounds, notches, piercing, criticals, items_destroyed,
bond_burns, resolve_spent, poultices, foes_down, foes_fled, foes_surrendered, first_down, fools, reshuffles,
mulligans, skipped_turns, banter, afflictions; per combatant death, deaths_door, down, wounds.`

// compile decodes a scenario's HMTW parts and builds the model.
func compile(sc *sim.Scenario) (*systems.Build, error) {
	m, opts, err := compileModel(sc)
	if err != nil {
		return nil, err
	}
	return &systems.Build{Model: m, Options: opts, Warnings: m.warnings,
		Strategies: map[sim.Side]string{sim.Party: m.partyStrategy, sim.Foes: m.foeStrategy}}, nil
}

// NewKernel returns a kernel with its own state.
func (m *model) NewKernel() sim.Kernel { return newKernel(m) }
