package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// env is what a command runs with: the standard streams and the
// environment.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// lookupEnv reads an environment variable; nil reads an empty
	// environment.
	lookupEnv func(string) (string, bool)
}

// command is a subcommand of solverctl.
type command struct {
	name  string
	args  string // the synopsis of what follows the name
	short string // one-line help
	// long is the help that a command's usage prints between the short
	// help and the flags, each paragraph ending in a blank line; most
	// commands have none.
	long string
	// run runs the command; cmd is the command itself, for its usage.
	run func(ctx context.Context, e *env, cmd *command, args []string) error
}

// commands are the subcommands, in the order the usage lists them. A new
// command is one more entry here.
var commands = []*command{
	{
		name:  "solve",
		args:  "[flags] [PUZZLE|@FILE|-]",
		short: "solve a puzzle and print the result",
		long:  exitStatusHelp + "\n",
		run:   runSolve,
	},
	{
		name:  "batch",
		args:  "[flags] [-addr A]... FILE|@FILE|-",
		short: "solve every puzzle of a file over a SolveBatch stream, one result line each",
		long:  fmt.Sprintf(batchHelp, maxInput, batchStreamFailures, batchGiveUpAfter),
		run:   runBatch,
	},
	{
		name:  "rate",
		args:  "[flags] [-addr A]... FILE|@FILE|-|PUZZLE",
		short: "rate puzzles as Sudoku Explainer does: one line each, <puzzle> ED=<ER>/<EP>/<ED>",
		long:  rateHelp,
		run:   runRate,
	},
	{
		name:  "steps",
		args:  "[flags] [PUZZLE|@FILE|-]",
		short: "solve a puzzle, printing every step the moment it is found",
		long:  exitStatusHelp + "\n",
		run:   runSteps,
	},
	{
		name:  "watch",
		args:  "[flags] [PUZZLE|@FILE|-]",
		short: "watch a solve in the terminal, step by step, as the steps arrive",
		long:  exitStatusHelp + "\n",
		run:   runWatch,
	},
	{
		name:  "bench",
		args:  "[--threads N] [--count-to N] FILE|@FILE|-",
		short: "time the engine's search on a file of puzzles, in-process",
		long:  benchHelp,
		run:   runBench,
	},
	{
		name:  "convert",
		args:  "--to FORMAT [flags] PUZZLE|@FILE|-",
		short: "convert a puzzle to another format and print it",
		run:   runConvert,
	},
	{
		name:  "generate",
		args:  "[--mode new|base|start] [--size N] [--variant V] [--level L] [flags] [PUZZLE|@FILE|-]",
		short: "generate a puzzle with exactly one solution and print it",
		run:   runGenerate,
	},
	{
		name:  "strategies",
		args:  "[--json] [--long] [-addr A]",
		short: "list the strategies: method letter, technique, ratings; --long: variants, what each does",
		long:  strategiesHelp,
		run:   runStrategies,
	},
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is the whole of solverctl: it parses the global flags and runs the
// command args name.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, lookupEnv: os.LookupEnv}
	fs := newFlagSet("solverctl")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return printUsage(stdout)
		}
		return usageErrorf("%v (see solverctl help)", err)
	}
	args = fs.Args()
	if len(args) == 0 {
		// Nothing asked: show what solverctl does on the built-in example.
		steps := lookup("steps")
		return steps.run(ctx, e, steps, nil)
	}
	name, args := args[0], args[1:]
	if name == "help" {
		return help(ctx, e, args)
	}
	cmd := lookup(name)
	if cmd == nil {
		return usageErrorf("unknown command %q (see solverctl help)", name)
	}
	return interrupted(ctx, cmd.run(ctx, e, cmd, args))
}

// errInterrupted is the error of a command that an interrupt (Ctrl-C) or
// SIGTERM stopped.
var errInterrupted = errors.New("interrupted")

// interrupted returns errInterrupted for an error err that the end of ctx
// caused, a cancelled call or a context's own error, so that every command
// stopped by an interrupt says so alike (batch and reads of standard
// input already do) rather than gRPC's "Canceled: context canceled";
// it returns any other err as it is.
func interrupted(ctx context.Context, err error) error {
	if err == nil || ctx.Err() == nil {
		return err
	}
	if errors.Is(err, context.Canceled) || status.Code(err) == codes.Canceled {
		return errInterrupted
	}
	return err
}

// help prints the usage, or with a command name the command's usage.
func help(ctx context.Context, e *env, args []string) error {
	switch len(args) {
	case 0:
		return printUsage(e.stdout)
	case 1:
		if args[0] == "help" {
			return printUsage(e.stdout)
		}
		cmd := lookup(args[0])
		if cmd == nil {
			return usageErrorf("unknown command %q (see solverctl help)", args[0])
		}
		return cmd.run(ctx, e, cmd, []string{"-h"})
	default:
		return usageErrorf("usage: solverctl help [command]")
	}
}

// usageIntro and usageNotes are the text of solverctl's usage before and
// after its list of commands; usageNotes takes maxInput in KiB and
// exitStatusHelp.
const (
	usageIntro = `usage: solverctl [global flags] <command> [flags] [PUZZLE|@FILE|-]

Solve Sudoku puzzles with the sudokuwise solver. Without -addr the service
runs inside solverctl, so no server is needed. The connection flags of every
command that calls the service (-addr, -tls, -tls-ca, -tls-cert, -tls-key,
-token-file) also read SOLVERCTL_<FLAG> from the environment, e.g.
SOLVERCTL_ADDR or SOLVERCTL_TLS_CA; the command line wins.

commands:
`
	usageNotes = `
PUZZLE is the puzzle text in any supported format, or a structured board
as protojson (what convert --to json writes; -format json, or detected by
its {); @FILE reads it from a file and - from standard input, %d KiB at
most, past the comment lines it starts with (# and a space, as lists
write them). Without a puzzle, a built-in example is solved; without any
arguments, its steps are streamed.

-strategies takes method letters or names: letters are case-sensitive (b is
Cage Splitting, B Hidden Single), names are not; solverctl strategies lists
them. Options that contradict each other or cannot apply are refused.

%s
global flags:
  -h	print this usage
`
)

// printUsage prints solverctl's usage to w.
func printUsage(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprint(&b, usageIntro)
	// The names take the width of the longest, so that every command's
	// help starts in one column.
	width := len("help")
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, c.name, c.short)
	}
	fmt.Fprintf(&b, "  %-*s  %s\n", width, "help", "print this usage, or a command's: solverctl help <command>")
	fmt.Fprintf(&b, usageNotes, maxInput>>10, exitStatusHelp)
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("writing the usage: %w", err)
	}
	return nil
}

// newFlagSet returns a flag set that neither prints nor exits: errors come
// back from Parse, for the caller to report.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseInterleaved parses args with fs, letting flags follow positional
// arguments ("solve PUZZLE -json"), and returns the positional arguments.
// Everything after "--" is positional.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError is a bad command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}
