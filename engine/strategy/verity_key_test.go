package strategy

import (
	"fmt"
	"testing"
)

// TestFillingKeysDistinct checks that fillingKey tells apart every
// filling of up to three digits (1-9) of the first 300 groups, and the
// longest fillings of a few: two fillings of one key share a carried
// trial (verityKept), which makes Cage Filling Verity unsound. The key
// once made group 17's 3,4 and group 0's 2,3,4 one.
func TestFillingKeysDistinct(t *testing.T) {
	seen := map[fillKey]string{}
	add := func(g int, f []uint8) {
		k := fillingKey(g, f)
		name := fmt.Sprintf("group %d's %v", g, f)
		if prev, ok := seen[k]; ok {
			t.Fatalf("%s and %s share a key", name, prev)
		}
		seen[k] = name
	}
	for g := range 300 {
		var walk func(f []uint8)
		walk = func(f []uint8) {
			if len(f) > 0 {
				add(g, f)
			}
			if len(f) == 3 {
				return
			}
			for d := uint8(1); d <= 9; d++ {
				walk(append(f, d))
			}
		}
		walk(nil)
	}
	for g := range 3 {
		long := make([]uint8, 12)
		for i := range long {
			long[i] = uint8(1 + (i+g)%9)
		}
		add(1000+g, long)
		add(1000+g, long[:11])
	}
	if len(seen) < 300*(9+81+729) {
		t.Fatalf("%d keys, want every filling's own", len(seen))
	}
}
