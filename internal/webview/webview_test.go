package webview_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/syncbuf"
	"github.com/sudokuwise/solver/internal/webview"
	"github.com/sudokuwise/solver/service"
)

const (
	easyPuzzle   = "000105000009060400060000070400010003050402010600030004020000050003090800000206000"
	easySolution = "734125698219867435865943271472619583358472916691538724926384157543791862187256349"
)

// newViewer serves the viewer of a gRPC server built with cfg on a
// loopback HTTP server.
func newViewer(t *testing.T, cfg service.GRPCConfig, opts ...webview.Option) *httptest.Server {
	t.Helper()
	g, err := service.BuildGRPC(service.New(service.Config{}), cfg)
	if err != nil {
		t.Fatal(err)
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	h, err := webview.New(g.Server, append([]webview.Option{webview.WithLogger(logger, 0)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	t.Cleanup(func() {
		ts.Close()
		g.Server.Stop()
	})
	return ts
}

func TestPage(t *testing.T) {
	ts := newViewer(t, service.GRPCConfig{})
	tests := []struct {
		method, path string
		wantStatus   int
		wantType     string
		wantBody     string
	}{
		{"GET", "/", http.StatusOK, "text/html", `<script src="viewer.js"`},
		{"GET", "/viewer.js", http.StatusOK, "text/javascript", "serverStream('SolveSteps'"},
		{"GET", "/style.css", http.StatusOK, "text/css", "#board"},
		{"HEAD", "/", http.StatusOK, "text/html", ""},
		{"POST", "/", http.StatusMethodNotAllowed, "", ""},
		{"GET", "/missing.js", http.StatusNotFound, "", ""},
		{"GET", "/sudoku.v1.SudokuService/Nope", http.StatusNotFound, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, ts.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q, want nosniff", got)
			}
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status %s, want %d", resp.Status, tt.wantStatus)
			}
			if got := resp.Header.Get("Content-Type"); !strings.HasPrefix(got, tt.wantType) {
				t.Errorf("Content-Type %q, want %q", got, tt.wantType)
			}
			if !bytes.Contains(body, []byte(tt.wantBody)) {
				t.Errorf("body lacks %q:\n%.300s", tt.wantBody, body)
			}
			if tt.wantStatus == http.StatusOK {
				if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
					t.Errorf("Content-Security-Policy %q", csp)
				}
			}
		})
	}
}

// streamMessage is one enveloped message of a Connect stream.
type streamMessage struct {
	end  bool
	data []byte
}

// solveSteps calls SolveSteps through the handler as the page does:
// Connect protocol, JSON, server streaming.
func solveSteps(t *testing.T, ts *httptest.Server, token, puzzle string) (*http.Response, []streamMessage) {
	t.Helper()
	req, _ := json.Marshal(map[string]any{"puzzle": map[string]any{"text": puzzle}})
	var env bytes.Buffer
	env.WriteByte(0)
	binary.Write(&env, binary.BigEndian, uint32(len(req)))
	env.Write(req)
	hreq, err := http.NewRequest("POST", ts.URL+"/sudoku.v1.SudokuService/SolveSteps", &env)
	if err != nil {
		t.Fatal(err)
	}
	hreq.Header.Set("Content-Type", "application/connect+json")
	hreq.Header.Set("Connect-Protocol-Version", "1")
	if token != "" {
		hreq.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := ts.Client().Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var msgs []streamMessage
	for {
		var head [5]byte
		if _, err := io.ReadFull(resp.Body, head[:]); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("reading the stream: %v", err)
		}
		data := make([]byte, binary.BigEndian.Uint32(head[1:]))
		if _, err := io.ReadFull(resp.Body, data); err != nil {
			t.Fatalf("reading a message: %v", err)
		}
		msgs = append(msgs, streamMessage{end: head[0]&2 != 0, data: data})
	}
	return resp, msgs
}

// TestSolveStepsConnect streams a solve through the handler and checks
// every step and the result arrive, in order, then a clean end.
func TestSolveStepsConnect(t *testing.T) {
	var log syncbuf.Buffer
	ts := newViewer(t, service.GRPCConfig{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	resp, msgs := solveSteps(t, ts, "", easyPuzzle)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/connect+json" {
		t.Fatalf("response %s, Content-Type %q", resp.Status, resp.Header.Get("Content-Type"))
	}
	if len(msgs) < 3 {
		t.Fatalf("got %d messages, want steps, a result and the end", len(msgs))
	}
	for i, m := range msgs[:len(msgs)-2] {
		var ev struct {
			Step *struct {
				Index      int    `json:"index"`
				Method     string `json:"method"`
				Strategy   string `json:"strategy"`
				Placements []struct {
					Cell, Digit int
				} `json:"placements"`
				Explanation string `json:"explanation"`
			} `json:"step"`
		}
		if err := json.Unmarshal(m.data, &ev); err != nil || ev.Step == nil || m.end {
			t.Fatalf("message %d is not a step (%v): %s", i, err, m.data)
		}
		if ev.Step.Index != i+1 || ev.Step.Method == "" || ev.Step.Strategy == "" || ev.Step.Explanation == "" {
			t.Errorf("step %d: %s", i+1, m.data)
		}
	}
	var last struct {
		Result *struct {
			Status    string `json:"status"`
			Plain     string `json:"plain"`
			StepCount int    `json:"stepCount"`
		} `json:"result"`
	}
	if err := json.Unmarshal(msgs[len(msgs)-2].data, &last); err != nil || last.Result == nil {
		t.Fatalf("next to last message is not the result (%v): %s", err, msgs[len(msgs)-2].data)
	}
	if last.Result.Status != "SOLVE_STATUS_SOLVED" || last.Result.Plain != easySolution || last.Result.StepCount != len(msgs)-2 {
		t.Errorf("result %+v, want solved %s in %d steps", *last.Result, easySolution, len(msgs)-2)
	}
	if end := msgs[len(msgs)-1]; !end.end || strings.Contains(string(end.data), "error") {
		t.Errorf("end of stream %v %s, want a clean end", end.end, end.data)
	}
	// The call went through the gRPC server, which logs it once it has
	// ended: maybe just after the client has seen the end.
	logged := func() bool {
		got := log.String()
		return strings.Contains(got, "grpc.method=SolveSteps") && strings.Contains(got, "grpc.code=OK")
	}
	for deadline := time.Now().Add(10 * time.Second); !logged() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if !logged() {
		t.Errorf("the call was not logged by the gRPC server:\n%s", log.String())
	}
}

// TestAuth checks that the server's bearer tokens guard the viewer's
// calls, streaming and unary, while the page itself stays public.
func TestAuth(t *testing.T) {
	ts := newViewer(t, service.GRPCConfig{Tokens: []string{"s3cret"}})
	tests := []struct {
		name, token string
		wantCode    string // the Connect error code, "" for success
	}{
		{"no token", "", "unauthenticated"},
		{"wrong token", "guess", "unauthenticated"},
		{"token", "s3cret", ""},
	}
	for _, tt := range tests {
		t.Run("SolveSteps "+tt.name, func(t *testing.T) {
			_, msgs := solveSteps(t, ts, tt.token, easyPuzzle)
			if len(msgs) == 0 {
				t.Fatal("no message")
			}
			end := msgs[len(msgs)-1]
			var tail struct {
				Error *struct{ Code, Message string } `json:"error"`
			}
			if err := json.Unmarshal(end.data, &tail); !end.end || err != nil {
				t.Fatalf("no end of stream (%v): %s", err, end.data)
			}
			got := ""
			if tail.Error != nil {
				got = tail.Error.Code
			}
			if got != tt.wantCode {
				t.Errorf("error code %q, want %q (%s)", got, tt.wantCode, end.data)
			}
			if tt.wantCode == "" && len(msgs) < 3 {
				t.Errorf("only %d messages with a valid token", len(msgs))
			}
		})
		t.Run("Convert "+tt.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", ts.URL+"/sudoku.v1.SudokuService/Convert",
				strings.NewReader(`{"puzzle":{"text":"`+easyPuzzle+`"}}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Connect-Protocol-Version", "1")
			if tt.token != "" {
				req.Header.Set("Authorization", "Bearer "+tt.token)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			wantStatus := http.StatusOK
			if tt.wantCode != "" {
				wantStatus = http.StatusUnauthorized
			}
			if resp.StatusCode != wantStatus || !strings.Contains(string(body), tt.wantCode) {
				t.Errorf("%s %s, want %d %q", resp.Status, body, wantStatus, tt.wantCode)
			}
		})
	}
	resp, err := ts.Client().Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("page without a token: %s", resp.Status)
	}
}

// TestBadPuzzle checks that the service's validation reaches the page as
// a Connect error naming the field.
func TestBadPuzzle(t *testing.T) {
	ts := newViewer(t, service.GRPCConfig{})
	_, msgs := solveSteps(t, ts, "", "12345")
	if len(msgs) != 1 || !msgs[0].end {
		t.Fatalf("got %d messages, want only the end of stream", len(msgs))
	}
	if s := string(msgs[0].data); !strings.Contains(s, `"invalid_argument"`) || !strings.Contains(s, "puzzle.text") {
		t.Errorf("end of stream %s, want invalid_argument on puzzle.text", s)
	}
}

// TestClientMistakes checks that calls the service never sees, for a
// mistake of the client's, get the right HTTP status with Connect's error
// JSON, and are logged below ERROR.
func TestClientMistakes(t *testing.T) {
	var log syncbuf.Buffer
	ts := newViewer(t, service.GRPCConfig{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	const solve = "/sudoku.v1.SudokuService/Solve"
	envelope := func(flags byte, msg string) string {
		var b bytes.Buffer
		b.WriteByte(flags)
		binary.Write(&b, binary.BigEndian, uint32(len(msg)))
		b.WriteString(msg)
		return b.String()
	}
	tests := []struct {
		name, path, contentType, protocol, body string
		wantStatus                              int
		wantCode, wantMessage                   string
		header, value                           string // one more header, when set
	}{
		{"malformed JSON", solve, "application/json", "1", "{nope", http.StatusBadRequest, "invalid_argument", "not a sudoku.v1.SolveRequest in JSON", "", ""},
		{"a megabyte of spaces", solve, "application/json", "1", strings.Repeat(" ", 1<<20), http.StatusBadRequest, "invalid_argument", "unexpected token", "", ""},
		{"invalid UTF-8", solve, "application/json", "1", "{\"puzzle\":{\"text\":\"\xff\"}}", http.StatusBadRequest, "invalid_argument", "invalid UTF-8", "", ""},
		{"unknown field", solve, "application/json", "1", `{"puzle":{}}`, http.StatusBadRequest, "invalid_argument", "unknown field", "", ""},
		{"not protobuf", solve, "application/proto", "1", "\xff\xff\xff", http.StatusBadRequest, "invalid_argument", "not a sudoku.v1.SolveRequest in PROTO", "", ""},
		{"unknown method", "/sudoku.v1.SudokuService/Nope", "application/json", "1", "{}", http.StatusNotFound, "unimplemented", "unknown method Nope of service sudoku.v1.SudokuService", "", ""},
		{"unknown service", "/sudoku.v9.Nope/Solve", "application/json", "1", "{}", http.StatusNotFound, "unimplemented", "unknown service sudoku.v9.Nope", "", ""},
		{"no protocol header", solve, "application/json", "", "{}", http.StatusUnsupportedMediaType, "invalid_argument", "Connect-Protocol-Version: 1", "", ""},
		{"unsupported content type", solve, "text/plain", "1", "{}", http.StatusUnsupportedMediaType, "invalid_argument", `content type "text/plain" is not taken`, "", ""},
		{"no content type", solve, "", "1", "{}", http.StatusUnsupportedMediaType, "invalid_argument", "no Content-Type", "", ""},
		{"stream, short envelope", "/sudoku.v1.SudokuService/SolveSteps", "application/connect+json", "1", "xx", http.StatusOK, "invalid_argument", "shorter than a Connect envelope", "", ""},
		{"stream, malformed JSON", "/sudoku.v1.SudokuService/SolveSteps", "application/connect+json", "1", envelope(0, "{nope"), http.StatusOK, "invalid_argument", "not a sudoku.v1.SolveStepsRequest in JSON", "", ""},
		{"stream, wrong length", "/sudoku.v1.SudokuService/SolveSteps", "application/connect+json", "1", envelope(0, "{}") + "x", http.StatusOK, "invalid_argument", "announces 2 bytes", "", ""},
		// Not Unavailable, as the transcoder's cancelled call was counted.
		{"too large", solve, "application/json", "1", `{"puzzle":{"text":"` + strings.Repeat(".", 4<<20) + `"}}`, http.StatusTooManyRequests, "resource_exhausted", "more than 4194304 bytes", "", ""},
		{"timeout not a number", solve, "application/json", "1", "{}", http.StatusBadRequest, "invalid_argument", `Connect-Timeout-Ms "abc" is not 1 to 10 digits`, "Connect-Timeout-Ms", "abc"},
		{"timeout of 11 digits", solve, "application/json", "1", "{}", http.StatusBadRequest, "invalid_argument", "is not 1 to 10 digits", "Connect-Timeout-Ms", "12345678901"},
		{"stream, timeout negative", "/sudoku.v1.SudokuService/SolveSteps", "application/connect+json", "1", envelope(0, "{}"), http.StatusOK, "invalid_argument", "is not 1 to 10 digits", "Connect-Timeout-Ms", "-5"},
		{"compression not taken", solve, "application/json", "1", "{}", http.StatusNotImplemented, "unimplemented", `Content-Encoding "br" is not taken`, "Content-Encoding", "br"},
		{"stream, compression not taken", "/sudoku.v1.SudokuService/SolveSteps", "application/connect+json", "1", envelope(0, "{}"), http.StatusOK, "unimplemented", `Connect-Content-Encoding "br" is not taken`, "Connect-Content-Encoding", "br"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest("POST", ts.URL+tt.path, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if tt.contentType != "" {
				req.Header.Set("Content-Type", tt.contentType)
			}
			if tt.protocol != "" {
				req.Header.Set("Connect-Protocol-Version", tt.protocol)
			}
			if tt.header != "" {
				req.Header.Set(tt.header, tt.value)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q, want nosniff", got)
			}
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status %s, want %d; body %.300s", resp.Status, tt.wantStatus, body)
			}
			if tt.wantStatus == http.StatusOK { // a stream: the error is in its end message
				if len(body) < 5 || body[0] != 2 {
					t.Fatalf("body %q, want one end-of-stream message", body)
				}
				var end struct{ Error json.RawMessage }
				if err := json.Unmarshal(body[5:], &end); err != nil {
					t.Fatalf("end of stream %q: %v", body[5:], err)
				}
				body = end.Error
			} else if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			var e struct{ Code, Message string }
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("error body %q: %v", body, err)
			}
			if e.Code != tt.wantCode || !strings.Contains(e.Message, tt.wantMessage) {
				t.Errorf("error %+v, want code %s and a message with %q", e, tt.wantCode, tt.wantMessage)
			}
		})
	}
	logged := log.String()
	if strings.Contains(logged, "level=ERROR") {
		t.Errorf("a client's mistake was logged as an ERROR:\n%s", logged)
	}
	if n := strings.Count(logged, `msg="refused call"`); n != len(tests) {
		t.Errorf("%d calls refused in the log, want %d:\n%s", n, len(tests), logged)
	}
	// Each names its service and method as the gRPC port's lines do.
	if n := strings.Count(logged, `grpc.service=sudoku.v1.SudokuService grpc.method=`); n != len(tests)-1 {
		t.Errorf("%d refused calls name sudoku.v1.SudokuService and a method, want %d:\n%s", n, len(tests)-1, logged)
	}
	if !strings.Contains(logged, `grpc.service=sudoku.v9.Nope grpc.method=Solve`) {
		t.Errorf("the call of an unknown service does not name it:\n%s", logged)
	}
}

// TestGoodCallsPass checks that the checks of the body let good calls
// through unchanged, in JSON and in binary protobuf.
func TestGoodCallsPass(t *testing.T) {
	ts := newViewer(t, service.GRPCConfig{})
	pb, err := proto.Marshal(&sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: easyPuzzle}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ contentType, body string }{
		{"application/json", `{"puzzle":{"text":"` + easyPuzzle + `"}}`},
		{"application/proto", string(pb)},
	} {
		req, _ := http.NewRequest("POST", ts.URL+"/sudoku.v1.SudokuService/Solve", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", tc.contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %s: %.300s", tc.contentType, resp.Status, body)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q, want nosniff", tc.contentType, got)
		}
		var res sudokuv1.SolveResponse
		if tc.contentType == "application/json" {
			err = protojson.Unmarshal(body, &res)
		} else {
			err = proto.Unmarshal(body, &res)
		}
		if err != nil || res.GetResult().GetPlain() != easySolution {
			t.Errorf("%s: answer %v (%v), want the solution", tc.contentType, &res, err)
		}
	}
}

// TestStrictTransportSecurity checks that with WithStrictTransportSecurity
// answers over TLS, the page's, calls' and CORS preflights' alike, tell a
// browser to keep to TLS; that answers in clear text (where the header
// means nothing) do not; and that without the option none does.
func TestStrictTransportSecurity(t *testing.T) {
	g, err := service.BuildGRPC(service.New(service.Config{}), service.GRPCConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Server.Stop)
	const origin = "https://app.example"
	server := func(tls bool, opts ...webview.Option) *httptest.Server {
		h, err := webview.New(g.Server, append(opts, webview.WithAllowedOrigins([]string{origin}))...)
		if err != nil {
			t.Fatal(err)
		}
		s := httptest.NewUnstartedServer(h)
		if tls {
			s.StartTLS()
		} else {
			s.Start()
		}
		t.Cleanup(s.Close)
		return s
	}
	day := webview.WithStrictTransportSecurity(24 * time.Hour)
	withTLS, plain, withoutOption := server(true, day), server(false, day), server(true)
	tests := []struct {
		name   string
		server *httptest.Server
		method string
		path   string
		want   string
	}{
		{"page over TLS", withTLS, http.MethodGet, "/", "max-age=86400"},
		{"call over TLS", withTLS, http.MethodPost, "/sudoku.v1.SudokuService/Solve", "max-age=86400"},
		{"unknown method over TLS", withTLS, http.MethodPost, "/sudoku.v1.SudokuService/Nope", "max-age=86400"},
		{"CORS preflight over TLS", withTLS, http.MethodOptions, "/sudoku.v1.SudokuService/Solve", "max-age=86400"},
		{"page in clear text", plain, http.MethodGet, "/", ""},
		{"call in clear text", plain, http.MethodPost, "/sudoku.v1.SudokuService/Solve", ""},
		{"page over TLS without the option", withoutOption, http.MethodGet, "/", ""},
		{"call over TLS without the option", withoutOption, http.MethodPost, "/sudoku.v1.SudokuService/Solve", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			if tt.method == http.MethodPost {
				body = strings.NewReader(`{"puzzle":"` + strings.Repeat(".", 81) + `"}`)
			}
			req, err := http.NewRequest(tt.method, tt.server.URL+tt.path, body)
			if err != nil {
				t.Fatal(err)
			}
			switch tt.method {
			case http.MethodPost:
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Connect-Protocol-Version", "1")
			case http.MethodOptions:
				req.Header.Set("Origin", origin)
				req.Header.Set("Access-Control-Request-Method", http.MethodPost)
			}
			resp, err := tt.server.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if got := resp.Header.Get("Strict-Transport-Security"); got != tt.want {
				t.Errorf("%s: Strict-Transport-Security %q, want %q", resp.Status, got, tt.want)
			}
		})
	}
}
