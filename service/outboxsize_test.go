package service

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestOutboxSizesOnce checks that an outbox sizes each item once, however
// it is queued and grouped: sizing a step message walks all of it.
func TestOutboxSizesOnce(t *testing.T) {
	tests := []struct {
		name  string
		group grouping[int]
		try   bool // tryPut first, then putSized with its size
	}{
		{"held", grouping[int]{held: 1000}, false},
		{"held, tryPut", grouping[int]{held: 1000}, true},
		{"bytes and held", grouping[int]{max: 4, bytes: 10, held: 1000}, false},
		{"bytes, tryPut", grouping[int]{max: 4, bytes: 10, held: 1000}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int64
			tt.group.size = func(m int) int { calls.Add(1); return m }
			r := newRecorder(false)
			o := newOutbox(r.send, 4, time.Minute, tt.group, nil)
			ctx := context.Background()
			const items = 20
			for m := 1; m <= items; m++ {
				if tt.try {
					it, ok := o.tryPutSized(m % 5)
					if !ok {
						if err := o.putSized(ctx, it); err != nil {
							t.Fatal(err)
						}
					}
					continue
				}
				if err := o.put(ctx, m%5); err != nil {
					t.Fatal(err)
				}
			}
			o.close()
			if err := o.wait(ctx); err != nil {
				t.Fatal(err)
			}
			if got := calls.Load(); got != items {
				t.Errorf("%d items sized %d times, want once each", items, got)
			}
			close(r.sent)
			var got []int
			for msg := range r.sent {
				sum := 0
				for _, m := range msg {
					sum += m
				}
				if len(msg) > 1 && tt.group.bytes > 0 && sum > tt.group.bytes {
					t.Errorf("message %v of %d bytes, more than %d", msg, sum, tt.group.bytes)
				}
				got = append(got, msg...)
			}
			if len(got) != items {
				t.Fatalf("sent %v, want %d items", got, items)
			}
			for i, m := range got {
				if m != (i+1)%5 {
					t.Fatalf("sent %v, want 1 2 3 4 0 ... in order", got)
				}
			}
		})
	}
}
