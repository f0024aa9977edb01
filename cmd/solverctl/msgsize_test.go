package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/sudokuwise/solver/service"
)

// TestBatchMessageSize: the puzzles of a batch whose items are large (a
// region map padded with ignored spaces rides on every item) are split
// into messages the server takes, by -max-msg-size or by the limit the
// server answers with, instead of all failing; an item larger than any
// message fails alone.
func TestBatchMessageSize(t *testing.T) {
	boxes := strings.Repeat("111222333", 3) + strings.Repeat("444555666", 3) + strings.Repeat("777888999", 3)
	mapFile := filepath.Join(t.TempDir(), "map.txt")
	if err := os.WriteFile(mapFile, []byte(boxes+strings.Repeat(" ", 4000)+"."), 0o666); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for range 150 { // 150 items of 4 KB: 600 KB
		lines = append(lines, seedPuzzle)
	}
	file := writeLines(t, lines)
	tests := []struct {
		name      string
		serverMax int
		args      []string
		wantErr   string // of every line, "" for solved
	}{
		{"solverd's default", 256 << 10, nil, ""},
		{"smaller server, learnt", 64 << 10, nil, ""},
		{"smaller flag", 256 << 10, []string{"--max-msg-size", "20000"}, ""},
		{"gzip", 256 << 10, []string{"--gzip"}, ""},
		{"item too large", 256 << 10, []string{"--max-msg-size", "2048"}, "ResourceExhausted: its request item is "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, _, _ := startTCP(t, grpc.MaxRecvMsgSize(tt.serverMax))
			args := append([]string{"batch", "--addr", addr, "--map", "@" + mapFile, "--per-message", "64"}, tt.args...)
			out, errOut, err := runCLI(t, "", append(args, file)...)
			if (err == nil) != (tt.wantErr == "") {
				t.Errorf("err = %v\n%s", err, errOut)
			}
			got := parseBatchText(t, out)
			if len(got) != len(lines) {
				t.Fatalf("%d lines, want %d", len(got), len(lines))
			}
			for id, f := range got {
				switch {
				case tt.wantErr == "" && f[1] != "solved":
					t.Fatalf("line %s = %q, want solved", id, f)
				case tt.wantErr != "" && (len(f) < 6 || !strings.HasPrefix(f[5], tt.wantErr) || !strings.Contains(f[5], "-max-msg-size")):
					t.Fatalf("line %s = %q, want %q", id, f, tt.wantErr)
				}
			}
		})
	}
}

// TestInProcessTimeout: -timeout 0 leaves the in-process service no
// default deadline; any other value keeps the service's.
func TestInProcessTimeout(t *testing.T) {
	def := service.DefaultConfig().DefaultTimeout
	tests := []struct {
		timeout time.Duration
		want    time.Duration
	}{
		{0, noDeadline},
		{time.Second, def},
		{time.Hour, def},
	}
	for _, tt := range tests {
		if got := inProcessConfig(tt.timeout).DefaultTimeout; got != tt.want {
			t.Errorf("inProcessConfig(%v).DefaultTimeout = %v, want %v", tt.timeout, got, tt.want)
		}
	}
}

// TestGzipFlag: every command that calls the service takes -gzip, also
// in-process, and keeps it without -addr.
func TestGzipFlag(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--gzip", seedPuzzle}, "status: solved"},
		{[]string{"steps", "--gzip", seedPuzzle}, "status: solved"},
		{[]string{"convert", "--gzip", "--to", "s9b", seedPuzzle}, "S9B"},
		{[]string{"strategies", "--gzip"}, "Hidden Single"},
	}
	for _, tt := range tests {
		t.Run(tt.args[0], func(t *testing.T) {
			out, _, err := runCLI(t, "", tt.args...)
			if err != nil || !strings.Contains(out, tt.want) {
				t.Fatalf("got %v, output lacks %q:\n%s", err, tt.want, out)
			}
		})
	}
	f := &connFlags{gzip: true}
	if err := f.parsed(&command{name: "solve"}, newFlagSet("x"), nil); err != nil || !f.gzip || len(f.callOptions()) != 1 {
		t.Errorf("without -addr: gzip %v, %d call options, err %v; want it kept", f.gzip, len(f.callOptions()), err)
	}
}

// TestGzipOnTheWire: with -gzip the requests reach a server gzipped.
func TestGzipOnTheWire(t *testing.T) {
	encodings := make(chan string, 1)
	addr, _, _ := startTCP(t, grpc.UnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		// The server's stream knows the encoding of what it received.
		st, ok := grpc.ServerTransportStreamFromContext(ctx).(interface{ RecvCompress() string })
		if !ok {
			encodings <- "(the server stream does not tell its compression)"
			return h(ctx, req)
		}
		encodings <- st.RecvCompress()
		return h(ctx, req)
	}))
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--gzip"}, "gzip"},
		{nil, ""},
	} {
		args := append([]string{"solve", "--addr", addr}, tt.args...)
		if _, _, err := runCLI(t, "", append(args, seedPuzzle)...); err != nil {
			t.Fatal(err)
		}
		if got := <-encodings; got != tt.want {
			t.Errorf("%v: grpc-encoding %q, want %q", tt.args, got, tt.want)
		}
	}
}
