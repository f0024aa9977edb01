package strategy

import (
	"sync"
	"sync/atomic"
)

// keptPool keeps the working state of a finder (a search with its memos)
// between calls: the one last put back in a slot of its own, the others
// in a sync.Pool. A sync.Pool hands an object back only on the P that put
// it or after it moved to the shared lists, and drops it after two
// garbage collections: under GOMAXPROCS 2 a tarek solve set its trials
// up again three times a puzzle, losing the memos, where the slot keeps
// one for the next call whatever P it runs on. The slot holds one object
// for good (a trial's few MiB).
type keptPool[T any] struct {
	last atomic.Pointer[T]
	pool sync.Pool
}

// get returns a kept object, or a new one.
func (p *keptPool[T]) get() *T {
	if x := p.last.Swap(nil); x != nil {
		return x
	}
	if x, ok := p.pool.Get().(*T); ok {
		return x
	}
	return new(T)
}

// put gives x back, the one get returns next.
func (p *keptPool[T]) put(x *T) {
	if old := p.last.Swap(x); old != nil {
		p.pool.Put(old)
	}
}
