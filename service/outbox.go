package service

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// errStalled ends a stream whose client stopped reading.
var errStalled = errors.New("stream stalled")

// outbox sends the messages of one server stream from a goroutine of its
// own, so that producing them (solving) never waits on the network. It
// holds at most size messages; a producer that finds it full waits (see
// put). The stream is stalled when one message could not be sent for the
// stall timeout: gRPC flow control blocks a send only while the client
// reads nothing.
//
// The owner must call close once every producer has returned, so that the
// sending goroutine ends.
type outbox[M any] struct {
	send      func(M) error
	queue     chan M
	stall     time.Duration
	done      chan struct{} // closed when the sending goroutine returns
	err       error         // why it returned early; read after done
	stalled   chan struct{} // closed when a send took stall or longer
	stallOnce sync.Once
	closeOnce sync.Once
	watchdog  *time.Timer
	onSent    func(M) // called after each message sent, when not nil
}

func newOutbox[M any](send func(M) error, size int, stall time.Duration, onSent func(M)) *outbox[M] {
	o := &outbox[M]{
		send:    send,
		queue:   make(chan M, size),
		stall:   stall,
		done:    make(chan struct{}),
		stalled: make(chan struct{}),
		onSent:  onSent,
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
	for m := range o.queue {
		o.watchdog.Reset(o.stall)
		err := o.send(m)
		o.watchdog.Stop()
		if err != nil {
			o.err = err
			return
		}
		if o.onSent != nil {
			o.onSent(m)
		}
	}
}

// tryPut queues m if there is room, and reports whether it did.
func (o *outbox[M]) tryPut(m M) bool {
	select {
	case o.queue <- m:
		return true
	default:
		return false
	}
}

// put queues m, waiting while the outbox is full until there is room, ctx
// ends, the stream fails or it stalls.
func (o *outbox[M]) put(ctx context.Context, m M) error {
	if o.tryPut(m) {
		return nil
	}
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

// close tells the outbox that no more messages come; the sending goroutine
// returns once it has sent those queued. It may be called more than once.
func (o *outbox[M]) close() {
	o.closeOnce.Do(func() { close(o.queue) })
}

// wait waits until every message queued is sent (after close), and
// returns nil then; or until the stream fails, stalls or ctx ends.
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
	if o.err != nil {
		return o.err
	}
	return nil
}

func (o *outbox[M]) stallError() error {
	return fmt.Errorf("%w: the client read nothing for %v; stream aborted", errStalled, o.stall)
}
