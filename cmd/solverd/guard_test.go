package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/testpki"
)

// TestMetricsSecured: with -metrics-tls and -metrics-token-file, /metrics
// (and /debug/pprof/) are served over TLS to requests with a token only,
// and they count the failed TLS handshakes of the gRPC port.
func TestMetricsSecured(t *testing.T) {
	pki := testpki.New(t)
	tokens := filepath.Join(t.TempDir(), "metrics-tokens")
	if err := os.WriteFile(tokens, []byte("scrape-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--metrics-listen", "localhost:0", "--pprof",
		"--tls-cert", pki.ServerCert, "--tls-key", pki.ServerKey, "--tls-client-ca", pki.CAFile,
		"--metrics-tls", "--metrics-token-file", tokens)
	maddr := metricsAddr(t, log)

	// Plain text on the gRPC port, where TLS is expected.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	io.Copy(io.Discard, c)
	c.Close()

	// No client certificate needed: the scraper has a token instead.
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pki.Pool, ServerName: "localhost"}}, Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	get := func(url, token string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	tests := []struct {
		path, token string
		want        int
	}{
		{"/metrics", "", http.StatusUnauthorized},
		{"/metrics", "guess", http.StatusUnauthorized},
		{"/debug/pprof/goroutine?debug=1", "", http.StatusUnauthorized},
		{"/debug/pprof/goroutine?debug=1", "scrape-secret", http.StatusOK},
	}
	for _, tt := range tests {
		if got, body := get("https://"+maddr+tt.path, tt.token); got != tt.want {
			t.Errorf("%s with token %q: %d %.100s, want %d", tt.path, tt.token, got, body, tt.want)
		}
	}
	// Not in plain text.
	if resp, err := http.Get("http://" + maddr + "/metrics"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			t.Error("/metrics answered in plain text")
		}
	}

	const want = `sudoku_tls_handshake_failures_total{reason="error"} 1`
	var body string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var code int
		if code, body = get("https://"+maddr+"/metrics", "scrape-secret"); code == http.StatusOK && strings.Contains(body, want) {
			break
		}
	}
	if !strings.Contains(body, want) {
		t.Errorf("/metrics lacks %q:\n%s", want, body)
	}
	if !strings.Contains(log.String(), "TLS handshake failed") {
		t.Errorf("no failed handshake logged:\n%s", log)
	}
	cancel()
	waitDone(t, done, 5*time.Second, log)
}

// TestBodyDeadline checks the web port's -request-timeout: a request
// whose body trickles in is cut off at the deadline, and one whose body
// has arrived in full keeps its connection and context past it, as a
// SolveSteps stream must.
func TestBodyDeadline(t *testing.T) {
	const d = 300 * time.Millisecond
	alive := make(chan error, 1)
	srv := httptest.NewServer(bodyDeadline(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusRequestTimeout)
			return
		}
		time.Sleep(3 * d) // a stream answering after its body came
		alive <- r.Context().Err()
		io.WriteString(w, "ok")
	}), d))
	defer srv.Close()

	resp, err := http.Post(srv.URL, "text/plain", strings.NewReader("all at once"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := <-alive; err != nil || string(body) != "ok" {
		t.Fatalf("a request read in full, answered after the deadline: context %v, body %q; want it alive and ok", err, body)
	}

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	io.WriteString(conn, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	reply, _ := io.ReadAll(conn) // until the server closes
	if took := time.Since(start); took > 5*time.Second || !strings.Contains(string(reply), "408") {
		t.Errorf("a trickled body was answered %q after %v; want 408 at the %v deadline", reply, took, d)
	}

	// A SolveBatch stream sends its puzzles for as long as the batch
	// lasts: a body that keeps coming past the deadline is read in full.
	batch, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer batch.Close()
	io.WriteString(batch, "POST "+sudokuv1.SudokuService_SolveBatch_FullMethodName+" HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
	for end := time.Now().Add(3 * d); time.Now().Before(end); {
		io.WriteString(batch, "1\r\n.\r\n")
		time.Sleep(d / 6)
	}
	io.WriteString(batch, "0\r\n\r\n")
	batch.SetReadDeadline(time.Now().Add(30 * time.Second))
	reply = make([]byte, 4096)
	n, _ := io.ReadAtLeast(batch, reply, 12)
	if got := string(reply[:n]); !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Fatalf("a SolveBatch body sent over %v was answered %q; want 200 (no deadline on a batch)", 3*d, got)
	}
	<-alive // the handler's, which answered
}

// TestWebSlowBody sends the web port a Connect call whose body never
// arrives in full: it is answered 408 at -request-timeout, not held.
func TestWebSlowBody(t *testing.T) {
	_, web := startWebDaemon(t, "--request-timeout", "500ms")
	conn, err := net.Dial("tcp", web)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	start := time.Now()
	io.WriteString(conn, "POST /sudoku.v1.SudokuService/Solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnect-Protocol-Version: 1\r\nContent-Length: 1000\r\n\r\n{")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	buf := make([]byte, 4096)
	n, _ := io.ReadAtLeast(conn, buf, 12)
	reply := string(buf[:n])
	if took := time.Since(start); took > 5*time.Second || !strings.HasPrefix(reply, "HTTP/1.1 408") {
		t.Errorf("a trickled body was answered %q after %v; want 408 at the 500ms deadline", reply, took)
	}
}

// TestWebRequestLimits: the web port takes requests within the gRPC
// port's -max-request-size, decompressed: a Connect call of 4 MiB of
// JSON in a few kilobytes of gzip is refused before it is decoded, and
// with a smaller -max-request-size a smaller body is.
func TestWebRequestLimits(t *testing.T) {
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	io.WriteString(zw, `{"puzzle":{"text":"`+strings.Repeat(".", 4<<20)+`"}}`)
	zw.Close()
	small := `{"puzzle":{"text":"` + strings.Repeat(".", 3000) + `"}}`
	tests := []struct {
		name        string
		flags       []string
		body        string
		compressed  bool
		wantMessage string
	}{
		{"gzip bomb", nil, zipped.String(), true, "more than 1114112 bytes decompressed"},
		{"-max-request-size", []string{"--max-request-size", "1000"}, small, false, "3006 bytes in protobuf, more than the 1000 this method takes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, web := startWebDaemon(t, tt.flags...)
			req, err := http.NewRequest("POST", "http://"+web+"/sudoku.v1.SudokuService/Solve", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Connect-Protocol-Version", "1")
			if tt.compressed {
				req.Header.Set("Content-Encoding", "gzip")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), `"resource_exhausted"`) || !strings.Contains(string(body), tt.wantMessage) {
				t.Errorf("answered %s %s; want 429 resource_exhausted, %q", resp.Status, body, tt.wantMessage)
			}
		})
	}
}

// TestWebGRPCPlaintext: gRPC clients reach the web port without TLS too
// (HTTP/2 with prior knowledge), a unary call and a SolveBatch stream,
// which HTTP/1.1 cannot carry.
func TestWebGRPCPlaintext(t *testing.T) {
	_, web := startWebDaemon(t)
	client := sudokuv1.NewSudokuServiceClient(dial(t, web))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const puzzle = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	text := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: puzzle}}
	resp, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: text})
	if err != nil || resp.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		t.Fatalf("Solve over the web port: %v, %v", resp.GetResult().GetStatus(), err)
	}
	stream, err := client.SolveBatch(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&sudokuv1.SolveBatchRequest{Items: []*sudokuv1.BatchItem{{Id: "a", Puzzle: text}}}); err != nil {
		t.Fatal(err)
	}
	stream.CloseSend()
	var answers []*sudokuv1.BatchAnswer
	for {
		msg, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SolveBatch over the web port: %v", err)
		}
		answers = append(answers, msg.GetAnswers()...)
	}
	if len(answers) != 1 || answers[0].GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		t.Errorf("SolveBatch over the web port answered %v", answers)
	}
}

// TestWebTLSHandshakes: failed TLS handshakes on the web port are counted
// by reason and logged as the gRPC port's are, a connection closed before
// its handshake (a TCP probe) at debug level: each was a WARN line of
// net/http's, counted nowhere.
func TestWebTLSHandshakes(t *testing.T) {
	pki := testpki.New(t)
	_, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0", "--metrics-listen", "localhost:0",
		"--tls-cert", pki.ServerCert, "--tls-key", pki.ServerKey)
	defer func() {
		cancel()
		waitDone(t, done, 10*time.Second, log)
	}()
	web := webAddr(t, log)
	for range 5 { // probes: connected, closed
		c, err := net.Dial("tcp", web)
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
	}
	resp, err := http.Get("http://" + web + "/") // plain HTTP to the TLS port
	if err == nil {
		resp.Body.Close()
	}
	checkMetrics(t, metricsAddr(t, log), []string{
		`sudoku_web_tls_handshake_failures_total{reason="eof"} 5`,
		`sudoku_web_tls_handshake_failures_total{reason="error"} 1`,
	})
	var warned int
	for _, line := range strings.Split(log.String(), "\n") {
		if strings.Contains(line, "TLS handshake") && strings.Contains(line, "level=WARN") {
			warned++
			if !strings.Contains(line, "reason=error") {
				t.Errorf("a probe's closed connection logged as a warning: %s", line)
			}
		}
	}
	if warned != 1 {
		t.Errorf("%d handshake warnings, want the plaintext request's alone:\n%s", warned, log)
	}
}

// TestBodyDeadlineExpectContinue checks that -request-timeout's body
// wrapper leaves a client that sent Expect: 100-continue its answer
// before its body: a request the handler refuses unread is answered at
// once, without 100 Continue (the server read 256 KiB of the body
// first, asking for it), and one the handler reads gets 100 Continue.
func TestBodyDeadlineExpectContinue(t *testing.T) {
	tests := []struct {
		name      string
		read      bool   // whether the handler reads the body
		wantFirst string // the status line the client reads first
	}{
		{"refused unread", false, "HTTP/1.1 429 "},
		{"read", true, "HTTP/1.1 100 Continue"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(bodyDeadline(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.read {
					io.ReadAll(r.Body)
				}
				http.Error(w, "too large", http.StatusTooManyRequests)
			}), 10*time.Second))
			defer srv.Close()
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			io.WriteString(conn, "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1000000\r\n\r\n")
			conn.SetReadDeadline(time.Now().Add(3 * time.Second))
			line, err := bufio.NewReader(conn).ReadString('\n')
			if !strings.HasPrefix(line, tt.wantFirst) {
				t.Errorf("first line %q (%v); want %q", line, err, tt.wantFirst)
			}
		})
	}
}
