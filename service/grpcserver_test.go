package service

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/tap"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/syncbuf"
	"github.com/sudokuwise/solver/internal/testpki"
	"github.com/sudokuwise/solver/internal/transport"
)

func TestBearerAuth(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{Tokens: []string{"old-secret", "new-secret"}})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	health := healthpb.NewHealthClient(ts.conn)
	tests := []struct {
		name   string
		header string // the authorization metadata; "" sends none
		want   codes.Code
	}{
		{"no token", "", codes.Unauthenticated},
		{"wrong token", "Bearer guess", codes.Unauthenticated},
		{"wrong scheme", "Basic b2xkLXNlY3JldA==", codes.Unauthenticated},
		{"prefix of a token", "Bearer new", codes.Unauthenticated},
		{"token", "Bearer new-secret", codes.OK},
		{"previous token", "bearer old-secret", codes.OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			if tt.header != "" {
				ctx = metadata.AppendToOutgoingContext(ctx, "authorization", tt.header)
			}
			_, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			if got := status.Code(err); got != tt.want {
				t.Errorf("Solve = %v, want %v", err, tt.want)
			}
			stream, err := openBatch(ctx, client)
			if err == nil {
				stream.CloseSend()
				_, err = stream.Recv()
			}
			if err == io.EOF {
				err = nil
			}
			if got := status.Code(err); got != tt.want {
				t.Errorf("SolveBatch = %v, want %v", err, tt.want)
			}
			// Health checks need no token.
			if _, err := health.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
				t.Errorf("health check: %v", err)
			}
		})
	}
	if _, err := BuildGRPC(New(Config{}), GRPCConfig{Tokens: []string{""}}); err == nil {
		t.Error("an empty token was accepted")
	}
}

func TestMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	ts := startServer(t, Config{MaxConcurrent: 3}, GRPCConfig{Registerer: reg})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle("bad")}); status.Code(err) != codes.InvalidArgument {
		t.Fatalf("Solve(bad) = %v", err)
	}
	stream, err := openBatch(context.Background(), client)
	if err != nil {
		t.Fatal(err)
	}
	stream.Send(&sudokuv1.BatchItem{Id: "1", Puzzle: textPuzzle(seedEasy)})
	stream.Send(&sudokuv1.BatchItem{Id: "2", Puzzle: textPuzzle("bad")})
	stream.CloseSend()
	for err == nil {
		_, err = stream.Recv()
	}
	if err != io.EOF {
		t.Fatal(err)
	}
	ts.exit.next(t)

	tests := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"grpc_server_handled_total", map[string]string{"grpc_method": "Solve", "grpc_code": "OK"}, 1},
		{"grpc_server_handled_total", map[string]string{"grpc_method": "Solve", "grpc_code": "InvalidArgument"}, 1},
		{"grpc_server_handled_total", map[string]string{"grpc_method": "SolveBatch", "grpc_code": "OK"}, 1},
		{"grpc_server_handled_total", map[string]string{"grpc_method": "SolveSteps", "grpc_code": "OK"}, 0},
		{"grpc_server_msg_sent_total", map[string]string{"grpc_method": "SolveBatch"}, float64(stream.messages + stream.beats)},
		{"grpc_server_handling_seconds", map[string]string{"grpc_method": "Solve"}, 2}, // the sample count
		{"sudoku_solve_slots", nil, 3},
		{"sudoku_solves_in_flight", nil, 0},
		{"sudoku_solves_queued", nil, 0},
		{"sudoku_solves_rejected_total", nil, 0},
		{"sudoku_batch_answers_total", nil, 2},
		{"sudoku_batch_item_errors_total", nil, 1},
		{"sudoku_stream_stalls_total", nil, 0},
	}
	// The server counts a call once it has ended, which may be just after
	// its client has seen the end, and Gather reads each metric at its own
	// moment: so gather until every value is as wanted, or time runs out.
	var errs []string
	poll(func() bool {
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		errs = errs[:0]
		for _, tt := range tests {
			got, ok := metricValue(families, tt.name, tt.labels)
			switch {
			case !ok:
				errs = append(errs, fmt.Sprintf("no metric %s%v", tt.name, tt.labels))
			case got != tt.want:
				errs = append(errs, fmt.Sprintf("%s%v = %v, want %v", tt.name, tt.labels, got, tt.want))
			}
		}
		return len(errs) == 0
	})
	for _, e := range errs {
		t.Error(e)
	}
}

// metricValue returns the value of the metric of family name whose labels
// include labels: a counter or gauge value, or a histogram's count.
func metricValue(families []*dto.MetricFamily, name string, labels map[string]string) (float64, bool) {
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	metrics:
		for _, m := range f.GetMetric() {
			have := map[string]string{}
			for _, l := range m.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for k, v := range labels {
				if have[k] != v {
					continue metrics
				}
			}
			switch {
			case m.GetCounter() != nil:
				return m.GetCounter().GetValue(), true
			case m.GetGauge() != nil:
				return m.GetGauge().GetValue(), true
			case m.GetHistogram() != nil:
				return float64(m.GetHistogram().GetSampleCount()), true
			}
		}
	}
	return 0, false
}

func TestTLS(t *testing.T) {
	pki := testpki.New(t)
	other := testpki.New(t) // a CA the server does not know
	tests := []struct {
		name     string
		clientCA string // "" for TLS without client certificates
		client   *tls.Config
		want     codes.Code
	}{
		{"TLS", "", &tls.Config{RootCAs: pki.Pool}, codes.OK},
		{"TLS, server not trusted", "", &tls.Config{RootCAs: other.Pool}, codes.Unavailable},
		{"mutual TLS", pki.CAFile, &tls.Config{RootCAs: pki.Pool, Certificates: []tls.Certificate{pki.Client}}, codes.OK},
		{"mutual TLS, no client certificate", pki.CAFile, &tls.Config{RootCAs: pki.Pool}, codes.Unavailable},
		{"mutual TLS, client of another CA", pki.CAFile, &tls.Config{RootCAs: pki.Pool, Certificates: []tls.Certificate{other.Client}}, codes.Unavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := transport.ServerTLS(pki.ServerCert, pki.ServerKey, tt.clientCA, nil)
			if err != nil {
				t.Fatal(err)
			}
			tt.client.ServerName = "localhost"
			ts := startServer(t, Config{}, GRPCConfig{ServerOptions: []grpc.ServerOption{grpc.Creds(credentials.NewTLS(cfg))}},
				grpc.WithTransportCredentials(credentials.NewTLS(tt.client)))
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_, err = sudokuv1.NewSudokuServiceClient(ts.conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
			if got := status.Code(err); got != tt.want {
				t.Errorf("Solve = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestInTapsRunInOrder(t *testing.T) {
	type key struct{}
	var seen []string
	first := func(ctx context.Context, info *tap.Info) (context.Context, error) {
		seen = append(seen, "first "+info.FullMethodName)
		return context.WithValue(ctx, key{}, "from first"), nil
	}
	second := func(ctx context.Context, info *tap.Info) (context.Context, error) {
		seen = append(seen, fmt.Sprint("second ", ctx.Value(key{})))
		return ctx, status.Error(codes.PermissionDenied, "refused by second")
	}
	third := func(ctx context.Context, info *tap.Info) (context.Context, error) {
		seen = append(seen, "third")
		return ctx, nil
	}
	_, err := chainTaps([]tap.ServerInHandle{first, second, third})(context.Background(), &tap.Info{FullMethodName: "/m"})
	if status.Code(err) != codes.PermissionDenied {
		t.Fatalf("chain error = %v, want PermissionDenied", err)
	}
	want := []string{"first /m", "second from first"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Fatalf("taps ran %q, want %q", seen, want)
	}
}

// TestHandshakeFailuresCounted: TLS handshakes that fail on the gRPC port
// are counted by reason and logged, a connection closed before its
// handshake at debug level only.
func TestHandshakeFailuresCounted(t *testing.T) {
	pki := testpki.New(t)
	cfg, err := transport.ServerTLS(pki.ServerCert, pki.ServerKey, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	var logs syncbuf.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	_, addr := serveTCP(t, Config{}, GRPCConfig{Logger: logger, Registerer: reg, Creds: credentials.NewTLS(cfg)})

	// Plain text where TLS is expected: an error.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"))
	io.Copy(io.Discard, c) // until the server closes it
	c.Close()
	// Connected and closed at once, as a TCP probe does.
	c, err = net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	// A good client is served.
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pki.Pool, ServerName: "localhost"})))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}

	want := map[string]float64{transport.HandshakeError: 1, transport.HandshakeEOF: 1, transport.HandshakeTimeout: 0}
	var got map[string]float64
	poll(func() bool {
		families, err := reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		got = map[string]float64{}
		for reason := range want {
			got[reason], _ = metricValue(families, "sudoku_tls_handshake_failures_total", map[string]string{"reason": reason})
		}
		return fmt.Sprint(got) == fmt.Sprint(want)
	})
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sudoku_tls_handshake_failures_total = %v, want %v", got, want)
	}
	if n := strings.Count(logs.String(), "TLS handshake failed"); n != 1 {
		t.Errorf("%d handshake failures logged at info level and above, want 1 (the error):\n%s", n, logs.String())
	}
}

// TestDrainRefusesNewCalls: once the server drains (the web port's calls
// in flight may still take their grace), the gRPC port takes no new call
// but health checks: a call that came then was served until the grace ran
// out and cut short there.
func TestDrainRefusesNewCalls(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	req := &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}
	if _, err := client.Solve(context.Background(), req); err != nil {
		t.Fatalf("before the drain: %v", err)
	}
	ts.srv.Drain()
	if _, err := client.Solve(context.Background(), req); status.Code(err) != codes.Unavailable {
		t.Errorf("a call once draining: %v, want Unavailable", err)
	}
	if _, err := healthpb.NewHealthClient(ts.conn).Check(context.Background(), &healthpb.HealthCheckRequest{}); err != nil {
		t.Errorf("a health check once draining: %v, want an answer", err)
	}
}

// TestGraceCutLogged: a call the server cuts short when its grace is over
// is logged and counted as Unavailable, the code its client gets, not as
// Canceled, its client's doing; its client gets the reason (it got
// "transport is closing").
func TestGraceCutLogged(t *testing.T) {
	var log syncbuf.Buffer
	ts := startServer(t, Config{}, GRPCConfig{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// An empty 32×32 takes seconds of logic a step.
	stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(strings.Repeat(".", 1024)),
		Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY}})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the call in flight", func() bool { return ts.srv.limit.inFlight() > 0 })
	// The solve notices the cut between two of its steps: seconds apart
	// under the race detector on a loaded machine.
	ts.g.cut.wait = time.Minute
	grace, stop := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer stop()
	if err := ts.g.Shutdown(grace); !errors.Is(err, ErrGraceExpired) {
		t.Fatalf("Shutdown = %v, want ErrGraceExpired", err)
	}
	for err == nil {
		_, err = stream.Recv()
	}
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != "the server stopped: its grace period was over" {
		t.Errorf("the client got %v, want Unavailable: the server stopped: its grace period was over", err)
	}
	waitFor(t, "the call's log line", func() bool { return strings.Contains(log.String(), "grpc.method=SolveSteps") })
	// The log marks when new calls began to be refused, and how many
	// calls the grace period had to wait for.
	if !strings.Contains(log.String(), `msg="refusing new calls; waiting for those in flight" calls_in_flight=1`) {
		t.Errorf("no line of the grace period's start with its call in flight:\n%s", log.String())
	}
	for _, line := range strings.Split(log.String(), "\n") {
		if strings.Contains(line, "grpc.method=SolveSteps") && !strings.Contains(line, "grpc.code=Unavailable") {
			t.Errorf("the call cut short is logged as %s", line)
		}
	}
}

// TestGraceOverIdleConn: a client that keeps an idle connection open and
// never answers the GOAWAY's ping holds GracefulStop to the end of the
// grace; with no call in flight, Shutdown says so and reports no call cut
// (it warned "closing remaining calls" and returned ErrGraceExpired).
func TestGraceOverIdleConn(t *testing.T) {
	var log syncbuf.Buffer
	g, addr := serveTCP(t, Config{}, GRPCConfig{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	dialRawH2(t, addr)                 // the preface and settings, then nothing read or written
	time.Sleep(100 * time.Millisecond) // let the server take the connection
	grace, stop := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer stop()
	if err := g.Shutdown(grace); err != nil {
		t.Errorf("Shutdown = %v, want nil: no call was cut", err)
	}
	logged := log.String()
	if !strings.Contains(logged, "grace period over with no call in flight") || strings.Contains(logged, "closing remaining calls") {
		t.Errorf("log:\n%s\nwant the grace's end with no call in flight, and no calls closed", logged)
	}
}
