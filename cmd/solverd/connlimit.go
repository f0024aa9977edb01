package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/stats"
)

// cappedListener serves at most max connections of a listener at once, as
// netutil.LimitListener does (more wait in the listen backlog), and says
// so: a gauge of the connections open, a counter of the connections that
// had to wait, and a warning, at most one every capLogEvery, when the cap
// is reached, since waiting connections are otherwise silent (idle
// clients holding every slot looked like a dead server).
type cappedListener struct {
	net.Listener
	slots  chan struct{}
	open   prometheus.Gauge
	waited prometheus.Counter
	logger *slog.Logger
	name   string
	last   atomic.Int64 // unix nanoseconds of the last warning

	closeOnce sync.Once
	done      chan struct{} // closed by Close: a wait for a slot ends

	// evict, when not nil, is called when every slot is taken, and again
	// every evictEvery while Accept waits for one: it may close a
	// connection that is not needed (the web port's idle keep-alives,
	// idleConns.closeOldest).
	evict func()
	// opened and closed, when not nil, are called with each connection
	// accepted and once it is closed (callConns).
	opened, closed func(net.Conn)
}

// evictEvery is how often a full listener with evict calls it while it
// waits for a slot: a connection may become idle long enough meanwhile.
const evictEvery = 250 * time.Millisecond

// capLogEvery is the least time between two warnings of a full listener.
const capLogEvery = 10 * time.Second

// newCappedListener returns ln serving at most max connections; name
// labels its metrics (registered on reg when it is not nil) and its
// warnings.
func newCappedListener(ln net.Listener, max int, name string, reg prometheus.Registerer, logger *slog.Logger) *cappedListener {
	labels := prometheus.Labels{"listener": name}
	l := &cappedListener{
		Listener: ln,
		slots:    make(chan struct{}, max),
		open: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "sudoku", Name: "connections_open",
			Help: "Connections the listener serves now (at most -max-connections).", ConstLabels: labels}),
		waited: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "sudoku", Name: "connections_waited_total",
			Help: "Times the listener found -max-connections open and stopped accepting (the next connections wait in the listen backlog) until one closed.", ConstLabels: labels}),
		logger: logger,
		name:   name,
		done:   make(chan struct{}),
	}
	if reg != nil {
		reg.MustRegister(l.open, l.waited)
	}
	return l
}

// Accept waits for a free slot, then for a connection.
func (l *cappedListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	default:
		l.waited.Inc()
		if now := time.Now().UnixNano(); now-l.last.Load() >= int64(capLogEvery) {
			l.last.Store(now)
			l.logger.Warn("connection cap reached: new connections wait in the listen backlog until one closes",
				"listener", l.name, "max_connections", cap(l.slots))
		}
		if err := l.wait(); err != nil {
			return nil, err
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	l.open.Inc()
	cc := &cappedConn{Conn: c}
	cc.release = func() {
		if l.closed != nil {
			l.closed(cc)
		}
		l.open.Dec()
		<-l.slots
	}
	if l.opened != nil {
		l.opened(cc)
	}
	return cc, nil
}

// wait waits for a free slot, calling evict meanwhile when it is set.
func (l *cappedListener) wait() error {
	var tick <-chan time.Time
	if l.evict != nil {
		l.evict()
		t := time.NewTicker(evictEvery)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case l.slots <- struct{}{}:
			return nil
		case <-l.done:
			return net.ErrClosed
		case <-tick:
			l.evict()
		}
	}
}

// Close closes the listener and ends a wait for a slot.
func (l *cappedListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// cappedConn gives its slot back once closed.
type cappedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// idleConns tracks the HTTP connections kept alive between requests
// (http.Server.ConnState; callConns feeds it the gRPC port's connections
// without calls), so that a full listener can close the one idle the
// longest: without it, a client could hold every slot of the web
// port with idle connections (a request on each within the port's idle
// timeout of 2 minutes keeps them) and leave other clients waiting in the
// backlog.
type idleConns struct {
	mu   sync.Mutex
	idle map[net.Conn]time.Time // since when
	now  func() time.Time
}

func newIdleConns() *idleConns {
	return &idleConns{idle: map[net.Conn]time.Time{}, now: time.Now}
}

// track is an http.Server's ConnState hook.
func (t *idleConns) track(c net.Conn, s http.ConnState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if s == http.StateIdle {
		t.idle[c] = t.now()
	} else {
		delete(t.idle, c)
	}
}

// closeOldest closes the connection idle the longest, if it has been for
// minEvictIdle at least, as the server's idle timeout would: clients open
// a new one for their next request. One idle for less may be about to
// carry a request (a client sending one after another), which closing it
// would fail.
func (t *idleConns) closeOldest() {
	t.mu.Lock()
	var oldest net.Conn
	since := t.now().Add(-minEvictIdle)
	for c, s := range t.idle {
		if !s.After(since) {
			oldest, since = c, s
		}
	}
	delete(t.idle, oldest)
	t.mu.Unlock()
	if oldest != nil {
		oldest.Close()
	}
}

// minEvictIdle is the shortest time a connection must have been idle for
// closeOldest to close it.
const minEvictIdle = time.Second

// callConns is a stats.Handler of the gRPC server that keeps an idleConns
// true to the calls open on each connection of the gRPC port: a
// connection is idle from its accept to its first call and from the end
// of its last call to its next one. A full gRPC port then closes the
// connection idle the longest, as the web port does: without it, a
// client could hold every slot with connections that carry no call (or
// never finish their handshake), which gRPC closes only after
// -max-connection-idle (-handshake-timeout), and leave other clients
// waiting in the backlog meanwhile. A connection with a call open (a
// SolveBatch stream) is never closed so; a health Watch does not count,
// since it needs no token and lasts as long as its client likes: a client
// holding every slot with Watch streams would keep others waiting as idle
// connections did (its watchers reconnect).
type callConns struct {
	idle  *idleConns
	mu    sync.Mutex
	conns map[connKey]*callConn
	// shut is set by closeAll: a connection accepted afterwards (the
	// listener accepts until Stop closes it) is closed at once.
	shut bool
}

// connKey names a connection by its two ends, which the listener and
// gRPC's stats see alike.
type connKey struct{ local, remote string }

func keyOf(local, remote net.Addr) connKey {
	return connKey{addrString(local), addrString(remote)}
}

// addrString returns a's String, "" for none: gRPC's stats of a call
// served over HTTP (the web port's) may have no local address.
func addrString(a net.Addr) string {
	if a == nil {
		return ""
	}
	return a.String()
}

// callConn is a connection of the gRPC port and its calls open.
type callConn struct {
	conn  net.Conn
	calls int
	// gone is set once conn is closed: a call that ends afterwards (its
	// handler returns after the connection went) must not put conn back
	// among the idle ones, where it would stay, a closed connection that
	// closeOldest would spend an eviction on.
	gone bool
}

// callConnKey is the context key of a connection's *callConn.
type callConnKey struct{}

func newCallConns() *callConns {
	return &callConns{idle: newIdleConns(), conns: map[connKey]*callConn{}}
}

// opened starts tracking c, idle; the listener calls it on accepting c.
// After closeAll, it closes c instead.
func (t *callConns) opened(c net.Conn) {
	t.mu.Lock()
	if t.shut {
		t.mu.Unlock()
		c.Close() // its close calls closed, which locks t.mu
		return
	}
	defer t.mu.Unlock()
	t.conns[keyOf(c.LocalAddr(), c.RemoteAddr())] = &callConn{conn: c}
	t.idle.track(c, http.StateIdle)
}

// closed stops tracking c; the connection calls it once closed.
func (t *callConns) closed(c net.Conn) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := keyOf(c.LocalAddr(), c.RemoteAddr())
	if cc := t.conns[k]; cc != nil && cc.conn == c {
		cc.gone = true
		delete(t.conns, k)
	}
	t.idle.track(c, http.StateClosed)
}

// closeAll closes every connection tracked, and those accepted after it.
// gRPC's Stop waits for the handshakes under way, which a client that
// never finishes its own holds up to the server's connection timeout;
// closed, they end at once. A connection accepted between closeAll and
// Stop's closing the listener (a client reconnecting at once) would be
// one such handshake.
func (t *callConns) closeAll() {
	t.mu.Lock()
	t.shut = true
	conns := make([]net.Conn, 0, len(t.conns))
	for _, c := range t.conns {
		conns = append(conns, c.conn)
	}
	t.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
}

// TagConn attaches the connection's *callConn to its context, which its
// calls' contexts derive from.
func (t *callConns) TagConn(ctx context.Context, info *stats.ConnTagInfo) context.Context {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c := t.conns[keyOf(info.LocalAddr, info.RemoteAddr)]; c != nil {
		return context.WithValue(ctx, callConnKey{}, c)
	}
	return ctx
}

// HandleConn does nothing: the listener's connection says when it closes.
func (t *callConns) HandleConn(context.Context, stats.ConnStats) {}

// uncountedKey marks the context of a call callConns does not count.
type uncountedKey struct{}

// TagRPC marks a health Watch as a call not counted.
func (t *callConns) TagRPC(ctx context.Context, info *stats.RPCTagInfo) context.Context {
	if info.FullMethodName == healthpb.Health_Watch_FullMethodName {
		return context.WithValue(ctx, uncountedKey{}, true)
	}
	return ctx
}

// HandleRPC counts a call's start and end on its connection.
func (t *callConns) HandleRPC(ctx context.Context, s stats.RPCStats) {
	_, isBegin := s.(*stats.Begin)
	_, isEnd := s.(*stats.End)
	if !isBegin && !isEnd {
		return // a message: no lock taken for each
	}
	c, ok := ctx.Value(callConnKey{}).(*callConn)
	if !ok || ctx.Value(uncountedKey{}) != nil {
		return // a call of the web port, which tracks its own, or a Watch
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if isBegin {
		if c.calls++; c.calls == 1 {
			t.idle.track(c.conn, http.StateActive)
		}
	} else if c.calls--; c.calls == 0 && !c.gone {
		t.idle.track(c.conn, http.StateIdle)
	}
}
