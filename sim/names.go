package sim

import "fmt"

// NumberNames makes the names of a side's combatants distinct, as reports
// need them: it appends " 1", " 2"... to each name that occurs more than
// once among name(0)..name(n-1), which point at the names to rewrite.
func NumberNames(n int, name func(int) *string) {
	count := map[string]int{}
	for i := 0; i < n; i++ {
		count[*name(i)]++
	}
	seen := map[string]int{}
	for i := 0; i < n; i++ {
		p := name(i)
		if count[*p] > 1 {
			seen[*p]++
			*p = fmt.Sprintf("%s %d", *p, seen[*p])
		}
	}
}
