//go:build !purego

package classic

import "golang.org/x/sys/cpu"

// propagate is propagateGeneric, written in assembly: the Go compiler keeps
// too few of its values in registers.
func (st *state) propagate() bool { return propagateAMD64(st) }

// scorePairs is scorePairsGeneric, written in assembly with POPCNT when the
// processor has it.
func (st *state) scorePairs() (best, b int, x uint32) {
	if hasPOPCNT {
		return scorePairsAMD64(st)
	}
	return st.scorePairsGeneric()
}

var hasPOPCNT = cpu.X86.HasPOPCNT

//go:noescape
func propagateAMD64(st *state) bool

//go:noescape
func scorePairsAMD64(st *state) (best, b int, x uint32)
