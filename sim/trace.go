package sim

import (
	"fmt"
	"io"
)

// Event is one line of a narrated encounter.
type Event struct {
	Round int    `json:"round"`
	Actor string `json:"actor,omitempty"`
	Text  string `json:"text"`
}

// Trace collects the events of one narrated encounter. Kernels hold a
// *Trace that is nil outside `tpk replay`, and guard every call with a nil
// check so that narration costs nothing in runs.
type Trace struct {
	Events []Event
}

// Add appends an event.
func (t *Trace) Add(round int, actor, format string, args ...any) {
	t.Events = append(t.Events, Event{Round: round, Actor: actor, Text: fmt.Sprintf(format, args...)})
}

// WriteText writes the events as indented lines grouped by round.
func (t *Trace) WriteText(w io.Writer) error {
	last := -1
	for _, e := range t.Events {
		if e.Round != last {
			var err error
			if e.Round == 0 {
				_, err = fmt.Fprintln(w, "Setup")
			} else {
				_, err = fmt.Fprintf(w, "Round %d\n", e.Round)
			}
			if err != nil {
				return err
			}
			last = e.Round
		}
		line := e.Text
		if e.Actor != "" {
			line = e.Actor + ": " + e.Text
		}
		if _, err := fmt.Fprintf(w, "  %s\n", line); err != nil {
			return err
		}
	}
	return nil
}
