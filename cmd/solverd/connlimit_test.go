package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/stats"
)

// value reads a gauge's or a counter's value.
func value(t *testing.T, m prometheus.Metric) float64 {
	t.Helper()
	var d dto.Metric
	if err := m.Write(&d); err != nil {
		t.Fatal(err)
	}
	if d.Gauge != nil {
		return d.Gauge.GetValue()
	}
	return d.Counter.GetValue()
}

// TestCappedListener checks the connection cap: a connection over it
// waits until another closes, and is counted and logged as waiting; the
// gauge counts those open; closing the listener ends a wait.
func TestCappedListener(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := newLogWriter() // safe for the accepting goroutine's writes
	reg := prometheus.NewRegistry()
	l := newCappedListener(raw, 1, "grpc", reg, slog.New(slog.NewTextHandler(log, nil)))
	defer l.Close()
	for range 2 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			t.Error(err)
		}
		accepted <- c
	}()
	select {
	case <-accepted:
		t.Fatal("a second connection was served over the cap of one")
	case <-time.After(100 * time.Millisecond):
	}
	if got := value(t, l.waited); got != 1 {
		t.Errorf("connections_waited_total = %v, want 1", got)
	}
	if !strings.Contains(log.String(), "connection cap reached") {
		t.Errorf("no warning of the cap in the log: %q", log.String())
	}
	first.Close()
	second := <-accepted
	if got := value(t, l.open); got != 1 {
		t.Errorf("connections_open = %v, want 1", got)
	}

	// Closing the listener ends a wait for a slot.
	waiting := make(chan error, 1)
	go func() {
		_, err := l.Accept()
		waiting <- err
	}()
	time.Sleep(50 * time.Millisecond)
	l.Close()
	if err := <-waiting; !errors.Is(err, net.ErrClosed) {
		t.Errorf("Accept after Close: %v, want net.ErrClosed", err)
	}
	second.Close()
	if got := value(t, l.open); got != 0 {
		t.Errorf("connections_open = %v after every connection closed, want 0", got)
	}
}

// TestWebIdleEvicted: on the web port, connections kept alive between
// requests give way to new ones when -max-connections are open: two
// clients that hold the only two slots idle do not keep a third waiting
// in the backlog, as they did until the port's 2-minute idle timeout.
func TestWebIdleEvicted(t *testing.T) {
	_, web := startWebDaemon(t, "--max-connections", "2")
	get := func(c *http.Client) error {
		resp, err := c.Get("http://" + web + "/")
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %s", resp.Status)
		}
		return nil
	}
	for range 2 { // each its own transport: its own kept-alive connection
		c := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
		defer c.CloseIdleConnections()
		if err := get(c); err != nil {
			t.Fatal(err)
		}
	}
	c := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
	defer c.CloseIdleConnections()
	if err := get(c); err != nil {
		t.Fatalf("a third client, beside two idle ones at a cap of two: %v; want the page", err)
	}
}

// TestCloseOldest: a full web port closes the connection idle the
// longest, and only one idle for minEvictIdle: one idle for less may be
// about to carry its client's next request.
func TestCloseOldest(t *testing.T) {
	now := time.Unix(1000, 0)
	idle := newIdleConns()
	idle.now = func() time.Time { return now }
	type conn struct {
		c      net.Conn
		closed chan struct{}
	}
	open := func() conn {
		a, b := net.Pipe()
		t.Cleanup(func() { a.Close(); b.Close() })
		closed := make(chan struct{})
		go func() { io.Copy(io.Discard, b); close(closed) }() // ends when a closes
		return conn{a, closed}
	}
	isClosed := func(c conn) bool {
		select {
		case <-c.closed:
			return true
		case <-time.After(100 * time.Millisecond):
			return false
		}
	}
	old, recent, busy := open(), open(), open()
	idle.track(old.c, http.StateIdle)
	now = now.Add(minEvictIdle / 2)
	idle.track(recent.c, http.StateIdle)
	idle.track(busy.c, http.StateIdle)
	idle.track(busy.c, http.StateActive) // a request came on it

	idle.closeOldest() // none idle long enough yet
	if isClosed(old) || isClosed(recent) {
		t.Fatal("a connection idle for less than minEvictIdle was closed")
	}
	now = now.Add(minEvictIdle / 2)
	idle.closeOldest()
	if !isClosed(old) || isClosed(recent) {
		t.Fatalf("closed: old %v, recent %v; want the old one alone", isClosed(old), isClosed(recent))
	}
	now = now.Add(time.Hour)
	idle.closeOldest()
	if !isClosed(recent) || isClosed(busy) {
		t.Fatalf("closed: recent %v, busy %v; want the idle one, never the busy one", isClosed(recent), isClosed(busy))
	}
}

// TestGRPCIdleEvicted: on the gRPC port, connections without calls give
// way to new ones when -max-connections are open, as on the web port:
// a client whose two connections made a call and sit idle, or a
// connection that never starts its handshake, do not keep a third
// waiting in the backlog (they did until -max-connection-idle, 15
// minutes, and -handshake-timeout). A connection with a call open is
// never closed so.
func TestGRPCIdleEvicted(t *testing.T) {
	addr, _, _, _ := startDaemon(t, "-listen", "127.0.0.1:0", "-max-connections", "2")
	check := checkHealth
	for range 2 {
		if err := check(dial(t, addr), 10*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if err := check(dial(t, addr), 10*time.Second); err != nil {
		t.Fatalf("a third connection, beside two idle ones at a cap of two: %v; want served", err)
	}

	addr, _, _, _ = startDaemon(t, "-listen", "127.0.0.1:0", "-max-connections", "2")
	silent, err := net.Dial("tcp", addr) // no handshake
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	busy := dial(t, addr)
	holdCall(t, busy)
	if err := check(dial(t, addr), 10*time.Second); err != nil {
		t.Fatalf("beside a silent connection and a busy one at a cap of two: %v; want served", err)
	}
	if err := check(busy, 10*time.Second); err != nil {
		t.Fatalf("the busy connection afterwards: %v; want it kept", err)
	}
}

// TestGRPCWatchNotBusy: a connection whose only call is a health Watch,
// which needs no token and lasts as long as its client likes, is closed
// to make room like an idle one; otherwise Watch streams on every slot
// would keep other clients waiting.
func TestGRPCWatchNotBusy(t *testing.T) {
	addr, _, _, _ := startDaemon(t, "-listen", "127.0.0.1:0", "-max-connections", "1")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w, err := healthpb.NewHealthClient(dial(t, addr)).Watch(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Recv(); err != nil {
		t.Fatalf("health Watch: %v", err)
	}
	if err := checkHealth(dial(t, addr), 10*time.Second); err != nil {
		t.Fatalf("beside a connection with a Watch alone at a cap of one: %v; want served", err)
	}
}

// TestCallConnsNoAddress: a connection of gRPC's stats without an
// address (a call served over HTTP may have no local one) is none of the
// port's, not a panic.
func TestCallConnsNoAddress(t *testing.T) {
	calls := newCallConns()
	ctx := calls.TagConn(context.Background(), &stats.ConnTagInfo{RemoteAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1}})
	if ctx.Value(callConnKey{}) != nil {
		t.Error("a connection without a local address was taken for one of the port's")
	}
	calls.HandleRPC(ctx, &stats.Begin{}) // counts nothing, panics nothing
}

// addrConn is a net.Conn of fixed addresses, for callConns.
type addrConn struct {
	net.Conn
	local, remote net.Addr
}

func (c *addrConn) LocalAddr() net.Addr  { return c.local }
func (c *addrConn) RemoteAddr() net.Addr { return c.remote }

// TestCallConnsClosed: a connection closed while a call is open (its
// client went away; the handler returns afterwards) does not come back
// among the idle ones when the call ends, where it stayed for good and
// cost a full port an eviction; nor does a connection's close untrack
// another accepted since with the same two addresses.
func TestCallConnsClosed(t *testing.T) {
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 50051}
	remote := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000}
	newConn := func() net.Conn { return &addrConn{local: local, remote: remote} }
	tag := func(calls *callConns) context.Context {
		ctx := calls.TagConn(context.Background(), &stats.ConnTagInfo{LocalAddr: local, RemoteAddr: remote})
		return calls.TagRPC(ctx, &stats.RPCTagInfo{FullMethodName: "/sudoku.v1.SudokuService/SolveBatch"})
	}
	tests := []struct {
		name string
		run  func(calls *callConns) (c net.Conn, wantIdle bool)
	}{
		{"call ends on an open connection", func(calls *callConns) (net.Conn, bool) {
			c := newConn()
			calls.opened(c)
			ctx := tag(calls)
			calls.HandleRPC(ctx, &stats.Begin{})
			calls.HandleRPC(ctx, &stats.End{})
			return c, true
		}},
		{"call ends after its connection closed", func(calls *callConns) (net.Conn, bool) {
			c := newConn()
			calls.opened(c)
			ctx := tag(calls)
			calls.HandleRPC(ctx, &stats.Begin{})
			calls.closed(c)
			calls.HandleRPC(ctx, &stats.End{})
			return c, false
		}},
		{"old connection of the same addresses closed after a new one's accept", func(calls *callConns) (net.Conn, bool) {
			old, c := newConn(), newConn()
			calls.opened(old)
			tag(calls)
			calls.opened(c)
			calls.closed(old)
			calls.HandleRPC(tag(calls), &stats.Begin{}) // a SolveBatch stream open on c
			return c, false
		}},
	}
	for _, tt := range tests {
		calls := newCallConns()
		c, wantIdle := tt.run(calls)
		calls.idle.mu.Lock()
		_, idle := calls.idle.idle[c]
		n := len(calls.idle.idle)
		calls.idle.mu.Unlock()
		if idle != wantIdle || n > 1 {
			t.Errorf("%s: connection idle %v (%d tracked idle), want %v", tt.name, idle, n, wantIdle)
		}
	}
}

// closeConn is a net.Conn that records its close.
type closeConn struct {
	addrConn
	closed bool
}

func (c *closeConn) Close() error { c.closed = true; return nil }

// TestCallConnsCloseAll: closeAll closes the connections tracked and,
// since the listener accepts until gRPC's Stop closes it, any accepted
// after it, whose handshake Stop would otherwise wait for (a client
// reconnecting at once held the health port's stop 30 s).
func TestCallConnsCloseAll(t *testing.T) {
	newConn := func(port int) *closeConn {
		return &closeConn{addrConn: addrConn{
			local:  &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 50052},
			remote: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: port},
		}}
	}
	tests := []struct {
		name      string
		closeAll  bool
		wantClose bool
	}{
		{"accepted before closeAll", true, true},
		{"accepted after closeAll", false, true},
	}
	for _, tt := range tests {
		calls := newCallConns()
		c := newConn(40000)
		if tt.closeAll {
			calls.opened(c)
			calls.closeAll()
		} else {
			calls.closeAll()
			calls.opened(c)
		}
		if c.closed != tt.wantClose {
			t.Errorf("%s: closed %v, want %v", tt.name, c.closed, tt.wantClose)
		}
	}
}
