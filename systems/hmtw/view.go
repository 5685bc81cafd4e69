package hmtw

// View is a read-only window on an encounter in progress, handed to
// policies. Adventurers are numbered 0..Adventurers()-1 in marching order
// (the party's order), groups 0..Groups()-1 in scenario order, and GM
// characters (members) 0..Members()-1 across groups.
type View struct {
	k *kernel
}
