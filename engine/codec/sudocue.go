package codec

import (
	"strconv"
	"strings"

	"github.com/sudokuwise/solver/engine/grid"
)

// SudoCue's killer strings, for 9×9 killers, are "3x3:", a flags field,
// ":k:", then 81 decimal numbers separated by ':', one a cell, row-major
// (a trailing ':' may follow):
//
//	3x3::k:3595:3595:3844:3844:3090:…:3593:3593:
//
// A number is sum×256 + cage id. The cells of one id with a non-zero sum
// form a cage, which need not be connected; a cell whose sum is 0 is in
// no cage. The flag "d" makes the two diagonals units too: a killer X
// (grid.KillerX). The form has no clues and no progress.
//
// The encoder numbers the cages from 1 in the order of their first cells,
// row-major, and gives every cell in no cage a number of sum 0 and an id
// of its own, as SudoCue does.

const (
	sudoCuePrefix = "3x3:"
	// sudoCueMaxDigits bounds the digits of a number: 45×256 + 255 has 5.
	sudoCueMaxDigits = 5
)

// isSudoCue reports whether s has the shape of a SudoCue killer string:
// "3x3:", a flags field, ":k:".
func isSudoCue(s string) bool {
	parts := strings.SplitN(s, ":", 4)
	return len(parts) == 4 && strings.EqualFold(parts[0], "3x3") && strings.EqualFold(parts[2], "k")
}

// DecodeSudoCue decodes a SudoCue killer string (see the description of
// the form above). Errors name the cell and the position of a number at
// fault.
func DecodeSudoCue(s string) (*Puzzle, error) {
	s = strings.TrimSpace(s)
	if len(s) < len(sudoCuePrefix) || !strings.EqualFold(s[:len(sudoCuePrefix)], sudoCuePrefix) {
		return nil, grid.FieldErrorf("text", "a SudoCue string starts with %q", sudoCuePrefix)
	}
	parts := strings.Split(s, ":")
	if len(parts) < 3 || !strings.EqualFold(parts[2], "k") {
		third := ""
		if len(parts) >= 3 {
			third = parts[2]
		}
		return nil, grid.FieldErrorf("text", "a SudoCue killer string is 3x3:<flags>:k:<81 numbers>; its third field is %q, not k", third)
	}
	variant := grid.Killer
	switch flags := parts[1]; flags {
	case "":
	case "d", "D":
		variant = grid.KillerX
	default:
		return nil, grid.FieldErrorf("text", "unknown SudoCue flags %q: the only flag is d (the diagonals are units too: killer X)", flags)
	}
	const n = 9
	numbers := parts[3:]
	if len(numbers) > 0 && numbers[len(numbers)-1] == "" {
		numbers = numbers[:len(numbers)-1] // the trailing ':'
	}
	if len(numbers) != n*n {
		return nil, grid.FieldErrorf("text", "a SudoCue killer string has %d numbers after 3x3:%s:k:, got %d", n*n, parts[1], len(numbers))
	}
	p := &Puzzle{Size: n, Variant: variant, VariantSet: true, Cells: make([]grid.CellState, n*n)}
	cageOf := make(map[int]int) // id → index in p.Cages
	at := len(parts[0]) + len(parts[1]) + len(parts[2]) + 3
	for cell, field := range numbers {
		pos := at + 1
		at += len(field) + 1
		if !isDigits(field, 10) {
			return nil, grid.FieldErrorf("text", "cell %s: %q at position %d is not a decimal number", cellName(n, cell), field, pos)
		}
		if len(field) > sudoCueMaxDigits {
			return nil, grid.FieldErrorf("text", "cell %s: %q at position %d has %d digits: a number is sum×256 + cage id, at most %d digits (%d×256 + 255 = %d)",
				cellName(n, cell), field, pos, len(field), sudoCueMaxDigits, arrowMaxSum, arrowMaxSum<<8+255)
		}
		x, _ := strconv.Atoi(field)
		sum, id := x>>8, x&0xff
		switch {
		case sum == 0:
			continue
		case sum > arrowMaxSum:
			return nil, grid.FieldErrorf("text", "cell %s: %s at position %d is sum %d in cage %d; a killer sum is at most %d", cellName(n, cell), field, pos, sum, id, arrowMaxSum)
		}
		k, ok := cageOf[id]
		if !ok {
			k = len(p.Cages)
			cageOf[id] = k
			p.Cages = append(p.Cages, grid.Cage{Target: sum, Op: grid.OpAdd})
		}
		if cg := &p.Cages[k]; cg.Target != sum {
			return nil, grid.FieldErrorf("text", "cell %s: %s at position %d gives cage %d sum %d, which has sum %d at %s", cellName(n, cell), field, pos, id, sum, cg.Target, cellName(n, cg.Cells[0]))
		}
		p.Cages[k].Cells = append(p.Cages[k].Cells, cell)
	}
	return p, nil
}

// EncodeSudoCue renders a 9×9 killer as a SudoCue killer string. The
// puzzle must be its cages alone, with no clues or progress (a cage of one
// cell may hold its sum as a solved cell, as SudokuWiki's strings have
// it), and sums at most 45; cages of any shape are written. A killer X
// gets the flag d.
func EncodeSudoCue(p *Puzzle) (string, error) {
	cage, err := freshKiller9Cages(p, "SudoCue strings", true, false)
	if err != nil {
		return "", err
	}
	flags := ""
	if killerVariant(p) == grid.KillerX {
		flags = "d"
	}
	idOf := make([]int, len(p.Cages)) // 0 until the cage's first cell
	id := 0
	var b strings.Builder
	b.Grow(len("3x3:d:k:") + 81*5)
	b.WriteString("3x3:" + flags + ":k:")
	for _, k := range cage {
		x := 0
		switch {
		case k < 0:
			id++
			x = id
		case idOf[k] == 0:
			id++
			idOf[k] = id
			fallthrough
		default:
			x = p.Cages[k].Target<<8 + idOf[k]
		}
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(':')
	}
	return b.String(), nil
}
