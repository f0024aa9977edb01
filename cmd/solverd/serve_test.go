package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/binary"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/testpki"
)

const easyPuzzle = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"

var metricsRE = regexp.MustCompile(`msg="serving metrics" addr=(\S+)`)

// TestServeSecured runs the daemon with mutual TLS, bearer tokens and
// metrics, all from flags.
func TestServeSecured(t *testing.T) {
	pki := testpki.New(t)
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("# rotated monthly\nfirst-secret\n\nsecond-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--metrics-listen", "localhost:0", "--pprof",
		"--tls-cert", pki.ServerCert, "--tls-key", pki.ServerKey, "--tls-client-ca", pki.CAFile, "--auth-token-file", tokens)

	dialTLS := func(cfg *tls.Config) sudokuv1.SudokuServiceClient {
		cfg.ServerName = "localhost"
		conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewTLS(cfg)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return sudokuv1.NewSudokuServiceClient(conn)
	}
	withCert := dialTLS(&tls.Config{RootCAs: pki.Pool, Certificates: []tls.Certificate{pki.Client}})
	withoutCert := dialTLS(&tls.Config{RootCAs: pki.Pool})
	token := func(tok string) context.Context {
		return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	}
	tests := []struct {
		name   string
		client sudokuv1.SudokuServiceClient
		ctx    context.Context
		want   codes.Code
	}{
		{"certificate and token", withCert, token("second-secret"), codes.OK},
		{"certificate, no token", withCert, context.Background(), codes.Unauthenticated},
		{"certificate, comment as token", withCert, token("# rotated monthly"), codes.Unauthenticated},
		{"token, no certificate", withoutCert, token("first-secret"), codes.Unavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, stop := context.WithTimeout(tt.ctx, 10*time.Second)
			defer stop()
			_, err := tt.client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}})
			if got := status.Code(err); got != tt.want {
				t.Errorf("Solve = %v, want %v", err, tt.want)
			}
		})
	}

	maddr := metricsAddr(t, log)
	checkMetrics(t, maddr, []string{
		`grpc_server_handled_total{grpc_code="OK",grpc_method="Solve",grpc_service="sudoku.v1.SudokuService",grpc_type="unary"} 1`,
		`grpc_server_handled_total{grpc_code="Unauthenticated",grpc_method="Solve",grpc_service="sudoku.v1.SudokuService",grpc_type="unary"} 2`,
		"grpc_server_handling_seconds_bucket",
		"sudoku_solves_in_flight 0",
		"sudoku_solves_queued 0",
		"go_goroutines",
	})
	resp, err := http.Get("http://" + maddr + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	profile, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(profile), "goroutine profile") {
		t.Errorf("/debug/pprof/goroutine: %s\n%.200s", resp.Status, profile)
	}
	cancel()
	waitDone(t, done, 5*time.Second, log)
}

// TestShutdownDuringBatch stops the daemon as SIGTERM does while a client
// streams puzzles: the batch ends with Unavailable after answers that are
// all whole, and the daemon exits cleanly.
func TestShutdownDuringBatch(t *testing.T) {
	addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0")
	ctx, stop := context.WithTimeout(context.Background(), 30*time.Second)
	defer stop()
	stream, err := sudokuv1.NewSudokuServiceClient(dial(t, addr)).SolveBatch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			req := &sudokuv1.SolveBatchRequest{Items: []*sudokuv1.BatchItem{
				{Id: strconv.Itoa(i), Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}},
			}}
			if stream.Send(req) != nil {
				return
			}
		}
	})
	received := 0
	for {
		resp, err := stream.Recv()
		if err != nil {
			if status.Code(err) != codes.Unavailable {
				t.Errorf("batch ended with %v, want Unavailable", err)
			}
			break
		}
		for _, a := range resp.GetAnswers() {
			if a.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
				t.Fatalf("answer %d: %v", received, a)
			}
			if received++; received == 20 {
				cancel()
			}
		}
	}
	wg.Wait()
	waitDone(t, done, 15*time.Second, log)
	// The server reports the answers it sent: the client got every one.
	m := regexp.MustCompile(`msg=stopped batch_answers=(\d+)`).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no stopped line with batch_answers logged:\n%s", log)
	}
	if m[1] != strconv.Itoa(received) {
		t.Errorf("server reports %s answers sent, the client received %d", m[1], received)
	}
}

// TestHealthUnauthenticated: health checks need no token, so that load
// balancers can probe a server with authentication.
func TestHealthUnauthenticated(t *testing.T) {
	tokens := filepath.Join(t.TempDir(), "tokens")
	os.WriteFile(tokens, []byte("secret\n"), 0o600)
	addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--auth-token-file", tokens)
	ctx, stop := context.WithTimeout(context.Background(), 10*time.Second)
	defer stop()
	if _, err := healthpb.NewHealthClient(dial(t, addr)).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil {
		t.Errorf("health check: %v", err)
	}
	if !strings.Contains(log.String(), "clear text") {
		t.Errorf("no warning about tokens without TLS:\n%s", log)
	}
	cancel()
	waitDone(t, done, 5*time.Second, log)
}

func TestBadTokenFile(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, []byte("# nothing\n"), 0o600)
	for _, file := range []string{empty, empty + ".missing"} {
		err := run(context.Background(), []string{"--listen", "localhost:0", "--auth-token-file", file}, nil, nil, io.Discard)
		if err == nil {
			t.Errorf("run with token file %s succeeded", file)
		}
	}
}

// TestServeWebSecured serves the web viewer beside gRPC with TLS, bearer
// tokens and metrics from flags: the page is public, the API calls it
// makes need a token, and the gRPC server's metrics count them.
func TestServeWebSecured(t *testing.T) {
	pki := testpki.New(t)
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("web-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0", "--metrics-listen", "localhost:0",
		"--tls-cert", pki.ServerCert, "--tls-key", pki.ServerKey, "--auth-token-file", tokens)
	m := webRE.FindStringSubmatch(log.String())
	if m == nil || !strings.Contains(log.String(), "url=https://") {
		t.Fatalf("no https web viewer logged:\n%s", log)
	}
	base := "https://" + m[1]
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pki.Pool, ServerName: "localhost"}, ForceAttemptHTTP2: true}, Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()

	resp, err := client.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.ProtoMajor != 2 {
		t.Errorf("page: %s over %s, want 200 over HTTP/2", resp.Status, resp.Proto)
	}
	tests := []struct {
		token string
		want  int
	}{
		{"", http.StatusUnauthorized},
		{"web-secret", http.StatusOK},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest("POST", base+"/sudoku.v1.SudokuService/Convert", strings.NewReader(`{"puzzle":{"text":"`+easyPuzzle+`"}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		if tt.token != "" {
			req.Header.Set("Authorization", "Bearer "+tt.token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("Convert with token %q: %s %s, want %d", tt.token, resp.Status, body, tt.want)
		}
	}

	checkMetrics(t, metricsAddr(t, log), []string{
		`grpc_server_handled_total{grpc_code="OK",grpc_method="Convert",grpc_service="sudoku.v1.SudokuService",grpc_type="unary"} 1`,
		`grpc_server_handled_total{grpc_code="Unauthenticated",grpc_method="Convert",grpc_service="sudoku.v1.SudokuService",grpc_type="unary"} 1`,
		// The web port's cap counts its connections as the gRPC port's does.
		`sudoku_connections_waited_total{listener="web"} 0`,
	})
	cancel()
	waitDone(t, done, 5*time.Second, log)
}

// TestShutdownDuringWebStream stops the daemon while the web viewer
// streams a long solve: the stream ends (cut at the grace period, with
// the steps sent so far, then the status that says why) and the daemon
// exits cleanly.
func TestShutdownDuringWebStream(t *testing.T) {
	defer func(w time.Duration) { webCutWait = w }(webCutWait)
	webCutWait = 10 * time.Second
	_, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0", "--grace", "300ms")
	m := webRE.FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no web viewer logged:\n%s", log)
	}
	// tarek's killer 41: seconds of deep logic, its first steps sent at
	// once, a solve far longer than the grace period (an empty 25×25 was
	// at times solved, and its stream sent in full, before the shutdown).
	killers, err := os.ReadFile("../../engine/search/testdata/killer9-tarek.txt")
	if err != nil {
		t.Fatal(err)
	}
	req := []byte(`{"puzzle":{"text":"` + strings.Split(string(killers), "\n")[40] + `"}}`)
	env := append([]byte{0, 0, 0, 0, 0}, req...)
	env[1], env[2], env[3], env[4] = byte(len(req)>>24), byte(len(req)>>16), byte(len(req)>>8), byte(len(req))
	hreq, _ := http.NewRequest("POST", "http://"+m[1]+"/sudoku.v1.SudokuService/SolveSteps", strings.NewReader(string(env)))
	hreq.Header.Set("Content-Type", "application/connect+json")
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	first := make([]byte, 5)
	if _, err := io.ReadFull(resp.Body, first); err != nil {
		t.Fatalf("no first message: %v", err)
	}
	cancel()
	read := make(chan []byte, 1)
	go func() {
		rest, _ := io.ReadAll(resp.Body)
		read <- rest
	}()
	select {
	case rest := <-read:
		// The Connect stream's last message, its end, says why.
		if !strings.Contains(string(rest), "the server stopped: its grace period was over") {
			t.Errorf("the web stream ended without the reason; its end:\n%.300s", rest[max(0, len(rest)-300):])
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the web stream outlived the shutdown")
	}
	waitDone(t, done, 15*time.Second, log)
	// New calls were refused from the start of the grace, and the log says
	// so then, counting the web stream in flight (it said so only once the
	// web port's calls were over or its grace had passed, with
	// calls_in_flight=0 when they had ended).
	logged := log.String()
	refusing := strings.Index(logged, `msg="refusing new calls; waiting for those in flight" calls_in_flight=1`)
	if refusing < 0 || strings.Count(logged, "refusing new calls") != 1 {
		t.Fatalf("want one line of new calls refused, with the web stream in flight:\n%s", logged)
	}
	if cut := strings.Index(logged, "web viewer stopped with calls cut short"); cut >= 0 && cut < refusing {
		t.Errorf("new calls refused logged after the web port's grace was over:\n%s", logged)
	}
}

// metricsAddr returns the address of the metrics server that the daemon
// logged, failing t when it logged none.
func metricsAddr(t *testing.T, log *logWriter) string {
	t.Helper()
	m := metricsRE.FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no metrics address logged:\n%s", log)
	}
	return m[1]
}

// checkMetrics fails t unless /metrics at addr shows every line of wants
// (see scrape).
func checkMetrics(t *testing.T, addr string, wants []string) {
	t.Helper()
	body := scrape(t, addr, wants)
	for _, want := range wants {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// scrape returns the /metrics page at addr once it has every line of
// wants, or after 10 seconds: the server counts a call once it has ended,
// which may be just after its client has seen the end.
func scrape(t *testing.T, addr string, wants []string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		all := true
		for _, want := range wants {
			all = all && strings.Contains(string(body), want)
		}
		if all || time.Now().After(deadline) {
			return string(body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestMetricsTokenClearText: a metrics token sent without -metrics-tls is
// warned of, as the gRPC port's tokens are without TLS.
func TestMetricsTokenClearText(t *testing.T) {
	pki := testpki.New(t)
	tokens := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokens, []byte("scraper\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const warning = "metrics bearer tokens travel in clear text"
	tests := []struct {
		name string
		args []string
		warn bool
	}{
		{"token in clear text", []string{"--metrics-token-file", tokens}, true},
		{"token over TLS", []string{"--metrics-token-file", tokens, "--metrics-tls"}, false},
		{"no token", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"--listen", "localhost:0", "--metrics-listen", "localhost:0",
				"--tls-cert", pki.ServerCert, "--tls-key", pki.ServerKey}, tt.args...)
			_, cancel, done, log := startDaemon(t, args...)
			cancel()
			waitDone(t, done, 5*time.Second, log)
			if got := strings.Contains(log.String(), warning); got != tt.warn {
				t.Errorf("warned %v, want %v; log:\n%s", got, tt.warn, log)
			}
		})
	}
}

// TestWebCallProtocol: the log line of a call on the web port names the
// protocol its client spoke, gRPC-Web or Connect, which the port turns
// into gRPC; before, every one said protocol=grpc.
func TestWebCallProtocol(t *testing.T) {
	_, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0")
	base := "http://" + webAddr(t, log)
	msg, err := proto.Marshal(&sudokuv1.ConvertRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}})
	if err != nil {
		t.Fatal(err)
	}
	frame := append([]byte{0, 0, 0, 0, 0}, msg...)
	binary.BigEndian.PutUint32(frame[1:5], uint32(len(msg)))
	for _, tt := range []struct {
		contentType string
		body        []byte
		want        string
	}{
		{"application/json", []byte(`{"puzzle":{"text":"` + easyPuzzle + `"}}`), "protocol=connect"},
		{"application/grpc-web+proto", frame, "protocol=grpc-web"},
	} {
		req, _ := http.NewRequest("POST", base+"/sudoku.v1.SudokuService/Convert", bytes.NewReader(tt.body))
		req.Header.Set("Content-Type", tt.contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Grpc-Status") != "" && resp.Header.Get("Grpc-Status") != "0" {
			t.Fatalf("%s: %s %q (grpc-status %q)", tt.contentType, resp.Status, body, resp.Header.Get("Grpc-Status"))
		}
		line := ""
		for deadline := time.Now().Add(10 * time.Second); line == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			for l := range strings.SplitSeq(log.String(), "\n") {
				if strings.Contains(l, "finished call") && strings.Contains(l, "grpc.method=Convert") && strings.Contains(l, tt.want+" ") {
					line = l
				}
			}
		}
		if line == "" {
			t.Errorf("a %s call logs no line with %s:\n%s", tt.contentType, tt.want, log)
		}
	}
	cancel()
	waitDone(t, done, 5*time.Second, log)
}
