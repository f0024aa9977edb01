package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestInterrupted: an error that an interrupt caused (its context ended)
// reads "interrupted", whichever way the call reported the cancellation;
// other errors, and any error while the context lives, stay as they are.
func TestInterrupted(t *testing.T) {
	live := context.Background()
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	other := errors.New("reading x: no such file")
	byServer := status.Error(codes.Canceled, "canceled by the server")
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want error
	}{
		{"nil", ended, nil, nil},
		{"gRPC Canceled", ended, status.Error(codes.Canceled, "context canceled"), errInterrupted},
		{"context.Canceled", ended, context.Canceled, errInterrupted},
		{"wrapped context.Canceled", ended, fmt.Errorf("bench: %w", context.Canceled), errInterrupted},
		{"other error", ended, other, other},
		{"Canceled while the context lives", live, byServer, byServer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := interrupted(tt.ctx, tt.err)
			if got != tt.want {
				t.Errorf("interrupted(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

// TestRunInterrupted: a command whose context an interrupt ended reports
// "solverctl: interrupted", as batch does, not gRPC's words.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"solve", hardPuzzle},
		{"steps", hardPuzzle},
	} {
		t.Run(args[0], func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(ctx, args, strings.NewReader(""), &out, &errOut)
			if err == nil {
				t.Fatal("no error")
			}
			var w bytes.Buffer
			if code := report(&w, err); code != exitError || w.String() != "solverctl: interrupted\n" {
				t.Errorf("reported %q with status %d, want %q with status %d", w.String(), code, "solverctl: interrupted\n", exitError)
			}
		})
	}
}
