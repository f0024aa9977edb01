package webview_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/syncbuf"
	"github.com/sudokuwise/solver/internal/webview"
	"github.com/sudokuwise/solver/service"
)

// gzipped returns s compressed with gzip.
func gzipped(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	io.WriteString(zw, s)
	zw.Close()
	return b.String()
}

// framed returns msg in a 5-byte envelope with flags.
func framed(flags byte, msg string) string {
	var b bytes.Buffer
	b.WriteByte(flags)
	binary.Write(&b, binary.BigEndian, uint32(len(msg)))
	b.WriteString(msg)
	return b.String()
}

// TestRequestLimits checks WithRequestLimits on every way a request
// message reaches the port: bodies over the limit, compressed or not,
// in JSON or protobuf, framed or not, are refused with
// resource_exhausted before they are decoded, and good ones, compressed
// or not, are answered.
func TestRequestLimits(t *testing.T) {
	const request, stream = 1000, 2000
	ts := newViewer(t, service.GRPCConfig{}, webview.WithRequestLimits(request, stream))
	const (
		solve = "/sudoku.v1.SudokuService/Solve"
		steps = "/sudoku.v1.SudokuService/SolveSteps"
		batch = "/sudoku.v1.SudokuService/SolveBatch"
	)
	good := `{"puzzle":{"text":"` + easyPuzzle + `"}}`
	bomb := `{"puzzle":{"text":"` + strings.Repeat(".", 1<<20) + `"}}` // a megabyte in a kilobyte of gzip
	// Empty cells: 3 bytes each in JSON, 2 in protobuf, about 100 once
	// decoded.
	cells := func(n int) string {
		return `{"puzzle":{"board":{"size":9,"cells":[{}` + strings.Repeat(",{}", n-1) + `]}}}`
	}
	goodPB, _ := proto.Marshal(&sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}})
	bigPB, _ := proto.Marshal(&sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", request)}}})
	tests := []struct {
		name, path, contentType, encoding, body string
		wantCode, wantMessage                   string // "" for an answer
		grpcTimeout                             string // the Grpc-Timeout header, when set
	}{
		{"JSON", solve, "application/json", "", good, "", "", ""},
		{"JSON in gzip", solve, "application/json", "gzip", gzipped(good), "", "", ""},
		{"JSON over the limit", solve, "application/json", "", cells(3000), "resource_exhausted", "more than 8000 bytes, the most this method takes in JSON", ""},
		{"JSON over the limit without its whitespace", solve, "application/json", "", `{"puzzle":{"text":"` + strings.Repeat(".", 4500) + `"}}`, "resource_exhausted", "4522 bytes of JSON without its whitespace, more than the 4000", ""},
		{"JSON indented", solve, "application/json", "", strings.Replace(good, ":", ":"+strings.Repeat(" ", 6000), 1), "", "", ""},
		{"JSON of too many objects", solve, "application/json", "", cells(600), "resource_exhausted", "holds 603 objects, more than the 500 messages", ""},
		{"JSON under the limit, its message over", solve, "application/json", "", `{"puzzle":{"text":"` + strings.Repeat(".", 1500) + `"}}`, "resource_exhausted", "1506 bytes in protobuf, more than the 1000 this method takes", ""},
		{"gzip bomb", solve, "application/json", "gzip", gzipped(bomb), "resource_exhausted", "more than 8000 bytes decompressed", ""},
		{"not gzip", solve, "application/json", "gzip", good, "invalid_argument", "not valid gzip", ""},
		{"protobuf over the limit", solve, "application/proto", "", string(bigPB), "resource_exhausted", "more than 1000 bytes, the most this method takes in PROTO", ""},
		{"stream", steps, "application/connect+json", "", framed(0, good), "", "", ""},
		{"stream in gzip", steps, "application/connect+json", "gzip", framed(1, gzipped(good)), "", "", ""},
		{"stream, gzip bomb", steps, "application/connect+json", "gzip", framed(1, gzipped(bomb)), "resource_exhausted", "more than 8000 bytes decompressed", ""},
		{"stream, compressed flag without an encoding", steps, "application/connect+json", "", framed(1, gzipped(good)), "invalid_argument", "names no Connect-Content-Encoding", ""},
		{"client stream in gzip", batch, "application/connect+json", "gzip", framed(1, gzipped(good)), "unimplemented", "taken uncompressed", ""},
		{"gRPC-Web over the limit", solve, "application/grpc-web+proto", "", framed(0, string(bigPB)), "resource_exhausted", "more than 1000 bytes, the most this method takes", ""},
		{"gRPC-Web", solve, "application/grpc-web+proto", "", framed(0, string(goodPB)), "", "", ""},
		{"gRPC-Web in JSON", solve, "application/grpc-web+json", "", framed(0, good), "invalid_argument", "binary protobuf here", ""},
		{"gRPC-Web, timeout without a unit", solve, "application/grpc-web+proto", "", framed(0, string(goodPB)), "invalid_argument", `Grpc-Timeout "5" is not 1 to 8 digits and a unit`, "5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest("POST", ts.URL+tt.path, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", tt.contentType)
			req.Header.Set("Connect-Protocol-Version", "1")
			if tt.grpcTimeout != "" {
				req.Header.Set("Grpc-Timeout", tt.grpcTimeout)
			}
			if tt.encoding != "" {
				if strings.HasPrefix(tt.contentType, "application/connect+") {
					req.Header.Set("Connect-Content-Encoding", tt.encoding)
				} else {
					req.Header.Set("Content-Encoding", tt.encoding)
				}
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			code, msg, reason := callError(t, tt.contentType, resp, body)
			want := "" // a request too large says so, as on the gRPC port
			if code == "resource_exhausted" {
				want = service.ErrorDomain + "/" + service.ReasonRequestTooLarge
			}
			if reason != want {
				t.Errorf("error %s, ErrorInfo %q; want %q", code, reason, want)
			}
			if tt.wantCode == "" {
				if code != "" || !strings.Contains(string(body), "734125698") {
					t.Fatalf("status %s, error %s %q; want the solution: %.300q", resp.Status, code, msg, body)
				}
				return
			}
			if code != tt.wantCode || !strings.Contains(msg, tt.wantMessage) {
				t.Errorf("error %s %q, want %s with %q", code, msg, tt.wantCode, tt.wantMessage)
			}
		})
	}
}

// connectErr is Connect's error JSON.
type connectErr struct {
	Code, Message string
	Details       []struct {
		Type, Value string
		Debug       json.RawMessage
	}
}

// reason returns "domain/reason" of the error's ErrorInfo detail, or "";
// the detail's debug JSON must say the same, as on the service's errors.
func (e *connectErr) reason(t *testing.T) string {
	for _, d := range e.Details {
		if d.Type != "google.rpc.ErrorInfo" {
			continue
		}
		b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(d.Value, "="))
		var info errdetails.ErrorInfo
		if err == nil {
			err = proto.Unmarshal(b, &info)
		}
		if err != nil {
			t.Fatalf("ErrorInfo detail %q: %v", d.Value, err)
		}
		var debug errdetails.ErrorInfo
		if err := protojson.Unmarshal(d.Debug, &debug); err != nil || !proto.Equal(&debug, &info) {
			t.Errorf("ErrorInfo detail's debug %s (%v), want %v in JSON", d.Debug, err, &info)
		}
		return info.GetDomain() + "/" + info.GetReason()
	}
	return ""
}

// callError returns the code, message and ErrorInfo ("domain/reason") of
// the error a call answered, or "", "", "": Connect's error JSON of a
// unary call, the end of a Connect stream, or gRPC-Web's status.
func callError(t *testing.T, contentType string, resp *http.Response, body []byte) (code, msg, reason string) {
	t.Helper()
	var e connectErr
	switch {
	case resp.StatusCode != http.StatusOK:
		if err := json.Unmarshal(body, &e); err != nil {
			t.Fatalf("error body %q: %v", body, err)
		}
	case strings.HasPrefix(contentType, "application/grpc-web"):
		s := resp.Header.Get("Grpc-Status")
		if s == "" || s == "0" {
			return "", "", ""
		}
		n, _ := strconv.Atoi(s)
		if bin := resp.Header.Get("Grpc-Status-Details-Bin"); bin != "" {
			b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(bin, "="))
			var st spb.Status
			if err == nil {
				err = proto.Unmarshal(b, &st)
			}
			if err != nil {
				t.Fatalf("Grpc-Status-Details-Bin %q: %v", bin, err)
			}
			for _, d := range status.FromProto(&st).Details() {
				if info, ok := d.(*errdetails.ErrorInfo); ok {
					reason = info.GetDomain() + "/" + info.GetReason()
				}
			}
		}
		return connect.Code(n).String(), resp.Header.Get("Grpc-Message"), reason
	case strings.HasPrefix(contentType, "application/connect+"):
		for len(body) >= 5 {
			n := binary.BigEndian.Uint32(body[1:5])
			if body[0] == 2 {
				var end struct{ Error *connectErr }
				if err := json.Unmarshal(body[5:5+n], &end); err != nil {
					t.Fatalf("end of stream %q: %v", body[5:], err)
				}
				if end.Error != nil {
					return end.Error.Code, end.Error.Message, end.Error.reason(t)
				}
				return "", "", ""
			}
			body = body[5+n:]
		}
		return "", "", ""
	}
	return e.Code, e.Message, e.reason(t)
}

// TestRefusalsCountedAndSampled: the calls the port refuses itself are
// counted by code, and logged at most at the noisy rate, their path cut
// short: a client makes them at will, as long as it likes.
func TestRefusalsCountedAndSampled(t *testing.T) {
	var log syncbuf.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	reg := prometheus.NewRegistry()
	ts := newViewer(t, service.GRPCConfig{}, webview.WithLogger(logger, 2), webview.WithRegisterer(reg))
	path := "/sudoku.v1.SudokuService/" + strings.Repeat("x", 50000)
	for range 10 {
		req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("status %s, want 404", resp.Status)
		}
	}
	if got := counterValue(t, reg, "sudoku_web_refused_total", "Unimplemented"); got != 10 {
		t.Errorf("sudoku_web_refused_total{grpc_code=Unimplemented} = %v, want 10", got)
	}
	lines := strings.Count(log.String(), `msg="refused call"`)
	if lines != 2 {
		t.Errorf("%d lines logged of 10 refusals at 2 a second, want the burst of 2:\n%.2000s", lines, log.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		if len(line) > 1000 {
			t.Errorf("a log line of %d bytes: the path is not cut short", len(line))
		}
	}
}

// counterValue returns the value of the counter name{grpc_code=code} of
// reg.
func counterValue(t *testing.T, reg *prometheus.Registry, name, code string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "grpc_code" && l.GetValue() == code {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("no %s{grpc_code=%q} gathered", name, code)
	return 0
}

// TestRefusalReasonLogged: a call the port refuses as too large is logged
// with its ErrorInfo reason (grpc.error_reason), as the gRPC port logs it,
// so that one query finds both; other refusals carry none.
func TestRefusalReasonLogged(t *testing.T) {
	const solve = "/sudoku.v1.SudokuService/Solve"
	bigPB, _ := proto.Marshal(&sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", 1000)}}})
	tests := []struct {
		name, contentType, body string
		want                    string // the line's reason field, "" for none
	}{
		{"Connect over the limit", "application/json", `{"puzzle":{"text":"` + strings.Repeat(".", 1500) + `"}}`, "grpc.error_reason=REQUEST_TOO_LARGE"},
		{"gRPC-Web over the limit", "application/grpc-web+proto", framed(0, string(bigPB)), "grpc.error_reason=REQUEST_TOO_LARGE"},
		{"bad gzip", "application/json", "{}", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncbuf.Buffer
			logger := slog.New(slog.NewTextHandler(&log, nil))
			ts := newViewer(t, service.GRPCConfig{}, webview.WithLogger(logger, 0), webview.WithRequestLimits(1000, 2000))
			req, _ := http.NewRequest("POST", ts.URL+solve, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", tt.contentType)
			req.Header.Set("Connect-Protocol-Version", "1")
			if tt.want == "" {
				req.Header.Set("Content-Encoding", "gzip") // not gzip: refused, InvalidArgument
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			line := log.String()
			if !strings.Contains(line, `msg="refused call"`) {
				t.Fatalf("no refused call logged:\n%s", line)
			}
			if got := strings.Contains(line, "grpc.error_reason="); got != (tt.want != "") || tt.want != "" && !strings.Contains(line, tt.want) {
				t.Errorf("logged %s; want the reason %q", line, tt.want)
			}
		})
	}
}

// TestRefusalRequestIDLogged: a call the port refuses before the service
// sees it is logged with the x-request-id its client sent, as request_id,
// as the gRPC port logs its calls (service.LoggedRequestID: none that
// holds a control or non-ASCII byte), so that a client finds the line of
// its call.
func TestRefusalRequestIDLogged(t *testing.T) {
	const solve = "/sudoku.v1.SudokuService/Solve"
	tests := []struct {
		name, id string
		want     string // the line's request_id field, "" for none
	}{
		{"an id", "batch-7/line-42", "request_id=batch-7/line-42"},
		{"none", "", ""},
		{"a tab", "a\tb", ""},
		{"not ASCII", "caf\u00e9", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log syncbuf.Buffer
			logger := slog.New(slog.NewTextHandler(&log, nil))
			ts := newViewer(t, service.GRPCConfig{}, webview.WithLogger(logger, 0))
			req, _ := http.NewRequest("POST", ts.URL+solve, strings.NewReader(`{"puzzle":`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Connect-Protocol-Version", "1")
			if tt.id != "" {
				req.Header[http.CanonicalHeaderKey(service.RequestIDHeader)] = []string{tt.id}
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			line := log.String()
			if !strings.Contains(line, `msg="refused call"`) {
				t.Fatalf("no refused call logged:\n%s", line)
			}
			if got := strings.Contains(line, "request_id="); got != (tt.want != "") || tt.want != "" && !strings.Contains(line, tt.want) {
				t.Errorf("logged %s; want the request id %q", line, tt.want)
			}
		})
	}
}

// countingReader is a request body that counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestLargeBodyRefusedBeforeContinue checks that a body whose
// Content-Length is over the method's limit is refused before it is
// read: a client that sent Expect: 100-continue (as docs/client.md
// advises one that sends its body whole before reading the answer) gets
// the refusal without sending the body. The port read up to the limit
// first, which made Go's server answer 100 Continue, and curl sent
// megabytes before the 429.
func TestLargeBodyRefusedBeforeContinue(t *testing.T) {
	ts := newViewer(t, service.GRPCConfig{}, webview.WithRequestLimits(1000, 2000))
	const solve = "/sudoku.v1.SudokuService/Solve"
	big := strings.Repeat(".", 1<<20)
	tests := []struct {
		name, contentType, body string
		wantStatus              int
	}{
		{"JSON", "application/json", `{"puzzle":{"text":"` + big + `"}}`, http.StatusTooManyRequests},
		{"protobuf", "application/proto", big, http.StatusTooManyRequests},
		{"stream", "application/connect+json", framed(0, big), http.StatusOK},     // its error in the end of the stream
		{"gRPC-Web", "application/grpc-web+proto", framed(0, big), http.StatusOK}, // its status in the headers
	}
	tr := ts.Client().Transport.(*http.Transport).Clone()
	tr.ExpectContinueTimeout = time.Minute
	client := &http.Client{Transport: tr}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := &countingReader{r: strings.NewReader(tt.body)}
			path := solve
			if tt.contentType == "application/connect+json" {
				path = "/sudoku.v1.SudokuService/SolveSteps"
			}
			req, err := http.NewRequest("POST", ts.URL+path, body)
			if err != nil {
				t.Fatal(err)
			}
			req.ContentLength = int64(len(tt.body))
			req.Header.Set("Content-Type", tt.contentType)
			req.Header.Set("Connect-Protocol-Version", "1")
			req.Header.Set("Expect", "100-continue")
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			code, msg, _ := callError(t, tt.contentType, resp, answer)
			if resp.StatusCode != tt.wantStatus || code != "resource_exhausted" {
				t.Fatalf("status %s, error %s %q; want %d and resource_exhausted", resp.Status, code, msg, tt.wantStatus)
			}
			if body.n > 0 {
				t.Errorf("the client sent %d bytes of a body the port refused by its Content-Length of %d; want none", body.n, len(tt.body))
			}
		})
	}
}
