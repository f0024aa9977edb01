package serate

import (
	"os"
	"testing"
)

func TestDebugMismatch(t *testing.T) {
	if os.Getenv("SERATE_DEBUG") == "" {
		t.Skip()
	}
	set := loadRated(t, os.Getenv("SERATE_DEBUG"), 2000)
	limit := 40
	if os.Getenv("SERATE_ALL") != "" {
		limit = 1 << 30
	}
	n := 0
	for _, p := range set {
		got, _ := Rate(p.puzzle)
		if got != p.want {
			t.Logf("%s %v want %v", p.puzzle, got, p.want)
			n++
			if n > limit {
				break
			}
		}
	}
}

func TestDebugTrace(t *testing.T) {
	p := os.Getenv("SERATE_TRACE")
	if p == "" {
		t.Skip()
	}
	traceStep = func(g *grid, h *hint) {
		s := ""
		for c, m := range h.remove {
			if m != 0 {
				s += " " + cellName(c) + "-" + digits(m)
			}
		}
		if h.cell >= 0 {
			s += " " + cellName(h.cell) + "=" + string(rune('0'+h.value))
		}
		t.Logf("%v%s", h.diff, s)
	}
	defer func() { traceStep = nil }()
	r, err := Rate(p)
	t.Log(r, err)
}

func cellName(c int) string { return "r" + string(rune('1'+c/9)) + "c" + string(rune('1'+c%9)) }

func digits(m uint16) string {
	s := ""
	for v := 1; v <= 9; v++ {
		if m&(1<<v) != 0 {
			s += string(rune('0' + v))
		}
	}
	return s
}
