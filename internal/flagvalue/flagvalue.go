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
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err
	}
	var want string
	switch g.Get().(type) {
	case time.Duration:
		want = "a duration, a number and a unit such as 30s, 2m or 1h30m"
	case bool:
		want = "true or false"
	case int, int64:
		want = "a whole number (written in digits, as 1000, not 1e3)"
	case uint, uint64:
		want = "a whole number of 0 or more (written in digits, as 1000, not 1e3)"
	case float64:
		want = "a number"
	default:
		return err
	}
	return fmt.Errorf("%s: want %s", m[1], want)
}
