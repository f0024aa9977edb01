// Solverd is the Sudoku solving daemon: it serves the sudoku.v1 gRPC API,
// the standard health service and server reflection on one TCP address.
//
// Usage:
//
//	solverd [flags]
//
// Every flag can also be set from an environment variable named
// SOLVERD_<FLAG>, e.g. SOLVERD_LISTEN or SOLVERD_MAX_MSG_SIZE; a flag on the
// command line wins over the environment. Run "solverd -h" for the list.
//
// The defaults suit a single machine: one solving slot per CPU with a
// bounded queue, small received messages, keepalive enforcement, a
// maximum connection age, a time limit for each call's request to arrive,
// and connections closed (their address banned a while) when their client
// resets calls as it opens them. Rate limiting (per caller), bearer-token
// authentication, TLS or mutual TLS, a Prometheus /metrics endpoint and
// OpenTelemetry tracing over OTLP are off unless their flags (or, for
// tracing, the standard OTEL_EXPORTER_OTLP_* environment) are set.
//
// Unless the environment sets GOGC, the garbage collector runs at
// GOGC=200 rather than Go's default of 100 (see defaultGOGC).
//
// On SIGINT or SIGTERM the daemon reports NOT_SERVING to health checks and
// ends health Watch streams, keeps serving calls for the drain delay, then
// refuses new calls and lets in-flight calls finish for up to the grace
// period (batch streams answer the puzzles they have and end with
// Unavailable), then stops. A second SIGINT or SIGTERM during that time
// makes it exit at once, with status 1.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// defaultGOGC is the garbage collector's GOGC unless the environment sets
// one. The daemon's live heap is small (a few MB) while solving allocates
// steadily, so at Go's default of 100 it collects very often; collecting
// half as often gives the solvers about a tenth more CPU for a few MB.
const defaultGOGC = 200

func main() {
	if _, ok := os.LookupEnv("GOGC"); !ok {
		debug.SetGCPercent(defaultGOGC)
	}
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, cancel := context.WithCancel(context.Background())
	go onSignals(sigs, cancel, func(sig os.Signal) {
		fmt.Fprintf(os.Stderr, "solverd: second signal (%v): exiting without waiting for calls to finish\n", sig)
		os.Exit(1)
	})
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	signal.Stop(sigs)
	cancel()
	if err != nil {
		fmt.Fprintf(os.Stderr, "solverd: %v\n", err)
		if errors.As(err, new(*usageError)) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// onSignals calls shutdown on the first signal from sigs, and force on the
// second, for an operator who will not wait for a graceful stop. It
// returns once sigs is closed or force has returned.
func onSignals(sigs <-chan os.Signal, shutdown func(), force func(os.Signal)) {
	if _, ok := <-sigs; !ok {
		return
	}
	shutdown()
	if sig, ok := <-sigs; ok {
		force(sig)
	}
}
