package service

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// recorder is the send function of an outbox under test: it records the
// messages sent, and blocks while held.
type recorder struct {
	sent    chan []int
	hold    chan struct{} // a send waits for a value when not nil
	sending chan struct{} // a held send tells it has begun
}

func newRecorder(held bool) *recorder {
	r := &recorder{sent: make(chan []int, 100), sending: make(chan struct{}, 100)}
	if held {
		r.hold = make(chan struct{})
	}
	return r
}

func (r *recorder) send(msg []int) error {
	if r.hold != nil {
		r.sending <- struct{}{}
		<-r.hold
	}
	r.sent <- slices.Clone(msg)
	return nil
}

// next returns the next message sent.
func (r *recorder) next(t *testing.T) []int {
	t.Helper()
	return receive(t, r.sent, 10*time.Second, "message sent")
}

func TestOutboxGroups(t *testing.T) {
	ctx := context.Background()
	sizeOf := func(m int) int { return m }

	t.Run("items queued during a send go together", func(t *testing.T) {
		r := newRecorder(true)
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 4, bytes: 100, size: sizeOf}, nil)
		defer o.close()
		o.put(ctx, 1) // taken at once: its send waits for hold
		<-r.sending
		for _, m := range []int{2, 3, 4, 5, 6, 7} {
			o.put(ctx, m)
		}
		for range 3 {
			r.hold <- struct{}{}
		}
		for _, want := range [][]int{{1}, {2, 3, 4, 5}, {6, 7}} {
			if got := r.next(t); !slices.Equal(got, want) {
				t.Fatalf("sent %v, want %v", got, want)
			}
		}
	})

	t.Run("bytes bound a message", func(t *testing.T) {
		r := newRecorder(true)
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 10, bytes: 10, size: sizeOf}, nil)
		o.put(ctx, 1)
		<-r.sending
		for _, m := range []int{4, 5, 2, 12, 3} {
			o.put(ctx, m)
		}
		o.close()
		go func() {
			for range 5 {
				r.hold <- struct{}{}
			}
		}()
		// 12 is over the bound alone: it goes alone.
		for _, want := range [][]int{{1}, {4, 5}, {2}, {12}, {3}} {
			if got := r.next(t); !slices.Equal(got, want) {
				t.Fatalf("sent %v, want %v", got, want)
			}
		}
		if err := o.wait(ctx); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("held bytes bound the items queued", func(t *testing.T) {
		r := newRecorder(true)
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 10, size: sizeOf, held: 10}, nil)
		defer o.close()
		if err := o.put(ctx, 8); err != nil {
			t.Fatal(err)
		}
		<-r.sending
		// 8 of 10 bytes are held until its message is sent: 5 must wait.
		short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		if err := o.put(short, 5); err != context.DeadlineExceeded {
			t.Fatalf("put without room = %v, want DeadlineExceeded", err)
		}
		if err := o.put(ctx, 2); err != nil {
			t.Fatalf("put with room = %v", err)
		}
		r.hold <- struct{}{}
		r.hold <- struct{}{}
		if err := o.put(ctx, 20); err != nil { // larger than held: takes it all
			t.Fatal(err)
		}
		r.hold <- struct{}{}
		for _, want := range [][]int{{8}, {2}, {20}} {
			if got := r.next(t); !slices.Equal(got, want) {
				t.Fatalf("sent %v, want %v", got, want)
			}
		}
	})

	t.Run("no linger when nothing more comes", func(t *testing.T) {
		r := newRecorder(false)
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 10, linger: time.Hour, more: func() bool { return false }}, nil)
		defer o.close()
		o.put(ctx, 1)
		if got := r.next(t); !slices.Equal(got, []int{1}) {
			t.Fatalf("sent %v, want [1]", got)
		}
	})

	t.Run("a full message does not linger", func(t *testing.T) {
		r := newRecorder(false)
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 3, linger: time.Hour, more: func() bool { return true }}, nil)
		defer o.close()
		for _, m := range []int{1, 2, 3} {
			o.put(ctx, m)
		}
		if got := r.next(t); !slices.Equal(got, []int{1, 2, 3}) {
			t.Fatalf("sent %v, want [1 2 3]", got)
		}
	})

	t.Run("linger waits for more", func(t *testing.T) {
		const linger = 50 * time.Millisecond
		var more atomic.Bool
		more.Store(true)
		r := newRecorder(false)
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 10, linger: linger, more: more.Load}, nil)
		defer o.close()
		start := time.Now()
		o.put(ctx, 1)
		o.put(ctx, 2)
		if got := r.next(t); !slices.Equal(got, []int{1, 2}) {
			t.Fatalf("sent %v, want [1 2]", got)
		}
		if d := time.Since(start); d < linger {
			t.Errorf("sent after %v, want a wait of the linger, %v", d, linger)
		}
	})

	t.Run("close sends what is queued", func(t *testing.T) {
		r := newRecorder(false)
		var counted atomic.Int64
		o := newOutbox(r.send, 10, time.Minute, grouping[int]{max: 2, linger: time.Hour, more: func() bool { return true }},
			func(int) { counted.Add(1) })
		for _, m := range []int{1, 2, 3} {
			o.put(ctx, m)
		}
		o.close()
		if err := o.wait(ctx); err != nil {
			t.Fatal(err)
		}
		var got []int
		for len(r.sent) > 0 {
			got = append(got, <-r.sent...)
		}
		if !slices.Equal(got, []int{1, 2, 3}) || counted.Load() != 3 {
			t.Errorf("sent %v, counted %d; want [1 2 3], 3", got, counted.Load())
		}
	})
}

// TestOutboxBytesBound checks an outbox bounded by bytes: tryPut refuses an
// item with no room for its bytes, though its queue has room, and a put
// that waits for room ends with the stall error when the stream stalls.
func TestOutboxBytesBound(t *testing.T) {
	r := newRecorder(true)
	o := newOutbox(r.send, 100, 200*time.Millisecond, grouping[int]{size: func(m int) int { return m }, held: 10}, nil)
	defer func() {
		close(r.hold) // let the held send finish
		o.close()
	}()
	if !o.tryPut(6) {
		t.Fatal("tryPut(6) into an empty outbox of 10 bytes refused")
	}
	<-r.sending // 6 is being sent, and holds its bytes until it is
	if o.tryPut(5) {
		t.Fatal("tryPut(5) with 4 bytes left took it")
	}
	if !o.tryPut(4) {
		t.Fatal("tryPut(4) with 4 bytes left refused")
	}
	err := o.put(context.Background(), 3)
	if !errors.Is(err, errStalled) {
		t.Fatalf("put waiting for room in a stalled stream = %v, want errStalled", err)
	}
}
