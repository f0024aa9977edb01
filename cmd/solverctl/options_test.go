package main

import (
	"errors"
	"strings"
	"testing"
)

// TestOptionChecks: contradictory or meaningless options are refused with
// a message and exit status 2, before any call; the others pass.
func TestOptionChecks(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string // "" for none
	}{
		{"logic with guessing", []string{"solve", "--type", "logic", "--strategies", "A,B,C"}, "-type logic never guesses, but -strategies lists C (Guessing)"},
		{"guess with elimination", []string{"solve", "--type", "guess", "--strategies", "A,D"}, "-type guess uses singles and guessing only, but -strategies lists D (Locked Regions)"},
		{"guess with singles", []string{"solve", "--type", "guess", "--strategies", "A,B,C"}, ""},
		{"guess without C", []string{"solve", "--type", "guess", "--strategies", "A,B"}, "-type guess guesses, but -strategies lists no guessing method (C): add it, or drop -strategies"},
		{"logic with logic", []string{"solve", "--type", "logic", "--strategies", "A,B,D,hidden subsets"}, ""},
		{"negative timeout", []string{"solve", "--timeout", "-1s"}, "-timeout -1s is negative; 0 means no deadline"},
		{"negative timeout convert", []string{"convert", "--to", "plain", "--timeout", "-5ms", seedPuzzle}, "-timeout -5ms is negative"},
		{"negative timeout batch", []string{"batch", "--timeout", "-1m", "-"}, "-timeout -1m0s is negative"},
		{"negative timeout strategies", []string{"strategies", "--timeout", "-1s"}, "is negative"},
		{"zero timeout", []string{"solve", "--timeout", "0"}, ""},
		{"unknown letter", []string{"solve", "--strategies", "A,c2"}, `unknown strategy "c2": method letters are case-sensitive, and "C2" is `},
		{"unknown name", []string{"steps", "--strategies", "Hidden Sungle"}, `unknown strategy "Hidden Sungle"`},
		{"letter case", []string{"solve", "--strategies", "A,B,a2"}, `unknown strategy "a2": method letters are case-sensitive, and "A2" is High/Low Stranding`},
		{"two-character letter", []string{"solve", "--strategies", "A,B,Z2"}, `unknown strategy "Z2": neither a method letter (they are case-sensitive) nor a strategy name; solverctl strategies lists them`},
		{"lower-case letter", []string{"solve", "--strategies", "A,B,d"}, ""},
		{"name any case", []string{"solve", "--strategies", "naked SINGLE,hidden single"}, ""},
		{"unknown in batch", []string{"batch", "--strategies", "Z9", "-"}, `unknown strategy "Z9"`},
		{"unknown in generate", []string{"generate", "--strategies", "A,B,?"}, `unknown strategy "?"`},
		{"order with logic", []string{"solve", "--type", "logic", "--order", "desc"}, "-order tunes guessing, but -type logic never guesses"},
		{"on-guess with logic", []string{"watch", "--type", "logic", "--on-guess", "backtrack"}, "-on-guess tunes guessing, but -type logic never guesses"},
		{"weight without C", []string{"solve", "--strategies", "A,B", "--weight", "none"}, "-weight tunes guessing, but -strategies lists no guessing method (C)"},
		{"seed without random", []string{"solve", "--seed", "7"}, "-seed drives -order random only"},
		{"seed with desc", []string{"batch", "--order", "desc", "--seed", "7", "-"}, "-seed drives -order random only"},
		{"deep-looks with logic", []string{"solve", "--type", "logic", "--deep-looks", "400000"}, "-deep-looks tunes guessing, but -type logic never guesses"},
		{"deep-looks with guess", []string{"steps", "--type", "guess", "--deep-looks", "400000"}, "-deep-looks bounds the deep strategies a mixed solve tries before it guesses, but -type guess uses singles and guessing only"},
		{"max-solutions without the check", []string{"solve", "--max-solutions", "5", "--check-multiple=false"}, "-max-solutions bounds the count of solutions, but -check-multiple=false counts none"},
		{"max-solutions with the check", []string{"solve", "--max-solutions", "5", "--check-multiple"}, ""},
		{"seed with random", []string{"solve", "--order", "random", "--seed", "7"}, ""},
		{"deep-looks mixed", []string{"solve", "--deep-looks", "400000"}, ""},
		{"guess options with guessing", []string{"solve", "--type", "guess", "--on-guess", "backtrack", "--weight", "single", "--order", "asc"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("got %v, want no error", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("got %v, want %q", err, tt.wantErr)
			}
			if !errors.As(err, new(*usageError)) {
				t.Errorf("%v is not a usage error", err)
			}
		})
	}
}
