//go:build unix

package main

import (
	"context"
	"io"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestFIFOInterrupted: Ctrl-C ends a command whose FILE is a FIFO that no
// program writes yet, where opening it blocks before any read.
func TestFIFOInterrupted(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"solve", []string{"solve", "@"}},
		{"steps", []string{"steps", "@"}},
		{"convert", []string{"convert", "--to", "plain", "@"}},
		{"batch", []string{"batch", ""}},
		{"batch @FILE", []string{"batch", "@"}},
		{"rate", []string{"rate", "@"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fifo := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("no FIFO: %v", err)
			}
			args := append([]string(nil), tt.args...)
			args[len(args)-1] += fifo
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, args, nil, io.Discard, io.Discard)
			}()
			time.Sleep(50 * time.Millisecond)
			cancel()
			waitInterrupted(t, done, 5*time.Second, tt.name)
		})
	}
}
