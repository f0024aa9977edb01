package flagvalue

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// TestExplain checks that a value the flag package's own types cannot
// parse is explained by the form the flag takes, and that other errors
// are left as they are.
func TestExplain(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-timeout", "abc"}, `invalid value "abc" for flag -timeout: want a duration, a number and a unit such as 30s, 2m or 1h30m`},
		{[]string{"-timeout", "30"}, `invalid value "30" for flag -timeout: want a duration, a number and a unit such as 30s, 2m or 1h30m`},
		{[]string{"-n", "1e3"}, `invalid value "1e3" for flag -n: want a whole number (written in digits, as 1000, not 1e3)`},
		{[]string{"-u", "-1"}, `invalid value "-1" for flag -u: want a whole number of 0 or more (written in digits, as 1000, not 1e3)`},
		{[]string{"-v=maybe"}, `invalid boolean value "maybe" for -v: want true or false`},
		{[]string{"-f", "x"}, `invalid value "x" for flag -f: want a number`},
		// Not a parse error of the package's types: as it was.
		{[]string{"-m", "x"}, `invalid value "x" for flag -m: want a number from 0 to 4294967295`},
		{[]string{"-nosuch"}, `flag provided but not defined: -nosuch`},
	}
	for _, tt := range tests {
		fs := testFlags()
		err := fs.Parse(tt.args)
		if err == nil {
			t.Fatalf("%v: parsed", tt.args)
		}
		if got := Explain(fs, err).Error(); got != tt.want {
			t.Errorf("%v: %q, want %q", tt.args, got, tt.want)
		}
	}
}

// TestExplainSet checks that an error of fs.Set, as a value from the
// environment gets, is explained as Explain explains fs.Parse's, and that
// other errors are left as they are.
func TestExplainSet(t *testing.T) {
	tests := []struct {
		name, value, want string
	}{
		{"timeout", "30", "want a duration, a number and a unit such as 30s, 2m or 1h30m"},
		{"n", "1e3", "want a whole number (written in digits, as 1000, not 1e3)"},
		{"n", "99999999999999999999", "want a whole number (written in digits, as 1000, not 1e3)"},
		{"u", "-1", "want a whole number of 0 or more (written in digits, as 1000, not 1e3)"},
		{"v", "maybe", "want true or false"},
		{"f", "x", "want a number"},
		// Not a parse error of the package's types: as it was.
		{"m", "x", "want a number from 0 to 4294967295"},
	}
	for _, tt := range tests {
		fs := testFlags()
		err := fs.Set(tt.name, tt.value)
		if err == nil {
			t.Fatalf("-%s %q: set", tt.name, tt.value)
		}
		if got := ExplainSet(fs.Lookup(tt.name), err).Error(); got != tt.want {
			t.Errorf("-%s %q: %q, want %q", tt.name, tt.value, got, tt.want)
		}
	}
}

// TestWordDefault: a Word flag's default prints unquoted in the help, as
// the enum flags' defaults do, and Set takes any text.
func TestWordDefault(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var help strings.Builder
	fs.SetOutput(&help)
	w := Word("auto")
	fs.Var(&w, "to", "`format`")
	fs.PrintDefaults()
	if !strings.Contains(help.String(), "(default auto)") {
		t.Errorf("help %q, want (default auto)", help.String())
	}
	if err := fs.Parse([]string{"-to", "v2"}); err != nil || w != "v2" {
		t.Errorf("-to v2: %q, %v; want v2", w, err)
	}
}

// testFlags returns a flag set of one flag of each type the package
// explains (and one of its own Uint32), writing nothing.
func testFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Duration("timeout", time.Second, "")
	fs.Int("n", 0, "")
	fs.Uint64("u", 0, "")
	fs.Bool("v", false, "")
	fs.Float64("f", 0, "")
	var m Uint32
	fs.Var(&m, "m", "")
	return fs
}
