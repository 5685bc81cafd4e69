package sim

// Model is a scenario compiled by a game system, ready to be played any
// number of times. It is read-only once built and shared by every worker.
type Model interface {
	// Schema lays out the Record every encounter fills.
	Schema() *Schema
	// NewKernel returns a kernel with its own state, for one worker.
	NewKernel() Kernel
	// MaxRounds is the round cap after which an encounter is a stalemate.
	MaxRounds() int
}

// Kernel plays encounters. One kernel belongs to one goroutine.
type Kernel interface {
	// Play resets the kernel's state, plays one encounter with r and writes
	// the outcome into rec (already zeroed). tr is nil in runs; when it is
	// not, the kernel narrates the encounter into it. Play must not
	// allocate when tr is nil.
	Play(r *Rand, rec *Record, tr *Trace)
}
