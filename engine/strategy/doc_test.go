package strategy

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the technique table of docs/strategies.md")

// The generated table sits between these lines of docs/strategies.md.
const (
	docTableBegin = "<!-- BEGIN technique table: generated from engine/strategy/techniques.go by `go generate ./engine/strategy`; do not edit -->"
	docTableEnd   = "<!-- END technique table -->"
)

// docStrategies is the document the technique table is written into.
var docStrategies = filepath.Join("..", "..", "docs", "strategies.md")

// TestStrategiesDoc: the table of docs/strategies.md is the one
// techniqueTableDoc renders from the technique table; -update rewrites it.
func TestStrategiesDoc(t *testing.T) {
	data, err := os.ReadFile(docStrategies)
	if err != nil {
		t.Fatalf("reading the strategies doc: %v", err)
	}
	doc := string(data)
	begin, end := strings.Index(doc, docTableBegin), strings.Index(doc, docTableEnd)
	if begin < 0 || end < begin {
		t.Fatalf("%s lacks the lines %q and %q around the technique table", docStrategies, docTableBegin, docTableEnd)
	}
	begin += len(docTableBegin)
	want := "\n" + techniqueTableDoc()
	if doc[begin:end] == want {
		return
	}
	if *update {
		doc = doc[:begin] + want + doc[end:]
		if err := os.WriteFile(docStrategies, []byte(doc), 0o644); err != nil {
			t.Fatalf("updating the strategies doc: %v", err)
		}
		return
	}
	t.Errorf("the technique table of %s differs from techniques.go; run go generate ./engine/strategy\ngot:\n%s\nwant:\n%s", docStrategies, doc[begin:end], want)
}

// techniqueTableDoc renders the technique table in Markdown, a line per
// strategy in the order of play.
func techniqueTableDoc() string {
	var sb strings.Builder
	sb.WriteString("| letter | strategy | order of play | cost | techniques (HoDoKu code, level, base score, SE rating) |\n")
	sb.WriteString("|---|---|---|---|---|\n")
	for _, st := range All() {
		var orders []string
		var covered *Strategy
		for _, p := range table {
			if p.Strategy == st {
				orders = append(orders, fmt.Sprint(p.Order))
				covered = p.CoveredBy
			}
		}
		name := st.name
		var notes []string
		if st.OptIn() {
			notes = append(notes, "opt-in")
		}
		if st.Str8ts() == OnlyOnStr8ts {
			notes = append(notes, "Str8ts")
		}
		if st.NeedsUnique() {
			notes = append(notes, "uniqueness")
		}
		if covered != nil {
			notes = append(notes, "covered by "+covered.Letter())
		}
		if len(notes) > 0 {
			name += " (" + strings.Join(notes, ", ") + ")"
		}
		fmt.Fprintf(&sb, "| %s | %s | %s | %s | %s |\n", st.Letter(), name, strings.Join(orders, ", "), st.Cost(), techniquesDoc(st))
	}
	return sb.String()
}

// techniquesDoc renders the techniques of a strategy, the Siamese fish in
// one note.
func techniquesDoc(st *Strategy) string {
	var parts []string
	siamese := false
	for _, t := range st.AllTechniques() {
		if strings.HasPrefix(t.name, "Siamese ") {
			siamese = true
			continue
		}
		facts := []string{strings.ToLower(t.level.String()), fmt.Sprint(t.score), "SE " + t.se.String()}
		if t.seChain {
			facts[2] += "+"
		}
		if t.code != "" && t.code != "xxxx" {
			facts = append([]string{t.code}, facts...)
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", t.name, strings.Join(facts, ", ")))
	}
	out := strings.Join(parts, "; ")
	if siamese {
		out += "; in find-all mode their Siamese forms (code + 1)"
	}
	return out
}

// TestStr8tsDocLetters: the Str8ts paragraph of docs/strategies.md names
// by letter every strategy that runs on Str8ts boards: the Sudoku ones
// sound there (AlsoOnStr8ts) and the Str8ts ones (OnlyOnStr8ts, whose
// list may give a run of letters of one digit as "A2–E2").
func TestStr8tsDocLetters(t *testing.T) {
	data, err := os.ReadFile(docStrategies)
	if err != nil {
		t.Fatalf("reading the strategies doc: %v", err)
	}
	doc := strings.Join(strings.Fields(string(data)), " ")
	tests := []struct {
		use         Str8tsUse
		after, upTo string // the list lies between these
	}{
		{AlsoOnStr8ts, "no more than all-different units run there: ", ", with the Str8ts strategies"},
		{OnlyOnStr8ts, "with the Str8ts strategies (", ", which run on Str8ts boards only)"},
	}
	for _, tt := range tests {
		_, rest, ok := strings.Cut(doc, tt.after)
		list, _, ok2 := strings.Cut(rest, tt.upTo)
		if !ok || !ok2 {
			t.Fatalf("%s lacks %q ... %q", docStrategies, tt.after, tt.upTo)
		}
		named := map[string]bool{}
		for _, f := range strings.FieldsFunc(strings.ReplaceAll(list, " and ", ","), func(r rune) bool { return r == ',' || r == ' ' }) {
			if from, to, ok := strings.Cut(f, "–"); ok && len(from) == 2 && len(to) == 2 && from[1] == to[1] {
				for c := from[0]; c <= to[0]; c++ {
					named[string([]byte{c, from[1]})] = true
				}
				continue
			}
			named[f] = true
		}
		for _, st := range All() {
			if st.Str8ts() == tt.use && !named[st.Letter()] {
				t.Errorf("%s: the Str8ts list %q lacks %s (%s)", docStrategies, list, st.Letter(), st.Name())
			}
		}
	}
}
