//go:build !amd64 || purego

package classic

// propagate applies the constraints of every dirty word until none is
// dirty, reporting false on a contradiction (see propagateGeneric).
func (st *state) propagate() bool { return st.propagateGeneric() }

// propagateFlat is propagate (see the amd64 version).
func (st *state) propagateFlat() bool { return st.propagateGeneric() }

// scorePairs scores the cells with two candidates (see scorePairsGeneric).
func (st *state) scorePairs() (best, b int, x uint32) { return st.scorePairsGeneric() }

// claim applies the stacks' constraints (see claimGeneric).
func (st *state) claim() bool { return st.claimGeneric() }

// nakedSingles places the cells left with one candidate (see
// nakedSinglesGeneric).
func (st *state) nakedSingles() (found, ok bool) { return st.nakedSinglesGeneric() }
