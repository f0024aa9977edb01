// Solverctl is the command-line client of the Sudoku solving service.
//
// Usage:
//
//	solverctl [global flags] <command> [flags] [PUZZLE|@FILE|-]
//
// The commands are:
//
//	solve   solve a puzzle and print the result
//	steps   solve a puzzle, printing every step the moment it is found
//	watch   watch a solve in the terminal, step by step, as the steps arrive
//	help    print the usage, or a command's flags
//
// PUZZLE is the puzzle as text in any format the service reads; @FILE reads
// it from a file and - from standard input. Without a puzzle, solverctl
// solves a built-in example; without any arguments it streams the steps of
// that example.
//
// With -addr, solverctl talks to a running solverd. Without it, it starts
// the service inside its own process, so no server is needed:
//
//	solverctl steps 000000000070040010301506408000000000060010040105709803000000000030070020204805709
//
// A secured solverd is reached with -tls or -tls-ca, -tls-cert and
// -tls-key (mutual TLS) and -token-file (a bearer token), which every
// command that calls the service takes. These flags and -addr can also be
// set from environment variables named SOLVERCTL_<FLAG>, e.g.
// SOLVERCTL_ADDR or SOLVERCTL_TOKEN_FILE; a flag on the command line wins
// over the environment.
//
// Errors from the service print as "solverctl: <code>: <message>", with
// one indented line per invalid field; the exit status is 1, or 2 for a bad
// command line.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		os.Exit(report(os.Stderr, err))
	}
}
