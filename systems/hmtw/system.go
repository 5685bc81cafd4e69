package hmtw

import (
	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// ID is the system's id in scenarios and on the command line.
const ID = "hmtw"

// System is the His Majesty the Worm game system.
type System struct{}

func init() { systems.Register(System{}) }

// ID returns "hmtw".
func (System) ID() string { return ID }

// Title names the game.
func (System) Title() string {
	return "His Majesty the Worm (Exalted Funeral, 2023): the Challenge Phase"
}

// Notes says what counts as dead and out of action, and the metrics.
func (System) Notes() string {
	return `Dead: an adventurer killed by Critical damage at Death's Door, devoured, or still at Death's Door after the
fight without a rescue (option H-12: a Heal, else a poultice and a test of Wands; a failure kills). Out of action:
at Death's Door, Knocked out, petrified or dead. Defeat: no adventurer left able to act and none escaped;
victory: every GM character at 0 Health, destroyed, fled or surrendered (a dungeon lord when its core pool
falls); retreat: the guild got away (section 6.11.1). Metrics: retreat, cornered, any_deaths_door, zombie,
deaths_door, died_in_fight, died_after, petrified, wounds, notches, piercing, criticals, items_destroyed,
bond_burns, resolve_spent, poultices, foes_down, foes_fled, foes_surrendered, first_down, fools, reshuffles,
mulligans, skipped_turns, banter, afflictions; per combatant death, deaths_door, down, wounds.`
}

// Options returns H-1..H-34.
func (System) Options() []sim.Option { return options() }

// Strategies lists the registered party and GM policies.
func (System) Strategies() []systems.Strategy {
	return append(partyPolicies.Strategies(), gmPolicies.Strategies()...)
}

// Bestiary lists the 27 creatures, the other antagonists, the templates
// and the archetypes.
func (System) Bestiary() []systems.Creature { return bestiary() }

// Checks returns the exact checks of `tpk odds hmtw`.
func (System) Checks() []systems.Check { return checks() }

// Compile decodes a scenario's HMTW parts and builds the model.
func (System) Compile(sc *sim.Scenario) (*systems.Build, error) {
	m, opts, err := compileModel(sc)
	if err != nil {
		return nil, err
	}
	return &systems.Build{Model: m, Options: opts, Warnings: m.warnings,
		Strategies: map[sim.Side]string{sim.Party: m.partyStrategy, sim.Foes: m.foeStrategy}}, nil
}

// NewKernel returns a kernel with its own state.
func (m *model) NewKernel() sim.Kernel { return newKernel(m) }
