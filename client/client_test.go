package client_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestNewBadOptions: options that cannot make a connection fail New with
// an error that says why.
func TestNewBadOptions(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.pem")
	notPEM := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		target string
		opts   []client.Option
		want   string
	}{
		{"empty target", "", nil, "empty target"},
		{"cert without key", "h:1", []client.Option{client.WithClientCert("c.pem", "")}, "both a certificate and a key"},
		{"CA file missing", "h:1", []client.Option{client.WithTLS(missing)}, "missing.pem"},
		{"CA file not PEM", "h:1", []client.Option{client.WithTLS(notPEM)}, "no PEM certificate"},
		{"token twice", "h:1", []client.Option{client.WithToken("a"), client.WithTokenFile("t")}, "exclude each other"},
		{"blank token", "h:1", []client.Option{client.WithToken(" \n")}, "the token is blank"},
		{"token file missing", "h:1", []client.Option{client.WithTokenFile(missing)}, "missing.pem"},
		{"empty token", "h:1", []client.Option{client.WithToken("")}, "the token is blank"},
		{"empty token and a file", "h:1", []client.Option{client.WithToken(""), client.WithTokenFile(missing)}, "exclude each other"},
		{"empty token file name", "h:1", []client.Option{client.WithTokenFile("")}, "no file named"},
		{"empty cert and key", "h:1", []client.Option{client.WithClientCert("", "")}, "both a certificate and a key"},
		{"key without cert", "h:1", []client.Option{client.WithClientCert("", "k.pem")}, "both a certificate and a key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := client.New(tt.target, tt.opts...)
			if err == nil {
				c.Close()
				t.Fatalf("New succeeded, want an error containing %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New: %v, want %q in it", err, tt.want)
			}
		})
	}
}

// TestNewBatchBadConfig: a batch that cannot run fails NewBatch, and an
// item that cannot be tagged fails Add, with an error that says why.
func TestNewBatchBadConfig(t *testing.T) {
	c, err := client.New("h:1")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	one := []*client.Client{c}
	noop := func(client.Answer) {}
	tests := []struct {
		name    string
		clients []*client.Client
		cfg     client.BatchConfig
		fn      func(client.Answer)
		want    string
	}{
		{"no client", nil, client.BatchConfig{}, noop, "no client"},
		{"nil client", []*client.Client{nil}, client.BatchConfig{}, noop, "nil client"},
		{"nil function", one, client.BatchConfig{}, nil, "nil answer function"},
		{"negative in flight", one, client.BatchConfig{InFlight: -1}, noop, "InFlight -1"},
		{"huge in flight", one, client.BatchConfig{InFlight: 1 << 30}, noop, "InFlight 1073741824 is out of range"},
		{"negative give-up time", one, client.BatchConfig{GiveUpAfter: -1}, noop, "GiveUpAfter"},
		{"negative per message", one, client.BatchConfig{PerMessage: -2}, noop, "PerMessage -2"},
		{"more per message than a server takes", one, client.BatchConfig{PerMessage: client.MaxPerMessage + 1}, noop, "PerMessage 257 is out of range 0..256"},
		{"tiny messages", one, client.BatchConfig{MaxMsgSize: 100}, noop, "MaxMsgSize 100"},
		{"negative streams", one, client.BatchConfig{Streams: -1}, noop, "Streams -1"},
		{"negative timeout", one, client.BatchConfig{PuzzleTimeout: -1}, noop, "PuzzleTimeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := client.NewBatch(tt.clients, tt.cfg, tt.fn)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("NewBatch: %v, want %q in it", err, tt.want)
			}
		})
	}

	b, err := client.NewBatch(one, client.BatchConfig{}, noop)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	item := func(id string) *sudokuv1.BatchItem { return &sudokuv1.BatchItem{Id: id} }
	if err := b.Add(ctx, item("a")); err != nil {
		t.Fatalf("Add(a): %v", err)
	}
	for id, want := range map[string]string{"": "has no id", "probe": "reserved", "a": "already out"} {
		if err := b.Add(ctx, item(id)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Add(%q): %v, want %q in it", id, err, want)
		}
	}
	b.CloseInput()
	if err := b.Add(ctx, item("b")); err == nil || !strings.Contains(err.Error(), "after CloseInput") {
		t.Errorf("Add after CloseInput: %v", err)
	}
}

// TestSolveStepsStop: stopping the range over SolveSteps early ends the
// stream, and the client's other calls go on.
func TestSolveStepsStop(t *testing.T) {
	c := newTestClient(t, nil)
	ctx := context.Background()
	req := &sudokuv1.SolveStepsRequest{Puzzle: &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}}}
	n := 0
	for msg, err := range c.SolveSteps(ctx, req) {
		if err != nil || msg.GetStep() == nil {
			t.Fatalf("got %v, %v; want a step", msg, err)
		}
		if n++; n == 3 {
			break
		}
	}
	resp, err := c.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: req.GetPuzzle()})
	if err != nil || resp.GetResult().GetPlain() != seedSolution {
		t.Fatalf("Solve after a stopped stream: %v, %v", resp.GetResult().GetPlain(), err)
	}
	// A bad request is the stream's first and only yield.
	var errs []error
	for msg, err := range c.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{}) {
		if msg != nil {
			t.Fatalf("got a message %v for a request without a puzzle", msg)
		}
		errs = append(errs, err)
	}
	if len(errs) != 1 || errs[0] == nil {
		t.Errorf("errors %v, want one", errs)
	}
}
