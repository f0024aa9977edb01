package main

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// TestSolveStepsStreamed: solve -steps takes the steps as a stream, so a
// solve whose steps make an answer larger than the server sends in one
// message (a hard 25×25's, about 10 MB, against 4 MB) still prints them,
// as the steps command does, where a unary Solve is refused.
func TestSolveStepsStreamed(t *testing.T) {
	lis, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := service.New(service.Config{MaxSendMsgSize: 8 << 10})
	g := service.NewGRPC(srv, slog.New(slog.DiscardHandler), grpc.MaxSendMsgSize(8<<10))
	go g.Server.Serve(lis)
	t.Cleanup(g.Server.Stop)
	addr := lis.Addr().String()

	// The premise: the unary answer with the steps is too large.
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, err = sudokuv1.NewSudokuServiceClient(conn).Solve(context.Background(), &sudokuv1.SolveRequest{
		Puzzle:       &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: seedPuzzle}},
		IncludeSteps: true,
	})
	if status.Code(err) != codes.ResourceExhausted {
		t.Fatalf("unary Solve with steps: %v, want ResourceExhausted", err)
	}

	want, _, err := runCLI(t, "", "steps", "--addr", addr, seedPuzzle)
	if err != nil {
		t.Fatal(err)
	}
	got, errOut, err := runCLI(t, "", "solve", "--steps", "--addr", addr, seedPuzzle)
	if err != nil {
		t.Fatalf("solve --steps: %v\n%s", err, errOut)
	}
	if got != want {
		t.Errorf("solve --steps printed\n%s\nsteps printed\n%s", got, want)
	}
	if !strings.Contains(got, "status: solved") || strings.Count(got, "\n") < 40 {
		t.Errorf("solve --steps printed too little:\n%s", got)
	}

	out, errOut, err := runCLI(t, "", "solve", "--steps", "--json", "--addr", addr, seedPuzzle)
	if err != nil {
		t.Fatalf("solve --steps --json: %v\n%s", err, errOut)
	}
	var resp sudokuv1.SolveResponse
	if err := protojson.Unmarshal([]byte(out), &resp); err != nil {
		t.Fatalf("solve --steps --json printed %.200q: %v", out, err)
	}
	if resp.GetResult().GetStatus() != sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || int(resp.GetResult().GetStepCount()) != len(resp.GetSteps()) || len(resp.GetSteps()) < 40 {
		t.Errorf("solve --steps --json: status %v, %d steps of %d", resp.GetResult().GetStatus(), len(resp.GetSteps()), resp.GetResult().GetStepCount())
	}
}
