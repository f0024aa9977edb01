package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// noteIdleStrategies notes on w the entries of a -strategies list
// (letters or names) that the solver does not run on a board of variant
// v, as ListStrategies gives the variants each runs on, and, when the
// solve did not know the puzzle to have one solution (unique false:
// -check-multiple=false), those that need it: the service refuses a list
// none of whose strategies runs there, but takes a list of which one does
// and says nothing of the others. It notes nothing for an empty list or
// when the catalogue cannot be had (the solve has its answer; the note is
// an aside).
func noteIdleStrategies(ctx context.Context, w io.Writer, client sudokuv1.SudokuServiceClient, list []string, v sudokuv1.Variant, unique bool) {
	if len(list) == 0 || v == sudokuv1.Variant_VARIANT_UNSPECIFIED {
		return
	}
	resp, err := client.ListStrategies(ctx, &sudokuv1.ListStrategiesRequest{})
	if err != nil {
		return
	}
	var idle, needUnique []string
	for _, key := range list {
		key = strings.TrimSpace(key)
		for _, info := range resp.GetStrategies() {
			if info.GetMethod() != key && !strings.EqualFold(info.GetName(), key) {
				continue
			}
			entry := info.GetMethod() + " (" + info.GetName() + ")"
			// Each once, however often it is listed.
			switch {
			case slices.Contains(idle, entry) || slices.Contains(needUnique, entry):
			case !slices.Contains(info.GetVariants(), v):
				idle = append(idle, entry)
			case info.GetNeedsUnique() && !unique:
				needUnique = append(needUnique, entry)
			}
			break
		}
	}
	if len(idle) > 0 {
		fmt.Fprintf(w, "solverctl: note: -strategies lists %s, which %s not run on %s board: the solve went without (solverctl strategies --long gives the variants each runs on)\n",
			strings.Join(idle, ", "), doVerb(len(idle)), variantWithArticle(v))
	}
	if len(needUnique) > 0 {
		fmt.Fprintf(w, "solverctl: note: -strategies lists %s, which %s not run unless the puzzle is known to have one solution: -check-multiple=false left that unknown, and the solve went without\n",
			strings.Join(needUnique, ", "), doVerb(len(needUnique)))
	}
}

// knownUnique reports whether a solve with options o knows its puzzle to
// have one solution when a strategy needs it: check_multiple, true when
// unset, proves it, or unique declares it.
func knownUnique(o *sudokuv1.SolveOptions) bool {
	return o.CheckMultiple == nil || o.GetCheckMultiple() || o.GetUnique()
}

// doVerb returns "does" for one subject, "do" for several.
func doVerb(n int) string {
	if n == 1 {
		return "does"
	}
	return "do"
}

// variantWithArticle names variant v after its indefinite article as the
// service's messages do ("an X", "a Str8ts"), or by its flag name for a
// variant this client does not know.
func variantWithArticle(v sudokuv1.Variant) string {
	if gv, ok := protoconv.VariantFromProto[v]; ok {
		return gv.WithArticle()
	}
	return "a " + variantList([]sudokuv1.Variant{v})
}
