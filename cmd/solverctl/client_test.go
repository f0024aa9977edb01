package main

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/sudokuwise/solver/internal/testpki"
	"github.com/sudokuwise/solver/internal/transport"
	"github.com/sudokuwise/solver/service"
)

// secured is a server on localhost that requires mutual TLS and a bearer
// token, with the files a client needs to reach it.
type secured struct {
	addr      string
	pki       *testpki.PKI
	tokenFile string // holds the token the server accepts
	wrongFile string // holds another token
}

// tlsArgs returns the TLS flags of a client of s.
func (s *secured) tlsArgs() []string {
	return []string{"--tls-ca", s.pki.CAFile, "--tls-cert", s.pki.ClientCert, "--tls-key", s.pki.ClientKey}
}

// startSecured starts a secured server.
func startSecured(t *testing.T) *secured {
	t.Helper()
	s := &secured{pki: testpki.New(t)}
	cfg, err := transport.ServerTLS(s.pki.ServerCert, s.pki.ServerKey, s.pki.CAFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	g, err := service.BuildGRPC(service.New(service.Config{}), service.GRPCConfig{
		Tokens: []string{"s3cret"}, ServerOptions: []grpc.ServerOption{grpc.Creds(credentials.NewTLS(cfg))},
	})
	if err != nil {
		t.Fatal(err)
	}
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	s.addr = lis.Addr().String()
	dir := t.TempDir()
	s.tokenFile, s.wrongFile = filepath.Join(dir, "token"), filepath.Join(dir, "wrong")
	for file, token := range map[string]string{s.tokenFile: "# the client's\ns3cret\n", s.wrongFile: "guess\n"} {
		if err := os.WriteFile(file, []byte(token), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestSecuredCommands: every command that calls the service reaches a
// server that requires mutual TLS and a token, given both, and is refused
// without the token.
func TestSecuredCommands(t *testing.T) {
	s := startSecured(t)
	file := writeLines(t, []string{seedPuzzle})
	tests := []struct {
		cmd  string
		args []string // after the connection flags
		want string   // in the output
	}{
		{"solve", []string{seedPuzzle}, "plain: " + seedSolution},
		{"steps", []string{seedPuzzle}, "plain: " + seedSolution},
		{"convert", []string{"--to", "plain", seedPuzzle}, seedPuzzle},
		{"generate", []string{"--seed", "1", "--level", "easy"}, "level met: yes"},
		{"batch", []string{file}, "\tsolved\t" + seedSolution},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			args := slices.Concat([]string{tt.cmd, "--addr", s.addr, "--token-file", s.tokenFile}, s.tlsArgs(), tt.args)
			out, errOut, err := runCLI(t, "", args...)
			if err != nil {
				t.Fatalf("%v: %v\n%s", args, err, errOut)
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("%v: output lacks %q:\n%s", args, tt.want, out)
			}
			args = slices.Concat([]string{tt.cmd, "--addr", s.addr}, s.tlsArgs(), tt.args)
			out, _, err = runCLI(t, "", args...)
			if err == nil || !strings.Contains(err.Error()+out, "Unauthenticated") {
				t.Errorf("%v: got %v, want Unauthenticated", args, err)
			}
		})
	}
}

// TestConnEnv: the environment sets the connection flags that the command
// line leaves unset.
func TestConnEnv(t *testing.T) {
	s := startSecured(t)
	t.Setenv("SOLVERCTL_ADDR", s.addr)
	t.Setenv("SOLVERCTL_TLS_CA", s.pki.CAFile)
	t.Setenv("SOLVERCTL_TLS_CERT", s.pki.ClientCert)
	t.Setenv("SOLVERCTL_TLS_KEY", s.pki.ClientKey)
	t.Setenv("SOLVERCTL_TOKEN_FILE", s.tokenFile)
	out, errOut, err := runCLI(t, "", "solve", seedPuzzle)
	if err != nil || !strings.Contains(out, "plain: "+seedSolution) {
		t.Fatalf("solve with the environment: %v\n%s%s", err, out, errOut)
	}
	// The command line wins over the environment.
	_, _, err = runCLI(t, "", "solve", "--token-file", s.wrongFile, seedPuzzle)
	if err == nil || !strings.Contains(err.Error(), "Unauthenticated") {
		t.Errorf("solve --token-file wrong: got %v, want Unauthenticated", err)
	}
	t.Setenv("SOLVERCTL_TOKEN_FILE", s.wrongFile)
	if _, errOut, err := runCLI(t, "", "solve", "--token-file", s.tokenFile, seedPuzzle); err != nil {
		t.Errorf("solve --token-file right: %v\n%s", err, errOut)
	}
}

// TestConnFlags checks how the connection flags are read from the
// command line and the environment.
func TestConnFlags(t *testing.T) {
	tests := []struct {
		name    string
		cmd     string
		args    []string
		env     map[string]string
		want    connFlags
		wantErr string // of a usage error
	}{
		{name: "none", cmd: "solve"},
		{name: "flags", cmd: "solve",
			args: []string{"--addr", "h:1", "--tls", "--tls-ca", "ca", "--tls-cert", "c", "--tls-key", "k", "--token-file", "t"},
			want: connFlags{addrs: addrList{list: []string{"h:1"}}, useTLS: true, tlsCA: "ca", tlsCert: "c", tlsKey: "k", tokenFile: "t"}},
		{name: "environment", cmd: "steps",
			env:  map[string]string{"SOLVERCTL_ADDR": "h:1", "SOLVERCTL_TLS": "true", "SOLVERCTL_TLS_CA": "ca", "SOLVERCTL_TLS_CERT": "c", "SOLVERCTL_TLS_KEY": "k", "SOLVERCTL_TOKEN_FILE": "t"},
			want: connFlags{addrs: addrList{list: []string{"h:1"}}, useTLS: true, tlsCA: "ca", tlsCert: "c", tlsKey: "k", tokenFile: "t"}},
		{name: "flags win", cmd: "solve",
			args: []string{"--addr", "h:2", "--tls=false", "--token-file", "t2"},
			env:  map[string]string{"SOLVERCTL_ADDR": "h:1", "SOLVERCTL_TLS": "1", "SOLVERCTL_TOKEN_FILE": "t"},
			want: connFlags{addrs: addrList{list: []string{"h:2"}}, tokenFile: "t2"}},
		{name: "empty address runs in-process", cmd: "solve",
			args: []string{"--addr", ""},
			env:  map[string]string{"SOLVERCTL_ADDR": "h:1", "SOLVERCTL_TLS_CA": "ca", "SOLVERCTL_TOKEN_FILE": "t"}},
		{name: "batch takes several addresses", cmd: "batch",
			args: []string{"--addr", "h:2", "--addr", "h:3,h:4"},
			env:  map[string]string{"SOLVERCTL_ADDR": "h:1"},
			want: connFlags{addrs: addrList{list: []string{"h:2", "h:3", "h:4"}, multi: true}}},
		{name: "batch from the environment", cmd: "batch",
			env:  map[string]string{"SOLVERCTL_ADDR": "h:1, h:2"},
			want: connFlags{addrs: addrList{list: []string{"h:1", "h:2"}, multi: true}}},
		{name: "solve takes one address", cmd: "solve",
			env:     map[string]string{"SOLVERCTL_ADDR": "h:1,h:2"},
			wantErr: `invalid value "h:1,h:2" for SOLVERCTL_ADDR: want one address`},
		{name: "URL address", cmd: "solve",
			args:    []string{"--addr", "http://h:1"},
			wantErr: `invalid value "http://h:1" for flag -addr: http://h:1 is a URL: want host:port`},
		{name: "port out of range", cmd: "batch",
			args:    []string{"--addr", "h:1,h:99999"},
			wantErr: "port 99999 of h:99999 is out of range: want 1 to 65535"},
		{name: "port zero from the environment", cmd: "steps",
			env:     map[string]string{"SOLVERCTL_ADDR": "h:0"},
			wantErr: `invalid value "h:0" for SOLVERCTL_ADDR: port 0 of h:0 is out of range`},
		{name: "resolver schemes", cmd: "batch",
			args: []string{"--addr", "dns:///h:1,unix:///tmp/s.sock,[::1]:2,:3,h"},
			want: connFlags{addrs: addrList{list: []string{"dns:///h:1", "unix:///tmp/s.sock", "[::1]:2", ":3", "h"}, multi: true}}},
		{name: "bad boolean", cmd: "steps",
			env:     map[string]string{"SOLVERCTL_TLS": "maybe"},
			wantErr: `invalid value "maybe" for SOLVERCTL_TLS: want true or false (or 1 or 0)`},
		{name: "TLS flag without address", cmd: "solve",
			args:    []string{"--tls-ca", "ca"},
			wantErr: "TLS and token flags need -addr"},
		{name: "token flag without address", cmd: "batch",
			args:    []string{"--token-file", "t"},
			wantErr: "TLS and token flags need -addr"},
		{name: "certificate without key", cmd: "solve",
			args:    []string{"--addr", "h:1", "--tls-cert", "c"},
			wantErr: "-tls-cert and -tls-key go together"},
		{name: "certificate from the environment without address", cmd: "solve",
			env: map[string]string{"SOLVERCTL_TLS_CERT": "c"}},
		{name: "key from the environment without address", cmd: "steps",
			env: map[string]string{"SOLVERCTL_TLS_KEY": "k"}},
		{name: "key from the environment", cmd: "solve",
			args: []string{"--addr", "h:1", "--tls-cert", "c"},
			env:  map[string]string{"SOLVERCTL_TLS_KEY": "k"},
			want: connFlags{addrs: addrList{list: []string{"h:1"}}, tlsCert: "c", tlsKey: "k"}},
	}
	file := writeLines(t, []string{seedPuzzle})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{stdin: strings.NewReader(""), stdout: &strings.Builder{}, stderr: &strings.Builder{},
				lookupEnv: func(name string) (string, bool) { v, ok := tt.env[name]; return v, ok }}
			cmd := lookup(tt.cmd)
			var got *connFlags
			var err error
			switch tt.cmd {
			case "batch":
				var f *batchFlags
				if f, _, err = parseBatchArgs(cmd, e, append(tt.args, file)); f != nil {
					got = &f.solve.conn
				}
			case "solve", "steps":
				var f *solveFlags
				if f, _, err = parseSolveArgs(context.Background(), cmd, e, append(tt.args, seedPuzzle), nil); f != nil {
					got = &f.conn
				}
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, new(*usageError)) {
					t.Fatalf("got %v, want a usage error %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g, w := connView(got), connView(&tt.want); g != w {
				t.Errorf("got %+v, want %+v", g, w)
			}
		})
	}
}

// connFields are the fields of connFlags, comparable.
type connFields struct {
	addrs                    string
	multi, tls               bool
	ca, cert, key, tokenFile string
}

func connView(c *connFlags) connFields {
	return connFields{strings.Join(c.addrs.list, " "), c.addrs.multi, c.useTLS, c.tlsCA, c.tlsCert, c.tlsKey, c.tokenFile}
}

// TestPlaintextTokenWarned: a bearer token sent without TLS to another
// machine is warned of (anyone on the path reads it); to this machine, or
// with TLS, it is not.
func TestPlaintextTokenWarned(t *testing.T) {
	tests := []struct {
		addrs []string
		tls   bool
		warn  bool
	}{
		{[]string{"solver.example:50051"}, false, true},
		{[]string{"dns:///solver.example:50051"}, false, true},
		{[]string{"10.0.0.7:50051"}, false, true},
		{[]string{"localhost:50051", "10.0.0.7:50051"}, false, true},
		{[]string{"solver.example:50051"}, true, false},
		{[]string{"localhost:50051"}, false, false},
		{[]string{"LOCALHOST:50051"}, false, false},
		{[]string{"127.0.0.1:50051"}, false, false},
		{[]string{"[::1]:50051"}, false, false},
		{[]string{"dns:///localhost:50051"}, false, false},
		{[]string{"unix:///run/solverd.sock"}, false, false},
		// No host, or an unspecified one: the dialer takes this machine.
		{[]string{":50051"}, false, false},
		{[]string{"0.0.0.0:50051"}, false, false},
		{[]string{"[::]:50051"}, false, false},
	}
	for _, tt := range tests {
		c := connFlags{addrs: addrList{list: tt.addrs}, tokenFile: "tokens", useTLS: tt.tls}
		if got := c.plaintextToken() != ""; got != tt.warn {
			t.Errorf("%v, TLS %v: warned %v, want %v", tt.addrs, tt.tls, got, tt.warn)
		}
	}
	// No token, no warning.
	if w := (&connFlags{addrs: addrList{list: []string{"solver.example:50051"}}}).plaintextToken(); w != "" {
		t.Errorf("without a token: warned %q", w)
	}
	// The command says it on standard error before it calls.
	_, errOut, _ := runCLI(t, "", "solve", "--timeout", "1ms", "--addr", "192.0.2.1:50051", "--token-file", writeLines(t, []string{"tok"}), seedPuzzle)
	if !strings.Contains(errOut, "solverctl: warning: the bearer token of --token-file goes to 192.0.2.1:50051 in clear text") {
		t.Errorf("stderr %q: want the clear-text warning", errOut)
	}
}
