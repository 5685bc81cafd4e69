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

// Paced is a Model whose encounters are slow (strong play searches every
// decision): BatchSize, when positive, is the number of encounters in a
// batch of its runs, so that even a short run spreads over every worker.
// In trials mode the batch size changes nothing in the results.
type Paced interface {
	BatchSize() int
}

// Numbered is a Kernel that is told the number of each encounter before it
// plays it, so that what it reports of the encounter (strong play's
// regrets) names the trial to replay. PairedRun tells it.
type Numbered interface {
	Number(k int64)
}
