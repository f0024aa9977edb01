package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestAuthBeforeRateLimit floods the server with calls without a token or
// with a wrong one: they are refused as Unauthenticated and spend no one's
// allowance. Each token has an allowance of its own: one caller that uses
// up its burst does not starve another.
func TestAuthBeforeRateLimit(t *testing.T) {
	const burst = 3
	ts := startServer(t, Config{}, GRPCConfig{Tokens: []string{"alice-secret", "bob-secret"}, RateLimit: 0.01, RateBurst: burst})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	as := func(token string) context.Context {
		if token == "" {
			return context.Background()
		}
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
	}
	steps := []struct {
		name  string
		token string
		calls int
		want  codes.Code
	}{
		{"flood without a token", "", 50, codes.Unauthenticated},
		{"flood with a wrong token", "mallory", 50, codes.Unauthenticated},
		{"alice's burst", "alice-secret", burst, codes.OK},
		{"alice over her burst", "alice-secret", 5, codes.ResourceExhausted},
		{"bob's burst, untouched by alice", "bob-secret", burst, codes.OK},
		{"bob over his burst", "bob-secret", 1, codes.ResourceExhausted},
		{"without a token, still Unauthenticated", "", 1, codes.Unauthenticated},
	}
	for _, st := range steps {
		for i := range st.calls {
			_, err := client.Solve(as(st.token), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			if got := status.Code(err); got != st.want {
				t.Fatalf("%s: call %d = %v, want %v", st.name, i+1, err, st.want)
			}
		}
	}
}

// TestRateLimitPerAddress: without tokens, callers are told apart by IP
// address, whatever their port: two connections from one address share an
// allowance, a client at another address has its own.
func TestRateLimitPerAddress(t *testing.T) {
	const burst = 2
	srv := New(Config{})
	g, err := BuildGRPC(srv, GRPCConfig{RateLimit: 0.01, RateBurst: burst})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	// from returns a client on a connection of its own from ip.
	from := func(ip string) sudokuv1.SudokuServiceClient {
		dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
		conn, err := grpc.NewClient("passthrough:///"+lis.Addr().String(),
			grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) { return dialer.DialContext(ctx, "tcp", addr) }),
			grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return sudokuv1.NewSudokuServiceClient(conn)
	}
	first, second := from("127.0.0.1"), from("127.0.0.1")
	steps := []struct {
		name   string
		client sudokuv1.SudokuServiceClient
		want   codes.Code
	}{
		{"first connection", first, codes.OK},
		{"second connection, same address", second, codes.OK},
		{"the address's burst is spent", first, codes.ResourceExhausted},
		{"on either connection", second, codes.ResourceExhausted},
	}
	for _, st := range steps {
		_, err := st.client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
		if got := status.Code(err); got != st.want {
			t.Fatalf("%s: %v, want %v", st.name, err, st.want)
		}
	}
	// Another loopback address, where the system has one (Linux does).
	other := from("127.0.0.2")
	_, err = other.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
	if status.Code(err) == codes.Unavailable {
		t.Skipf("cannot connect from 127.0.0.2: %v", err)
	}
	if err != nil {
		t.Errorf("another address: %v, want OK", err)
	}
}

// TestCaller checks how calls are told apart.
func TestCaller(t *testing.T) {
	withPeer := func(addr net.Addr) context.Context {
		return peer.NewContext(context.Background(), &peer.Peer{Addr: addr})
	}
	tests := []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"IPv4 address, port left out", withPeer(&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 4242}), "addr:192.0.2.7"},
		{"IPv6 address", withPeer(&net.TCPAddr{IP: net.ParseIP("2001:db8::1"), Port: 1}), "addr:2001:db8::1"},
		{"address without port", withPeer(&net.UnixAddr{Name: "/run/solverd.sock", Net: "unix"}), "addr:/run/solverd.sock"},
		{"token wins over address", context.WithValue(withPeer(&net.TCPAddr{IP: net.ParseIP("192.0.2.7")}), callerKey{}, "token:abc"), "token:abc"},
		{"nothing known", context.Background(), "unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := caller(tt.ctx); got != tt.want {
				t.Errorf("caller = %q, want %q", got, tt.want)
			}
		})
	}
	// The token's name shows neither the token nor its plain digest (from
	// which a weak token could be guessed offline), and holds while one
	// server runs.
	const token = "s3cret-token"
	sum := sha256.Sum256([]byte(token))
	plain := "token:" + hex.EncodeToString(sum[:6])
	name := func(fn auth.AuthFunc) string {
		t.Helper()
		ctx := metadata.NewIncomingContext(context.Background(), metadata.Pairs("authorization", "Bearer "+token))
		ctx, err := fn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return caller(ctx)
	}
	first, names, err := tokenAuth([]string{token})
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := tokenAuth([]string{token})
	if err != nil {
		t.Fatal(err)
	}
	got := name(first)
	if len(got) != len("token:")+12 || got[:6] != "token:" {
		t.Errorf("caller with a token = %q, want token: and 12 hex digits", got)
	}
	if got == plain {
		t.Errorf("caller with a token = %q, the start of the token's plain SHA-256", got)
	}
	if again := name(first); again != got {
		t.Errorf("the same token named %q, then %q, by one server", got, again)
	}
	if len(names) != 1 || names[0] != got {
		t.Errorf("names given for the log %q; the calls of the token are named %q", names, got)
	}
	if other := name(second); other == got {
		t.Errorf("two servers named the token alike (%q): the key is not drawn per server", got)
	}
}

// TestCallerLimiterMemory checks that the limiter's table of callers stays
// bounded: idle callers are forgotten, and when MaxCallers are active the
// one seen longest ago makes room.
func TestCallerLimiterMemory(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	clock := func() time.Time { return now }
	// 1 call a second, bursts of 2: a bucket is full 2s after its last call.
	l := newCallerLimiter(1, 2, 3, clock)
	steps := []struct {
		name    string
		advance time.Duration
		caller  string
		allowed bool
		callers int // remembered after the call
	}{
		{"a", 0, "a", true, 1},
		{"a again", 0, "a", true, 1},
		{"a over its burst", 0, "a", false, 1},
		{"b", 0, "b", true, 2},
		{"c", 0, "c", true, 3},
		{"d: the table is full, a (seen longest ago) is forgotten", 0, "d", true, 3},
		{"a comes back with a full bucket", 0, "a", true, 3},
		{"after 2s idle, all but the newest are forgotten", 2 * time.Second, "e", true, 1},
		{"a was forgotten while idle, it had its burst back anyway", 0, "a", true, 2},
		{"a's second call of the burst", 0, "a", true, 2},
		{"a over its burst", 0, "a", false, 2},
		{"1s later, a has one call back", time.Second, "a", true, 2},
	}
	for _, st := range steps {
		now = now.Add(st.advance)
		if got, wait := l.allow(st.caller); got != st.allowed || (wait > 0) == got {
			t.Errorf("%s: allowed = %v, retry in %v; want %v", st.name, got, wait, st.allowed)
		}
		if got := l.len(); got != st.callers {
			t.Errorf("%s: %d callers remembered, want %d", st.name, got, st.callers)
		}
	}
	if got := newCallerLimiter(10, 0, 0, clock); got.burst != 10 || got.max != DefaultMaxCallers {
		t.Errorf("defaults: burst %d, max %d; want 10, %d", got.burst, got.max, DefaultMaxCallers)
	}
}

// TestCallerLimiterLongRefill checks limiters whose bucket takes longer to
// fill than a time.Duration holds (-rate-limit 0.001 -rate-burst 10000000:
// 10¹⁰ s, past the 292 years of a Duration): a caller must keep its bucket
// between calls. The time to forget an idle caller wrapped to a negative
// duration, so every call forgot every caller and gave it a full bucket:
// no limit at all.
func TestCallerLimiterLongRefill(t *testing.T) {
	tests := []struct {
		name      string
		perSecond float64
		burst     int
		idle      time.Duration
	}{
		{"a second a call", 1, 2, 2 * time.Second},
		{"within a Duration", 0.001, 10_000, 10_000_000 * time.Second},
		{"past a Duration", 0.001, 10_000_000, math.MaxInt64},
		{"largest burst", 0.001, math.MaxInt, math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Unix(1_000_000, 0)
			l := newCallerLimiter(tt.perSecond, tt.burst, 0, func() time.Time { return now })
			if l.idle != tt.idle {
				t.Errorf("idle after %v, want %v", l.idle, tt.idle)
			}
			for range 2 {
				if ok, _ := l.allow("a"); !ok {
					t.Fatal("call refused within the burst")
				}
			}
			b := l.callers["a"].Value.(*callerBucket)
			if got, want := b.lim.TokensAt(now), float64(tt.burst-2); got != want {
				t.Errorf("%v calls left in the bucket after 2, want %v", got, want)
			}
		})
	}
}

// TestRoundUp: a rate-limited call's wait is worded rounded up to the
// millisecond, so that a wait under half of one does not read "retry in
// 0s".
func TestRoundUp(t *testing.T) {
	for _, tt := range []struct{ in, want time.Duration }{
		{300 * time.Microsecond, time.Millisecond},
		{time.Millisecond, time.Millisecond},
		{1200 * time.Microsecond, 2 * time.Millisecond},
		{1500 * time.Millisecond, 1500 * time.Millisecond},
	} {
		if got := roundUp(tt.in); got != tt.want {
			t.Errorf("roundUp(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestRateLimitedRetryInfo: a call over its caller's rate limit is
// ResourceExhausted with the ErrorInfo RATE_LIMITED and a RetryInfo of
// when its bucket holds a call again (a caller of 0.5 calls a second that
// spent its burst of 1 waits 2 s), and is counted in
// sudoku_rate_limited_total, the server's own overload apart.
func TestRateLimitedRetryInfo(t *testing.T) {
	reg := prometheus.NewRegistry()
	ts := startServer(t, Config{}, GRPCConfig{RateLimit: 0.5, RateBurst: 1, Registerer: reg})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	calls := []struct {
		name string
		call func() error
	}{
		{"Solve", func() error {
			_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			return err
		}},
		{"SolveSteps", func() error {
			stream, err := client.SolveSteps(context.Background(), &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(seedEasy)})
			if err != nil {
				return err
			}
			_, err = stream.Recv()
			return err
		}},
	}
	for _, c := range calls {
		err := c.call()
		if status.Code(err) != codes.ResourceExhausted || errorReason(err) != ReasonRateLimited {
			t.Fatalf("%s over the limit: %v, reason %q; want ResourceExhausted, %s", c.name, err, errorReason(err), ReasonRateLimited)
		}
		var delay time.Duration
		for _, d := range status.Convert(err).Details() {
			if ri, ok := d.(*errdetails.RetryInfo); ok {
				delay = ri.GetRetryDelay().AsDuration()
			}
		}
		if delay <= time.Second || delay > 2*time.Second {
			t.Errorf("%s: retry in %v, want within (1s, 2s]", c.name, delay)
		}
		if msg := status.Convert(err).Message(); !strings.Contains(msg, "retry in") || !strings.Contains(msg, c.name) {
			t.Errorf("%s: message %q names neither the method nor the wait", c.name, msg)
		}
	}
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := metricValue(families, "sudoku_rate_limited_total", nil); got != 2 {
		t.Errorf("sudoku_rate_limited_total = %v, want 2", got)
	}
}
