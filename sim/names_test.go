package sim

import (
	"fmt"
	"reflect"
	"testing"
)

func TestNumberNames(t *testing.T) {
	cases := []struct{ in, want []string }{
		{nil, nil},
		{[]string{"Ann", "Bo"}, []string{"Ann", "Bo"}},
		{[]string{"Goblin", "Ann", "Goblin", "Goblin"}, []string{"Goblin 1", "Ann", "Goblin 2", "Goblin 3"}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.in), func(t *testing.T) {
			got := append([]string(nil), c.in...)
			NumberNames(len(got), func(i int) *string { return &got[i] })
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("NumberNames(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
