package service

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/syncbuf"
)

// TestAuthBeforeRead: on a token server, a call without a valid token is
// refused on its headers: the server answers before the client has sent
// its request, and reads and decodes no request at all, however large.
func TestAuthBeforeRead(t *testing.T) {
	reg := prometheus.NewRegistry()
	var logs syncbuf.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	start := time.Now()
	_, addr := serveTCP(t, Config{}, GRPCConfig{Tokens: []string{"secret"}, Registerer: reg, Logger: logger, NoisyLogRate: 1})

	// A request whose body never comes is refused all the same.
	raw := dialRawH2(t, addr)
	id, err := raw.open("/sudoku.v1.SudokuService/Solve")
	if err != nil {
		t.Fatal(err)
	}
	if got := raw.status(id); got != "16" { // Unauthenticated
		t.Fatalf("grpc-status without a request = %s, want 16 (Unauthenticated)", got)
	}
	// A health check needs no token, and is read.
	id, err = raw.open("/grpc.health.v1.Health/Check")
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.fr.WriteData(id, true, grpcMessage(t, &healthpb.HealthCheckRequest{})); err != nil {
		t.Fatal(err)
	}
	if got := raw.status(id); got != "0" {
		t.Fatalf("health check grpc-status = %s, want 0", got)
	}

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := sudokuv1.NewSudokuServiceClient(conn)
	big := &sudokuv1.SolveRequest{Puzzle: textPuzzle(strings.Repeat("1", 200<<10))}
	const calls = 20
	for i := range calls {
		ctx := context.Background()
		if i%2 == 1 {
			ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer guess")
		}
		_, err := client.Solve(ctx, big)
		if status.Code(err) != codes.Unauthenticated {
			t.Fatalf("call %d without a valid token = %v, want Unauthenticated", i, err)
		}
	}
	// A batch stream is refused before its first message too.
	stream, err := client.SolveBatch(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("batch stream without a token = %v, want Unauthenticated", err)
	}

	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		labels map[string]string
		metric string
		want   float64
	}{
		{map[string]string{"grpc_method": "Solve"}, "grpc_server_msg_received_total", 0},
		{map[string]string{"grpc_method": "SolveBatch"}, "grpc_server_msg_received_total", 0},
		{map[string]string{"grpc_method": "Solve", "grpc_code": "Unauthenticated"}, "grpc_server_handled_total", calls + 1},
		{map[string]string{"grpc_method": "SolveBatch", "grpc_code": "Unauthenticated"}, "grpc_server_handled_total", 1},
	} {
		if got, _ := metricValue(families, tt.metric, tt.labels); got != tt.want {
			t.Errorf("%s%v = %v, want %v", tt.metric, tt.labels, got, tt.want)
		}
	}
	// Refused calls are logged as any call, but sampled: one line a second.
	refused := strings.Count(logs.String(), `"grpc.code":"Unauthenticated"`)
	if max := 1 + int(time.Since(start)/time.Second); refused == 0 || refused > max {
		t.Errorf("%d of %d refused calls logged, want 1 to %d:\n%s", refused, calls+2, max, logs.String())
	}
	// With the token, the same connection works.
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer secret")
	if _, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatalf("Solve with the token: %v", err)
	}
}

// TestRequestTimeout: a call whose request has not arrived in full within
// the request timeout ends with DeadlineExceeded, as a unary call cut
// short in its message; a SolveBatch stream, whose client may wait for
// its input before it sends, is exempt and ends when idle; a call whose
// request came in time runs on past the timeout.
func TestRequestTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	var logs syncbuf.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	_, addr := serveTCP(t, Config{BatchIdleTimeout: 5 * timeout}, GRPCConfig{Logger: logger, RequestTimeout: timeout})

	raw := dialRawH2(t, addr)
	id, err := raw.open("/sudoku.v1.SudokuService/Solve")
	if err != nil {
		t.Fatal(err)
	}
	msg := grpcMessage(t, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)})
	if err := raw.fr.WriteData(id, false, msg[:len(msg)/2]); err != nil {
		t.Fatal(err)
	}
	if got := raw.status(id); got != "4" { // DeadlineExceeded
		t.Fatalf("half-sent request: grpc-status %s, want 4 (DeadlineExceeded)", got)
	}

	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	client := sudokuv1.NewSudokuServiceClient(conn)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	silent, err := client.SolveBatch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := silent.Recv(); status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "-batch-idle-timeout") {
		t.Fatalf("batch stream that sends nothing = %v, want Unavailable for its idle timeout", err)
	}

	stream, err := openBatch(ctx, client)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&sudokuv1.BatchItem{Id: "first", Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("first answer: %v", err)
	}
	time.Sleep(3 * timeout) // the request timeout no longer applies
	if err := stream.Send(&sudokuv1.BatchItem{Id: "late", Puzzle: textPuzzle(seedEasy)}); err != nil {
		t.Fatal(err)
	}
	stream.CloseSend()
	if a, err := stream.Recv(); err != nil || a.GetId() != "late" {
		t.Fatalf("answer after the request timeout = %v, %v; want the puzzle \"late\" solved", a, err)
	}
	if _, err := stream.Recv(); err != io.EOF {
		t.Fatalf("end of stream = %v, want io.EOF", err)
	}
	const late = "request not received within 200ms"
	poll(func() bool { return strings.Count(logs.String(), late) == 1 })
	if n := strings.Count(logs.String(), late); n != 1 {
		t.Errorf("%d log lines say the request came too late, want 1:\n%s", n, logs.String())
	}
}
