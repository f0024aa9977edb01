package grid

import "testing"

// TestNotationAppend holds the Append forms of the names to the string
// ones, on boards whose rows and columns run past 9 and with and without
// symbols.
func TestNotationAppend(t *testing.T) {
	for _, tt := range []struct {
		size    int
		symbols string
	}{
		{4, ""},
		{9, ""},
		{9, ".ABCDEFGHI"},
		{16, ".123456789ABCDEFG"},
		{16, ""},
		{25, ""},
		{32, ""},
	} {
		l, err := NewLayout(Config{Size: tt.size})
		if err != nil {
			t.Fatal(err)
		}
		n := Notation{Layout: l, Symbols: tt.symbols}
		checked := 0
		for c := range l.Cells {
			if got, want := string(n.AppendCellName([]byte("x"), c)), "x"+n.CellName(c); got != want {
				t.Errorf("size %d: AppendCellName(%d) = %q, want %q", tt.size, c, got, want)
			}
			checked++
		}
		for d := 1; d <= tt.size; d++ {
			if got, want := string(n.AppendDigitName([]byte("x"), d)), "x"+n.DigitName(d); got != want {
				t.Errorf("size %d, symbols %q: AppendDigitName(%d) = %q, want %q", tt.size, tt.symbols, d, got, want)
			}
		}
		all := AllDigits(tt.size)
		for _, s := range []Digits{0, 1, all, all &^ 1, Bit(tt.size) | Bit(1), all & 0x2aaaaaaa} {
			for _, sep := range []string{"", ",", ", "} {
				if got, want := string(n.AppendDigitList([]byte("x"), s, sep)), "x"+n.DigitList(s, sep); got != want {
					t.Errorf("size %d, symbols %q: AppendDigitList(%v, %q) = %q, want %q", tt.size, tt.symbols, s, sep, got, want)
				}
			}
		}
		if checked != tt.size*tt.size {
			t.Errorf("size %d: %d cells checked", tt.size, checked)
		}
	}
}
