package service

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/shared"
)

// BenchmarkThroughput solves the same puzzles several ways and reports
// puzzles/s of each; one op solves the whole set.
//
//   - engine: the solver in this process, doing exactly the work the
//     service does for a batch puzzle (decode the text, the default
//     options with check-multiple and rating), one worker per CPU.
//   - SolveBatch: the service, through one SolveBatch stream over bufconn,
//     the client in this process too, 64 puzzles a message and basic
//     results, as solverctl batch sends them.
//   - SolveBatchSingle: the same, one puzzle a message and full results.
//
// The set is the file $SOLVER_BENCH_PUZZLES (one puzzle a line, its first
// field) or else the shared 17-clue set; $SOLVER_BENCH_LIMIT keeps its
// first puzzles only. Run it with -benchtime=1x for one pass:
//
//	go test -run '^$' -bench Throughput -benchtime 1x ./service
func BenchmarkThroughput(b *testing.B) {
	puzzles := benchPuzzles(b)
	b.Run("engine", func(b *testing.B) {
		srv := New(Config{})
		b.ReportAllocs()
		for b.Loop() {
			solveAll(b, srv, puzzles)
		}
		b.ReportMetric(float64(b.N*len(puzzles))/b.Elapsed().Seconds(), "puzzles/s")
	})
	for _, bb := range []struct {
		name       string
		perMessage int
		view       sudokuv1.ResultView
	}{
		{"SolveBatch", 64, sudokuv1.ResultView_RESULT_VIEW_BASIC},
		{"SolveBatchSingle", 1, sudokuv1.ResultView_RESULT_VIEW_FULL},
	} {
		b.Run(bb.name, func(b *testing.B) {
			ts := startServer(b, Config{}, GRPCConfig{})
			client := sudokuv1.NewSudokuServiceClient(ts.conn)
			b.ReportAllocs()
			for b.Loop() {
				batchAll(b, client, puzzles, bb.perMessage, bb.view)
			}
			b.ReportMetric(float64(b.N*len(puzzles))/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

func benchPuzzles(b *testing.B) []string {
	file := os.Getenv("SOLVER_BENCH_PUZZLES")
	if file == "" {
		file = shared.Path(b, "testdata/puzzles/tdoku_puzzles2_17_clue.txt")
	}
	limit := 0
	if s := os.Getenv("SOLVER_BENCH_LIMIT"); s != "" {
		var err error
		if limit, err = strconv.Atoi(s); err != nil {
			b.Fatalf("SOLVER_BENCH_LIMIT: %v", err)
		}
	}
	puzzles := shared.Puzzles(b, file, limit)
	if len(puzzles) == 0 {
		b.Fatalf("no puzzles in %s", file)
	}
	return puzzles
}

// solveAll solves puzzles with the engine, one worker per CPU, each
// taking the next puzzle by an atomic index: nothing between the workers
// and the puzzles.
func solveAll(b *testing.B, srv *Server, puzzles []string) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(puzzles); i = int(next.Add(1) - 1) {
				p, opts, err := srv.prepare(textPuzzle(puzzles[i]), nil)
				if err != nil {
					b.Error(err)
					continue
				}
				if _, err := solver.Solve(context.Background(), p.board, opts, nil); err != nil {
					b.Error(err)
				}
			}
		})
	}
	wg.Wait()
}

// batchAll solves puzzles through one SolveBatch stream, perMessage a
// message.
func batchAll(b *testing.B, client sudokuv1.SudokuServiceClient, puzzles []string, perMessage int, view sudokuv1.ResultView) {
	stream, err := openBatch(context.Background(), client)
	if err != nil {
		b.Fatal(err)
	}
	go func() {
		for start := 0; start < len(puzzles); start += perMessage {
			var items []*sudokuv1.BatchItem
			for i, p := range puzzles[start:min(start+perMessage, len(puzzles))] {
				items = append(items, &sudokuv1.BatchItem{Id: strconv.Itoa(start + i), Puzzle: textPuzzle(p), View: view})
			}
			if err := stream.SendMsg(batchOf(items...)); err != nil {
				return
			}
		}
		stream.CloseSend()
	}()
	got := stream.answers(b)
	for _, a := range got {
		if a.GetResult() == nil {
			b.Fatalf("answer %v", a)
		}
	}
	if len(got) != len(puzzles) {
		b.Fatalf("%d answers for %d puzzles", len(got), len(puzzles))
	}
}
