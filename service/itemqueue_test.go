package service

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

func items(ids ...int) []*sudokuv1.BatchItem {
	var out []*sudokuv1.BatchItem
	for _, id := range ids {
		out = append(out, &sudokuv1.BatchItem{Id: fmt.Sprint(id)})
	}
	return out
}

// takeIDs takes n items and returns their ids.
func takeIDs(t *testing.T, q *itemQueue, n int) []string {
	t.Helper()
	var ids []string
	for range n {
		it, _, ok := q.take()
		if !ok {
			t.Fatalf("take after %v: queue closed", ids)
		}
		ids = append(ids, it.GetId())
	}
	return ids
}

func TestItemQueue(t *testing.T) {
	t.Run("order across adds", func(t *testing.T) {
		q := newItemQueue(4, 16)
		q.add(items(1, 2, 3))
		if got := fmt.Sprint(takeIDs(t, q, 2)); got != "[1 2]" {
			t.Fatalf("took %s", got)
		}
		q.add(items(4, 5, 6, 7, 8, 9, 10)) // more than the limit in one message
		if got := fmt.Sprint(takeIDs(t, q, 8)); got != "[3 4 5 6 7 8 9 10]" {
			t.Fatalf("took %s", got)
		}
	})

	t.Run("a full queue takes more once half is taken", func(t *testing.T) {
		q := newItemQueue(4, 16)
		q.add(items(1, 2, 3, 4))
		added := make(chan bool)
		go func() { added <- q.add(items(5)) }()
		takeIDs(t, q, 2) // half left: a waiting add is woken
		if !receive(t, added, 10*time.Second, "add returning with half the queue free") {
			t.Fatal("add reported a closed queue")
		}
		if got := fmt.Sprint(takeIDs(t, q, 3)); got != "[3 4 5]" {
			t.Fatalf("took %s", got)
		}
	})

	t.Run("close lets the workers finish", func(t *testing.T) {
		q := newItemQueue(4, 16)
		q.add(items(1, 2))
		q.close()
		if got := fmt.Sprint(takeIDs(t, q, 2)); got != "[1 2]" {
			t.Fatalf("took %s", got)
		}
		if _, _, ok := q.take(); ok {
			t.Error("take after close and empty reported an item")
		}
		if q.add(items(3)) {
			t.Error("add after close reported success")
		}
	})

	t.Run("drop wakes everyone and forgets the items", func(t *testing.T) {
		q := newItemQueue(2, 16)
		q.add(items(1, 2))
		added := make(chan bool)
		go func() { added <- q.add(items(3)) }()
		empty := newItemQueue(2, 16)
		took := make(chan bool)
		go func() { _, _, ok := empty.take(); took <- ok }()
		q.drop()
		empty.drop()
		if <-added {
			t.Error("a waiting add reported success after drop")
		}
		if <-took {
			t.Error("a waiting take reported an item after drop")
		}
		if _, _, ok := q.take(); ok {
			t.Error("take after drop reported an item")
		}
	})
}

func TestItemClock(t *testing.T) {
	parent, cancelParent := context.WithCancel(context.Background())
	defer cancelParent()
	clock := newItemClock(parent, 20*time.Millisecond)
	defer clock.close()

	// A puzzle that runs out of time gets DeadlineExceeded.
	ctx := clock.start()
	<-ctx.Done()
	if err := clock.stop(ctx.Err()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("timed out puzzle: %v, want DeadlineExceeded", err)
	}
	// The next one gets a fresh context and its own time.
	ctx = clock.start()
	if ctx.Err() != nil {
		t.Fatal("the context after a timeout is done already")
	}
	if err := clock.stop(nil); err != nil {
		t.Fatalf("a puzzle done in time: %v", err)
	}
	bad := errors.New("bad puzzle")
	clock.start()
	if err := clock.stop(bad); err != bad {
		t.Fatalf("a failed puzzle: %v, want its error", err)
	}
	// Restarted for each puzzle, the same context lives on past the
	// timeout (the puzzles together take longer than one).
	long := newItemClock(parent, 500*time.Millisecond)
	defer long.close()
	first := long.start()
	long.stop(nil)
	for range 3 {
		ctx = long.start()
		time.Sleep(200 * time.Millisecond)
		// The same context under each puzzle's deadline.
		same := ctx.(itemContext).Context == first.(itemContext).Context
		if err := long.stop(ctx.Err()); err != nil || !same {
			t.Fatalf("a puzzle within its time: %v, same context %v", err, same)
		}
	}
	// The parent ending is not a timeout.
	ctx = clock.start()
	cancelParent()
	<-ctx.Done()
	if err := clock.stop(ctx.Err()); err != context.Canceled {
		t.Fatalf("parent cancelled: %v, want Canceled", err)
	}
}
