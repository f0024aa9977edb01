package sat

import (
	"cmp"
	"slices"
)

// heap is a binary max-heap of variables by activity. container/heap
// would box each variable in an interface at every push, an allocation
// for every variable unassigned by a backjump.
type heap struct {
	act   []float64
	vars  []int32
	index []int32 // position of each variable in vars, or -1
}

func (h *heap) len() int { return len(h.vars) }

// before reports whether variable a goes before b: its activity is higher.
func before(act []float64, a, b int32) bool { return act[a] > act[b] }

func (h *heap) push(v int32) {
	h.index[v] = int32(len(h.vars))
	h.vars = append(h.vars, v)
	h.up(len(h.vars) - 1)
}

func (h *heap) pop() int32 {
	v := h.vars[0]
	last := h.vars[len(h.vars)-1]
	h.vars = h.vars[:len(h.vars)-1]
	h.index[v] = -1
	if len(h.vars) > 0 {
		h.vars[0] = last
		h.index[last] = 0
		h.down(0)
	}
	return v
}

// clear empties the heap, as popping every variable would.
func (h *heap) clear() {
	for _, v := range h.vars {
		h.index[v] = -1
	}
	h.vars = h.vars[:0]
}

// update restores the order after v's activity rose.
func (h *heap) update(v int32) {
	if i := h.index[v]; i >= 0 {
		h.up(int(i))
	}
}

// up and down work on local copies of the slices: the compiler would
// load them again from h after each store.

func (h *heap) up(i int) {
	act, vars, index := h.act, h.vars, h.index
	v := vars[i]
	for i > 0 {
		p := (i - 1) / 2
		if !before(act, v, vars[p]) {
			break
		}
		vars[i] = vars[p]
		index[vars[i]] = int32(i)
		i = p
	}
	vars[i] = v
	index[v] = int32(i)
}

func (h *heap) down(i int) {
	act, vars, index := h.act, h.vars, h.index
	v := vars[i]
	n := len(vars)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && before(act, vars[c+1], vars[c]) {
			c++
		}
		if !before(act, vars[c], v) {
			break
		}
		vars[i] = vars[c]
		index[vars[i]] = int32(i)
		i = c
	}
	vars[i] = v
	index[v] = int32(i)
}

// sortLearnts orders learnt clauses from the least useful: highest LBD
// first, then lowest activity.
func sortLearnts(refs []int32, s *Solver) {
	slices.SortFunc(refs, func(a, b int32) int {
		if c := cmp.Compare(s.lbd(b), s.lbd(a)); c != 0 {
			return c
		}
		return cmp.Compare(s.clauseActivity(a), s.clauseActivity(b))
	})
}
