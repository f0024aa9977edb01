//go:build !purego

package classic

// propagate is propagateGeneric, written in assembly: the Go compiler keeps
// too few of its values in registers.
func (st *state) propagate() bool { return propagateAMD64(st) }

//go:noescape
func propagateAMD64(st *state) bool
