// Package examples holds the example scenarios of every system, embedded in
// the tpk binary so that `tpk run example:locus` works without any file.
package examples

import "embed"

// FS holds the examples, one folder per system (locus/duel.yaml, ...).
//
//go:embed */*.yaml
var FS embed.FS
