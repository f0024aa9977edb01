package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestUsageCommandsAligned: the usage lists every command, help too, with
// its one-line help starting in one column, a long name ("strategies")
// not pushing its help out of line.
func TestUsageCommandsAligned(t *testing.T) {
	var b bytes.Buffer
	printUsage(&b)
	lines := strings.Split(b.String(), "\n")
	start := -1
	for i, ln := range lines {
		if ln == "commands:" {
			start = i + 1
			break
		}
	}
	if start < 0 {
		t.Fatalf("usage has no commands: line:\n%s", b.String())
	}
	names := []string{"help"}
	for _, c := range commands {
		names = append(names, c.name)
	}
	listed := make(map[string]string) // command name: its usage line
	for _, ln := range lines[start:] {
		if ln == "" {
			break
		}
		f := strings.Fields(ln)
		listed[f[0]] = ln
	}
	column := -1
	for _, name := range names {
		ln, ok := listed[name]
		if !ok {
			t.Errorf("usage does not list %s", name)
			continue
		}
		rest := strings.TrimPrefix(ln, "  "+name)
		col := len(ln) - len(strings.TrimLeft(rest, " "))
		if rest == ln || col-len(name)-2 < 2 {
			t.Errorf("%s: its help is not set off by two spaces: %q", name, ln)
		}
		if column < 0 {
			column = col
		}
		if col != column {
			t.Errorf("%s: its help starts in column %d, the others' in %d: %q", name, col, column, ln)
		}
	}
}

// TestUsageOutputFails: a usage that cannot be written (standard output
// on a full disk) is an error, not a success that printed nothing.
func TestUsageOutputFails(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"help", "help"}, {"help", "solve"}, {"solve", "-h"}, {"batch", "-h"}, {"watch", "-h"}} {
		err := run(context.Background(), args, strings.NewReader(""), failingWriter{}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "writing the usage") {
			t.Errorf("solverctl %s to a full disk: %v, want an error writing the usage", strings.Join(args, " "), err)
		}
	}
}

// TestUsageJSONFlag: the -json flag of batch and of rate, which share
// their flags, describes the line that command prints without it.
func TestUsageJSONFlag(t *testing.T) {
	tests := []struct {
		cmd, want, not string
	}{
		{"batch", "instead of a line of tab-separated fields", ""},
		{"rate", "instead of its <puzzle> ED=<ER>/<EP>/<ED> line", "tab-separated"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			out, stderr, err := runCLI(t, "", "help", tt.cmd)
			if err != nil {
				t.Fatalf("help %s: %v\n%s", tt.cmd, err, stderr)
			}
			_, after, ok := strings.Cut(out, "\n  -json\n")
			if !ok {
				t.Fatalf("help %s lists no -json:\n%s", tt.cmd, out)
			}
			usage, _, _ := strings.Cut(after, "\n")
			if !strings.Contains(usage, tt.want) || tt.not != "" && strings.Contains(usage, tt.not) {
				t.Errorf("help %s: -json %q; want %q", tt.cmd, strings.TrimSpace(usage), tt.want)
			}
		})
	}
}
