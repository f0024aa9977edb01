package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// readmeFile is the README, from this package.
const readmeFile = "../../README.md"

// TestTLSRecipe runs the README's TLS recipe as written: its OpenSSL
// commands make a CA, a server and a client certificate and a token in a
// temporary directory, the daemon starts with the recipe's solverd flags,
// and a client with the recipe's solverctl files solves a puzzle. It skips
// without openssl, except in CI.
func TestTLSRecipe(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("openssl is not on PATH; CI must install it")
		}
		t.Skip("openssl is not on PATH")
	}
	readme, err := os.ReadFile(readmeFile)
	if err != nil {
		t.Fatal(err)
	}
	text := section(t, string(readme), "## TLS: a CA, a server and a client certificate")
	blocks := regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(text, -1)
	if len(blocks) != 2 {
		t.Fatalf("the TLS section has %d sh blocks, want 2: the certificates, then the calls", len(blocks))
	}
	dir := t.TempDir()
	cmd := exec.Command("bash", "-e", "-c", blocks[0][1])
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the certificate recipe failed: %v\n%s", err, out)
	}

	var daemonArgs, ctlArgs []string
	for _, line := range strings.Split(strings.ReplaceAll(blocks[1][1], "\\\n", " "), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) > 3 && fields[2] == "./cmd/solverd":
			daemonArgs = fields[3:]
		case len(fields) > 3 && fields[2] == "./cmd/solverctl":
			ctlArgs = fields[3:]
		}
	}
	if daemonArgs == nil || ctlArgs == nil {
		t.Fatalf("no solverd and solverctl lines in the TLS section's second block:\n%s", blocks[1][1])
	}
	for i, a := range daemonArgs {
		if !strings.HasPrefix(a, "-") {
			daemonArgs[i] = filepath.Join(dir, a)
		}
	}
	addr, _, _, _ := startDaemon(t, append(daemonArgs, "-listen", "localhost:0")...)

	files := flagValues(t, ctlArgs, "--tls-ca", "--tls-cert", "--tls-key", "--token-file")
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, files[name]))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(read("--tls-ca")) {
		t.Fatal("the recipe's CA is not PEM")
	}
	cert, err := tls.X509KeyPair(read("--tls-cert"), read("--tls-key"))
	if err != nil {
		t.Fatalf("the recipe's client certificate: %v", err)
	}
	// The recipe's addresses are localhost; the certificate must hold that name.
	creds := credentials.NewTLS(&tls.Config{RootCAs: pool, Certificates: []tls.Certificate{cert}, ServerName: "localhost"})
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	token := strings.TrimSpace(string(read("--token-file")))
	ctx, cancel := context.WithTimeout(metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token), 10*time.Second)
	defer cancel()
	res, err := sudokuv1.NewSudokuServiceClient(conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: ctlArgs[len(ctlArgs)-1]}}})
	if err != nil {
		t.Fatalf("Solve with the recipe's certificates: %v", err)
	}
	if res.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED {
		t.Errorf("status %v, want solved", res.GetResult().GetStatus())
	}
}

// flagValues returns the values of the named flags in args ("--f v"),
// failing the test when one is missing.
func flagValues(t *testing.T, args []string, names ...string) map[string]string {
	t.Helper()
	vals := map[string]string{}
	for i := 0; i+1 < len(args); i++ {
		vals[args[i]] = args[i+1]
	}
	for _, n := range names {
		if vals[n] == "" {
			t.Fatalf("the recipe's solverctl line has no %s", n)
		}
	}
	return vals
}
