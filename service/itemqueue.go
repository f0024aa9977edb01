package service

import (
	"hash/maphash"
	"sync"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// itemQueue hands the puzzles a SolveBatch stream receives to its workers,
// in the order received, and tells which repeat the id of a recent one.
// The receiver adds a message's puzzles at once, and waits while the queue
// holds limit or more; a worker that takes one wakes the receiver only
// when the queue has fallen to half the limit. So a busy stream switches
// goroutines about once per half queue rather than once per puzzle.
type itemQueue struct {
	mu       sync.Mutex
	notEmpty sync.Cond // signalled when items are added or the queue closes
	notFull  sync.Cond // signalled when the queue falls to half its limit
	items    []*sudokuv1.BatchItem
	head     int // items[head:] are queued
	limit    int
	closed   bool
	dropped  int       // items that drop forgot
	ids      recentIDs // of the items taken
}

// newItemQueue returns a queue of limit items that remembers the ids of
// the last window items taken.
func newItemQueue(limit, window int) *itemQueue {
	q := &itemQueue{limit: limit, items: make([]*sudokuv1.BatchItem, 0, 2*limit), ids: newRecentIDs(window)}
	q.notEmpty.L = &q.mu
	q.notFull.L = &q.mu
	return q
}

// add queues items once the queue holds fewer than its limit, and reports
// false when the queue is closed instead. The queue then holds less than
// limit+len(items).
func (q *itemQueue) add(items []*sudokuv1.BatchItem) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.len() >= q.limit && !q.closed {
		q.notFull.Wait()
	}
	if q.closed {
		return false
	}
	if q.head > 0 && len(q.items)+len(items) > cap(q.items) {
		n := copy(q.items, q.items[q.head:])
		clear(q.items[n:])
		q.items, q.head = q.items[:n], 0
	}
	q.items = append(q.items, items...)
	if len(items) == 1 {
		q.notEmpty.Signal()
	} else {
		q.notEmpty.Broadcast()
	}
	return true
}

// waitRoom waits until the queue holds fewer than its limit, and reports
// false when it is closed instead: the receiver reads (and so decodes) the
// next message only then, rather than hold it decoded while add waits.
func (q *itemQueue) waitRoom() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.len() >= q.limit && !q.closed {
		q.notFull.Wait()
	}
	return !q.closed
}

func (q *itemQueue) len() int { return len(q.items) - q.head }

// take returns the next item, waiting for one, and whether its id, when
// not empty, is that of one of the last items taken; ok is false once the
// queue is closed and empty.
func (q *itemQueue) take() (item *sudokuv1.BatchItem, repeated, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.len() == 0 && !q.closed {
		q.notEmpty.Wait()
	}
	if q.len() == 0 {
		return nil, false, false
	}
	item = q.items[q.head]
	q.items[q.head] = nil
	q.head++
	if q.head == len(q.items) {
		q.items, q.head = q.items[:0], 0
	}
	if q.len() == q.limit/2 {
		q.notFull.Signal()
	}
	repeated = item.GetId() != "" && !q.ids.add(item.GetId())
	return item, repeated, true
}

// close ends the input: take returns what is queued, then false.
func (q *itemQueue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	q.notEmpty.Broadcast()
	q.notFull.Broadcast()
}

// drop closes the queue and forgets what it holds, so that take returns
// false at once.
func (q *itemQueue) drop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.closed = true
	q.dropped += q.len()
	clear(q.items)
	q.items, q.head = q.items[:0], 0
	q.notEmpty.Broadcast()
	q.notFull.Broadcast()
}

// lost returns the number of items that drop forgot: received, never
// taken, never answered.
func (q *itemQueue) lost() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.dropped
}

// recentIDs remembers the last ids added, up to a window, by a 128-bit
// hash of each: its memory does not grow with the length of the ids, and
// two ids are taken for one with odds of about 2⁻⁹⁷ in a full window.
type recentIDs struct {
	seeds  [2]maphash.Seed
	set    map[[2]uint64]struct{}
	ring   [][2]uint64 // the hashes in set, in the order added
	next   int         // the slot of ring the next hash takes, once full
	window int
}

func newRecentIDs(window int) recentIDs {
	return recentIDs{
		seeds:  [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()},
		set:    map[[2]uint64]struct{}{},
		window: window,
	}
}

// add remembers id, forgetting the oldest id when the window is full, and
// reports false when id is remembered already.
func (r *recentIDs) add(id string) bool {
	h := [2]uint64{maphash.String(r.seeds[0], id), maphash.String(r.seeds[1], id)}
	if _, ok := r.set[h]; ok {
		return false
	}
	r.set[h] = struct{}{}
	if len(r.ring) < r.window {
		r.ring = append(r.ring, h)
		return true
	}
	delete(r.set, r.ring[r.next])
	r.ring[r.next] = h
	r.next = (r.next + 1) % r.window
	return true
}
