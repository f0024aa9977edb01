// Package service implements the gRPC Sudoku service over the engine: it
// translates between proto and engine types, validates requests, bounds the
// work of each one and streams solving steps.
package service

import (
	"time"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// Config bounds the work of each request.
type Config struct {
	// MaxNodes is the default and the cap of search nodes (guesses) per solve.
	MaxNodes uint64
	// MaxSteps is the default and the cap of steps per solve.
	MaxSteps uint32
	// MaxSolutions caps the solutions counted per solve.
	MaxSolutions uint32
	// DefaultTimeout is the deadline of a request whose caller set none.
	DefaultTimeout time.Duration
}

// DefaultConfig returns limits safe for a single machine.
func DefaultConfig() Config {
	return Config{
		MaxNodes:       10_000_000,
		MaxSteps:       100_000,
		MaxSolutions:   1000,
		DefaultTimeout: 30 * time.Second,
	}
}

// Server implements sudokuv1.SudokuServiceServer.
type Server struct {
	sudokuv1.UnimplementedSudokuServiceServer
	cfg Config
}

// New returns a server with the given limits; zero fields take the defaults.
func New(cfg Config) *Server {
	def := DefaultConfig()
	if cfg.MaxNodes == 0 {
		cfg.MaxNodes = def.MaxNodes
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = def.MaxSteps
	}
	if cfg.MaxSolutions == 0 {
		cfg.MaxSolutions = def.MaxSolutions
	}
	if cfg.DefaultTimeout == 0 {
		cfg.DefaultTimeout = def.DefaultTimeout
	}
	return &Server{cfg: cfg}
}
