package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/flagvalue"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/service"
)

// defaultPuzzle is solved when no puzzle is given.
const defaultPuzzle = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"

// solveFlags are the flags of the commands that solve a puzzle.
type solveFlags struct {
	conn    connFlags
	json    bool
	timeout time.Duration

	charset   string
	regionMap string
	format    sudokuv1.Format
	variant   sudokuv1.Variant
	tolerant  bool

	solvingType   sudokuv1.SolvingType
	onGuess       sudokuv1.OnGuess
	order         sudokuv1.GuessOrder
	seed          uint64
	weight        sudokuv1.CountWeight
	checkMultiple bool
	strategies    string
	maxSolutions  uint32
	maxNodes      uint64
	maxSteps      uint32
	deepLooks     uint32

	// checkMultipleSet tells whether -check-multiple was on the command
	// line; unset, the request leaves the field unset too.
	checkMultipleSet bool
	// command is the name of the command the flags are of, for errors.
	command string
}

var (
	formatNames = []choice[sudokuv1.Format]{
		{"auto", sudokuv1.Format_FORMAT_UNSPECIFIED},
		{"plain", sudokuv1.Format_FORMAT_PLAIN},
		{"nxn", sudokuv1.Format_FORMAT_NXN},
		{"v1", sudokuv1.Format_FORMAT_V1},
		{"killer-v1", sudokuv1.Format_FORMAT_KILLER_V1},
		{"jigsaw-v1", sudokuv1.Format_FORMAT_JIGSAW_V1},
		{"v2", sudokuv1.Format_FORMAT_V2},
		{"grid", sudokuv1.Format_FORMAT_GRID},
		{"url", sudokuv1.Format_FORMAT_URL},
		{"killer-arrows", sudokuv1.Format_FORMAT_KILLER_ARROWS},
		{"sudocue", sudokuv1.Format_FORMAT_SUDOCUE},
		{"json", formatJSON},
	}
	variantNames = []choice[sudokuv1.Variant]{
		{"auto", sudokuv1.Variant_VARIANT_UNSPECIFIED},
		{"classic", sudokuv1.Variant_VARIANT_CLASSIC},
		{"x", sudokuv1.Variant_VARIANT_X},
		{"windoku", sudokuv1.Variant_VARIANT_WINDOKU},
		{"colour", sudokuv1.Variant_VARIANT_COLOUR},
		{"jigsaw", sudokuv1.Variant_VARIANT_JIGSAW},
		{"killer", sudokuv1.Variant_VARIANT_KILLER},
		{"killer-jigsaw", sudokuv1.Variant_VARIANT_KILLER_JIGSAW},
		{"killer-x", sudokuv1.Variant_VARIANT_KILLER_X},
		{"kenken", sudokuv1.Variant_VARIANT_KENKEN},
		{"kendoku", sudokuv1.Variant_VARIANT_KENDOKU},
		{"str8ts", sudokuv1.Variant_VARIANT_STR8TS},
		{"str8ts-x", sudokuv1.Variant_VARIANT_STR8TS_X},
		{"str8ts-b", sudokuv1.Variant_VARIANT_STR8TS_B},
		{"str8ts-bx", sudokuv1.Variant_VARIANT_STR8TS_BX},
	}
	solvingTypeNames = []choice[sudokuv1.SolvingType]{
		{"auto", sudokuv1.SolvingType_SOLVING_TYPE_UNSPECIFIED},
		{"mixed", sudokuv1.SolvingType_SOLVING_TYPE_MIXED},
		{"logic", sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY},
		{"guess", sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY},
	}
	onGuessNames = []choice[sudokuv1.OnGuess]{
		{"auto", sudokuv1.OnGuess_ON_GUESS_UNSPECIFIED},
		{"safe", sudokuv1.OnGuess_ON_GUESS_STORE_SAFE_COPY},
		{"backtrack", sudokuv1.OnGuess_ON_GUESS_BACKTRACK},
	}
	orderNames = []choice[sudokuv1.GuessOrder]{
		{"auto", sudokuv1.GuessOrder_GUESS_ORDER_UNSPECIFIED},
		{"asc", sudokuv1.GuessOrder_GUESS_ORDER_ASCENDING},
		{"desc", sudokuv1.GuessOrder_GUESS_ORDER_DESCENDING},
		{"random", sudokuv1.GuessOrder_GUESS_ORDER_RANDOM},
	}
	weightNames = []choice[sudokuv1.CountWeight]{
		{"auto", sudokuv1.CountWeight_COUNT_WEIGHT_UNSPECIFIED},
		{"none", sudokuv1.CountWeight_COUNT_WEIGHT_NONE},
		{"single", sudokuv1.CountWeight_COUNT_WEIGHT_SINGLE},
		{"weighted", sudokuv1.CountWeight_COUNT_WEIGHT_WEIGHTED},
	}
)

// register defines the flags on fs.
func (f *solveFlags) register(fs *flag.FlagSet) {
	f.conn.register(fs)
	if f.command != "watch" { // watch draws a terminal view, no JSON
		fs.BoolVar(&f.json, "json", false, "print the responses as protojson, one per line")
	}
	fs.DurationVar(&f.timeout, "timeout", 30*time.Second, "deadline of the call; 0 means none: in-process the solve is then bounded only by the service's caps of nodes and steps, while a solverd applies its -default-timeout (30s unless set)")

	fs.StringVar(&f.charset, "charset", "", "`symbols` of the NxN form: the blank, then 1..N (e.g. #ABCD)")
	fs.StringVar(&f.regionMap, "map", "", "region `map` of the NxN form, or @FILE to read it from a file")
	fs.Var(&enumValue[sudokuv1.Format]{&f.format, formatNames}, "format", "puzzle `format`: "+names(formatNames)+"; json is a structured board as protojson (what convert --to json writes), which auto detects by its {")
	fs.Var(&enumValue[sudokuv1.Variant]{&f.variant, variantNames}, "variant", "`variant` of a text that names none: "+names(variantNames))
	fs.BoolVar(&f.tolerant, "tolerant", false, "accept strings with known defects (str8ts.com's off-by-one, K6B, interim base-32 2.0 strings)")

	fs.Var(&enumValue[sudokuv1.SolvingType]{&f.solvingType, solvingTypeNames}, "type", "`type` of methods allowed: "+names(solvingTypeNames)+"; auto means mixed")
	fs.Var(&enumValue[sudokuv1.OnGuess]{&f.onGuess, onGuessNames}, "on-guess", "`mode` of undoing a failed guess: "+names(onGuessNames)+"; auto means safe")
	fs.Var(&enumValue[sudokuv1.GuessOrder]{&f.order, orderNames}, "order", "`order` of digits tried in a guess: "+names(orderNames)+"; auto tries first the digit of the solution the count (or the search) found, so guesses hold")
	fs.Uint64Var(&f.seed, "seed", 0, "random `seed` of -order random; 0 draws one")
	fs.Var(&enumValue[sudokuv1.CountWeight]{&f.weight, weightNames}, "weight", "`weight` of the candidate count in choosing a guess: "+names(weightNames)+"; auto means weighted")
	fs.BoolVar(&f.checkMultiple, "check-multiple", true, "prove the solution unique by looking for a second one")
	fs.StringVar(&f.strategies, "strategies", "", "comma-separated `list` of strategies allowed, by method letter (case-sensitive: b is not B) or name; empty allows all; solverctl strategies lists them")
	fs.Var((*flagvalue.Uint32)(&f.maxSolutions), "max-solutions", "count at most `n` solutions; 0 means 2, and 1 counts 2 too (a second is looked for to tell one from several)")
	fs.Uint64Var(&f.maxNodes, "max-nodes", 0, "spend at most `n` search nodes (guesses); 0 means the service's default")
	fs.Var((*flagvalue.Uint32)(&f.maxSteps), "max-steps", "take at most `n` steps; 0 means the service's default")
	fs.Var((*flagvalue.Uint32)(&f.deepLooks), "deep-looks", "on killers, before the first guess try the deep strategies (Long and Strong Nested Cage Contradiction), each search bounded by `n` looks at cage fillings (400000 finishes more killers by logic, at seconds of CPU); 0 tries, unless the count there took more than 20000 guesses, one Long Nested Cage Contradiction search and, if it found a step, up to four Strong Nested ones (each taking at most two steps) while each finds a step, then Cage Filling Verity searches while each finds a step; when one finds nothing, whole Strong Nested searches (every step each finds) and Cage Filling Verity searches again the same way")
}

// parseSolveArgs parses the flags and the puzzle of command cmd. extra
// defines the command's own flags. -h prints the command's usage to
// e.stdout and returns flag.ErrHelp.
func parseSolveArgs(ctx context.Context, cmd *command, e *env, args []string, extra func(*flag.FlagSet)) (*solveFlags, *sudokuv1.Puzzle, error) {
	f := &solveFlags{command: cmd.name}
	fs := newFlagSet("solverctl " + cmd.name)
	f.register(fs)
	if extra != nil {
		extra(fs)
	}
	pos, err := parseCommand(cmd, e, fs, &f.conn, args)
	if err != nil {
		return nil, nil, err
	}
	set := flagsSet(fs)
	f.checkMultipleSet = set["check-multiple"]
	if err := f.check(set); err != nil {
		return nil, nil, usageErrorf("%s: %v", cmd.name, err)
	}
	var text string
	switch len(pos) {
	case 0:
		if pipedIn(e.stdin) {
			// The example is solved all the same: a script's standard
			// input left open would otherwise hang a command meant to
			// solve it.
			fmt.Fprintln(e.stderr, "solverctl: no puzzle given; solving the built-in example (standard input is read only when the puzzle is -: solverctl "+cmd.name+" -)")
		} else {
			fmt.Fprintln(e.stderr, "solverctl: no puzzle given; solving the built-in example")
		}
		text = defaultPuzzle
	case 1:
		text, err = readArg(ctx, e.stdin, pos[0], true)
		if err != nil {
			return nil, nil, err
		}
	default:
		return nil, nil, usageErrorf("%s: want one puzzle, got %d arguments (quote a puzzle that has spaces)", cmd.name, len(pos))
	}
	p, err := f.puzzle(ctx, e, text)
	if err != nil {
		return nil, nil, err
	}
	return f, p, nil
}

// parseCommand parses the flags and arguments of command cmd with fs (see
// parseFlags) and returns the positional arguments; conn, the connection
// flags registered on fs, then reads what the command line leaves unset
// from the environment.
func parseCommand(cmd *command, e *env, fs *flag.FlagSet, conn *connFlags, args []string) ([]string, error) {
	pos, err := parseFlags(cmd, e, fs, args)
	if err != nil {
		return nil, err
	}
	if err := checkTimeout(fs); err != nil {
		return nil, usageErrorf("%s: %v", cmd.name, err)
	}
	if err := conn.parsed(cmd, fs, e.lookupEnv); err != nil {
		return nil, err
	}
	if w := conn.plaintextToken(); w != "" {
		fmt.Fprintf(e.stderr, "solverctl: warning: %s\n", w)
	}
	return pos, nil
}

// parseFlags parses the flags and arguments of command cmd with fs and
// returns the positional arguments. -h prints the command's usage (see
// printCommandUsage) to e.stdout and returns flag.ErrHelp; a bad flag is a
// usage error.
func parseFlags(cmd *command, e *env, fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := parseInterleaved(fs, args)
	switch {
	case err == nil:
		return pos, nil
	case errors.Is(err, flag.ErrHelp):
		if werr := printCommandUsage(e.stdout, cmd, fs); werr != nil {
			return nil, werr
		}
		return nil, err
	}
	if dashPuzzle(err) {
		return nil, usageErrorf("%s: %v: a puzzle that starts with '-' (a blank, as Sudoku Explainer writes one) goes after --, as in solverctl %s -- PUZZLE", cmd.name, err, cmd.name)
	}
	return nil, usageErrorf("%s: %v (see solverctl help %s)", cmd.name, flagvalue.Explain(fs, err), cmd.name)
}

// dashPuzzle reports whether err, an error of parsing flags, is about an
// argument that is a puzzle whose first cell is a blank written '-' (an 81
// character line may write its blanks so), which the flag package takes
// for a flag: a long run of digits, blanks and '-' alone.
func dashPuzzle(err error) bool {
	msg := err.Error()
	arg, ok := strings.CutPrefix(msg, "bad flag syntax: ")
	if !ok {
		if arg, ok = strings.CutPrefix(msg, "flag provided but not defined: "); !ok {
			return false
		}
	}
	return len(arg) >= 16 && strings.Trim(arg, "-0123456789._xX") == ""
}

// printCommandUsage prints the usage of command cmd to w: its synopsis,
// its long help and the flags of fs.
func printCommandUsage(w io.Writer, cmd *command, fs *flag.FlagSet) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "usage: solverctl %s %s\n\n%s.\n\n%sflags:\n", cmd.name, cmd.args, capitalize(cmd.short), cmd.long)
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing the usage: %w", err)
	}
	return nil
}

// share defines on fs the flags of solve and steps named, bound to f, so
// that another command takes them with the same meaning and help.
func (f *solveFlags) share(fs *flag.FlagSet, names ...string) {
	all := newFlagSet("")
	f.register(all)
	for _, name := range names {
		fl := all.Lookup(name)
		fs.Var(fl.Value, fl.Name, fl.Usage)
	}
}

// puzzle returns the Puzzle of text under the flags. Its text fields are
// checked as the service checks them (service.CheckPuzzleText): invalid
// UTF-8 or oversize text fails here, as InvalidArgument naming the field,
// rather than in the marshalling of the request.
func (f *solveFlags) puzzle(ctx context.Context, e *env, text string) (*sudokuv1.Puzzle, error) {
	p, err := f.readPuzzle(ctx, e, text)
	if err != nil {
		return nil, err
	}
	if err := service.CheckPuzzleText("puzzle", p); err != nil {
		return nil, service.InvalidArgument(err)
	}
	return p, nil
}

// readPuzzle returns the Puzzle of text under the flags, unchecked.
func (f *solveFlags) readPuzzle(ctx context.Context, e *env, text string) (*sudokuv1.Puzzle, error) {
	regionMap, err := readArg(ctx, e.stdin, f.regionMap, false)
	if err != nil {
		return nil, fmt.Errorf("-map: %w", err)
	}
	format := f.format
	if why, ok := readsJSON(text, format, f.charset); ok && text != "" {
		p, err := parseJSONPuzzle(text, why)
		if err != nil {
			return nil, err
		}
		return f.jsonPuzzle(p, regionMap), nil
	}
	if format == formatJSON {
		format = sudokuv1.Format_FORMAT_UNSPECIFIED // a batch's template, or no puzzle
	}
	if err := checkV2Flags(f.command, text, format, regionMap, f.charset); err != nil {
		return nil, err
	}
	if err := checkVariantFlag(f.command, text, format, f.variant, f.charset, regionMap); err != nil {
		return nil, err
	}
	return &sudokuv1.Puzzle{
		Source:    &sudokuv1.Puzzle_Text{Text: text},
		Format:    format,
		Charset:   f.charset,
		RegionMap: regionMap,
		Variant:   f.variant,
		Tolerant:  f.tolerant || liveStr8ts(text),
	}, nil
}

// checkV2Flags refuses, as a bad command line of command, the flags that
// contradict a puzzle text that is a 2.0 string (detected, or -format
// v2): the string carries its own regions and digits, so -map and
// (without -format v2, where it names the digits printed) -charset
// cannot apply. Its variant is checkVariantFlag's.
func checkV2Flags(command, text string, format sudokuv1.Format, regionMap, charset string) error {
	t := strings.TrimSpace(text)
	detected := format == sudokuv1.Format_FORMAT_UNSPECIFIED && protoconv.IsV2(t)
	if !detected && (format != sudokuv1.Format_FORMAT_V2 || len(t) < 3) {
		return nil
	}
	header := strings.ToUpper(t[:3])
	switch {
	case regionMap != "":
		return usageErrorf("%s: -map cannot apply: the puzzle is a 2.0 string (%s…), which carries its own regions; drop -map", command, header)
	case charset != "" && detected:
		return usageErrorf("%s: -charset is for the N×N form, but the puzzle is a 2.0 string (%s…), which carries its own digits; drop -charset, or add -format v2 to read the string and print its digits with the charset", command, header)
	}
	return nil
}

// checkVariantFlag refuses, as a bad command line of command, -variant
// naming another variant than the one the puzzle text fixes: a 2.0
// string's header, a SudokuWiki URL, a killer in the killer v1, arrow or
// SudoCue form (SudoCue's d flag: killer X). The service refuses it too
// (read tolerantly here, so that a string with a known defect is checked
// as well); here it is refused before any call.
func checkVariantFlag(command, text string, format sudokuv1.Format, variant sudokuv1.Variant, charset, regionMap string) error {
	t := strings.TrimSpace(text)
	if variant == sudokuv1.Variant_VARIANT_UNSPECIFIED || t == "" {
		return nil
	}
	asked := (&enumValue[sudokuv1.Variant]{&variant, variantNames}).String()
	if !protoconv.VariantFromProto[variant].IsStr8ts() && protoconv.UnnamedStr8ts(t, format, charset, regionMap) {
		return usageErrorf("%s: -variant %s contradicts the puzzle, whose black cells only Str8ts boards have: drop -variant (Str8ts) or give another of the Str8ts variants (str8ts-x for Str8ts X)", command, asked)
	}
	v, form, ok := protoconv.FixedVariant(t, format, charset, regionMap)
	if !ok || v == variant {
		return nil // the service tells what is wrong with the text, if anything
	}
	fixed := (&enumValue[sudokuv1.Variant]{&v, variantNames}).String()
	what := protoconv.FormatNoun(form) + ", which fixes the variant"
	if form == sudokuv1.Format_FORMAT_V2 {
		what = fmt.Sprintf("a 2.0 string whose header %s fixes the variant", strings.ToUpper(t[:3]))
	}
	return usageErrorf("%s: -variant %s contradicts the puzzle, %s: %s; drop -variant", command, asked, what, fixed)
}

// liveStr8ts reports whether text is a Str8ts string as str8ts.com writes
// it live, with its candidates off by one: strict decoding refuses it for
// a field above the documented maximum and tolerant decoding reads it. No
// other reading of such a string exists, so the commands that solve take
// it as --tolerant does without being asked (convert, which checks
// strings, and the service stay strict).
func liveStr8ts(text string) bool { return protoconv.LiveStr8ts(text) }

// options returns the SolveOptions the flags ask for.
func (f *solveFlags) options() *sudokuv1.SolveOptions {
	o := &sudokuv1.SolveOptions{
		SolvingType:  f.solvingType,
		OnGuess:      f.onGuess,
		GuessOrder:   f.order,
		RandomSeed:   f.seed,
		CountWeight:  f.weight,
		MaxSolutions: f.maxSolutions,
		MaxNodes:     f.maxNodes,
		MaxSteps:     f.maxSteps,
		DeepLooks:    f.deepLooks,
	}
	if f.checkMultipleSet {
		o.CheckMultiple = proto.Bool(f.checkMultiple)
	}
	for s := range strings.SplitSeq(f.strategies, ",") {
		if s = strings.TrimSpace(s); s != "" {
			o.Strategies = append(o.Strategies, s)
		}
	}
	return o
}

// choice is one name of an enum flag.
type choice[E comparable] struct {
	name  string
	value E
}

// names lists the names of choices for a usage line.
func names[E comparable](choices []choice[E]) string {
	s := make([]string, len(choices))
	for i, c := range choices {
		s[i] = c.name
	}
	return strings.Join(s, "|")
}

// enumValue is a flag.Value that sets a proto enum by name.
type enumValue[E comparable] struct {
	p       *E
	choices []choice[E]
}

func (v *enumValue[E]) String() string {
	if v.p == nil {
		return ""
	}
	for _, c := range v.choices {
		if c.value == *v.p {
			return c.name
		}
	}
	var zero E
	if *v.p == zero {
		return "" // unspecified: the flag's usage says what that means
	}
	return fmt.Sprint(*v.p)
}

func (v *enumValue[E]) Set(s string) error {
	for _, c := range v.choices {
		if strings.EqualFold(s, c.name) {
			*v.p = c.value
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.ReplaceAll(names(v.choices), "|", ", "))
}

// capitalize returns s with its first letter in upper case.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
