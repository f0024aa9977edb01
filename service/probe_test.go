package service

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestHostileProbe plays a hostile client against the solverd at
// $SOLVER_PROBE_ADDR, for .ci/loadtest.sh (which samples the server's
// memory meanwhile); it skips without it. $SOLVER_PROBE_MODE is one of
// nonreading (SolveBatch streams that send batch messages without end and
// read nothing), idle (SolveBatch streams that send nothing) and stalled
// (SolveSteps of an empty 32×32 Sudoku X whose client reads nothing);
// $SOLVER_PROBE_STREAMS streams (100) over $SOLVER_PROBE_CONNS
// connections (1), held $SOLVER_PROBE_HOLD (15s). It prints a line of
// what the streams ended with.
func TestHostileProbe(t *testing.T) {
	addr := os.Getenv("SOLVER_PROBE_ADDR")
	if addr == "" {
		t.Skip("SOLVER_PROBE_ADDR not set: the probe runs against a solverd from .ci/loadtest.sh")
	}
	mode := os.Getenv("SOLVER_PROBE_MODE")
	streams := probeInt(t, "SOLVER_PROBE_STREAMS", 100)
	conns := probeInt(t, "SOLVER_PROBE_CONNS", 1)
	hold := 15 * time.Second
	if v := os.Getenv("SOLVER_PROBE_HOLD"); v != "" {
		var err error
		if hold, err = time.ParseDuration(v); err != nil {
			t.Fatalf("SOLVER_PROBE_HOLD: %v", err)
		}
	}
	var clients []sudokuv1.SudokuServiceClient
	for range conns {
		conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		clients = append(clients, sudokuv1.NewSudokuServiceClient(conn))
	}
	ctx, cancel := context.WithTimeout(context.Background(), hold)
	defer cancel()
	var items []*sudokuv1.BatchItem
	for range 64 {
		items = append(items, &sudokuv1.BatchItem{Puzzle: textPuzzle(seedEasy)})
	}
	batch := &sudokuv1.SolveBatchRequest{Items: items}
	empty := &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", 1024)}, Variant: sudokuv1.Variant_VARIANT_X}

	var (
		mu    sync.Mutex
		ended = map[codes.Code]int{}
		sent  atomic.Int64
		wg    sync.WaitGroup
	)
	end := func(err error) {
		mu.Lock()
		ended[status.Code(err)]++
		mu.Unlock()
	}
	for i := range streams {
		client := clients[i%len(clients)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch mode {
			case "nonreading":
				s, err := client.SolveBatch(ctx)
				if err != nil {
					end(err)
					return
				}
				for s.Send(batch) == nil {
					sent.Add(1)
				}
				for err == nil {
					_, err = s.Recv()
				}
				end(err)
			case "idle":
				s, err := client.SolveBatch(ctx)
				if err != nil {
					end(err)
					return
				}
				_, err = s.Recv()
				end(err)
			case "stalled":
				s, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: empty})
				if err != nil {
					end(err)
					return
				}
				<-ctx.Done()
				for err == nil {
					_, err = s.Recv()
				}
				end(err)
			default:
				t.Errorf("SOLVER_PROBE_MODE %q: want nonreading, idle or stalled", mode)
			}
		}()
	}
	wg.Wait()
	fmt.Printf("probe %s: %d streams over %d connections for %v; %d batch messages sent; ended with %v\n",
		mode, streams, conns, hold, sent.Load(), ended)
}

// probeInt reads a positive integer from the environment variable name,
// or returns def.
func probeInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", name, v)
	}
	return n
}
