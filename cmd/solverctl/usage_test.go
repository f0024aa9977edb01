package main

import (
	"bytes"
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
