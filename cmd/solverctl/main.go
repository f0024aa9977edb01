// Solverctl is the command-line client of the Sudoku solving service.
//
// Usage:
//
//	solverctl [global flags] <command> [flags] [PUZZLE|@FILE|-]
//
// The commands are:
//
//	solve       solve a puzzle and print the result
//	batch       solve every puzzle of a file over a SolveBatch stream
//	steps       solve a puzzle, printing every step the moment it is found
//	watch       watch a solve in the terminal, step by step, as the steps arrive
//	bench       time the engine's search on a file of puzzles, in-process
//	convert     convert a puzzle to another format and print it
//	generate    generate a puzzle with exactly one solution
//	strategies  list the strategies and their method letters
//	help        print the usage, or a command's flags
//
// PUZZLE is the puzzle as text in any format the service reads, or a
// structured board as protojson (detected by its brace, or -format json);
// @FILE reads it from a file and - from standard input, at most 128 KiB,
// and Ctrl-C interrupts the read. Without a puzzle, solverctl solves a
// built-in example; without any arguments it streams the steps of that
// example.
//
// Options that contradict each other or cannot apply are refused before
// any call: -strategies letters are case-sensitive and must name
// strategies of the catalogue (solverctl strategies), -type logic takes no
// guessing method (C), -type guess no elimination strategy, the guess
// flags need a solve that may guess, -seed needs -order random, an empty
// -strategies entry is refused (rather than allowing all), -variant, -map
// and -charset cannot contradict a 2.0 string, whose header fixes its
// variant, regions and digits, and -timeout cannot be negative; -timeout
// 0 is no deadline.
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
// one indented line per invalid field.
//
// The exit status tells the outcome apart, for scripts:
//
//	0  solved (for commands that do not solve: success)
//	1  an error: bad input, a failed call
//	2  a bad command line, refused before any call
//	3  no solution (solve, steps, watch)
//	4  multiple solutions (solve, steps, watch)
//	5  stuck: logic alone could not finish (solve, steps, watch)
//
// The result printed says the same ("status: no solution"); watch exits
// with the outcome when the solve ended before the view was left.
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
