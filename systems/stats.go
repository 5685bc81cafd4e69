package systems

import (
	"fmt"
	"strings"
)

// StatsJSON writes a sheet's numbered stats (attributes) as a JSON mapping
// from each one's name (names[i]) to its value (vals[i]), in their order.
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
