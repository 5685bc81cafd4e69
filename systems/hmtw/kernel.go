package hmtw

// kernel plays encounters of one model; one per worker.
type kernel struct {
	m *model
}
