package main

import (
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tpk-sim/tpk/sim"
	"github.com/tpk-sim/tpk/systems"
)

// TestRegisterOneLinePerSystem checks that register.go names each built-in
// system once, by its strategies package (which imports the system), and
// that the import registered both the system and its strategies. The toy
// systems the tests register (toy_test.go) are not built in.
func TestRegisterOneLinePerSystem(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "register.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		name, ok := strings.CutPrefix(p, "github.com/tpk-sim/tpk/strategies/")
		if !ok {
			t.Errorf("register.go imports %s: a system is registered by its strategies package alone", p)
			continue
		}
		named = append(named, name)
	}
	var builtIn []string
	for _, id := range systems.IDs() {
		if !slices.Contains(toySystems, id) {
			builtIn = append(builtIn, id)
		}
	}
	if got, want := strings.Join(named, ","), strings.Join(builtIn, ","); got != want {
		t.Errorf("register.go imports the strategies of %s; registered systems: %s", got, want)
	}
	for _, id := range systems.IDs() {
		sys, _ := systems.Get(id)
		sides := map[sim.Side]int{}
		for _, s := range sys.Strategies() {
			sides[s.Side]++
		}
		if sides[sim.Party] == 0 || sides[sim.Foes] == 0 {
			t.Errorf("%s: strategies per side %v: its strategies were not registered", id, sides)
		}
	}
}
