package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestInField checks the renaming of engine input errors through
// protoFields: every engine name of each kind of input, and that other
// errors pass unchanged.
func TestInField(t *testing.T) {
	tests := []struct {
		prefix string
		kind   inputKind
		engine string // the engine's field
		want   string // the request's field
	}{
		{"puzzle", puzzleText, "text", "puzzle.text"},
		{"puzzle", puzzleText, "board", "puzzle.text"},
		{"puzzle", puzzleText, "charset", "puzzle.charset"},
		{"puzzle", puzzleText, "region_map", "puzzle.region_map"},
		{"puzzle", puzzleText, "format", "puzzle.format"},
		{"puzzle", puzzleText, "variant", "puzzle.variant"},
		{"puzzle", puzzleText, "regions", "puzzle.region_map"},
		{"puzzle", puzzleText, "size", "puzzle.text"},
		{"puzzle", puzzleText, "cages[2]", "puzzle.text"},
		{"puzzle", puzzleText, "cells[3].value", "puzzle.text"},
		{"puzzle.board", puzzleBoard, "regions", "puzzle.board.regions"},
		{"puzzle.board", puzzleBoard, "cells[3].value", "puzzle.board.cells[3].value"},
		{"puzzle.board", puzzleBoard, "cages[2]", "puzzle.board.cages[2]"},
		{"puzzle.board", puzzleBoard, "variant", "puzzle.board.variant"},
		{"", generateConfig, "base", "puzzle"},
		{"", generateConfig, "size", "size"},
		{"", generateConfig, "variant", "variant"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d/%s", tt.kind, tt.engine), func(t *testing.T) {
			err := inField(tt.prefix, tt.kind, fmt.Errorf("decoding: %w", grid.FieldErrorf(tt.engine, "bad")))
			var fe *grid.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.want || fe.Reason != "bad" {
				t.Errorf("inField(%q, %s) = %v, want %s: bad", tt.prefix, tt.engine, err, tt.want)
			}
		})
	}
	plain := errors.New("not an input error")
	if got := inField("puzzle", puzzleText, plain); got != plain {
		t.Errorf("inField(%v) = %v, want it unchanged", plain, got)
	}
}

func TestInvalidArgumentStatus(t *testing.T) {
	err := InvalidArgument(grid.FieldErrorf("puzzle.text", "not valid UTF-8"))
	st := status.Convert(err)
	if st.Code() != codes.InvalidArgument || len(st.Details()) != 1 {
		t.Fatalf("InvalidArgument(field error) = %v with %d details, want InvalidArgument with a BadRequest", err, len(st.Details()))
	}
	br, ok := st.Details()[0].(*errdetails.BadRequest)
	if !ok || br.GetFieldViolations()[0].GetField() != "puzzle.text" {
		t.Fatalf("detail %v, want a BadRequest on puzzle.text", st.Details()[0])
	}
	other := errors.New("disk on fire")
	if got := InvalidArgument(other); got != other {
		t.Fatalf("InvalidArgument(other) = %v, want it unchanged", got)
	}
}

// TestLimitsNamed: a solve that reaches its step limit or spends its node
// budget is ResourceExhausted and names the option that sets it.
func TestLimitsNamed(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	client := sudokuv1.NewSudokuServiceClient(ts.conn)
	const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, tt := range []struct {
		opts   *sudokuv1.SolveOptions
		want   string
		reason string
	}{
		{&sudokuv1.SolveOptions{MaxSteps: 5}, "step limit reached after 5 steps; options.max_steps sets the limit", ReasonStepLimit},
		{&sudokuv1.SolveOptions{MaxNodes: 1, SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY}, "; options.max_nodes sets the budget", ReasonNodeLimit},
	} {
		_, err := client.Solve(context.Background(), &sudokuv1.SolveRequest{Puzzle: textPuzzle(hard), Options: tt.opts})
		if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), tt.want) || errorReason(err) != tt.reason {
			t.Errorf("Solve with %v: %v (reason %q), want ResourceExhausted with %q, reason %s", tt.opts, err, errorReason(err), tt.want, tt.reason)
		}
		stream, err := client.SolveSteps(context.Background(), &sudokuv1.SolveStepsRequest{Puzzle: textPuzzle(hard), Options: tt.opts})
		for err == nil {
			_, err = stream.Recv()
		}
		if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), tt.want) || errorReason(err) != tt.reason {
			t.Errorf("SolveSteps with %v: %v (reason %q), want ResourceExhausted with %q, reason %s", tt.opts, err, errorReason(err), tt.want, tt.reason)
		}
	}
}

// errorReason returns the reason of err's ErrorInfo detail of the
// service's domain, or "".
func errorReason(err error) string {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == ErrorDomain {
			return info.GetReason()
		}
	}
	return ""
}

// TestErrorReasons: every ResourceExhausted the service makes of an
// error carries the reason that tells a request's bound from the
// server's load, as a call's ErrorInfo detail and as a batch item's
// reason; other codes carry none.
func TestErrorReasons(t *testing.T) {
	tests := []struct {
		err    error
		code   codes.Code
		reason string
	}{
		{fmt.Errorf("solve: %w", solver.ErrStepLimit), codes.ResourceExhausted, ReasonStepLimit},
		{solver.ErrNodeLimit, codes.ResourceExhausted, ReasonNodeLimit},
		{errOverloaded, codes.ResourceExhausted, ReasonOverloaded},
		{errStalled, codes.ResourceExhausted, ReasonStalled},
		{errTooLarge, codes.ResourceExhausted, ReasonAnswerTooLarge},
		{generate.ErrNoPuzzle, codes.ResourceExhausted, ReasonNoPuzzle},
		{context.DeadlineExceeded, codes.DeadlineExceeded, ""},
		{grid.FieldErrorf("text", "bad"), codes.InvalidArgument, ""},
	}
	for _, tt := range tests {
		st := toStatus(tt.err)
		if status.Code(st) != tt.code || errorReason(st) != tt.reason {
			t.Errorf("toStatus(%v) = %v, reason %q; want %v, %q", tt.err, st, errorReason(st), tt.code, tt.reason)
		}
		if ie := toItemError(tt.err); codes.Code(ie.GetCode()) != tt.code || ie.GetReason() != tt.reason {
			t.Errorf("toItemError(%v) = %v; want %v, reason %q", tt.err, ie, tt.code, tt.reason)
		}
	}
	// A status made with a reason keeps it through toStatus.
	st := toStatus(withReason(codes.ResourceExhausted, ReasonRequestTooLarge, "too large"))
	if errorReason(st) != ReasonRequestTooLarge {
		t.Errorf("a status with a reason came back with %q", errorReason(st))
	}
}

// TestSendStatus: a send that failed on a closed connection is Canceled
// when the stream's context was cancelled (the client went away), and
// stays as it is when the server drains, the deadline passed, or the
// failure is of another kind.
func TestSendStatus(t *testing.T) {
	closed := status.Error(codes.Unavailable, "transport is closing")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	tests := []struct {
		name     string
		ctx      context.Context
		err      error
		draining bool
		want     codes.Code
	}{
		{"client gone", cancelled, closed, false, codes.Canceled},
		{"server draining", cancelled, closed, true, codes.Unavailable},
		{"deadline passed", expired, closed, false, codes.Unavailable},
		{"another failure", cancelled, status.Error(codes.ResourceExhausted, "message too large"), false, codes.ResourceExhausted},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Config{})
			if tt.draining {
				s.drainOnce.Do(func() { close(s.draining) })
			}
			got := s.sendStatus(tt.ctx, tt.err)
			if status.Code(got) != tt.want {
				t.Errorf("sendStatus = %v, want %v", got, tt.want)
			}
			if tt.want == codes.Canceled && !strings.Contains(status.Convert(got).Message(), "transport is closing") {
				t.Errorf("sendStatus = %v: the transport's message is lost", got)
			}
		})
	}
}

// TestOverloadedRetryInfo: every refusal for the server's load, the
// solving queue, -max-total-streams, -max-health-watches and -max-heap,
// carries a google.rpc.RetryInfo of OverloadRetryDelay beside its
// ErrorInfo OVERLOADED, as a rate limit's refusal carries its own; a
// refusal for another reason carries none.
func TestOverloadedRetryInfo(t *testing.T) {
	full := func(a *admission) *admission { a.streams.Store(a.maxStreams); a.watches.Store(a.maxWatches); return a }
	heapy := newAdmission(0, 16<<20, 0)
	heapy.readHeap = func() uint64 { return 32 << 20 }
	heapy.collect = func() {}
	queue := newLimiter(1, 0)
	queue.slots <- struct{}{}
	tests := []struct {
		name string
		err  func() error
		want time.Duration // 0: no RetryInfo
	}{
		{"solving queue full", func() error { return toStatus(queue.acquire(context.Background(), true)) }, OverloadRetryDelay},
		{"calls in progress", func() error { _, err := full(newAdmission(1, 0, 0)).admit(); return err }, OverloadRetryDelay},
		{"health watches", func() error {
			_, err := full(newAdmission(0, 0, 1)).admitHealth(healthWatchMethod)
			return err
		}, OverloadRetryDelay},
		{"heap", func() error { _, err := heapy.admit(); return err }, OverloadRetryDelay},
		{"step limit", func() error { return toStatus(solver.ErrStepLimit) }, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			if status.Code(err) != codes.ResourceExhausted {
				t.Fatalf("err = %v, want ResourceExhausted", err)
			}
			var got time.Duration
			for _, d := range status.Convert(err).Details() {
				if ri, ok := d.(*errdetails.RetryInfo); ok {
					got = ri.GetRetryDelay().AsDuration()
				}
			}
			if got != tt.want {
				t.Errorf("%v (reason %s): RetryInfo delay %v, want %v", err, errorReason(err), got, tt.want)
			}
		})
	}
}
