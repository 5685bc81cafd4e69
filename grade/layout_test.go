package grade

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoRenderersHere holds the layout: grade computes, reports renders
// (cmd -> grade -> reports, systems, sim; reports imports only sim). No
// file of grade writes output, and reports imports nothing of tpk but sim.
func TestNoRenderersHere(t *testing.T) {
	imports := func(dir string) map[string][]string {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, im := range pf.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				out[p] = append(out[p], filepath.Base(f))
			}
		}
		return out
	}
	for p, files := range imports(".") {
		switch p {
		case "io", "text/tabwriter", "encoding/csv", "encoding/json", "html/template":
			t.Errorf("%v import %s: rendering belongs in package reports", files, p)
		}
	}
	for p, files := range imports("../reports") {
		if strings.HasPrefix(p, "github.com/tpk-sim/tpk/") && p != "github.com/tpk-sim/tpk/sim" {
			t.Errorf("reports: %v import %s; reports imports only sim", files, p)
		}
	}
}
