//go:build !purego

package classic

import "golang.org/x/sys/cpu"

// propagate is propagateGeneric, written in assembly with BMI1 and BMI2
// instructions when the processor has them: the Go compiler keeps too few
// of its values in registers.
func (st *state) propagate() bool {
	if hasBMI {
		return propagateAMD64(st)
	}
	return st.propagateGeneric()
}

// scorePairs is scorePairsGeneric, written in assembly with POPCNT, BMI1 and
// BMI2 when the processor has them.
func (st *state) scorePairs() (best, b int, x uint32) {
	if hasBMI && hasPOPCNT {
		return scorePairsAMD64(st)
	}
	return st.scorePairsGeneric()
}

// hasBMI and hasPOPCNT report whether the processor has the instructions
// the assembly uses.
var (
	hasBMI    = cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasPOPCNT = cpu.X86.HasPOPCNT
)

// colMask64[p] is colMask[p] in both halves of a word, to count a column
// of two bands at once.
var colMask64 = func() (m [32]uint64) {
	for p, c := range colMask {
		m[p] = uint64(c) | uint64(c)<<32
	}
	return m
}()

//go:noescape
func propagateAMD64(st *state) bool

//go:noescape
func scorePairsAMD64(st *state) (best, b int, x uint32)
