package classic

// The solver keeps, for every digit and band (three rows), a 27-bit word of
// the cells of the band that may still hold the digit: bit 9*r+c is row r of
// the band, column c. A row of a word is 9 bits; a minirow is the 3 cells of
// a row inside one box.
const (
	all27 = 1<<27 - 1
	low9  = 0x1ff
)

// tables are the lookup tables of the propagation, each indexed by 9 bits.
type tables struct {
	// rowBoxes maps a 9-bit row to the 3-bit set of the boxes where it has
	// a cell.
	rowBoxes [512]uint32
	// bandKeep maps the minirow matrix of a digit in a band (bit 3*r+k:
	// row r has a cell in box k) to the cells that can still hold the digit.
	// The digit sits once in every row and once in every box of the band, so
	// its minirows form a permutation matrix; a minirow outside every
	// permutation matrix contained in the pattern is dead. This is pointing
	// and claiming between rows and boxes, and a bit more, in one lookup.
	// The mask is 0 when no permutation fits: a contradiction.
	bandKeep [512]uint32
	// rowSingle maps a 9-bit row to itself when it has exactly one cell (a
	// hidden single of the row), else to 0.
	rowSingle [512]uint32
	// otherBands maps the columns where a digit may sit in a band to the mask
	// to apply to the two other bands: a box of this band whose digit is
	// confined to one column claims that column (pointing along columns,
	// which covers a digit placed in the band).
	otherBands [512]uint32
	// live maps a 3×3 matrix (bit 3*r+k) to the union of the permutation
	// matrices it contains.
	live [512]uint32
	// rowBoxes3 and rowBoxes6 are rowBoxes shifted left by 3 and 6 bits,
	// rowSingle9 and rowSingle18 rowSingle by 9 and 18: the assembly takes
	// a band's second and third rows without a shift. (propagatePEXT takes
	// the minirow matrix without rowBoxes.)
	rowBoxes3, rowBoxes6, rowSingle9, rowSingle18 [512]uint32
	// singleRows maps a minirow matrix (bit 3*r+k) to the cells of the
	// rows where it is empty. propagatePEXT takes the rows of a word w with
	// one cell (every row of w holding some) as singleRows of the minirow
	// matrix of w&(w-0x40201), w without the first cell of each row: a
	// row of one cell is empty there, and a row of more is not.
	singleRows [512]uint32
}

var tab = newTables()

// rowMask[p] is the 9-bit row holding bit p of a band word, in place;
// entries 27–31 are unused, so that an index masked with 31 needs no
// bounds check.
var rowMask = func() (m [32]uint32) {
	for p := range 27 {
		m[p] = low9 << (9 * (p / 9))
	}
	return m
}()

func newTables() *tables {
	t := new(tables)
	// The six permutation matrices of 3×3 as minirow sets (bit 3*r+k).
	var perms []uint32
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				if a != b && b != c && a != c {
					perms = append(perms, 1<<a|1<<(3+b)|1<<(6+c))
				}
			}
		}
	}
	for x := range uint32(512) {
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				t.rowBoxes[x] |= 1 << k
			}
		}
		var live uint32
		for _, p := range perms {
			if p&x == p {
				live |= p
			}
		}
		t.live[x] = live
		for m := range 9 {
			if live>>m&1 != 0 {
				r, k := m/3, m%3
				t.bandKeep[x] |= 7 << (9*r + 3*k)
			}
		}
		if x != 0 && x&(x-1) == 0 {
			t.rowSingle[x] = x
		}
		t.rowBoxes3[x], t.rowBoxes6[x] = t.rowBoxes[x]<<3, t.rowBoxes[x]<<6
		t.rowSingle9[x], t.rowSingle18[x] = t.rowSingle[x]<<9, t.rowSingle[x]<<18
		for r := range 3 {
			if x>>(3*r)&7 == 0 {
				t.singleRows[x] |= low9 << (9 * r)
			}
		}
		keep := uint32(all27)
		for k := range 3 {
			if cols := x >> (3 * k) & 7; cols != 0 && cols&(cols-1) == 0 {
				col := cols << (3 * k)
				keep &^= col | col<<9 | col<<18
			}
		}
		t.otherBands[x] = keep
	}
	return t
}

// colMask[p] is the column of bit p of a band word, in place; bandPeers[p]
// the other cells of the band in its row, column or box. Entries 27–32
// are 0: scorePairsAMD64 reads entry 32 for a cell that is not there
// (TZCNT of 0).
var colMask, bandPeers = func() (col [32]uint32, peers [33]uint32) {
	for p := range 27 {
		r, c := p/9, p%9
		col[p] = 0x40201 << c
		peers[p] = (low9<<(9*r) | col[p] | 0x1c0e07<<(c/3*3)) &^ (1 << p)
	}
	return col, peers
}()

// boxCells maps a 3-bit set of the boxes of a band to their cells.
var boxCells = func() (m [8]uint32) {
	for x := range m {
		for k := range 3 {
			if x>>k&1 != 0 {
				m[x] |= 0x1c0e07 << (3 * k)
			}
		}
	}
	return m
}()

// bandWords has the words of band 0, one per digit; shifted by b, those of
// band b.
const bandWords = 0o111111111

// next3[b] and next3[b+1] are the two bands other than b.
var next3 = [4]int{1, 2, 0, 1}

// neighbours[i] packs, for band word i, the words of the same digit in the
// two other bands (bits 0–4 and 8–12) and the band (bits 16–17).
var neighbours = func() (n [32]uint32) {
	for i := range 27 {
		b, d0 := i%3, i-i%3
		n[i] = uint32(d0+next3[b]) | uint32(d0+next3[b+1])<<8 | uint32(b)<<16
	}
	return n
}()
