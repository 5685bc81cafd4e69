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

// StatsJSON writes a character's stats as a JSON mapping from each stat's
// name (names[i]) to its value (vals[i]), in the stats' order.
func StatsJSON(names []string, vals []int) ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range vals {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", names[i], v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
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
