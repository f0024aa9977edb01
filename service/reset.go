package service

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"
)

// DefaultPrematureResetLifetime is how young a stream cancelled by its
// client must be to count as a premature reset when
// GRPCConfig.PrematureResetLifetime is 0.
const DefaultPrematureResetLifetime = time.Second

// resetGuard closes the connections of clients that cancel most of the
// streams they open before they are answered (the HTTP/2 "rapid reset"
// attack, CVE-2023-44487): each such stream costs the server a handler
// and the client nearly nothing, and the connection's stream limit does
// not bound them since a reset stream no longer counts.
//
// A premature reset is a call that ends Canceled within lifetime of its
// start. As Envoy does (overload.premature_reset_total_stream_count), a
// connection is closed once its premature resets are at least half of
// limit while it has had fewer than limit calls, or at least half of its
// calls after that.
//
// Closing a connection alone only costs the attacker a reconnection, so
// for ban after, the guard also closes at once the new connections from
// the IP address of a connection it closed.
//
// The guard is a stats handler, which sees calls end, and a listener
// wrapper, which holds the connections it closes: grpc-go gives neither
// a way to send a GOAWAY nor to close a connection, so the guard closes
// the TCP connection under it. The listener hands gRPC the connections it
// accepts as they are (gRPC sets TCP options on a *net.TCPConn only). The
// guard knows a connection by its pair of addresses; connections whose
// pair is not unique (not TCP) are not guarded.
type resetGuard struct {
	limit    int64
	lifetime time.Duration
	ban      time.Duration
	onClose  func(c *guardedConn)  // logs and counts; nil does nothing
	onRefuse func(remote net.Addr) // for a connection from a banned address
	now      func() time.Time

	mu      sync.Mutex
	conns   map[connKey]*guardedConn
	accepts int                  // since the last sweep of conns
	banned  map[string]time.Time // IP address → end of its ban
}

// maxBanned bounds the addresses banned at once: past it, the guard bans
// no more until bans expire, rather than grow without end.
const maxBanned = 10_000

// sweepEvery is how many connections the guard accepts between sweeps of
// the connections that never began serving (their handshake failed),
// once they have had staleAfter to do so.
const (
	sweepEvery = 1024
	staleAfter = 2 * time.Minute
)

// connKey names a connection by its addresses.
type connKey struct{ local, remote string }

// newResetGuard returns a guard with limit (at least 2), lifetime (0:
// DefaultPrematureResetLifetime) and ban (0: none).
func newResetGuard(limit int, lifetime, ban time.Duration) *resetGuard {
	if lifetime <= 0 {
		lifetime = DefaultPrematureResetLifetime
	}
	return &resetGuard{
		limit:    int64(max(limit, 2)),
		lifetime: lifetime,
		ban:      ban,
		now:      time.Now,
		conns:    map[connKey]*guardedConn{},
		banned:   map[string]time.Time{},
	}
}

// guardedConn is a connection accepted through a resetGuard's listener,
// with the counts of its calls.
type guardedConn struct {
	conn     net.Conn
	key      connKey
	accepted time.Time
	serving  bool // once gRPC has begun serving it; under the guard's mu

	calls, premature atomic.Int64
	closing          atomic.Bool
	closeOnce        sync.Once
}

// Counts returns the calls the connection has had and how many of them
// were premature resets.
func (c *guardedConn) Counts() (calls, premature int64) {
	return c.calls.Load(), c.premature.Load()
}

// listener wraps ln so that the guard knows its connections.
func (g *resetGuard) listener(ln net.Listener) net.Listener {
	return guardedListener{Listener: ln, guard: g}
}

// guardedListener is a net.Listener whose connections a resetGuard knows.
type guardedListener struct {
	net.Listener
	guard *resetGuard
}

// Accept accepts a connection and registers it with the guard; it closes
// those from banned addresses at once.
func (l guardedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.guard.admit(c) != nil {
			return c, nil
		}
	}
}

// admit registers c and returns its record, or closes it and returns nil
// when its address is banned.
func (g *resetGuard) admit(c net.Conn) *guardedConn {
	now := g.now()
	gc := &guardedConn{conn: c, key: keyOf(c.LocalAddr(), c.RemoteAddr()), accepted: now}
	ip := hostOf(gc.key.remote)
	g.mu.Lock()
	until, banned := g.banned[ip]
	if banned && !now.Before(until) {
		delete(g.banned, ip)
		banned = false
	}
	if !banned {
		if g.accepts++; g.accepts >= sweepEvery {
			g.sweep(now)
		}
		if _, tcp := c.RemoteAddr().(*net.TCPAddr); tcp {
			// A connection of the same addresses still registered is gone.
			g.conns[gc.key] = gc
		}
	}
	g.mu.Unlock()
	if banned {
		c.Close()
		if g.onRefuse != nil {
			g.onRefuse(c.RemoteAddr())
		}
		return nil
	}
	return gc
}

// sweep forgets the connections that have not begun serving within
// staleAfter: gRPC has closed them without telling the guard. g.mu is
// held.
func (g *resetGuard) sweep(now time.Time) {
	g.accepts = 0
	for k, c := range g.conns {
		if !c.serving && now.Sub(c.accepted) >= staleAfter {
			delete(g.conns, k)
		}
	}
}

// hostOf returns the host of a "host:port" address, or the address.
func hostOf(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return addr
}

// keyOf returns the key of a connection with addresses local and remote;
// either may be nil.
func keyOf(local, remote net.Addr) connKey {
	str := func(a net.Addr) string {
		if a == nil {
			return ""
		}
		return a.String()
	}
	return connKey{local: str(local), remote: str(remote)}
}

// guardedConnKey is the context key of a connection's *guardedConn.
type guardedConnKey struct{}

// TagConn finds the guarded connection and puts it in ctx.
func (g *resetGuard) TagConn(ctx context.Context, info *stats.ConnTagInfo) context.Context {
	key := keyOf(info.LocalAddr, info.RemoteAddr)
	g.mu.Lock()
	c := g.conns[key]
	if c != nil {
		c.serving = true
	}
	g.mu.Unlock()
	if c == nil {
		return ctx
	}
	return context.WithValue(ctx, guardedConnKey{}, c)
}

// HandleConn forgets a connection once it has ended.
func (g *resetGuard) HandleConn(ctx context.Context, s stats.ConnStats) {
	if _, ok := s.(*stats.ConnEnd); !ok {
		return
	}
	c, ok := ctx.Value(guardedConnKey{}).(*guardedConn)
	if !ok {
		return
	}
	g.mu.Lock()
	if g.conns[c.key] == c {
		delete(g.conns, c.key)
	}
	g.mu.Unlock()
}

// TagRPC returns ctx.
func (g *resetGuard) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context { return ctx }

// HandleRPC counts the end of a call on its connection, and closes the
// connection when its client resets too many calls.
func (g *resetGuard) HandleRPC(ctx context.Context, s stats.RPCStats) {
	end, ok := s.(*stats.End)
	if !ok {
		return
	}
	c, ok := ctx.Value(guardedConnKey{}).(*guardedConn)
	if !ok || c.closing.Load() {
		return
	}
	calls := c.calls.Add(1)
	premature := c.premature.Load()
	if status.Code(end.Error) == codes.Canceled && end.EndTime.Sub(end.BeginTime) < g.lifetime {
		premature = c.premature.Add(1)
	}
	if 2*premature >= max(g.limit, calls) {
		g.close(c)
	}
}

// close closes c, once, and bans its address.
func (g *resetGuard) close(c *guardedConn) {
	c.closeOnce.Do(func() {
		// Banned and counted first, so that whoever sees the connection
		// closed sees them too.
		c.closing.Store(true)
		if g.ban > 0 {
			g.banAddr(hostOf(c.key.remote))
		}
		if g.onClose != nil {
			g.onClose(c)
		}
		c.conn.Close()
	})
}

// banAddr bans the IP address ip for g.ban.
func (g *resetGuard) banAddr(ip string) {
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.banned) >= maxBanned {
		for a, until := range g.banned {
			if !now.Before(until) {
				delete(g.banned, a)
			}
		}
		if len(g.banned) >= maxBanned {
			return
		}
	}
	g.banned[ip] = now.Add(g.ban)
}
