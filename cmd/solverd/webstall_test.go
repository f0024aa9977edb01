package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"google.golang.org/protobuf/proto"
)

// finishedStepsRE matches the log line of a SolveSteps call's end.
var finishedStepsRE = regexp.MustCompile(`msg="finished call".*grpc\.method=SolveSteps.*grpc\.code=(\w+)`)

// TestWebStallHTTP1 checks that a SolveSteps stream over HTTP/1.1 on the
// web port, whose client reads nothing, ends with ResourceExhausted
// (STALLED) after -stall-timeout, as on the gRPC port. An empty 16×16's
// steps (about 350 KB) fitted in the kernel's socket buffers, which Linux
// widens to megabytes as it sends: the server's sends never blocked, and
// the stream ran to its end (OK) or its deadline while its client had
// read nothing.
func TestWebStallHTTP1(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the web port bounds unsent answers with Linux's TCP_NOTSENT_LOWAT alone")
	}
	tests := []struct {
		name        string
		contentType string
		header      string
		want        string // in the stream's last bytes
	}{
		{"connect", "application/connect+json", "Connect-Protocol-Version: 1\r\nConnect-Timeout-Ms: 60000\r\n", `"STALLED"`},
		{"grpc-web", "application/grpc-web+proto", "X-Grpc-Web: 1\r\nGrpc-Timeout: 60S\r\n", "grpc-status: 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, log := startDaemon(t, "--listen", "localhost:0", "--http-listen", "localhost:0", "--metrics-listen", "localhost:0", "--stall-timeout", "1s")
			m := webRE.FindStringSubmatch(log.String())
			if m == nil {
				t.Fatalf("no web viewer logged:\n%s", log)
			}
			c, err := net.Dial("tcp", m[1])
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			// A small receive window, so that what the client's kernel
			// takes is small beside the steps.
			if err := c.(*net.TCPConn).SetReadBuffer(4 << 10); err != nil {
				t.Fatal(err)
			}
			req := `{"puzzle":{"text":"` + strings.Repeat(".", 256) + `"}}`
			if strings.HasSuffix(tt.contentType, "proto") {
				b, err := proto.Marshal(&sudokuv1.SolveStepsRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", 256)}}})
				if err != nil {
					t.Fatal(err)
				}
				req = string(b)
			}
			env := string([]byte{0, byte(len(req) >> 24), byte(len(req) >> 16), byte(len(req) >> 8), byte(len(req))}) + req
			fmt.Fprintf(c, "POST /sudoku.v1.SudokuService/SolveSteps HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\n%sConnection: close\r\nContent-Length: %d\r\n\r\n%s",
				m[1], tt.contentType, tt.header, len(env), env)
			// Read nothing until the call has ended: with OK, its end
			// logged; stalled, counted (its status waits, in its
			// connection, for the client to read up to it).
			stalled := false
			for start := time.Now(); !stalled && !finishedStepsRE.MatchString(log.String()); time.Sleep(50 * time.Millisecond) {
				if time.Since(start) > time.Minute {
					t.Fatalf("the call did not end:\n%s", log)
				}
				if resp, err := http.Get("http://" + metricsAddr(t, log) + "/metrics"); err == nil {
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					stalled = strings.Contains(string(b), "\nsudoku_stream_stalls_total 1\n")
				}
			}
			body, err := io.ReadAll(c)
			if err != nil {
				t.Fatal(err)
			}
			tail := string(body[max(0, len(body)-500):])
			if !stalled || !strings.Contains(strings.ToLower(tail), strings.ToLower(tt.want)) {
				t.Errorf("the call ended (stalled: %v) after %d bytes, ending %q; want it stalled, ending with %s", stalled, len(body), tail, tt.want)
			}
		})
	}
}
