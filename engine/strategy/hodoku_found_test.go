package strategy

import "testing"

// TestHoDoKuFound checks steps HoDoKu finds on board states where this
// project's finders once missed them (testdata/hodoku-found.txt, in the
// regression library's format): an ALS-XY-Wing eliminating in its pivot
// set, a Uniqueness Test 3 with a subset of five cells.
func TestHoDoKuFound(t *testing.T) {
	byCode := techniqueStrategies()
	cases := parseReglib(t, "testdata/hodoku-found.txt")
	if len(cases) < 2 {
		t.Fatalf("%d cases read", len(cases))
	}
	for _, c := range cases {
		if ok, why := runReglibCase(c, byCode[c.code]); !ok {
			t.Errorf("line %d (%s): %s", c.line, c.code, why)
		}
	}
}
