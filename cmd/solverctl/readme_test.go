package main

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeStrategiesNote: the note the README quotes for a -strategies
// entry that does not run on the puzzle's variant is the one solve prints,
// word for word.
func TestReadmeStrategiesNote(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatalf("reading the README: %v", err)
	}
	readme := strings.Join(strings.Fields(string(data)), " ")
	// The first Str8ts of engine/solver/testdata/str8ts-published.txt, in
	// the simple form: clues, then colours.
	const str8ts = "000900000000020700000000000000000300706300000008000000000000000004000071020000006 " +
		"100100100100000000000010000000000001110000011100000000000010000000000001001001001"
	_, stderr, err := runCLI(t, "", "solve", "--variant", "str8ts", "--strategies", "B,x,y,z", str8ts)
	if err != nil {
		t.Fatalf("solve: %v\n%s", err, stderr)
	}
	note := strings.TrimSpace(stderr)
	if !strings.HasPrefix(note, "solverctl: note: ") || strings.Contains(note, "\n") {
		t.Fatalf("stderr %q; want one note", stderr)
	}
	if !strings.Contains(readme, `("`+note+`")`) {
		t.Errorf("the README does not quote the note solve prints:\n%s", note)
	}
}
