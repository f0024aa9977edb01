package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/bench"
	"github.com/sudokuwise/solver/internal/cputime"
	"github.com/sudokuwise/solver/service"
)

// benchHelp is the long help of bench (see command).
const benchHelp = `FILE holds one puzzle a line (its first field, so rated lists work, or
the first two of a Str8ts in the simple form, clues then colours;
blank lines and lines starting with # are skipped, with a -charset that
holds # only # alone or before a space; a CSV list with a header naming
its puzzle column, as batch reads it); @FILE is FILE, as in the other
commands; - reads standard input.
Any format the CLI reads works (killer and KenKen strings, N×N text with
-map and -charset, a protojson board or puzzle, which takes its whole line,
...); -variant applies to texts that name none. Strings are read
tolerantly, as solve's -tolerant reads them (a Str8ts string with
str8ts.com's off-by-one, an interim base-32 2.0 string), so bench may
time a string that batch and rate refuse.
Classic 9×9 puzzles go to the classic solver, others to the generic search.
CPU time is the process's user+sys time over the searches; with -each,
every puzzle's own CPU time is that of the thread that searched it.
Only the searches are timed; puzzles are read before, and the solutions of
the last round are verified after.

`

// runBench is the bench command: it searches every puzzle of a file with
// the engine in this process, times the searches and then verifies every
// solution kept.
func runBench(ctx context.Context, e *env, cmd *command, args []string) error {
	fs := newFlagSet("solverctl " + cmd.name)
	threads := fs.Int("threads", 1, "searches run in parallel")
	countTo := fs.Int("count-to", 1, "solutions to look for in each puzzle: 1 solves, 2 proves uniqueness")
	minTime := fs.Duration("min-time", time.Second, "repeat the whole file until the searches have taken this long")
	each := fs.Bool("each", false, "also print every puzzle's count, guesses and CPU time")
	var in bench.Input
	fs.StringVar(&in.Charset, "charset", "", "`symbols` of the NxN form: the blank, then 1..N (e.g. #ABCD)")
	fs.StringVar(&in.RegionMap, "map", "", "region `map` of the NxN form, or @FILE to read it from a file")
	fs.Var(&enumValue[sudokuv1.Format]{&in.Format, formatNames}, "format", "puzzle text `format`: "+names(formatNames))
	fs.Var(&enumValue[sudokuv1.Variant]{&in.Variant, variantNames}, "variant", "`variant` of the puzzles whose text names none (auto: classic): "+names(variantNames))
	pos, err := parseFlags(cmd, e, fs, args)
	if err != nil {
		return helpIsNil(err)
	}
	if len(pos) != 1 {
		return usageErrorf("%s: want one FILE, got %d arguments", cmd.name, len(pos))
	}
	if *threads < 1 {
		return usageErrorf("%s: -threads must be at least 1, not %d", cmd.name, *threads)
	}
	if *countTo < 1 {
		return usageErrorf("%s: -count-to must be at least 1, not %d", cmd.name, *countTo)
	}
	if *minTime < 0 {
		return usageErrorf("%s: -min-time %v is negative; 0 runs the file once", cmd.name, *minTime)
	}
	if in.RegionMap, err = readArg(ctx, e.stdin, in.RegionMap, false); err != nil {
		return fmt.Errorf("-map: %w", err)
	}
	puzzles, err := readBenchFile(ctx, e.stdin, pos[0], &in)
	if err != nil {
		return err
	}
	if len(puzzles) == 0 {
		return fmt.Errorf("%s: no puzzles in %s", cmd.name, pos[0])
	}
	b := bench.New(puzzles, *countTo)
	var elapsed, cpu time.Duration
	rounds := 0
	cpuOK := true
	for rounds == 0 || elapsed < *minTime {
		c0, ok0 := cputime.Process()
		d, err := b.Round(ctx, *threads, *each)
		if err != nil {
			return err
		}
		c1, ok1 := cputime.Process()
		cpuOK = cpuOK && ok0 && ok1
		elapsed += d
		cpu += c1 - c0
		rounds++
	}
	if err := b.Verify(); err != nil {
		return fmt.Errorf("%s: %w", cmd.name, err)
	}
	keep := b.Keep()
	var classics, solved, unique, multiple, none, solutions int
	var guesses int64
	for i := range puzzles {
		p := &puzzles[i]
		if p.Classic() {
			classics++
		}
		guesses += p.Guesses
		switch {
		case p.Count == 0:
			none++
		case p.Count == 1:
			solved++
			unique++
		default:
			solved++
			multiple++
		}
		solutions += p.Solutions()
	}
	n := float64(len(puzzles) * rounds)
	// w keeps the first error of writing the report, which Flush returns:
	// a report that could not be written is an error, not a success.
	w := bufio.NewWriter(e.stdout)
	fmt.Fprintf(w, "file: %s\n", pos[0])
	fmt.Fprintf(w, "puzzles: %d (%d classic 9×9, %d on the generic search)\n", len(puzzles), classics, len(puzzles)-classics)
	fmt.Fprintf(w, "threads: %d, count-to: %d, rounds: %d\n", *threads, *countTo, rounds)
	if *countTo == 1 {
		fmt.Fprintf(w, "solved: %d, no solution: %d\n", solved, none)
	} else {
		fmt.Fprintf(w, "unique: %d, multiple: %d, no solution: %d\n", unique, multiple, none)
	}
	fmt.Fprintf(w, "verified: %d solutions valid and keeping their clues", solutions)
	if keep < *countTo {
		fmt.Fprintf(w, " (the first %d of each puzzle)", keep)
	}
	fmt.Fprintf(w, "\ntime: %v\n", elapsed.Round(time.Microsecond))
	fmt.Fprintf(w, "µs/puzzle: %.2f\n", elapsed.Seconds()*1e6/n)
	if cpuOK {
		fmt.Fprintf(w, "cpu: %v\n", cpu.Round(time.Microsecond))
		fmt.Fprintf(w, "cpu µs/puzzle: %.2f\n", cpu.Seconds()*1e6/n)
	}
	if worst := slowest(puzzles); worst != nil {
		fmt.Fprintf(w, "slowest: line %d, cpu µs %.2f, guesses %d\n", worst.Line, worst.CPU.Seconds()*1e6/float64(rounds), worst.Guesses)
	}
	fmt.Fprintf(w, "guesses/puzzle: %.2f\n", float64(guesses)/float64(len(puzzles)))
	if *each {
		_, threadTimed := cputime.Thread()
		for i := range puzzles {
			p := &puzzles[i]
			fmt.Fprintf(w, "line %d: solutions %d, guesses %d", p.Line, p.Count, p.Guesses)
			if threadTimed {
				fmt.Fprintf(w, ", cpu µs %.2f", p.CPU.Seconds()*1e6/float64(rounds))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "puzzles/s: %s\n", rateText(n/elapsed.Seconds()))
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the results: %w", err)
	}
	return nil
}

// slowest returns the puzzle whose searches took the most thread CPU
// time, or nil when threads are not timed.
func slowest(puzzles []bench.Puzzle) *bench.Puzzle {
	var worst *bench.Puzzle
	for i := range puzzles {
		if p := &puzzles[i]; p.CPU > 0 && (worst == nil || p.CPU > worst.CPU) {
			worst = p
		}
	}
	return worst
}

// readBenchFile reads the puzzles of a bench file ("-" is stdin; @FILE is
// FILE, as in the other commands) as in says. It stops with ctx's error
// when ctx ends while a line is told apart (see benchText).
func readBenchFile(ctx context.Context, stdin io.Reader, name string, in *bench.Input) ([]bench.Puzzle, error) {
	r := stdin
	name = strings.TrimPrefix(name, "@")
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var out []bench.Puzzle
	lr := newLineReader(r, maxInput)
	var list csvLines
	for {
		text, line, tooLong, err := lr.next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		if tooLong {
			return nil, fmt.Errorf("%s: line %d is %w", name, line, errTooLong)
		}
		text, skip, err := list.next(text, in.Charset)
		if skip {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", name, line, err)
		}
		fields := strings.Fields(text)
		if len(fields) == 0 || isComment(strings.TrimSpace(text), in.Charset) {
			continue
		}
		var bp bench.Puzzle
		if why, ok := readsJSON(text, in.Format, in.Charset); ok {
			// protojson may hold spaces: the whole line is the puzzle.
			text = strings.TrimSpace(text)
			p, err := parseJSONPuzzle(text, why)
			if err == nil {
				bp, err = bench.FromProto(line, text, benchFlags(in).jsonPuzzle(p, in.RegionMap))
			}
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
		} else {
			p, err := benchText(ctx, text, fields, in)
			if err == nil {
				bp, err = bench.Parse(line, p, *in)
			}
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
		}
		out = append(out, bp)
	}
}

// benchFlags returns the flags of a solving command that read puzzles as
// in says, tolerant of a puzzle's other faults as bench is.
func benchFlags(in *bench.Input) *solveFlags {
	f := &solveFlags{charset: in.Charset, tolerant: true, format: formatJSON, variant: in.Variant}
	if in.Format != formatJSON {
		f.format = in.Format
	}
	return f
}

// rateText writes a rate of puzzles a second: whole, or to two decimals
// below 10, where a whole number says 0 for the slowest sets.
func rateText(rate float64) string {
	if rate < 10 {
		return fmt.Sprintf("%.2f", rate)
	}
	return fmt.Sprintf("%.0f", rate)
}

// benchText is the puzzle of a line whose fields are fields: the first,
// or the first two of a Str8ts in the simple form (clues, then colours),
// as service.LinePuzzleContext reads it with the variant and charset
// named, under ctx.
func benchText(ctx context.Context, line string, fields []string, in *bench.Input) (string, error) {
	p, err := service.LinePuzzleContext(ctx, line, in.Variant, in.Charset)
	if err != nil {
		return "", err
	}
	if p != "" {
		return p, nil
	}
	return fields[0], nil
}
