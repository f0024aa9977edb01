package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// strategiesHelp is the strategies command's help.
const strategiesHelp = `strategies prints the service's catalogue in solving order, one technique
a line: the method letter that selects its strategy (-strategies; letters
are case-sensitive), the strategy, the technique, its level, base score,
SE rating and HoDoKu code.

-long prints a block a strategy instead: its letter, name and class
("needs one solution" for the uniqueness strategies, which run only on
a puzzle known to have one); the variants the solver runs it on, by their
-variant names ("all", or "all but" the few it does not), read from the
solver's own rule (the opt-in and deepest strategies run there when a
solve names them), less those whose boards its finder does not look at;
then each technique with its ratings and, below, what it does in one
line. A strategy may still find nothing on some boards of a variant it
runs on (Templates past 9x9).
-json prints the catalogue as protojson, with the same facts (one of
-json and -long, not both).

`

// runStrategies is the strategies command: the service's strategy
// catalogue in solving order, one technique a line, with the method letter
// that selects it (--strategies), its level, base score and HoDoKu code;
// with --long, a block a strategy (see printLong).
func runStrategies(ctx context.Context, e *env, cmd *command, args []string) error {
	f := new(solveFlags)
	var asJSON, long bool
	fs := newFlagSet("solverctl " + cmd.name)
	fs.BoolVar(&asJSON, "json", false, "print the catalogue as protojson")
	fs.BoolVar(&long, "long", false, "a block a strategy: its class, the variants the solver runs it on, and each technique's ratings and what it does")
	f.conn.register(fs)
	f.share(fs, "timeout")
	pos, err := parseCommand(cmd, e, fs, &f.conn, args)
	if err != nil {
		return helpIsNil(err)
	}
	if len(pos) != 0 {
		return usageErrorf("%s: takes no arguments, got %d", cmd.name, len(pos))
	}
	if asJSON && long {
		// The JSON holds all --long shows; taking one silently would hide
		// that the other was dropped.
		return usageErrorf("%s: --json and --long are two forms of the list: give one", cmd.name)
	}
	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	resp, err := client.ListStrategies(ctx, &sudokuv1.ListStrategiesRequest{})
	if err != nil {
		return err
	}
	if asJSON {
		return printJSON(e.stdout, resp)
	}
	if long {
		return printLong(e.stdout, resp)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "LETTER\tSTRATEGY\tTECHNIQUE\tLEVEL\tSCORE\tSE\tHODOKU")
	for _, st := range resp.GetStrategies() {
		techs := st.GetTechniques()
		if len(techs) == 0 {
			fmt.Fprintf(tw, "%s\t%s\t-\t-\t-\t-\t-\n", st.GetMethod(), st.GetName())
			continue
		}
		for _, t := range techs {
			code := t.GetCode()
			if code == "" {
				code = "-"
			}
			level := strings.ToLower(enumText(t.GetLevel().String(), "DIFFICULTY_LEVEL_"))
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%.1f\t%s\n", st.GetMethod(), st.GetName(), t.GetName(), level, t.GetScore(), t.GetSeRating(), code)
		}
	}
	return tw.Flush()
}

// longWidth is the most columns a description line of printLong takes.
const longWidth = 100

// printLong prints the catalogue a block a strategy, blocks apart by an
// empty line: the method letter, name and class (and "needs one
// solution" for the uniqueness strategies); the variants the solver runs
// it on, by their --variant names (no line from a server that sends
// none, one older than StrategyInfo.variants); then each technique, its level,
// score, SE rating and HoDoKu code on one line and what it does below,
// wrapped to longWidth columns.
//
//	A  Naked Single  [solution]
//	   variants: all
//	   Naked Single: easy, score 4, SE 2.3, HoDoKu 0003
//	     An open cell with one candidate left takes that digit.
func printLong(w io.Writer, resp *sudokuv1.ListStrategiesResponse) error {
	bw := bufio.NewWriter(w)
	for i, st := range resp.GetStrategies() {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		class := st.GetClass()
		if st.GetNeedsUnique() {
			class += "; needs one solution"
		}
		fmt.Fprintf(bw, "%-2s %s  [%s]\n", st.GetMethod(), st.GetName(), class)
		// A server older than StrategyInfo.variants sends none: it says
		// nothing of the variants, not that the strategy runs on none.
		if vs := st.GetVariants(); len(vs) > 0 {
			fmt.Fprintf(bw, "   variants: %s\n", variantList(vs))
		}
		for _, t := range st.GetTechniques() {
			level := strings.ToLower(enumText(t.GetLevel().String(), "DIFFICULTY_LEVEL_"))
			code := t.GetCode()
			if code == "" {
				code = "-"
			}
			fmt.Fprintf(bw, "   %s: %s, score %d, SE %.1f, HoDoKu %s\n", t.GetName(), level, t.GetScore(), t.GetSeRating(), code)
			if d := t.GetDescription(); d != "" {
				for _, line := range wrap(d, longWidth-5) {
					fmt.Fprintf(bw, "     %s\n", line)
				}
			}
		}
	}
	return bw.Flush()
}

// variantList names variants by their --variant names, in the order
// given: "all" for every variant, "all but ..." when the variants left
// out are fewer than those listed, "none" for none.
func variantList(vs []sudokuv1.Variant) string {
	var in, out []string
	for _, c := range variantNames {
		if c.value == sudokuv1.Variant_VARIANT_UNSPECIFIED {
			continue
		}
		found := false
		for _, v := range vs {
			found = found || v == c.value
		}
		if found {
			in = append(in, c.name)
		} else {
			out = append(out, c.name)
		}
	}
	switch {
	case len(in) == 0:
		return "none"
	case len(out) == 0:
		return "all"
	case len(out) < len(in):
		return "all but " + strings.Join(out, ", ")
	}
	return strings.Join(in, ", ")
}
