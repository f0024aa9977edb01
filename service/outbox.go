package service

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
)

// errStalled ends a stream whose client stopped reading.
var errStalled = errors.New("stream stalled")

// outbox sends the messages of one server stream from a goroutine of its
// own, so that producing them (solving) never waits on the network. It
// holds at most size items; a producer that finds it full waits (see put).
// The stream is stalled when one message could not be sent for the stall
// timeout: gRPC flow control blocks a send only while the client reads
// nothing.
//
// The sending goroutine may gather several items into one message (see
// grouping); each item is counted as sent once its message is.
//
// The owner must call close once every producer has returned, so that the
// sending goroutine ends.
type outbox[M any] struct {
	send      func([]M) error // sends items as one message
	group     grouping[M]
	queue     chan sized[M]
	stall     time.Duration
	done      chan struct{} // closed when the sending goroutine returns
	err       error         // why it returned early; read after done
	stalled   chan struct{} // closed when a send took stall or longer
	stallOnce sync.Once
	closeOnce sync.Once
	watchdog  *time.Timer
	onSent    func(M)             // called for each item sent, when not nil
	room      *semaphore.Weighted // bytes the items held may take; nil: no bound
}

// sized is an item of an outbox with its size (grouping.size), taken
// once when it is queued: sizing a protobuf message walks all of it.
type sized[M any] struct {
	m    M
	size int
}

// grouping says how the sending goroutine of an outbox gathers items into
// one message. The zero grouping sends each item on its own.
type grouping[M any] struct {
	// max is the number of items a message carries at most.
	max int
	// bytes bounds the sum of size over the items of a message; an item
	// that does not fit goes in the next one.
	bytes int
	size  func(M) int
	// linger is how long a message that is not full may wait for more
	// items, while more reports that some are on their way. Zero sends
	// the items queued at once.
	linger time.Duration
	more   func() bool
	// beat, when not zero, is how long the outbox may send nothing while
	// working reports items being made: it then sends a message of no
	// items (a heartbeat).
	beat    time.Duration
	working func() bool
	// held bounds the sum of size over the items queued and being sent;
	// put waits while there is no room. An item larger than held counts
	// as held. Zero: no bound but the number of items.
	held int
}

func newOutbox[M any](send func([]M) error, size int, stall time.Duration, group grouping[M], onSent func(M)) *outbox[M] {
	if group.max < 1 {
		group.max = 1
	}
	o := &outbox[M]{
		send:    send,
		group:   group,
		queue:   make(chan sized[M], size),
		stall:   stall,
		done:    make(chan struct{}),
		stalled: make(chan struct{}),
		onSent:  onSent,
	}
	if group.held > 0 {
		o.room = semaphore.NewWeighted(int64(group.held))
	}
	o.watchdog = time.AfterFunc(time.Hour, func() {
		o.stallOnce.Do(func() { close(o.stalled) })
	})
	o.watchdog.Stop()
	go o.run()
	return o
}

func (o *outbox[M]) run() {
	defer close(o.done)
	defer o.watchdog.Stop()
	var linger *time.Timer
	if o.group.linger > 0 {
		linger = time.NewTimer(time.Hour)
		linger.Stop()
		defer linger.Stop()
	}
	var beat *time.Timer
	if o.group.beat > 0 {
		beat = time.NewTimer(o.group.beat)
		defer beat.Stop()
	}
	msg := make([]sized[M], 0, o.group.max)
	send := make([]M, 0, o.group.max)
	var carry []sized[M] // an item that did not fit in the previous message
	for open := true; open; {
		msg = append(msg[:0], carry...)
		carry = carry[:0]
		if len(msg) == 0 {
			m, ok, beating := o.first(beat)
			if !ok {
				return
			}
			if beating {
				if err := o.sendNow(nil, nil); err != nil {
					o.err = err
					return
				}
				beat.Reset(o.group.beat)
				continue
			}
			msg = append(msg, m)
		}
		bytes := msg[0].size
		lingering := false
	gather:
		for len(msg) < o.group.max {
			var m sized[M]
			var ok bool
			select {
			case m, ok = <-o.queue:
			default:
				if linger == nil || !o.group.more() {
					break gather
				}
				if !lingering {
					lingering = true
					linger.Reset(o.group.linger)
				}
				select {
				case m, ok = <-o.queue:
				case <-linger.C:
					break gather
				}
			}
			if !ok {
				open = false
				break
			}
			n := m.size
			if o.group.bytes > 0 && bytes+n > o.group.bytes {
				carry = append(carry, m)
				break
			}
			bytes += n
			msg = append(msg, m)
		}
		if lingering {
			linger.Stop()
		}
		// A closed queue and an item carried over never come together:
		// each ends the gathering.
		send = send[:0]
		for _, m := range msg {
			send = append(send, m.m)
		}
		if err := o.sendNow(send, msg); err != nil {
			o.err = err
			return
		}
		if beat != nil {
			beat.Reset(o.group.beat)
		}
	}
}

// first waits for the first item of a message. With heartbeats (beat not
// nil), it reports beating instead when beat fires while working reports
// items being made; beat is reset when it fires with none.
func (o *outbox[M]) first(beat *time.Timer) (m sized[M], ok, beating bool) {
	if beat == nil {
		m, ok = <-o.queue
		return m, ok, false
	}
	for {
		select {
		case m, ok = <-o.queue:
			return m, ok, false
		case <-beat.C:
			if o.group.working() {
				return m, true, true
			}
			beat.Reset(o.group.beat)
		}
	}
}

// sendNow sends msg, the items of items, watched for a stall, and frees
// the room they held.
func (o *outbox[M]) sendNow(msg []M, items []sized[M]) error {
	o.watchdog.Reset(o.stall)
	err := o.send(msg)
	o.watchdog.Stop()
	if o.room != nil {
		var w int64
		for _, m := range items {
			w += o.weight(m)
		}
		o.room.Release(w)
	}
	if err != nil {
		return err
	}
	if o.onSent != nil {
		for _, m := range msg {
			o.onSent(m)
		}
	}
	return nil
}

// sized returns m with its size.
func (o *outbox[M]) sized(m M) sized[M] {
	if o.group.size == nil {
		return sized[M]{m: m}
	}
	return sized[M]{m: m, size: o.group.size(m)}
}

// weight is the room m takes in the outbox.
func (o *outbox[M]) weight(m sized[M]) int64 {
	return int64(min(m.size, o.group.held))
}

// tryPut queues m if there is room, and reports whether it did.
func (o *outbox[M]) tryPut(m M) bool {
	_, ok := o.tryPutSized(m)
	return ok
}

// tryPutSized is tryPut, also returning m with its size for a put that
// follows (putSized).
func (o *outbox[M]) tryPutSized(m M) (sized[M], bool) {
	it := o.sized(m)
	if o.room != nil && !o.room.TryAcquire(o.weight(it)) {
		return it, false
	}
	select {
	case o.queue <- it:
		return it, true
	default:
		if o.room != nil {
			o.room.Release(o.weight(it))
		}
		return it, false
	}
}

// put queues m, waiting while the outbox is full until there is room, ctx
// ends, the stream fails or it stalls.
func (o *outbox[M]) put(ctx context.Context, m M) error {
	return o.putSized(ctx, o.sized(m))
}

// putSized is put of an item sized by tryPutSized or sized.
func (o *outbox[M]) putSized(ctx context.Context, m sized[M]) error {
	if o.room != nil {
		if err := o.acquire(ctx, m); err != nil {
			return err
		}
	}
	select {
	case o.queue <- m:
		return nil
	default:
	}
	if err := o.enqueue(ctx, m); err != nil {
		if o.room != nil {
			o.room.Release(o.weight(m))
		}
		return err
	}
	return nil
}

// acquire takes the room of m in a bounded outbox, waiting for it until
// ctx ends, the stream fails or it stalls.
func (o *outbox[M]) acquire(ctx context.Context, m sized[M]) error {
	w := o.weight(m)
	if o.room.TryAcquire(w) {
		return nil
	}
	wait, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-o.stalled:
		case <-o.done:
		case <-wait.Done():
		}
		cancel()
	}()
	if err := o.room.Acquire(wait, w); err != nil {
		select {
		case <-o.stalled:
			return o.stallError()
		case <-o.done:
			if err := o.failure(); err != nil {
				return err
			}
			return errors.New("outbox closed") // a put after close: a bug
		default:
			return ctx.Err()
		}
	}
	return nil
}

// enqueue queues m once there is room, or fails when ctx ends, the stream
// fails or it stalls.
func (o *outbox[M]) enqueue(ctx context.Context, m sized[M]) error {
	select {
	case o.queue <- m:
		return nil
	case <-o.done:
		if err := o.failure(); err != nil {
			return err
		}
		return errors.New("outbox closed") // a put after close: a bug
	case <-o.stalled:
		return o.stallError()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close tells the outbox that no more items come; the sending goroutine
// returns once it has sent those queued. It may be called more than once.
func (o *outbox[M]) close() {
	o.closeOnce.Do(func() { close(o.queue) })
}

// wait waits until every item queued is sent (after close), and returns
// nil then; or until the stream fails, stalls or ctx ends.
func (o *outbox[M]) wait(ctx context.Context) error {
	select {
	case <-o.done:
		return o.failure()
	case <-o.stalled:
		return o.stallError()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// failure is why the sending goroutine returned: nil when it sent all.
func (o *outbox[M]) failure() error {
	<-o.done
	return o.err
}

func (o *outbox[M]) stallError() error {
	return fmt.Errorf("%w: the client read nothing for %v; stream aborted", errStalled, o.stall)
}
