//go:build !amd64 || purego

package classic

// propagate applies the constraints of every dirty word until none is
// dirty, reporting false on a contradiction (see propagateGeneric).
func (st *state) propagate() bool { return st.propagateGeneric() }
