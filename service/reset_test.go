package service

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestRapidResetClosesConnection: a client that opens streams and resets
// them at once has its connection closed, while a client on another
// connection keeps being served.
func TestRapidResetClosesConnection(t *testing.T) {
	reg := prometheus.NewRegistry()
	_, addr := serveTCP(t, Config{}, GRPCConfig{PrematureResetLimit: 50, Registerer: reg})

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := sudokuv1.NewSudokuServiceClient(conn)
	solve := func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
		return err
	}
	if err := solve(); err != nil {
		t.Fatal(err)
	}

	attacker := dialRawH2(t, addr)
	closed := make(chan struct{})
	go func() { // read until the server closes the connection
		defer close(closed)
		for {
			if _, err := attacker.fr.ReadFrame(); err != nil {
				return
			}
		}
	}()
	var normalCalls, normalErrs atomic.Int64
	stopNormal := make(chan struct{})
	normalDone := make(chan struct{})
	go func() {
		defer close(normalDone)
		for {
			select {
			case <-stopNormal:
				return
			default:
			}
			if err := solve(); err != nil {
				normalErrs.Add(1)
				t.Errorf("normal client during the attack: %v", err)
			}
			normalCalls.Add(1)
		}
	}()

	deadline := time.Now().Add(5 * time.Second)
	var streams int
attack:
	for ; time.Now().Before(deadline); streams++ {
		select {
		case <-closed:
			break attack
		default:
		}
		id, err := attacker.open("/sudoku.v1.SudokuService/Solve")
		if err == nil {
			err = attacker.fr.WriteRSTStream(id, http2.ErrCodeCancel)
		}
		if err != nil {
			break // the server closed the connection
		}
	}
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatalf("the attacker's connection is still open after %d streams reset at once", streams)
	}
	close(stopNormal)
	<-normalDone
	if err := solve(); err != nil {
		t.Fatalf("normal client after the attack: %v", err)
	}
	t.Logf("attacker closed after %d streams; the normal client made %d calls meanwhile", streams, normalCalls.Load())
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := metricValue(families, "sudoku_premature_reset_closes_total", nil); got != 1 {
		t.Errorf("sudoku_premature_reset_closes_total = %v, want 1", got)
	}
}

// TestResetGuardThreshold: the guard closes a connection when its
// premature resets reach half the limit before the limit of calls, or
// half its calls after; cancellations of calls that lived long enough,
// and other errors, do not count.
func TestResetGuardThreshold(t *testing.T) {
	const limit = 10
	short := 10 * time.Millisecond
	long := 2 * time.Second
	canceled := status.Error(codes.Canceled, "context canceled")
	type end struct {
		err   error
		lived time.Duration
		n     int
	}
	tests := []struct {
		name      string
		ends      []end
		wantClose bool
	}{
		{"half the limit reset at once", []end{{canceled, short, limit / 2}}, true},
		{"one short of half the limit", []end{{canceled, short, limit/2 - 1}}, false},
		{"cancelled after living long enough", []end{{canceled, long, 100}}, false},
		{"other errors", []end{{status.Error(codes.DeadlineExceeded, "late"), short, 100}}, false},
		{"mostly answered", []end{{nil, short, 100}, {canceled, short, 49}}, false},
		{"resets catch up with answers", []end{{nil, short, 100}, {canceled, short, 100}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var closedConns int
			g := newResetGuard(limit, time.Second, 0)
			g.onClose = func(*guardedConn) { closedConns++ }
			server, client := net.Pipe()
			defer client.Close()
			c := &guardedConn{conn: server}
			ctx := context.WithValue(context.Background(), guardedConnKey{}, c)
			begin := time.Now()
			for _, e := range tt.ends {
				for range e.n {
					g.HandleRPC(ctx, &stats.End{BeginTime: begin, EndTime: begin.Add(e.lived), Error: e.err})
				}
			}
			if got := closedConns == 1; got != tt.wantClose {
				calls, premature := c.Counts()
				t.Errorf("closed = %v after %d calls, %d premature resets; want %v", got, calls, premature, tt.wantClose)
			}
		})
	}
}

// TestSkipCancelled: a call cancelled before its handler runs ends with
// its context's code, and the handler does nothing for it.
func TestSkipCancelled(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	late, cancelLate := context.WithDeadline(context.Background(), time.Unix(1, 0))
	defer cancelLate()
	tests := []struct {
		name       string
		ctx        context.Context
		want       codes.Code
		wantCalled bool
	}{
		{"live", context.Background(), codes.OK, true},
		{"cancelled", cancelled, codes.Canceled, false},
		{"past its deadline", late, codes.DeadlineExceeded, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			called := false
			_, err := skipCancelledUnary(tt.ctx, nil, &grpc.UnaryServerInfo{}, func(context.Context, any) (any, error) {
				called = true
				return nil, nil
			})
			if status.Code(err) != tt.want || called != tt.wantCalled {
				t.Errorf("unary: err %v, handler called %v; want %v, %v", err, called, tt.want, tt.wantCalled)
			}
			called = false
			err = skipCancelledStream(nil, ctxStream{ctx: tt.ctx}, &grpc.StreamServerInfo{}, func(any, grpc.ServerStream) error {
				called = true
				return nil
			})
			if status.Code(err) != tt.want || called != tt.wantCalled {
				t.Errorf("stream: err %v, handler called %v; want %v, %v", err, called, tt.want, tt.wantCalled)
			}
		})
	}
}

// ctxStream is a grpc.ServerStream with only a context.
type ctxStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s ctxStream) Context() context.Context { return s.ctx }

// TestResetGuardBan: once the guard has closed a connection for
// premature resets, it closes new connections from that IP address at
// once until the ban ends; other addresses are not affected.
func TestResetGuardBan(t *testing.T) {
	now := time.Unix(1000, 0)
	g := newResetGuard(10, time.Second, time.Minute)
	g.now = func() time.Time { return now }
	var refused int
	g.onRefuse = func(net.Addr) { refused++ }
	conn := func(remote string) net.Conn {
		server, client := net.Pipe()
		t.Cleanup(func() { client.Close(); server.Close() })
		addr, err := net.ResolveTCPAddr("tcp", remote)
		if err != nil {
			t.Fatal(err)
		}
		return addrConn{Conn: server, remote: addr}
	}

	attacker := g.admit(conn("192.0.2.1:4000"))
	if attacker == nil {
		t.Fatal("first connection refused")
	}
	g.close(attacker)
	steps := []struct {
		name   string
		remote string
		after  time.Duration
		admit  bool
	}{
		{"same address, new port", "192.0.2.1:4001", 0, false},
		{"another address", "192.0.2.2:4000", 0, true},
		{"same address, just before the ban ends", "192.0.2.1:4002", time.Minute - time.Millisecond, false},
		{"same address, once the ban is over", "192.0.2.1:4003", time.Millisecond, true},
	}
	wantRefused := 0
	for _, st := range steps {
		now = now.Add(st.after)
		if got := g.admit(conn(st.remote)) != nil; got != st.admit {
			t.Errorf("%s: admitted %v, want %v", st.name, got, st.admit)
		}
		if !st.admit {
			wantRefused++
		}
	}
	if refused != wantRefused {
		t.Errorf("%d connections reported refused, want %d", refused, wantRefused)
	}
}

// addrConn is a net.Conn with a remote address of the test's choice.
type addrConn struct {
	net.Conn
	remote net.Addr
}

func (c addrConn) RemoteAddr() net.Addr { return c.remote }

// TestResetGuardForgets: the guard forgets a connection when it ends, and
// one that never began serving once it is stale; it does not track
// connections other than TCP, whose addresses do not tell them apart.
func TestResetGuardForgets(t *testing.T) {
	now := time.Unix(1000, 0)
	g := newResetGuard(10, time.Second, 0)
	g.now = func() time.Time { return now }
	conn := func(remote net.Addr) net.Conn {
		server, client := net.Pipe()
		t.Cleanup(func() { client.Close(); server.Close() })
		return addrConn{Conn: server, remote: remote}
	}
	tracked := func() int {
		g.mu.Lock()
		defer g.mu.Unlock()
		return len(g.conns)
	}

	served := g.admit(conn(&net.TCPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 4000}))
	ctx := g.TagConn(context.Background(), &stats.ConnTagInfo{LocalAddr: served.conn.LocalAddr(), RemoteAddr: served.conn.RemoteAddr()})
	if ctx.Value(guardedConnKey{}) != served {
		t.Fatal("TagConn did not find the connection accepted")
	}
	g.admit(conn(&net.TCPAddr{IP: net.IPv4(192, 0, 2, 2), Port: 4000})) // never served
	g.admit(conn(&net.UnixAddr{Name: "@", Net: "unix"}))
	if n := tracked(); n != 2 {
		t.Fatalf("%d connections tracked, want the 2 TCP ones", n)
	}
	g.HandleConn(ctx, &stats.ConnEnd{})
	if n := tracked(); n != 1 {
		t.Fatalf("%d connections tracked after one ended, want 1", n)
	}
	now = now.Add(staleAfter)
	for range sweepEvery {
		g.admit(conn(&net.UnixAddr{Name: "@", Net: "unix"})) // accepts, untracked
	}
	g.admit(conn(&net.TCPAddr{IP: net.IPv4(192, 0, 2, 3), Port: 4000}))
	if n := tracked(); n != 1 {
		t.Errorf("%d connections tracked after a sweep, want only the newest", n)
	}
}
