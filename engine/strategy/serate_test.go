package strategy

import "testing"

// TestSERatesCoverCatalogue: every technique of every strategy of the
// technique table has an SE rating on SE's scale (1.0 to 12), and a
// level.
func TestSERatesCoverCatalogue(t *testing.T) {
	n := 0
	for _, st := range All() {
		if st.Level() == Unrated {
			t.Errorf("%s: Level() is Unrated", st.name)
		}
		for _, tech := range st.AllTechniques() {
			n++
			if r := tech.SERating(); r < 10 || r > 120 {
				t.Errorf("%s (%s): SE rating %s, want 1.0 to 12.0", tech.name, st.name, r)
			}
			if tech.level == Unrated || tech.level > Extreme {
				t.Errorf("%s (%s): level %s", tech.name, st.name, tech.level)
			}
		}
	}
	if n < 150 {
		t.Errorf("%d techniques rated, want at least 150", n)
	}
}

// techniqueNamed returns the technique of the table's strategies named
// name, or nil.
func techniqueNamed(name string) *Technique {
	for _, st := range All() {
		for _, tech := range st.AllTechniques() {
			if tech.name == name {
				return tech
			}
		}
	}
	return nil
}

// TestSERatesFollowSE: the techniques SE itself rates keep SE's figures
// and order.
func TestSERatesFollowSE(t *testing.T) {
	want := []struct {
		name string
		se   SERating
	}{
		{"Full House", 10}, {"Hidden Single", 12}, {"Naked Single", 23},
		{"Locked Candidates Type 1 (Pointing)", 26}, {"Locked Candidates Type 2 (Claiming)", 28},
		{"Naked Pair", 30}, {"X-Wing", 32}, {"Hidden Pair", 34}, {"Naked Triple", 36},
		{"Swordfish", 38}, {"Hidden Triple", 40}, {"XY-Wing", 42}, {"XYZ-Wing", 44},
		{"Uniqueness Test 1", 45}, {"Naked Quadruple", 50}, {"Jellyfish", 52},
		{"Hidden Quadruple", 54}, {"Bivalue Universal Grave + 1", 56},
	}
	for _, w := range want {
		if got := techniqueNamed(w.name).SERating(); got != w.se {
			t.Errorf("%s: SE rating %s, want SE's %s", w.name, got, w.se)
		}
	}
}

func TestSELengthBonus(t *testing.T) {
	// A tenth each time the node count passes 4, 6, 8, 12, 16, 24, 32, 48.
	for n, want := range map[int]SERating{0: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 12: 3, 13: 4, 16: 4, 17: 5, 24: 5, 25: 6, 32: 6, 33: 7, 48: 7, 49: 8} {
		if got := SELengthBonus(n); got != want {
			t.Errorf("SELengthBonus(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestStepSERating(t *testing.T) {
	chain := &Step{Technique: XChain().technique, Nodes: make([]Node, 6)}
	if got := chain.SERating(); got != 66+1 {
		t.Errorf("X-Chain of 6 nodes: %s, want base 6.6 plus 0.1", got)
	}
	pair := &Step{Technique: techniqueNamed("Naked Pair"), Nodes: make([]Node, 6)}
	if got := pair.SERating(); got != 30 {
		t.Errorf("Naked Pair: %s, want 3.0 (no length bonus)", got)
	}
	if got := (&Step{}).SERating(); got != 0 {
		t.Errorf("step without technique: %s, want 0", got)
	}
	if got := SERating(72).String(); got != "7.2" {
		t.Errorf("String: %q, want 7.2", got)
	}
}
