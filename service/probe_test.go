package service

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
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
	"google.golang.org/protobuf/proto"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestHostileProbe plays a hostile client against the solverd at
// $SOLVER_PROBE_ADDR, for .ci/loadtest.sh (which samples the server's
// memory meanwhile); it skips without it. $SOLVER_PROBE_MODE is one of
// nonreading (SolveBatch streams that send batch messages without end and
// read nothing), idle (SolveBatch streams that send nothing), stalled
// (SolveSteps of an empty 32×32 Sudoku X whose client reads nothing),
// flood (the same, each refused call made again at once), slow (the same SolveSteps, whose client reads a message every
// $SOLVER_PROBE_READ_EVERY, 20ms), mix (Solve with its steps, FindSteps,
// Rate, Generate and SolveSteps read to the end, in turn, of those
// boards), and web-slow and web-stalled (slow and stalled over Connect on
// the web port at $SOLVER_PROBE_WEB_ADDR, over HTTP/$SOLVER_PROBE_HTTP, 1
// or 2), with $SOLVER_PROBE_GUESSING set solving by guessing alone;
// $SOLVER_PROBE_SIZES lists the sizes of the boards, taken in turn
// (32); $SOLVER_PROBE_STREAMS streams (100) over $SOLVER_PROBE_CONNS
// connections (1), held $SOLVER_PROBE_HOLD (15s), which is also their
// deadline. It prints a line of what the streams ended with.
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
	readEvery := 20 * time.Millisecond
	if v := os.Getenv("SOLVER_PROBE_READ_EVERY"); v != "" {
		var err error
		if readEvery, err = time.ParseDuration(v); err != nil {
			t.Fatalf("SOLVER_PROBE_READ_EVERY: %v", err)
		}
	}

	var (
		mu    sync.Mutex
		ended = map[string]int{}
		sent  atomic.Int64
		wg    sync.WaitGroup
	)
	endAs := func(how string) {
		mu.Lock()
		ended[how]++
		mu.Unlock()
	}
	end := func(err error) { endAs(status.Code(err).String()) }
	web := newWebProbe(t, hold)
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
			case "slow":
				// Reads one message every $SOLVER_PROBE_READ_EVERY: never
				// stalled, yet every solve waits on its client.
				s, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: hostilePuzzle(t, i), Options: hostileOptions()})
				for err == nil {
					time.Sleep(readEvery)
					_, err = s.Recv()
				}
				if err == io.EOF {
					err = nil
				}
				end(err)
			case "web-slow", "web-stalled":
				// SolveSteps over Connect on the web port: read one
				// message every $SOLVER_PROBE_READ_EVERY, or nothing.
				var every time.Duration
				if mode == "web-slow" {
					every = readEvery
				}
				endAs(web.solveSteps(ctx, hostilePuzzle(t, i), every))
			case "flood":
				// Stalled calls whose client makes each refused call
				// again at once.
				for ctx.Err() == nil {
					s, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: hostilePuzzle(t, i)})
					if err == nil {
						_, err = s.Header()
					}
					if err == nil {
						_, err = s.Recv()
					}
					if status.Code(err) != codes.ResourceExhausted {
						<-ctx.Done()
					}
				}
				end(nil)
			case "mix":
				end(probeMixCall(ctx, client, i, hostilePuzzle(t, i)))
			case "stalled":
				s, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: hostilePuzzle(t, i)})
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
				t.Errorf("SOLVER_PROBE_MODE %q: want nonreading, idle, stalled, flood, slow, mix, web-slow or web-stalled", mode)
			}
		}()
	}
	wg.Wait()
	fmt.Printf("probe %s: %d streams over %d connections for %v; %d batch messages sent; ended with %v\n",
		mode, streams, conns, hold, sent.Load(), ended)
}

// webProbe makes SolveSteps calls over Connect to the web port at
// $SOLVER_PROBE_WEB_ADDR, over HTTP/$SOLVER_PROBE_HTTP (1, one connection
// a call, or 2, without TLS).
type webProbe struct {
	addr   string
	client *http.Client
	hold   time.Duration
}

func newWebProbe(t *testing.T, hold time.Duration) *webProbe {
	addr := os.Getenv("SOLVER_PROBE_WEB_ADDR")
	if addr == "" {
		return nil
	}
	tr := &http.Transport{MaxIdleConnsPerHost: -1, Protocols: new(http.Protocols)}
	switch v := os.Getenv("SOLVER_PROBE_HTTP"); v {
	case "", "1":
		tr.Protocols.SetHTTP1(true)
	case "2":
		tr.Protocols.SetUnencryptedHTTP2(true)
	default:
		t.Fatalf("SOLVER_PROBE_HTTP=%q: want 1 or 2", v)
	}
	return &webProbe{addr: addr, client: &http.Client{Transport: tr}, hold: hold}
}

// solveSteps makes a Connect SolveSteps call of p, reading a message every
// every (none when 0) until ctx ends or the stream does; it returns how
// the call ended: the code of its end message, or what failed.
func (w *webProbe) solveSteps(ctx context.Context, p *sudokuv1.Puzzle, every time.Duration) string {
	if w == nil {
		return "no SOLVER_PROBE_WEB_ADDR"
	}
	msg, err := proto.Marshal(&sudokuv1.SolveStepsRequest{Puzzle: p, Options: hostileOptions()})
	if err != nil {
		return err.Error()
	}
	body := binary.BigEndian.AppendUint32([]byte{0}, uint32(len(msg)))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+w.addr+"/sudoku.v1.SudokuService/SolveSteps", bytes.NewReader(append(body, msg...)))
	if err != nil {
		return err.Error()
	}
	req.Header.Set("Content-Type", "application/connect+proto")
	req.Header.Set("Connect-Protocol-Version", "1")
	req.Header.Set("Connect-Timeout-Ms", strconv.FormatInt(w.hold.Milliseconds(), 10))
	resp, err := w.client.Do(req)
	if err != nil {
		return "request: " + status.Code(err).String()
	}
	defer resp.Body.Close()
	if every == 0 {
		<-ctx.Done()
		return "unread: " + resp.Status
	}
	var head [5]byte
	for {
		time.Sleep(every)
		if _, err := io.ReadFull(resp.Body, head[:]); err != nil {
			return "read: " + cmp.Or(ctx.Err(), err).Error()
		}
		b := make([]byte, binary.BigEndian.Uint32(head[1:]))
		if _, err := io.ReadFull(resp.Body, b); err != nil {
			return "read: " + cmp.Or(ctx.Err(), err).Error()
		}
		if head[0]&2 != 0 { // the end of the stream
			var end struct {
				Error struct{ Code string }
			}
			json.Unmarshal(b, &end)
			return "end: " + cmp.Or(end.Error.Code, "ok")
		}
	}
}

// hostileOptions returns the options of the slow and web modes' solves:
// guessing alone when $SOLVER_PROBE_GUESSING is set, which takes a solve
// deep in its guesses at once.
func hostileOptions() *sudokuv1.SolveOptions {
	if os.Getenv("SOLVER_PROBE_GUESSING") == "" {
		return nil
	}
	return &sudokuv1.SolveOptions{SolvingType: sudokuv1.SolvingType_SOLVING_TYPE_GUESSING_ONLY}
}

// hostilePuzzle returns the empty Sudoku X board of stream i: 32×32 unless
// $SOLVER_PROBE_SIZES lists others ("25,32"), taken in turn.
func hostilePuzzle(t *testing.T, i int) *sudokuv1.Puzzle {
	sizes := []int{32}
	if v := os.Getenv("SOLVER_PROBE_SIZES"); v != "" {
		sizes = nil
		for f := range strings.SplitSeq(v, ",") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 4 {
				t.Fatalf("SOLVER_PROBE_SIZES=%q: want sizes such as 25,32", v)
			}
			sizes = append(sizes, n)
		}
	}
	n := sizes[i%len(sizes)]
	return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Text{Text: strings.Repeat(".", n*n)}, Variant: sudokuv1.Variant_VARIANT_X}
}

// probeMixCall makes call i of the mix mode on p: Solve with its steps,
// FindSteps, Rate, Generate of p's size, or SolveSteps read to its end,
// in turn; it returns how the call ended.
func probeMixCall(ctx context.Context, client sudokuv1.SudokuServiceClient, i int, p *sudokuv1.Puzzle) error {
	var err error
	switch i % 5 {
	case 0:
		_, err = client.Solve(ctx, &sudokuv1.SolveRequest{Puzzle: p, IncludeSteps: true})
	case 1:
		_, err = client.FindSteps(ctx, &sudokuv1.FindStepsRequest{Puzzle: p})
	case 2:
		_, err = client.Rate(ctx, &sudokuv1.RateRequest{Puzzle: p})
	case 3:
		n := uint32(math.Sqrt(float64(len(p.GetText()))))
		_, err = client.Generate(ctx, &sudokuv1.GenerateRequest{Size: n, Variant: sudokuv1.Variant_VARIANT_X})
	default:
		var s grpc.ServerStreamingClient[sudokuv1.SolveStepsResponse]
		s, err = client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: p})
		for err == nil {
			_, err = s.Recv()
		}
		if err == io.EOF {
			err = nil
		}
	}
	return err
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
