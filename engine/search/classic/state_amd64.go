//go:build !purego

package classic

import (
	"encoding/binary"

	"golang.org/x/sys/cpu"
)

// propagate is propagateGeneric, written in assembly with BMI1 and BMI2
// instructions when the processor has them: the Go compiler keeps too few
// of its values in registers. Where PEXT is fast it takes the version that
// uses it (propagatePEXT).
func (st *state) propagate() bool {
	if hasFastPEXT {
		return propagatePEXT(st)
	}
	if hasBMI {
		return propagateAMD64(st)
	}
	return st.propagateGeneric()
}

// propagateFlat is propagate, with propagatePEXTFlat where propagate
// takes propagatePEXT: the same states, for the searches where placing
// without a branch pays (see Solver.flat).
func (st *state) propagateFlat() bool {
	if hasFastPEXT {
		return propagatePEXTFlat(st)
	}
	return st.propagate()
}

// scorePairs is scorePairsGeneric, written in assembly with POPCNT, BMI1 and
// BMI2 when the processor has them.
func (st *state) scorePairs() (best, b int, x uint32) {
	if hasBMI && hasPOPCNT {
		return scorePairsAMD64(st)
	}
	return st.scorePairsGeneric()
}

// claim is claimGeneric, written in assembly with PEXT and PDEP where PEXT
// is fast (claimPEXT).
func (st *state) claim() bool {
	if hasFastPEXT {
		return claimPEXT(st)
	}
	return st.claimGeneric()
}

// nakedSingles is nakedSinglesGeneric, written in assembly with SSE2, BMI1
// and BMI2 when the processor has them (nakedSinglesAMD64): it tallies the
// candidates of the three bands at once.
func (st *state) nakedSingles() (found, ok bool) {
	if hasBMI {
		return nakedSinglesAMD64(st)
	}
	return st.nakedSinglesGeneric()
}

// hasBMI and hasPOPCNT report whether the processor has the instructions
// the assembly uses, hasFastPEXT whether its PEXT is fast too.
var (
	hasBMI      = cpu.X86.HasBMI1 && cpu.X86.HasBMI2
	hasPOPCNT   = cpu.X86.HasPOPCNT
	hasFastPEXT = hasBMI && fastPEXT(cpuid)
)

// fastPEXT reports whether the processor that id describes (a CPUID
// instruction) runs PEXT in a few cycles. Every BMI2 processor from Intel
// does; AMD's before Zen 3 (family 19h), and Hygon's (family 18h, Zen 1),
// run it in microcode, tens of cycles or more for the nine-bit mask of
// propagatePEXT, slower than the three lookups it replaces.
func fastPEXT(id func(eax, ecx uint32) (a, b, c, d uint32)) bool {
	_, b, c, d := id(0, 0)
	var vendor [12]byte
	binary.LittleEndian.PutUint32(vendor[0:], b)
	binary.LittleEndian.PutUint32(vendor[4:], d)
	binary.LittleEndian.PutUint32(vendor[8:], c)
	switch string(vendor[:]) {
	case "AuthenticAMD", "HygonGenuine":
		a, _, _, _ := id(1, 0)
		family := a >> 8 & 0xf
		if family == 0xf {
			family += a >> 20 & 0xff
		}
		return family >= 0x19
	}
	return true
}

// colMask64[p] is colMask[p] in both halves of a word, to count a column
// of two bands at once. Entries 27–32 are 0: scorePairsAMD64 reads entry
// 32 for a cell that is not there (TZCNT of 0).
var colMask64 = func() (m [33]uint64) {
	for p, c := range colMask {
		m[p] = uint64(c) | uint64(c)<<32
	}
	return m
}()

//go:noescape
func propagateAMD64(st *state) bool

//go:noescape
func propagatePEXT(st *state) bool

//go:noescape
func propagatePEXTFlat(st *state) bool

//go:noescape
func claimPEXT(st *state) bool

//go:noescape
func nakedSinglesAMD64(st *state) (found, ok bool)

// cpuid executes the CPUID instruction with eax and ecx.
func cpuid(eax, ecx uint32) (a, b, c, d uint32)

//go:noescape
func scorePairsAMD64(st *state) (best, b int, x uint32)
