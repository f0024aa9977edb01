// Package service implements the gRPC Sudoku service over the engine: it
// translates between proto and engine types, validates requests, bounds the
// work of each one and streams solving steps.
//
// Every solve, whichever RPC asks for it, runs in one of a fixed number of
// solving slots (Config.MaxConcurrent, one per CPU by default). A call that
// finds them all taken waits in a queue, in arrival order, until a slot
// frees or its deadline passes; when Config.MaxQueue calls are already
// waiting, Solve, SolveSteps, Rate and FindSteps are refused at once with
// ResourceExhausted, so that an overloaded server sheds load instead of
// piling up work it cannot finish in time. SolveBatch items are never
// refused: a batch waits for slots, and while it waits it stops reading
// puzzles, which pushes back on its client through gRPC flow control.
package service

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Config bounds the work of each request and of the server as a whole.
type Config struct {
	// MaxNodes is the default and the cap of search nodes (guesses) per solve.
	MaxNodes uint64
	// MaxSteps is the default and the cap of steps per solve.
	MaxSteps uint32
	// MaxSolutions caps the solutions counted per solve.
	MaxSolutions uint32
	// DefaultTimeout is the deadline of a request whose caller set none,
	// and of each puzzle of a batch.
	DefaultTimeout time.Duration

	// MaxConcurrent is the number of solves that run at once across all
	// calls.
	MaxConcurrent int
	// MaxQueue is the number of calls that may wait for a solving slot;
	// further calls are refused with ResourceExhausted. Batch items wait
	// without limit of number (see the package comment).
	MaxQueue int
	// BatchWorkers is the number of puzzles of one SolveBatch stream
	// solved at once.
	BatchWorkers int
	// StreamBuffer is the number of messages a streaming call holds for a
	// client that reads slower than the solver produces.
	StreamBuffer int
	// StreamBufferBytes bounds the bytes of the messages a SolveSteps
	// call holds for its client, as StreamBuffer bounds their number: a
	// step of a 32×32 board carries its board (tens of KiB), and a client
	// that reads nothing would otherwise have each call hold StreamBuffer
	// of them.
	StreamBufferBytes int
	// BatchLinger is how long a SolveBatch answer may wait for others to
	// share its message, while other puzzles of the stream are being
	// solved. Zero takes the default; negative sends each answer alone,
	// as soon as it is ready.
	BatchLinger time.Duration
	// BatchHeartbeat is how long a SolveBatch stream whose puzzles are
	// being solved may send nothing: it then sends a message without
	// answers, so that a client tells puzzles that take long from a
	// server that hangs. Zero takes the default; negative sends none.
	BatchHeartbeat time.Duration
	// StallTimeout ends a stream whose client has read nothing for that
	// long while a message waited to be sent.
	StallTimeout time.Duration
	// BatchIdleTimeout ends, with Unavailable, a SolveBatch stream whose
	// client has sent no message for that long, after its first one,
	// while none of its puzzles was in flight (see SolveBatch). Zero
	// takes the default; negative never ends one.
	BatchIdleTimeout time.Duration
	// MaxSendMsgSize is the largest message the server sends. A batch
	// answer that would be larger is replaced by a ResourceExhausted item
	// error, so that it does not end the stream.
	MaxSendMsgSize int
}

// Defaults of the server-wide limits.
const (
	DefaultMaxQueue          = 256
	DefaultStreamBuffer      = 64
	DefaultStreamBufferBytes = 256 << 10
	DefaultStallTimeout      = 10 * time.Second
	DefaultBatchIdleTimeout  = time.Minute
	DefaultBatchLinger       = 2 * time.Millisecond
	DefaultBatchHeartbeat    = 250 * time.Millisecond
	DefaultMaxSendMsgSize    = 4 << 20
)

// DefaultConfig returns limits safe for a single machine: one solving slot
// and one batch worker per CPU.
func DefaultConfig() Config {
	cpus := runtime.GOMAXPROCS(0)
	return Config{
		MaxNodes:          10_000_000,
		MaxSteps:          100_000,
		MaxSolutions:      1000,
		DefaultTimeout:    30 * time.Second,
		MaxConcurrent:     cpus,
		MaxQueue:          DefaultMaxQueue,
		BatchWorkers:      cpus,
		StreamBuffer:      DefaultStreamBuffer,
		StreamBufferBytes: DefaultStreamBufferBytes,
		BatchLinger:       DefaultBatchLinger,
		BatchHeartbeat:    DefaultBatchHeartbeat,
		StallTimeout:      DefaultStallTimeout,
		BatchIdleTimeout:  DefaultBatchIdleTimeout,
		MaxSendMsgSize:    DefaultMaxSendMsgSize,
	}
}

// Server implements sudokuv1.SudokuServiceServer.
type Server struct {
	sudokuv1.UnimplementedSudokuServiceServer
	cfg   Config
	limit *limiter

	drainOnce sync.Once
	draining  chan struct{} // closed when a graceful shutdown begins

	// recovered turns the panic of a batch puzzle, solved off the
	// handler's goroutine where gRPC's recovery does not reach, into the
	// puzzle's error; BuildGRPC has it log the panic as its recovery
	// does.
	recovered func(ctx context.Context, p any) error

	batchAnswers    atomic.Uint64 // batch answers handed to gRPC
	batchItemErrors atomic.Uint64 // of which item errors
	stalls          atomic.Uint64 // streams ended because the client stopped reading
}

// New returns a server with the given limits; zero fields take the
// defaults of DefaultConfig.
func New(cfg Config) *Server {
	def := DefaultConfig()
	setDefault(&cfg.MaxNodes, def.MaxNodes)
	setDefault(&cfg.MaxSteps, def.MaxSteps)
	setDefault(&cfg.MaxSolutions, def.MaxSolutions)
	setDefault(&cfg.DefaultTimeout, def.DefaultTimeout)
	setDefault(&cfg.MaxConcurrent, def.MaxConcurrent)
	setDefault(&cfg.MaxQueue, def.MaxQueue)
	setDefault(&cfg.BatchWorkers, def.BatchWorkers)
	setDefault(&cfg.StreamBuffer, def.StreamBuffer)
	setDefault(&cfg.StreamBufferBytes, def.StreamBufferBytes)
	setDefault(&cfg.StallTimeout, def.StallTimeout)
	if cfg.BatchIdleTimeout == 0 {
		cfg.BatchIdleTimeout = def.BatchIdleTimeout // negative stays: never
	}
	switch {
	case cfg.BatchLinger == 0:
		cfg.BatchLinger = def.BatchLinger
	case cfg.BatchLinger < 0:
		cfg.BatchLinger = 0
	}
	switch {
	case cfg.BatchHeartbeat == 0:
		cfg.BatchHeartbeat = def.BatchHeartbeat
	case cfg.BatchHeartbeat < 0:
		cfg.BatchHeartbeat = 0
	}
	setDefault(&cfg.MaxSendMsgSize, def.MaxSendMsgSize)
	return &Server{
		cfg:       cfg,
		limit:     newLimiter(cfg.MaxConcurrent, cfg.MaxQueue),
		draining:  make(chan struct{}),
		recovered: func(context.Context, any) error { return status.Error(codes.Internal, "internal error") },
	}
}

// setDefault sets *v to def when it is zero or negative.
func setDefault[T int | uint32 | uint64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Config returns the server's limits, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// Drain begins a graceful shutdown of the service: batch streams stop
// taking new puzzles, answer those they have, and end with Unavailable
// (see SolveBatch). Other calls are unaffected. GRPC.Shutdown calls it.
func (s *Server) Drain() {
	s.drainOnce.Do(func() { close(s.draining) })
}

// BatchAnswers returns the number of SolveBatch answers the server has
// sent since it started (handed to gRPC without error).
func (s *Server) BatchAnswers() uint64 { return s.batchAnswers.Load() }
