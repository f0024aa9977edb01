// Package flagvalue holds the flag.Value types that solverd and solverctl
// share.
package flagvalue

import (
	"errors"
	"strconv"
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
