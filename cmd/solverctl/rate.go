package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// rateHelp is the long help of rate (see command).
const rateHelp = `rate reads puzzles as batch does (FILE or - for one puzzle a line) or
takes one PUZZLE (read whole, as solve reads it: a grid of several lines,
or rows apart by spaces), and prints one line a puzzle, in input order, as
Sudoku Explainer's serate --format="%g ED=%r/%p/%d" writes it:

  <puzzle> ED=<ER>/<EP>/<ED>

the ratings SE itself gives (reproduced step for step, classic 9×9 puzzles
with one solution; see docs/se-rating.md). A puzzle SE's rating cannot be
given for prints ED=-/-/- and the reason after a tab; an error prints the
error after a tab. -json prints batch's JSON records, with HoDoKu's level
(difficulty) and score and an "explainer" object. The puzzles stream over
SolveBatch, in-process on every core without -addr, with batch's flags;
progress shows on a terminal.
`

// runRate is the rate command: a batch that asks for Sudoku Explainer's
// ratings and writes them as serate does.
func runRate(ctx context.Context, e *env, cmd *command, args []string) error {
	return runBatchAs(ctx, e, cmd, args, true)
}

// explainerRecord is Sudoku Explainer's rating of a puzzle in a batch
// record.
type explainerRecord struct {
	Rated  bool    `json:"rated"`
	ER     float64 `json:"er"`
	EP     float64 `json:"ep"`
	ED     float64 `json:"ed"`
	Reason string  `json:"reason,omitempty"`
}

// rateText renders the record as serate's line, "<puzzle> ED=ER/EP/ED",
// with the reason or the error after a tab when there is no rating. A
// puzzle line that is not UTF-8 (refused) is echoed with its bad bytes as
// U+FFFD, as -json writes it; a refused line's control characters (NUL, a
// terminal's escapes) are too, so that the output stays text. A line read
// is echoed as it is, tabs and all; one too long to be read, which has
// nothing to echo, is named by its number in the error.
func (r *batchRecord) rateText() string {
	puzzle := strings.ToValidUTF8(r.Puzzle, "\uFFFD")
	if strings.Contains(puzzle, "\n") {
		// A PUZZLE of several lines (a grid), on one line.
		puzzle = strings.Join(strings.Fields(puzzle), " ")
	}
	switch {
	case r.Error != nil:
		puzzle = strings.Map(func(c rune) rune {
			if unicode.IsControl(c) {
				return utf8.RuneError
			}
			return c
		}, puzzle)
		where := ""
		if puzzle == "" {
			// A line too long to be read has no puzzle to echo: name it.
			where = fmt.Sprintf("line %d: ", r.Line)
		}
		return puzzle + " ED=-/-/-\t" + where + r.Error.Code + ": " + oneLine(r.Error.Message)
	case r.Explainer == nil:
		return puzzle + " ED=-/-/-\tnot rated"
	case !r.Explainer.Rated:
		return puzzle + " ED=-/-/-\t" + oneLine(r.Explainer.Reason)
	}
	return fmt.Sprintf("%s ED=%.1f/%.1f/%.1f", puzzle, r.Explainer.ER, r.Explainer.EP, r.Explainer.ED)
}

// ordered writes lines in the order of their seq, holding back those that
// come before their turn.
type ordered struct {
	next    int
	pending map[int][]byte
}

// write writes line, the line of job seq, and every held line that
// follows it in turn.
func (o *ordered) write(w *bufio.Writer, seq int, line []byte) error {
	if o.pending == nil {
		o.pending = map[int][]byte{}
	}
	o.pending[seq] = line
	for {
		l, ok := o.pending[o.next]
		if !ok {
			return nil
		}
		delete(o.pending, o.next)
		o.next++
		if err := writeLine(w, l); err != nil {
			return err
		}
	}
}

// drain writes every held line, in the order of their seq, gaps and all.
func (o *ordered) drain(w *bufio.Writer) error {
	seqs := slices.Sorted(maps.Keys(o.pending))
	for _, seq := range seqs {
		if err := writeLine(w, o.pending[seq]); err != nil {
			return err
		}
		delete(o.pending, seq)
		o.next = seq + 1
	}
	return nil
}

// looksLikeFileName reports whether arg, which names no file, was more
// likely meant as one than as a puzzle: one word with a lower-case
// extension (puzzles.txt), which no puzzle format ends with.
func looksLikeFileName(arg string) bool {
	ext := filepath.Ext(arg)
	if len(ext) < 3 || len(ext) > 6 || strings.ContainsFunc(arg, unicode.IsSpace) {
		return false
	}
	for _, r := range ext[1:] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// rateInput returns the input of rate: "-" and files as they are, and a
// puzzle given on the command line as an input of its own.
func rateInput(arg string) (file string, text io.Reader) {
	if arg == "-" {
		return arg, nil
	}
	if _, err := os.Stat(arg); err == nil {
		return arg, nil
	}
	return "", strings.NewReader(arg + "\n")
}
