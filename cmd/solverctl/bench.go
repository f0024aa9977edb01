package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/search"
	"github.com/sudokuwise/solver/engine/search/classic"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/service"
)

// benchKeepBytes bounds the memory spent keeping solutions for the
// verification that follows the timed run.
const benchKeepBytes = 64 << 20

// benchPuzzle is one puzzle of a bench file with what its search found.
type benchPuzzle struct {
	line int
	text string
	// Exactly one of p (a classic 9×9 puzzle, for the classic solver) and
	// b (any other board, for the generic search) is set.
	p *classic.Puzzle
	b *grid.Board

	count   int
	guesses int64
	// cpu is the thread CPU time of the puzzle's searches, summed over
	// the rounds; zero where threads are not timed (see threadCPU).
	cpu    time.Duration
	sols   []classic.Grid // classic: the first solutions found
	others [][]uint8      // generic: the solutions found
}

// benchHelp is the long help of bench (see command).
const benchHelp = `FILE holds one puzzle a line (its first field, so rated lists work;
blank lines and lines starting with # are skipped); - reads standard input.
Any format the CLI reads works (killer and KenKen strings, N×N text with
-map and -charset, a protojson board or puzzle, which takes its whole line,
...); -variant applies to texts that name none.
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
	var in benchInput
	fs.StringVar(&in.charset, "charset", "", "`symbols` of the NxN form: the blank, then 1..N (e.g. #ABCD)")
	fs.StringVar(&in.regionMap, "map", "", "region `map` of the NxN form, or @FILE to read it from a file")
	fs.Var(&enumValue[codec.Format]{&in.format, benchFormats}, "format", "puzzle text `format`: "+names(benchFormats))
	fs.Var(&enumValue[grid.Variant]{&in.variant, benchVariants}, "variant", "`variant` of the puzzles whose text names none: "+names(benchVariants))
	pos, err := parseFlags(cmd, e, fs, args)
	if err != nil {
		return helpIsNil(err)
	}
	if len(pos) != 1 {
		return usageErrorf("%s: want one FILE, got %d arguments", cmd.name, len(pos))
	}
	if *threads < 1 || *countTo < 1 {
		return usageErrorf("%s: -threads and -count-to must be at least 1", cmd.name)
	}
	if *minTime < 0 {
		return usageErrorf("%s: -min-time %v is negative; 0 runs the file once", cmd.name, *minTime)
	}
	if in.regionMap, err = readArg(ctx, e.stdin, in.regionMap, false); err != nil {
		return err
	}
	puzzles, err := readBenchFile(e.stdin, pos[0], &in)
	if err != nil {
		return err
	}
	if len(puzzles) == 0 {
		return fmt.Errorf("%s: no puzzles in %s", cmd.name, pos[0])
	}
	keep := min(*countTo, max(1, benchKeepBytes/(81*len(puzzles))))

	// One slab for the kept classic solutions, allocated before the clock
	// starts.
	slab := make([]classic.Grid, keep*len(puzzles))
	var elapsed, cpu time.Duration
	rounds := 0
	cpuOK := true
	for rounds == 0 || elapsed < *minTime {
		c0, ok0 := processCPU()
		d, err := benchRun(ctx, puzzles, *threads, *countTo, keep, slab, *each)
		if err != nil {
			return err
		}
		c1, ok1 := processCPU()
		cpuOK = cpuOK && ok0 && ok1
		elapsed += d
		cpu += c1 - c0
		rounds++
	}

	classicLayout, err := grid.NewLayout(grid.Config{Size: 9})
	if err != nil {
		return err
	}
	var classics, solved, unique, multiple, none, solutions int
	var guesses int64
	for i := range puzzles {
		p := &puzzles[i]
		if p.p != nil {
			classics++
		}
		guesses += p.guesses
		switch {
		case p.count == 0:
			none++
		case p.count == 1:
			solved++
			unique++
		default:
			solved++
			multiple++
		}
		if err := verifyBench(p, classicLayout); err != nil {
			return fmt.Errorf("%s: line %d: %s: %w", cmd.name, p.line, p.text, err)
		}
		solutions += len(p.sols) + len(p.others)
	}
	n := float64(len(puzzles) * rounds)
	w := e.stdout
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
		fmt.Fprintf(w, "slowest: line %d, cpu µs %.2f, guesses %d\n", worst.line, worst.cpu.Seconds()*1e6/float64(rounds), worst.guesses)
	}
	fmt.Fprintf(w, "guesses/puzzle: %.2f\n", float64(guesses)/float64(len(puzzles)))
	if *each {
		_, threadTimed := threadCPU()
		for i := range puzzles {
			p := &puzzles[i]
			fmt.Fprintf(w, "line %d: solutions %d, guesses %d", p.line, p.count, p.guesses)
			if threadTimed {
				fmt.Fprintf(w, ", cpu µs %.2f", p.cpu.Seconds()*1e6/float64(rounds))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "puzzles/s: %.0f\n", n/elapsed.Seconds())
	return nil
}

// slowest returns the puzzle whose searches took the most thread CPU
// time, or nil when threads are not timed.
func slowest(puzzles []benchPuzzle) *benchPuzzle {
	var worst *benchPuzzle
	for i := range puzzles {
		if p := &puzzles[i]; p.cpu > 0 && (worst == nil || p.cpu > worst.cpu) {
			worst = p
		}
	}
	return worst
}

// benchJSON is bench's -format json: a line is a structured board (or a
// whole Puzzle) as protojson, as the solving commands read it.
const benchJSON codec.Format = 255

// benchInput tells how bench reads its puzzles.
type benchInput struct {
	format    codec.Format
	variant   grid.Variant
	charset   string
	regionMap string
}

// plain reports whether the input options are the defaults, under which
// a classic 9×9 line goes to the classic solver as it is.
func (in *benchInput) plain() bool {
	return in.format == codec.FormatAuto && in.variant == grid.Classic && in.charset == "" && in.regionMap == ""
}

var (
	// benchFormats are the formats of bench -format, by the names the
	// codec gives them.
	benchFormats = func() []choice[codec.Format] {
		var out []choice[codec.Format]
		for _, f := range codec.Formats() {
			out = append(out, choice[codec.Format]{f.String(), f})
		}
		return append(out, choice[codec.Format]{"json", benchJSON})
	}()
	// benchVariants are the variants of bench -variant, by the names of
	// the solving commands' -variant, less auto (bench reads into the
	// engine's variants, of which classic is the default).
	benchVariants = func() []choice[grid.Variant] {
		var out []choice[grid.Variant]
		for _, c := range variantNames {
			v, ok := protoconv.VariantFromProto[c.value]
			if ok && c.value != sudokuv1.Variant_VARIANT_UNSPECIFIED {
				out = append(out, choice[grid.Variant]{c.name, v})
			}
		}
		return out
	}()
)

// readBenchFile reads the puzzles of a bench file ("-" is stdin) as in
// says.
func readBenchFile(stdin io.Reader, name string, in *benchInput) ([]benchPuzzle, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	var out []benchPuzzle
	lr := newLineReader(r, maxInput)
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
		fields := strings.Fields(text)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		bp := benchPuzzle{line: line, text: fields[0]}
		if in.format == benchJSON || in.format == codec.FormatAuto && looksJSON(text, in.charset) {
			// protojson may hold spaces: the whole line is the puzzle.
			bp.text = strings.TrimSpace(text)
			b, err := jsonBenchBoard(bp.text, in)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			bp.b = b
		} else if p, err := classic.Parse(bp.text); err == nil && in.plain() {
			bp.p = &p
		} else {
			o := codec.DecodeOptions{Format: in.format, Charset: in.charset, RegionMap: in.regionMap, Tolerant: true}
			cp, _, err := codec.Decode(bp.text, o)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			if bp.b, err = cp.Board(in.variant); err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
		}
		out = append(out, bp)
	}
}

// jsonBenchBoard reads a bench line of protojson, a Board or a Puzzle, and
// builds its board as the service builds a request's: the fields the JSON
// leaves unset take bench's flags, as the solving commands complete theirs.
func jsonBenchBoard(text string, in *benchInput) (*grid.Board, error) {
	p, err := parseJSONPuzzle(text)
	if err != nil {
		return nil, err
	}
	return service.BoardOf(in.solveFlags().jsonPuzzle(p, in.regionMap))
}

// solveFlags returns the flags of a solving command that read puzzles as
// in says, tolerant of a puzzle's other faults as bench is.
func (in *benchInput) solveFlags() *solveFlags {
	f := &solveFlags{charset: in.charset, tolerant: true, format: formatJSON}
	for _, c := range formatNames {
		if in.format != benchJSON && c.name == in.format.String() {
			f.format = c.value
		}
	}
	for pv, v := range protoconv.VariantFromProto {
		if v == in.variant && pv != sudokuv1.Variant_VARIANT_UNSPECIFIED {
			f.variant = pv
		}
	}
	return f
}

// benchRun searches every puzzle with threads workers, keeping up to keep
// solutions of every classic puzzle in slab, and returns the wall time.
// With each, it adds every puzzle's thread CPU time to its cpu (two
// system calls a puzzle, which the wall time then includes).
func benchRun(ctx context.Context, puzzles []benchPuzzle, threads, countTo, keep int, slab []classic.Grid, each bool) (time.Duration, error) {
	for i := range puzzles {
		if puzzles[i].p != nil {
			puzzles[i].sols = slab[i*keep : (i+1)*keep : (i+1)*keep]
		}
	}
	// Workers take puzzles in small batches, in file order.
	const batch = 16
	var next atomic.Int64
	errs := make([]error, threads)
	var wg sync.WaitGroup
	start := time.Now()
	for t := range threads {
		wg.Go(func() {
			// The worker keeps its thread, so that the thread's CPU time
			// is its searches'.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var fast classic.Solver
			var slow search.Searcher
			for {
				lo := int(next.Add(batch)) - batch
				if lo >= len(puzzles) {
					return
				}
				for i := lo; i < min(lo+batch, len(puzzles)); i++ {
					p := &puzzles[i]
					var c0 time.Duration
					timed := false
					if each {
						c0, timed = threadCPU()
					}
					if p.p != nil {
						res, err := fast.Count(ctx, p.p, countTo, p.sols)
						if err != nil {
							errs[t] = err
							return
						}
						p.count, p.guesses = res.Count, res.Guesses
						p.sols = p.sols[:min(res.Count, keep)]
					} else {
						res, err := slow.Count(ctx, p.b, countTo)
						if err != nil {
							errs[t] = err
							return
						}
						p.count, p.guesses, p.others = len(res.Solutions), res.Nodes, res.Solutions
					}
					if timed {
						if c1, ok := threadCPU(); ok {
							p.cpu += c1 - c0
						}
					}
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	return elapsed, errors.Join(errs...)
}

// unitHolds reports whether the digits of solution s in unit u keep its
// rule: every digit once; in a partial unit (Str8ts) no digit twice; in a
// compartment, besides, a run of consecutive digits.
func unitHolds(u *grid.Unit, n int, s []uint8) bool {
	var digits grid.Digits
	for _, cell := range u.Cells {
		if v := int(s[cell]); v >= 1 && v <= n {
			digits |= grid.Bit(v)
		}
	}
	if !u.Partial {
		return digits == grid.AllDigits(n)
	}
	k := len(u.Cells)
	return digits.Count() == k && (u.Kind != grid.Compartment || digits.Max()-digits.Min()+1 == k)
}

// verifyBench checks the solutions kept for a puzzle: each fills the board
// by the rules, keeps the clues, and differs from the others. classic9 is
// the layout of classic puzzles.
func verifyBench(p *benchPuzzle, classic9 *grid.Layout) error {
	l, clues := classic9, []uint8(nil)
	sols := p.others
	if p.p != nil {
		clues = p.p.Grid[:]
		for i := range p.sols {
			sols = append(sols, p.sols[i][:])
		}
	} else {
		l, clues = p.b.L, p.b.Value
	}
	seen := make(map[string]bool, len(sols))
	for _, s := range sols {
		if seen[string(s)] {
			return errors.New("a solution was found twice")
		}
		seen[string(s)] = true
		for cell, v := range clues {
			if v != 0 && s[cell] != v {
				return fmt.Errorf("a solution changes the clue of %s", l.CellName(cell))
			}
		}
		for u := range l.Units {
			if !unitHolds(&l.Units[u], l.N, s) {
				return fmt.Errorf("a solution breaks %s", l.Units[u].Name())
			}
		}
		for k := range l.Cages {
			if !l.CageFeasible(k, s, nil) {
				return fmt.Errorf("a solution misses the target of cage %d", k+1)
			}
		}
	}
	return nil
}
