package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// runStrategies is the strategies command: the service's strategy
// catalogue in solving order, one technique a line, with the method letter
// that selects it (--strategies), its level, base score and HoDoKu code.
func runStrategies(ctx context.Context, e *env, cmd *command, args []string) error {
	f := new(solveFlags)
	var asJSON bool
	fs := newFlagSet("solverctl " + cmd.name)
	fs.BoolVar(&asJSON, "json", false, "print the catalogue as protojson")
	f.conn.register(fs)
	f.share(fs, "timeout")
	pos, err := parseCommand(cmd, e, fs, &f.conn, args)
	if err != nil {
		return helpIsNil(err)
	}
	if len(pos) != 0 {
		return usageErrorf("%s: takes no arguments, got %d", cmd.name, len(pos))
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
