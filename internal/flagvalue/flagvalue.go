// Package flagvalue holds the flag.Value types that solverd and solverctl
// share.
package flagvalue

import (
	"errors"
	"flag"
	"fmt"
	"regexp"
	"strconv"
	"time"
)

// Uint32 is a flag.Value for a uint32: fs.Var((*flagvalue.Uint32)(&n), …).
type Uint32 uint32

func (u *Uint32) String() string { return strconv.FormatUint(uint64(*u), 10) }

func (u *Uint32) Set(s string) error {
	n, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return errors.New("want a number from 0 to 4294967295")
	}
	*u = Uint32(n)
	return nil
}

// Word is a flag.Value for a string whose default help prints as the
// enum flags' do, unquoted: "(default auto)".
type Word string

func (w *Word) String() string { return string(*w) }

func (w *Word) Set(s string) error {
	*w = Word(s)
	return nil
}

// parseErr matches the flag package's error for a value its own types
// (durations, numbers, booleans) cannot parse.
var parseErr = regexp.MustCompile(`^(invalid (?:boolean )?value ".*" for (?:flag )?-(\S+)): (?:parse error|value out of range)$`)

// Explain returns err, an error of fs.Parse, with the form a flag of the
// flag package's own types takes in place of its bare "parse error":
// "invalid value "abc" for flag -timeout: want a duration, a number and a
// unit such as 30s, 2m or 1h30m". Other errors are returned as they are.
func Explain(fs *flag.FlagSet, err error) error {
	m := parseErr.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return err
	}
	want, ok := wantOf(f)
	if !ok {
		return err
	}
	return fmt.Errorf("%s: want %s", m[1], want)
}

// ExplainSet returns err, an error of fs.Set for flag f (as a value read
// from the environment gets), with the form a flag of the flag package's
// own types takes in place of its bare "parse error": "want a duration, a
// number and a unit such as 30s, 2m or 1h30m". Other errors are returned
// as they are.
func ExplainSet(f *flag.Flag, err error) error {
	if msg := err.Error(); msg != "parse error" && msg != "value out of range" {
		return err
	}
	want, ok := wantOf(f)
	if !ok {
		return err
	}
	return fmt.Errorf("want %s", want)
}

// wantOf returns what a value of f must look like when f is of one of
// the flag package's own types.
func wantOf(f *flag.Flag) (string, bool) {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return "", false
	}
	switch g.Get().(type) {
	case time.Duration:
		return "a duration, a number and a unit such as 30s, 2m or 1h30m", true
	case bool:
		return "true or false", true
	case int, int64:
		return "a whole number (written in digits, as 1000, not 1e3)", true
	case uint, uint64:
		return "a whole number of 0 or more (written in digits, as 1000, not 1e3)", true
	case float64:
		return "a number", true
	}
	return "", false
}
