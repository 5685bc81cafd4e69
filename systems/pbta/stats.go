package pbta

import (
	"fmt"
	"strings"
)

// Signed writes v with its sign: +1, 0, -1.
func Signed(v int) string {
	if v > 0 {
		return fmt.Sprintf("+%d", v)
	}
	return fmt.Sprint(v)
}

// StatsLine lists the stats with signs, each after its title: "Quick +1,
// Steady 0, Sharp 0, Tough 0".
func StatsLine(titles []string, vals []int) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = titles[i] + " " + Signed(v)
	}
	return strings.Join(parts, ", ")
}
