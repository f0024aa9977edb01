package main

import (
	"strings"
	"testing"
)

func TestCSVListHeader(t *testing.T) {
	for _, tt := range []struct {
		line string
		ok   bool
		col  int
	}{
		{"puzzle,names,author,q1_a,q1_b,se_er,se_ep,se_ed,col9,col10", true, 0},
		{"id,puzzle,solution,clues,difficulty", true, 1},
		{"quizzes,solutions", true, 0},
		{"Rating; Sudoku", true, 1},
		{"n\tPuzzle\trating", true, 1},
		{`"id","puzzle"`, true, 1},
		// "clues" is a count in the lists that have it, not the puzzle.
		{"id,clues,rating", false, 0},
		// A list of one column (pandas writes no separator).
		{"puzzle", true, 0},
		{" Quizzes ", true, 0},
		{"puzzles are below", false, 0},
		{seedPuzzle + " 1.2", false, 0},
		{seedPuzzle + ",puzzle", true, 1}, // a header may name anything else
	} {
		l, ok := csvListHeader(tt.line)
		if ok != tt.ok || ok && l.col != tt.col {
			t.Errorf("csvListHeader(%q) = %+v, %v; want column %d, %v", tt.line, l, ok, tt.col, tt.ok)
		}
	}
}

// TestListsReadCSV runs batch, rate and bench on a CSV list with a
// header (the shape of the shared hardest_database_110626_rated.csv):
// each reads the puzzle column, skips the header, and names a record
// without a puzzle. Before, every line was read as one puzzle and
// refused ("found 137 cells").
func TestListsReadCSV(t *testing.T) {
	in := strings.Join([]string{
		"# a comment before the header",
		"id,puzzle,author",
		`1,"` + seedPuzzle + `",someone`,
		"",
		"2," + seedPuzzle + ",\"a, b\"",
		"3",
		"4,,x",
		"id,puzzle,author", // a second list joined on: its header is skipped
	}, "\n") + "\n"
	out, errOut, err := runCLI(t, in, "batch", "-")
	if err == nil || err.Error() != "2 of 4 puzzles failed" {
		t.Errorf("batch: err = %v, want 2 of 4 puzzles failed\n%s", err, errOut)
	}
	for _, want := range []string{
		"3\tsolved\t" + seedSolution + "\t",
		"5\tsolved\t" + seedSolution + "\t",
		"6\terror\t-\t-\t-\tInvalidArgument: the record has 1 field, no \"puzzle\" column (field 2 of the header)\n",
		"7\terror\t-\t-\t-\tInvalidArgument: the \"puzzle\" field (field 2) is empty\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("batch prints no line %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\n2\t") || strings.HasPrefix(out, "2\t") {
		t.Errorf("batch answers the header line:\n%s", out)
	}
	out, _, _ = runCLI(t, in, "rate", "-")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 4 || lines[0] != seedPuzzle+" ED=1.5/1.2/1.2" || lines[1] != lines[0] || lines[2] != `3 ED=-/-/-	InvalidArgument: the record has 1 field, no "puzzle" column (field 2 of the header)` || !strings.HasPrefix(lines[3], "4,,x ED=-/-/-\t") {
		t.Errorf("rate prints\n%s\nwant four lines, the first two %q", out, seedPuzzle+" ED=1.5/1.2/1.2")
	}
	good := strings.Join(strings.Split(in, "\n")[:5], "\n")
	out, _, err = runCLI(t, good, "bench", "-count-to", "2", "-min-time", "0", "-")
	if err != nil || !strings.Contains(out, "unique: 2, multiple: 0") {
		t.Errorf("bench: %v\n%s", err, out)
	}
	_, _, err = runCLI(t, in, "bench", "-count-to", "2", "-min-time", "0", "-")
	if err == nil || !strings.Contains(err.Error(), `line 6: the record has 1 field, no "puzzle" column`) {
		t.Errorf("bench of a record without a puzzle: err = %v", err)
	}
}

// FuzzCSVList reads a two-line list, header and record: no input panics,
// a header's puzzle column is one of its fields, the record is skipped
// only when it repeats the header, and a puzzle read is a non-empty
// field of the record, trimmed.
func FuzzCSVList(f *testing.F) {
	f.Add("puzzle,names,author", `"`+seedPuzzle+`",a;b,x`)
	f.Add("id;Sudoku;rating", "1;"+seedPuzzle+";2.6")
	f.Add("n\tgrid", "1\t\"unclosed")
	f.Add("{\"puzzle\",1}", "x")
	f.Fuzz(func(t *testing.T, header, record string) {
		var lines csvLines
		_, skip, err := lines.next(header, "")
		if err != nil {
			t.Fatalf("the first line %q: %v", header, err)
		}
		if !skip {
			return
		}
		fields, _ := csvRecord(strings.TrimSpace(header), lines.list.comma)
		if lines.list.col >= len(fields) || !strings.EqualFold(strings.TrimSpace(fields[lines.list.col]), lines.list.name) {
			t.Fatalf("header %q: column %d (%q) is not among its fields %q", header, lines.list.col, lines.list.name, fields)
		}
		p, skip, err := lines.next(record, "")
		if skip != (strings.TrimSpace(record) == strings.TrimSpace(header)) {
			t.Fatalf("the record %q after header %q: skipped %v", record, header, skip)
		}
		if err == nil && strings.TrimSpace(record) != "" && !strings.HasPrefix(strings.TrimSpace(record), "#") && (p == "" || p != strings.TrimSpace(p)) {
			t.Fatalf("record %q reads as puzzle %q", record, p)
		}
	})
}
