package sim

import (
	"fmt"
	"strings"

	"github.com/xrash/smetrics"
)

// nearness is the least Jaro-Winkler similarity at which a name counts as a
// likely typo of another: "charcter" is 0.98 from "character", "thugg" 0.96
// from "thug", while "strength" is 0.83 from "stress" and "dragon" 0.51
// from "tar-wing".
const nearness = 0.85

// Nearest returns the name closest to s (in any case) by Jaro-Winkler
// similarity, the measure urfave/cli suggests commands by, or "" when none is
// close enough to be a likely typo.
func Nearest(s string, names []string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	best, score := "", 0.0
	for _, n := range names {
		if d := smetrics.JaroWinkler(s, strings.ToLower(n), 0.7, 4); d > score {
			best, score = n, d
		}
	}
	if score < nearness || score == 1 {
		return "" // nothing near, or s is a name already
	}
	return best
}

// DidYouMean returns "; did you mean "X"?" for the name of names nearest
// to s, or "" when none is near.
func DidYouMean(s string, names []string) string {
	if near := Nearest(s, names); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}
