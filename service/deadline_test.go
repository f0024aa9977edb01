package service

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestMaxTimeout: a caller's deadline later than GRPCConfig.MaxTimeout is
// brought forward to it, and the call that runs out of it says that the
// server's bound ended it; a caller's own shorter deadline ends a call as
// it did. Empty 25×25 and 32×32 boards take seconds of logic a step.
func TestMaxTimeout(t *testing.T) {
	const max = 300 * time.Millisecond
	ts := startServer(t, Config{}, GRPCConfig{MaxTimeout: max})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	steps := func(ctx context.Context) error {
		// Logic alone: a mixed solve would guess a solution of the empty
		// board once logic had half the deadline.
		stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(strings.Repeat(".", 625)),
			Options: &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_LOGIC_ONLY}})
		for err == nil {
			_, err = stream.Recv()
		}
		return err
	}
	find := func(ctx context.Context) error {
		_, err := client.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: textPuzzle(strings.Repeat(".", 1024))})
		return err
	}
	tests := []struct {
		name     string
		call     func(context.Context) error
		deadline time.Duration
		byServer bool
	}{
		{"stream, an hour asked", steps, time.Hour, true},
		{"unary, an hour asked", find, time.Hour, true},
		{"stream, less asked", steps, max / 3, false},
		{"unary, less asked", find, max / 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), tt.deadline)
			defer cancel()
			err := tt.call(ctx)
			if status.Code(err) != codes.DeadlineExceeded {
				t.Fatalf("err = %v, want DeadlineExceeded", err)
			}
			if said := strings.Contains(err.Error(), "-max-timeout"); said != tt.byServer {
				t.Errorf("err = %v; want the server's bound named: %v", err, tt.byServer)
			}
		})
	}
}

// TestDefaultTimeoutSaid: a call that set no deadline and ran out of the
// server's default says so, naming solverd's flag, where it said only
// "context deadline exceeded"; a call that ran out of its own deadline
// does not.
func TestDefaultTimeoutSaid(t *testing.T) {
	ts := startServer(t, Config{DefaultTimeout: time.Nanosecond}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	calls := map[string]func(context.Context) error{
		"Solve": func(ctx context.Context) error {
			_, err := client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedHard)})
			return err
		},
		"Rate": func(ctx context.Context) error {
			_, err := client.Rate(ctx, &sudokuv1.RateRequest{Puzzle: textPuzzle(seedHard)})
			return err
		},
		"SolveSteps": func(ctx context.Context) error {
			stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(seedHard)})
			for err == nil {
				_, err = stream.Recv()
			}
			return err
		},
	}
	for name, call := range calls {
		err := call(context.Background())
		if status.Code(err) != codes.DeadlineExceeded || !strings.Contains(status.Convert(err).Message(), "the server's default of 1ns (solverd's -default-timeout) passed") {
			t.Errorf("%s without a deadline: %v; want DeadlineExceeded naming -default-timeout", name, err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	<-ctx.Done()
	if err := calls["Solve"](ctx); strings.Contains(status.Convert(err).Message(), "-default-timeout") {
		t.Errorf("Solve past its own deadline: %v; want no word of the server's default", err)
	}
}
