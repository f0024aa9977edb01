package service

import (
	"bytes"
	"context"
	"io"
	"net"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/test/bufconn"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// testServer is a service served over bufconn with a client connection.
type testServer struct {
	srv  *Server
	g    *GRPC
	conn *grpc.ClientConn
	exit *handlerExits
	lis  *bufconn.Listener
}

// dial opens another client connection to the server; the caller closes
// it.
func (ts *testServer) dial(t testing.TB) *grpc.ClientConn {
	t.Helper()
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return ts.lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	return conn
}

// startServer serves srv with gcfg over bufconn, and dials it with
// dialOpts. A stream interceptor records how each stream handler ended.
func startServer(t testing.TB, cfg Config, gcfg GRPCConfig, dialOpts ...grpc.DialOption) *testServer {
	t.Helper()
	srv := New(cfg)
	exits := &handlerExits{ch: make(chan error, 16)}
	gcfg.ServerOptions = append(gcfg.ServerOptions, grpc.ChainStreamInterceptor(exits.interceptor))
	g, err := BuildGRPC(srv, gcfg)
	if err != nil {
		t.Fatal(err)
	}
	lis := bufconn.Listen(1 << 20)
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	opts := append([]grpc.DialOption{
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
	}, dialOpts...)
	conn, err := grpc.NewClient("passthrough:///bufnet", opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return &testServer{srv: srv, g: g, conn: conn, exit: exits, lis: lis}
}

// handlerExits reports the errors stream handlers return, in order.
type handlerExits struct{ ch chan error }

func (h *handlerExits) interceptor(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	err := handler(srv, ss)
	select {
	case h.ch <- err:
	default:
	}
	return err
}

// next waits for the next stream handler to return, and returns its error.
func (h *handlerExits) next(t *testing.T) error {
	t.Helper()
	return receive(t, h.ch, 20*time.Second, "stream handler returned")
}

// receive returns the next value of ch, failing t with "no what within d"
// when none comes within d.
func receive[T any](t *testing.T, ch <-chan T, d time.Duration, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(d):
		t.Fatalf("no %s within %v", what, d)
		var zero T
		return zero
	}
}

// baseline connects the client, so that the goroutines of the connection
// run, and returns the number of goroutines running then, for
// checkGoroutines.
func (ts *testServer) baseline(t *testing.T) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := healthpb.NewHealthClient(ts.conn).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Fatalf("health check: %v", err)
	}
	return runtime.NumGoroutine()
}

// openBatchBaseline takes the goroutine baseline of ts (see baseline) and
// opens a SolveBatch stream on a context that cancel ends; the context is
// also cancelled when t ends.
func (ts *testServer) openBatchBaseline(t *testing.T) (stream *batchStream, base int, cancel context.CancelFunc) {
	t.Helper()
	base = ts.baseline(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stream, err := openBatch(ctx, sudokuv1.NewSudokuServiceClient(ts.conn))
	if err != nil {
		t.Fatal(err)
	}
	return stream, base, cancel
}

// checkGoroutines fails t unless the number of goroutines comes back to
// base within 10 seconds; it prints them when not.
func checkGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= base {
			return
		}
		if time.Now().After(deadline) {
			var buf bytes.Buffer
			pprof.Lookup("goroutine").WriteTo(&buf, 1)
			t.Fatalf("%d goroutines, want at most %d as before:\n%s", n, base, buf.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitFor polls cond until it holds, failing t after 10 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	if !poll(cond) {
		t.Fatalf("timed out waiting for %s", what)
	}
}

// poll calls cond every 10 ms until it holds, for 10 s at most, and
// reports whether it held.
func poll(cond func() bool) bool {
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// batchStream is a SolveBatch client stream that sends one puzzle a
// message and reads the answers one at a time.
type batchStream struct {
	sudokuv1.SudokuService_SolveBatchClient
	queued   []*sudokuv1.BatchAnswer
	messages int // received with answers
	beats    int // received without answers: heartbeats
}

// openBatch opens a SolveBatch stream of client.
func openBatch(ctx context.Context, client sudokuv1.SudokuServiceClient) (*batchStream, error) {
	s, err := client.SolveBatch(ctx)
	if err != nil {
		return nil, err
	}
	return &batchStream{SudokuService_SolveBatchClient: s}, nil
}

// Send sends item in a message of its own.
func (b *batchStream) Send(item *sudokuv1.BatchItem) error {
	return b.SudokuService_SolveBatchClient.Send(batchOf(item))
}

// Recv returns the next answer.
func (b *batchStream) Recv() (*sudokuv1.BatchAnswer, error) {
	for len(b.queued) == 0 {
		resp, err := b.SudokuService_SolveBatchClient.Recv()
		if err != nil {
			return nil, err
		}
		if len(resp.GetAnswers()) == 0 {
			b.beats++
			continue
		}
		b.messages++
		b.queued = resp.GetAnswers()
	}
	a := b.queued[0]
	b.queued = b.queued[1:]
	return a, nil
}

// answers reads the answers of the stream until it ends, which must be
// with OK, and returns them by id; an id answered twice fails t.
func (b *batchStream) answers(t testing.TB) map[string]*sudokuv1.BatchAnswer {
	t.Helper()
	got := map[string]*sudokuv1.BatchAnswer{}
	for {
		a, err := b.Recv()
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatalf("stream ended with %v, want EOF after every answer", err)
		}
		if got[a.GetId()] != nil {
			t.Fatalf("two answers for %q", a.GetId())
		}
		got[a.GetId()] = a
	}
}

// solveSteps runs SolveSteps to the end of its stream and returns the
// steps streamed and the result, which must come once and last.
func solveSteps(t testing.TB, client sudokuv1.SudokuServiceClient, req *sudokuv1.SolveStepsRequest) ([]*sudokuv1.Step, *sudokuv1.SolveResult) {
	t.Helper()
	stream, err := client.SolveSteps(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	var steps []*sudokuv1.Step
	var result *sudokuv1.SolveResult
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d steps: %v", len(steps), err)
		}
		if result != nil {
			t.Fatal("message after the result")
		}
		if st := msg.GetStep(); st != nil {
			steps = append(steps, st)
		} else if result = msg.GetResult(); result == nil {
			t.Fatal("a message with neither a step nor the result")
		}
	}
	if result == nil {
		t.Fatal("no result")
	}
	return steps, result
}

// batchOf returns a SolveBatch request message of items.
func batchOf(items ...*sudokuv1.BatchItem) *sudokuv1.SolveBatchRequest {
	return &sudokuv1.SolveBatchRequest{Items: items}
}

// sendOne sends req as the only message of a SolveBatch stream, closes
// its side and reads until the stream ends: the answers received, and its
// error, nil when it ended with OK.
func sendOne(t *testing.T, stream sudokuv1.SudokuService_SolveBatchClient, req *sudokuv1.SolveBatchRequest) ([]*sudokuv1.BatchAnswer, error) {
	t.Helper()
	if err := stream.Send(req); err != nil {
		t.Fatal(err)
	}
	stream.CloseSend()
	var answers []*sudokuv1.BatchAnswer
	for {
		resp, err := stream.Recv()
		if err == io.EOF {
			return answers, nil
		}
		if err != nil {
			return answers, err
		}
		answers = append(answers, resp.GetAnswers()...)
	}
}
