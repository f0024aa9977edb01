package service

import (
	"context"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// MaxTextLen is the most bytes of puzzle text (and of a region map) the
// service takes: the largest board in the widest format with generous room
// for grid art.
const MaxTextLen = 64 << 10

// CheckText reports whether s may be sent as the string field named field
// (a proto path such as "puzzle.text"): it must be valid UTF-8, which
// protobuf requires of every string, and at most max bytes (no bound when
// max is 0). The error is a *grid.FieldError, which the service answers
// with InvalidArgument naming field; clients call it before sending, so
// that one bad input fails alone and clearly rather than failing the
// marshalling of a whole message.
func CheckText(field, s string, max int) error {
	if max > 0 && len(s) > max {
		return grid.FieldErrorf(field, "%d bytes, more than %d", len(s), max)
	}
	if !utf8.ValidString(s) {
		i := invalidUTF8At(s)
		return grid.FieldErrorf(field, "not valid UTF-8 (byte %d is 0x%02x); puzzle text is characters, not binary data", i, s[i])
	}
	return nil
}

// invalidUTF8At returns the offset of the first byte of s that does not
// start a valid UTF-8 sequence, or len(s).
func invalidUTF8At(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// CheckPuzzleText checks the string fields of a puzzle (text, charset and
// region map) with CheckText, field being the puzzle's proto path
// ("puzzle", "puzzles[3]"). A nil puzzle passes.
func CheckPuzzleText(field string, p *sudokuv1.Puzzle) error {
	if p == nil {
		return nil
	}
	if err := CheckText(field+".text", p.GetText(), MaxTextLen); err != nil {
		return err
	}
	if err := CheckText(field+".charset", p.GetCharset(), 0); err != nil {
		return err
	}
	return CheckText(field+".region_map", p.GetRegionMap(), MaxTextLen)
}

// LinePuzzle returns the puzzle of a line of a list of puzzles, one a
// line, whose reader skips what follows a puzzle (a rating, say): the
// line's first field, or its first two when they make a Str8ts puzzle in
// the simple form, clues and then colours apart by white space (the clues
// alone read as a classic puzzle, of other solutions or none). It is ""
// for a blank line.
//
// A Str8ts whose only clues are black clues, every black cell holding one,
// has colours that are the mask of its clues, as a list's "puzzle givens"
// line has: it is taken as a Str8ts unless it cannot be one, which
// codec.LeadingStr8tsPlain tells of most classic puzzles from their lines
// and a short solve (maskSolvable) of the rest; a classic puzzle's
// clues that are a Str8ts's too read as the Str8ts.
//
// The variant the caller names (VARIANT_UNSPECIFIED for none) settles
// what a line cannot: one outside the Str8ts family reads a mask line's
// first field alone, and one of the family takes it as a Str8ts unsolved.
// A line whose colours are not its clues' mask is a Str8ts whatever the
// variant named (the service refuses one outside the family).
// The clues are read with charset, the puzzles' charset ("" for none), as
// the service reads them.
//
// LinePuzzle runs the solve without a deadline; LinePuzzleContext takes
// the caller's context.
func LinePuzzle(line string, variant sudokuv1.Variant, charset string) string {
	p, _ := LinePuzzleContext(context.Background(), line, variant, charset)
	return p
}

// LinePuzzleContext is LinePuzzle with a context, which the solve of a
// mask line runs under: when ctx ends before that line is told (or has
// ended before the solve starts, which then does not run), it returns ""
// and ctx's error. A line that needs no solve reads as LinePuzzle reads
// it, with a nil error, whatever ctx.
func LinePuzzleContext(ctx context.Context, line string, variant sudokuv1.Variant, charset string) (string, error) {
	v, named := protoconv.VariantFromProto[variant]
	named = named && variant != sudokuv1.Variant_VARIANT_UNSPECIFIED
	if p, ok := codec.LeadingStr8tsPlain(line, charset); ok {
		pz, mask := maskLine(p, charset)
		switch {
		case named && v.IsStr8ts(), !mask:
			// A line whose colours are not its clues' mask is a Str8ts
			// whatever variant is named: one outside the family is
			// refused as contradicting its black cells, as solve refuses
			// it.
			return p, nil
		case !named:
			ok, err := maskSolvable(ctx, pz)
			if err != nil {
				return "", err
			}
			if ok {
				return p, nil
			}
		}
	}
	line = strings.TrimSpace(line)
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		return line[:i], nil
	}
	return line, nil
}

// maskSearchNodes bounds the guesses of maskSolvable's solve: a
// Str8ts of black clues alone that it has not answered within them is
// taken as one. The classic lines that pass codec's checks with their
// mask are proved to have no Str8ts solution within 22 guesses; a line
// made to spend the budget costs some 30 ms (16×16), where 20,000 guesses
// took half a second and more, in the reader of a batch.
const maskSearchNodes = 1000

// maskLine decodes p, a Str8ts in the simple form whose clues are written
// with charset, and reports whether its colours are the mask of its clues
// (black exactly where a clue is): a Str8ts whose only clues are black
// clues, or a classic puzzle followed by its givens' mask. A text that
// does not decode is no mask line (pz nil): the service says what is
// wrong with it.
func maskLine(p, charset string) (pz *codec.Puzzle, mask bool) {
	pz, _, err := codec.Decode(p, codec.DecodeOptions{Format: codec.FormatPlain, Charset: charset})
	if err != nil {
		return nil, false
	}
	for i, c := range pz.Cells {
		if pz.Black[i] != (c.Value != 0) {
			return pz, false // black cells without clues, or white clues
		}
	}
	return pz, true
}

// maskSolvable reports whether pz, a mask line's Str8ts (see maskLine),
// may be one: true unless a solve (singles and guesses) proves it has no
// solution, which makes the line's first field a classic puzzle with its
// givens' mask after it. Of the 187,367 classic lines of the shared
// collections, codec.LeadingStr8tsPlain takes three (two puzzles) with
// their mask for Str8ts, and none of them has a Str8ts solution.
//
// The solve runs under ctx: when ctx ends before it answers, or has
// ended before it starts (it then does not run), maskSolvable returns
// ctx's error.
func maskSolvable(ctx context.Context, pz *codec.Puzzle) (bool, error) {
	b, err := pz.Board(grid.Str8ts)
	if err != nil {
		return false, nil
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("telling a mask line's Str8ts from a classic puzzle: %w", err)
	}
	res, err := maskSolve(ctx, b, solver.Options{Type: solver.GuessingOnly, MaxNodes: maskSearchNodes}, nil)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return false, fmt.Errorf("telling a mask line's Str8ts from a classic puzzle: %w", ctxErr)
		}
		return true, nil // its guesses spent: taken as a Str8ts
	}
	return res.Status != solver.NoSolution, nil
}

// maskSolve is the solve maskSolvable runs: solver.Solve, which a test
// wraps to count the solves (as net/http's testHook variables do).
var maskSolve = solver.Solve
