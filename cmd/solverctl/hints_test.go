package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/sudokuwise/solver/internal/testpki"
)

// TestHints checks that the errors of calls name the flag that likely
// fixes them, keeping their code.
func TestHints(t *testing.T) {
	s := startSecured(t)
	other := testpki.New(t) // an authority the server does not trust
	tests := []struct {
		name string
		args []string
		code codes.Code
		want string
	}{
		{
			name: "no token",
			args: slices.Concat([]string{"solve", "--addr", s.addr}, s.tlsArgs(), []string{seedPuzzle}),
			code: codes.Unauthenticated,
			want: "the server wants a bearer token: give its file with -token-file (or SOLVERCTL_TOKEN_FILE)",
		},
		{
			name: "wrong token",
			args: slices.Concat([]string{"steps", "--addr", s.addr, "--token-file", s.wrongFile}, s.tlsArgs(), []string{seedPuzzle}),
			code: codes.Unauthenticated,
			want: "the server refused the token of -token-file",
		},
		{
			name: "plaintext to TLS",
			args: []string{"convert", "--addr", s.addr, "--timeout", "20s", "--to", "plain", seedPuzzle},
			code: codes.Unavailable,
			want: "-addr " + s.addr + " may expect TLS: add -tls (or -tls-ca for a private authority)",
		},
		{
			name: "no client certificate for mutual TLS",
			args: []string{"solve", "--addr", s.addr, "--tls-ca", s.pki.CAFile, "--token-file", s.tokenFile, "--timeout", "20s", seedPuzzle},
			code: codes.Unavailable,
			want: "-addr " + s.addr + " may require a client certificate (mutual TLS): add -tls-cert and -tls-key",
		},
		{
			// Before: "write: broken pipe" alone.
			name: "client certificate of another authority",
			args: []string{"solve", "--addr", s.addr, "--tls-ca", s.pki.CAFile, "--tls-cert", other.ClientCert, "--tls-key", other.ClientKey, "--token-file", s.tokenFile, "--timeout", "20s", seedPuzzle},
			code: codes.Unavailable,
			want: "-addr " + s.addr + " may refuse the client certificate of -tls-cert: the server trusts those its -tls-client-ca signed",
		},
		{
			name: "unresolvable host",
			args: []string{"solve", "--addr", "nosuchhost.invalid:443", "--timeout", "20s", seedPuzzle},
			code: codes.Unavailable,
			want: "the host of -addr nosuchhost.invalid:443 cannot be resolved: check the name in -addr (or SOLVERCTL_ADDR)",
		},
		{
			name: "in-process timeout",
			args: []string{"generate", "--timeout", "1ns"},
			code: codes.DeadlineExceeded,
			want: "the -timeout of 1ns expired before the answer came; raise -timeout (0 for no deadline)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, "", tt.args...)
			st, ok := status.FromError(err)
			if !ok || err == nil {
				t.Fatalf("err = %v, want a %v status", err, tt.code)
			}
			if st.Code() != tt.code || !strings.Contains(st.Message(), tt.want) {
				t.Errorf("err = %v: %s\nwant %v with %q", st.Code(), st.Message(), tt.code, tt.want)
			}
		})
	}
}

// TestHintFor checks the hints alone, where a server is not needed to
// produce the error.
func TestHintFor(t *testing.T) {
	remote := &hinter{addr: "h:1"}
	tests := []struct {
		name string
		h    *hinter
		code codes.Code
		msg  string
		want string
	}{
		{"refused", remote, codes.Unavailable, `connection error: desc = "transport: Error while dialing: dial tcp h:1: connect: connection refused"`, "nothing listens at -addr h:1: is solverd running there?"},
		{"refused, no port", &hinter{addr: "localhost"}, codes.Unavailable, `connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:443: connect: connection refused"`, "names no port, so gRPC dials port 443: add solverd's port (localhost:50051 by default)"},
		{"refused, a target URI", &hinter{addr: "dns:///h"}, codes.Unavailable, `connection error: desc = "transport: Error while dialing: dial tcp 10.0.0.1:443: connect: connection refused"`, "nothing listens at -addr dns:///h: is solverd running there?"},
		{"TLS to plaintext", &hinter{addr: "h:1", useTLS: true}, codes.Unavailable, "connection error: desc = \"transport: authentication handshake failed: tls: first record does not look like a TLS handshake\"", "drop -tls for a plaintext server"},
		{"in-process, no address hints", &hinter{}, codes.Unauthenticated, "Request unauthenticated with bearer", ""},
		{"no timeout, no hint", remote, codes.DeadlineExceeded, "context deadline exceeded", ""},
		{"server's -max-timeout, not -timeout", &hinter{addr: "h:1", timeout: 20 * time.Second}, codes.DeadlineExceeded, "context deadline exceeded: the server ends a call after 100ms (solverd's -max-timeout), sooner than its caller's deadline", ""},
		{"invalid argument", remote, codes.InvalidArgument, "puzzle.text: bad", ""},
		{"hung server, not TLS", remote, codes.Unavailable, `connection error: desc = "error reading server preface: raw-read tcp 127.0.0.1:51296->127.0.0.1:47311: use of closed network connection"`, "accepted the connection but sent nothing before it was given up: is it hung or overloaded?"},
		{"plaintext to TLS", remote, codes.Unavailable, `connection error: desc = "error reading server preface: EOF"`, "may expect TLS"},
		{"graceful stop, not TLS", remote, codes.Unavailable, `closing transport due to: connection error: desc = "error reading from server: EOF", received prior goaway: code: NO_ERROR, debug data: "graceful_stop"`, "closed the connection (it is stopping or moving its clients): retry"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.h.hintFor(tt.code, tt.msg)
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("hintFor = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestBatchHints checks that the errors of a batch's streams name the
// flag that fixes them, with the address of their server.
func TestBatchHints(t *testing.T) {
	s := startSecured(t)
	args := slices.Concat([]string{"batch", "--addr", s.addr}, s.tlsArgs(), []string{"-"})
	stdout, stderr, err := runCLI(t, seedPuzzle+"\n", args...)
	if err == nil {
		t.Fatalf("batch without a token succeeded:\n%s", stdout)
	}
	want := "the server wants a bearer token: give its file with -token-file"
	if !strings.Contains(stdout, want) || !strings.Contains(stderr, s.addr) {
		t.Errorf("stdout:\n%s\nstderr:\n%s\nwant the hint %q and the server %s", stdout, stderr, want, s.addr)
	}
}
