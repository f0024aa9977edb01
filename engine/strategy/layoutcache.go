package strategy

import (
	"sync"

	"github.com/sudokuwise/solver/engine/grid"
)

// layoutCache keeps a value derived from a layout (virtual cages,
// innie-outie equations) for the last few layouts: a solve asks for it at
// every pass, and the shared layouts of a server's requests repeat.
type layoutCache[T any] struct {
	mu   sync.Mutex
	keys [8]*grid.Layout
	vals [8]T
	next int
}

// get returns the value of l, building it the first time; the value is
// shared and must not be changed.
func (c *layoutCache[T]) get(l *grid.Layout, build func(*grid.Layout) T) T {
	c.mu.Lock()
	for i, k := range c.keys {
		if k == l {
			v := c.vals[i]
			c.mu.Unlock()
			return v
		}
	}
	c.mu.Unlock()
	v := build(l)
	c.mu.Lock()
	c.keys[c.next], c.vals[c.next] = l, v
	c.next = (c.next + 1) % len(c.keys)
	c.mu.Unlock()
	return v
}
