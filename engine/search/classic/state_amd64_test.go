//go:build !purego

package classic

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestPropagateAssemblyVersions compares the assembly versions of
// propagate with propagateGeneric, whichever propagate takes on this
// processor.
func TestPropagateAssemblyVersions(t *testing.T) {
	if !hasBMI {
		t.Skip("the processor lacks BMI1 or BMI2")
	}
	for _, v := range []struct {
		name string
		fn   func(*state) bool
	}{
		{"propagateAMD64", propagateAMD64},
		{"propagatePEXT", propagatePEXT},
		{"propagatePEXTFlat", propagatePEXTFlat},
	} {
		t.Run(v.name, func(t *testing.T) {
			var fails, changes int
			randomStates(t, 5, 40, func(text string, a *state, rng *rand.Rand) {
				a.dirty = rng.Uint32() & all27
				a.touched, a.unclaimed = rng.Uint32()&all27, rng.Uint32()&all27
				b := *a
				before := a.unsolvedCount()
				okA, okB := v.fn(a), b.propagateGeneric()
				if okA != okB {
					t.Fatalf("%s: %s reports %v, propagateGeneric %v", text, v.name, okA, okB)
				}
				if !okA {
					fails++
					return
				}
				if *a != b {
					t.Fatalf("%s: %s left\n%+v\npropagateGeneric\n%+v", text, v.name, *a, b)
				}
				if a.unsolvedCount() < before {
					changes++
				}
			})
			if fails == 0 || changes == 0 {
				t.Errorf("%d contradictions and %d states with placements: want both", fails, changes)
			}
		})
	}
}

// TestFastPEXT checks the processors fastPEXT tells apart, by the CPUID
// leaves 0 and 1 they report.
func TestFastPEXT(t *testing.T) {
	for _, tt := range []struct {
		name   string
		vendor string
		leaf1  uint32 // EAX of leaf 1: family, model, stepping
		want   bool
	}{
		{"Intel Haswell", "GenuineIntel", 0x306c3, true},
		{"Intel Ice Lake server", "GenuineIntel", 0x606a6, true},
		{"AMD Zen 2 (family 17h)", "AuthenticAMD", 0x830f10, false},
		{"AMD Zen 3 (family 19h)", "AuthenticAMD", 0xa00f11, true},
		{"AMD Zen 5 (family 1Ah)", "AuthenticAMD", 0xb00f21, true},
		{"Hygon Dhyana (family 18h)", "HygonGenuine", 0x900f01, false},
	} {
		id := func(eax, _ uint32) (a, b, c, d uint32) {
			if eax == 1 {
				return tt.leaf1, 0, 0, 0
			}
			v := []byte(tt.vendor)
			return 1, binary.LittleEndian.Uint32(v[0:]), binary.LittleEndian.Uint32(v[8:]), binary.LittleEndian.Uint32(v[4:])
		}
		if got := fastPEXT(id); got != tt.want {
			t.Errorf("%s: fastPEXT = %v, want %v", tt.name, got, tt.want)
		}
	}
	t.Logf("this processor: fastPEXT %v", fastPEXT(cpuid))
}

// TestSingleRows checks the rows of one cell that propagatePEXT takes from
// singleRows (the minirow matrix of w&(w-0x40201)) against rowSingle, for
// every row of a word in each of its three places, the other rows holding
// one cell or two.
func TestSingleRows(t *testing.T) {
	// matrix is what PEXT with minirows gives: bit 3*r+k set when row r
	// has a cell in box k.
	matrix := func(w uint32) (m uint32) {
		for i := range 9 {
			if w>>(3*i)&7 != 0 {
				m |= 1 << i
			}
		}
		return m
	}
	for _, other := range []uint32{0x001, 0x101} {
		for row := uint32(1); row <= low9; row++ {
			for r := range 3 {
				w := other | other<<9 | other<<18
				w = w&^(low9<<(9*r)) | row<<(9*r)
				want := tab.rowSingle[w&low9] | tab.rowSingle[w>>9&low9]<<9 | tab.rowSingle[w>>18]<<18
				if got := w & tab.singleRows[matrix(w&(w-0x40201))]; got != want {
					t.Fatalf("word %#x: rows of one cell %#x, want %#x", w, got, want)
				}
			}
		}
	}
}

// TestClaimPEXT compares claimPEXT with claimGeneric on the same states,
// with random words marked unclaimed and dirty: the same states, the
// same answers, and both answers met.
func TestClaimPEXT(t *testing.T) {
	if !hasBMI {
		t.Skip("the processor lacks BMI1 or BMI2")
	}
	var changed, unchanged int
	randomStates(t, 7, 60, func(text string, a *state, rng *rand.Rand) {
		a.dirty = all27
		if !a.propagateGeneric() {
			return
		}
		for range rng.IntN(20) {
			a.cand[rng.IntN(27)] &^= 1 << rng.IntN(27)
		}
		a.dirty = rng.Uint32() & all27 &^ (rng.Uint32() | rng.Uint32())
		a.unclaimed = rng.Uint32() & all27
		b := *a
		okA, okB := claimPEXT(a), b.claimGeneric()
		if okA != okB || *a != b {
			t.Fatalf("%s: claimPEXT reports %v and leaves\n%+v\nclaimGeneric %v and\n%+v", text, okA, *a, okB, b)
		}
		if okA {
			changed++
		} else {
			unchanged++
		}
	})
	if changed == 0 || unchanged == 0 {
		t.Errorf("%d states changed and %d unchanged: want both", changed, unchanged)
	}
}

// TestNakedSinglesAMD64 compares nakedSinglesAMD64 with nakedSinglesGeneric
// on the same states, propagated or not, with random words marked touched:
// the same states and answers, and every answer met (a contradiction, no
// single, singles) on a floor of cases each.
func TestNakedSinglesAMD64(t *testing.T) {
	if !hasBMI {
		t.Skip("the processor lacks BMI1 or BMI2")
	}
	seen := map[[2]bool]int{}
	randomStates(t, 11, 60, func(text string, a *state, rng *rand.Rand) {
		if rng.IntN(4) != 0 {
			a.dirty = all27
			if !a.propagateGeneric() {
				return
			}
			for range rng.IntN(30) {
				a.cand[rng.IntN(27)] &^= 1 << rng.IntN(27)
			}
		}
		a.dirty = rng.Uint32() & all27
		a.touched = rng.Uint32() & all27 &^ (rng.Uint32() & rng.Uint32())
		a.pairs = [3]uint32{rng.Uint32(), rng.Uint32(), rng.Uint32()}
		b := *a
		foundA, okA := nakedSinglesAMD64(a)
		foundB, okB := b.nakedSinglesGeneric()
		if foundA != foundB || okA != okB || *a != b {
			t.Fatalf("%s: nakedSinglesAMD64 reports %v, %v and leaves\n%+v\nnakedSinglesGeneric %v, %v and\n%+v",
				text, foundA, okA, *a, foundB, okB, b)
		}
		seen[[2]bool{foundA, okA}]++
	})
	for _, outcome := range [][2]bool{{false, false}, {false, true}, {true, true}} {
		if n := seen[outcome]; n < 100 {
			t.Errorf("found %v, ok %v in %d states: want at least 100", outcome[0], outcome[1], n)
		}
	}
	t.Logf("outcomes (found, ok): %v", seen)
}
