package sat

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"
)

// parseDIMACS reads what WriteDIMACS wrote: the number of variables and
// the clauses, as signed 1-based literals.
func parseDIMACS(t *testing.T, text string) (int, [][]int) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(text))
	vars, want := 0, 0
	var clauses [][]int
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 4 && f[0] == "p" {
			vars, _ = strconv.Atoi(f[2])
			want, _ = strconv.Atoi(f[3])
			continue
		}
		var c []int
		for _, x := range f {
			d, err := strconv.Atoi(x)
			if err != nil {
				t.Fatalf("bad literal %q", x)
			}
			if d == 0 {
				break
			}
			c = append(c, d)
		}
		clauses = append(clauses, c)
	}
	if len(clauses) != want {
		t.Fatalf("header says %d clauses, read %d", want, len(clauses))
	}
	return vars, clauses
}

// TestWriteDIMACSKeepsModels: the CNF written for a problem of a large
// group (a counter), a small one (pairwise), a clause and a fixed literal
// has, over the problem's variables, exactly the problem's models.
func TestWriteDIMACSKeepsModels(t *testing.T) {
	const n = 13
	s := New(n)
	s.AddGroup([]int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) // counter
	s.AddGroup([]int32{9, 10, 11})                    // pairwise
	s.AddClause([]Lit{Pos(12), Neg(3)})
	s.Fix(Neg(5))
	var buf bytes.Buffer
	if err := s.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	vars, clauses := parseDIMACS(t, buf.String())
	if vars <= n {
		t.Fatalf("vars = %d, want fresh counter variables past %d", vars, n)
	}
	holds := func(m uint64, c []int) bool {
		for _, d := range c {
			v, want := d-1, d > 0
			if d < 0 {
				v = -d - 1
			}
			if (m>>v&1 == 1) == want {
				return true
			}
		}
		return false
	}
	exactlyOne := func(m uint64, vs ...int) bool {
		k := 0
		for _, v := range vs {
			k += int(m >> v & 1)
		}
		return k == 1
	}
	models := 0
	for m := uint64(0); m < 1<<n; m++ {
		want := exactlyOne(m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9) && exactlyOne(m, 9, 10, 11) &&
			(m>>12&1 == 1 || m>>3&1 == 0) && m>>5&1 == 0
		got := false
		for aux := uint64(0); aux < 1<<(vars-n) && !got; aux++ {
			full, all := m|aux<<n, true
			for _, c := range clauses {
				if !holds(full, c) {
					all = false
					break
				}
			}
			got = all
		}
		if got != want {
			t.Fatalf("assignment %013b: CNF says %v, problem says %v", m, got, want)
		}
		if want {
			models++
		}
	}
	if models == 0 {
		t.Fatal("the problem has no model: the test checks nothing")
	}
}
