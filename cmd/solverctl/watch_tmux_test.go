package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tmuxSession is a detached tmux session on a server of its own.
type tmuxSession struct {
	t      *testing.T
	tmux   string
	socket string
}

// run runs a tmux command on the session's server.
func (s *tmuxSession) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command(s.tmux, append([]string{"-L", s.socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// screen returns the visible text of the pane; with escapes, its styles too.
func (s *tmuxSession) screen(escapes bool) string {
	s.t.Helper()
	if escapes {
		return s.run("capture-pane", "-p", "-e", "-t", "watch")
	}
	return s.run("capture-pane", "-p", "-t", "watch")
}

// waitFor polls the screen until ok holds, failing after a while.
func (s *tmuxSession) waitFor(what string, ok func(screen string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		sc := s.screen(false)
		if ok(sc) {
			return sc
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("timed out waiting for %s; the screen:\n%s", what, sc)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

var (
	stepRE   = regexp.MustCompile(`step (\d+)(?:/\d+)? ·`)
	methodRE = regexp.MustCompile(`(?m)^\[[A-Z]+\] \S`)
	// bgRE matches a background colour in tmux's rendering of styles.
	bgRE = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:4[0-7]|48;5;\d+|48;2;[\d;]+|10[0-7])(?:;[0-9;]*)?m`)
)

// shownStep returns the step number on the screen, -1 when none shows.
func shownStep(screen string) int {
	m := stepRE.FindStringSubmatch(screen)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestWatchTmux runs solverctl watch in a real terminal, tmux, as a
// person would: the board and a highlighted step show, the keys pause,
// step and change the speed, and q quits with status 0.
func TestWatchTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary in tmux; skipped with -short")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; CI needs it (.ci/run installs it)")
		}
		t.Skip("tmux is not installed: skipping the end-to-end test of watch")
	}
	bin := filepath.Join(t.TempDir(), "solverctl")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	s := &tmuxSession{t: t, tmux: tmux, socket: fmt.Sprintf("solverctl-watch-test-%d", os.Getpid())}
	t.Cleanup(func() { exec.Command(tmux, "-L", s.socket, "kill-server").Run() })
	cmd := fmt.Sprintf("TERM=xterm-256color %s watch %s; echo EXIT=$?; sleep 600", bin, seedPuzzle)
	s.run("new-session", "-d", "-x", "120", "-y", "50", "-s", "watch", cmd)

	// The board, a step with its method and the controls.
	sc := s.waitFor("a step on the board", func(sc string) bool {
		return strings.Contains(sc, "┏━━") && shownStep(sc) >= 1 && methodRE.MatchString(sc)
	})
	for _, want := range []string{"┗━━", "space pause/resume", "q quit", "playing at 4 steps/s"} {
		if !strings.Contains(sc, want) {
			t.Errorf("the screen lacks %q:\n%s", want, sc)
		}
	}
	if styled := s.screen(true); !bgRE.MatchString(styled) {
		t.Errorf("no highlighted cell (background colour) on the screen:\n%q", styled)
	}

	// Space pauses: the step stays.
	s.run("send-keys", "-t", "watch", "Space")
	sc = s.waitFor("paused", func(sc string) bool { return strings.Contains(sc, "· paused") })
	n := shownStep(sc)
	time.Sleep(800 * time.Millisecond)
	if got := shownStep(s.screen(false)); got != n {
		t.Fatalf("paused at step %d, the screen moved on to %d", n, got)
	}

	// → and ← step through the steps received.
	s.run("send-keys", "-t", "watch", "Right")
	s.waitFor(fmt.Sprintf("step %d", n+1), func(sc string) bool { return shownStep(sc) == n+1 })
	s.run("send-keys", "-t", "watch", "Left", "Left")
	s.waitFor(fmt.Sprintf("step %d", n-1), func(sc string) bool { return shownStep(sc) == n-1 })

	// + speeds up; space resumes at the new speed.
	s.run("send-keys", "-t", "watch", "+", "Space")
	s.waitFor("playing faster", func(sc string) bool { return strings.Contains(sc, "playing at 8 steps/s") })
	s.run("send-keys", "-t", "watch", "-")
	s.waitFor("playing slower", func(sc string) bool { return strings.Contains(sc, "playing at 4 steps/s") })

	// End shows the last step and the result.
	s.run("send-keys", "-t", "watch", "End")
	s.waitFor("the result", func(sc string) bool { return strings.Contains(sc, "result: solved") })

	// Typing 12 then Enter goes to step 12, the number showing as typed.
	s.run("send-keys", "-t", "watch", "1", "2")
	s.waitFor("the typed step number", func(sc string) bool { return strings.Contains(sc, "go to step 12_") })
	s.run("send-keys", "-t", "watch", "Enter")
	sc = s.waitFor("step 12", func(sc string) bool { return shownStep(sc) == 12 })
	if strings.Contains(sc, "go to step") {
		t.Errorf("the typed number still shows after Enter:\n%s", sc)
	}

	// ? shows every key; ? closes it again.
	s.run("send-keys", "-t", "watch", "?")
	sc = s.waitFor("the help", func(sc string) bool { return strings.Contains(sc, "solverctl watch: keys") })
	for _, want := range []string{"pause / resume", "go to that step", "faster / slower", "quit"} {
		if !strings.Contains(sc, want) {
			t.Errorf("the help lacks %q:\n%s", want, sc)
		}
	}
	s.run("send-keys", "-t", "watch", "?")
	s.waitFor("the board again", func(sc string) bool { return shownStep(sc) == 12 })

	// h hints at step 13 (its technique, then its cells and digits), and
	// the third h takes it; before the end, the result stays hidden.
	s.run("send-keys", "-t", "watch", "h")
	sc = s.waitFor("a hint", func(sc string) bool {
		return strings.Contains(sc, "hint: ") && strings.Contains(sc, "h again: the cells")
	})
	if shownStep(sc) != 12 || strings.Contains(sc, "result:") {
		t.Errorf("a hint moved the step or shows the result:\n%s", sc)
	}
	s.run("send-keys", "-t", "watch", "h")
	s.waitFor("the hint's cells", func(sc string) bool { return strings.Contains(sc, "h again: take the step") })
	s.run("send-keys", "-t", "watch", "h")
	s.waitFor("the hinted step taken", func(sc string) bool { return shownStep(sc) == 13 && !strings.Contains(sc, "hint: ") })

	// s shows the step list beside the board, the shown step marked.
	s.run("send-keys", "-t", "watch", "s")
	sc = s.waitFor("the step list", func(sc string) bool { return strings.Contains(sc, "▶  13 ") })
	if !strings.Contains(sc, "  12 ") || strings.Contains(sc, "  14 ") {
		t.Errorf("the step list at step 13 should show step 12 and not step 14:\n%s", sc)
	}

	// q quits cleanly.
	s.run("send-keys", "-t", "watch", "q")
	s.waitFor("the exit status", func(sc string) bool { return strings.Contains(sc, "EXIT=") })
	if sc := s.screen(false); !strings.Contains(sc, "EXIT=0") {
		t.Errorf("watch did not exit with status 0:\n%s", sc)
	}

	// The puzzle on standard input (watch -): the keys come from the
	// terminal. The server outlives its last session meanwhile: else it
	// exits as the new session starts ("server exited unexpectedly").
	s.run("set-option", "-g", "exit-empty", "off")
	s.run("kill-session", "-t", "watch")
	piped := fmt.Sprintf("echo %s | TERM=xterm-256color %s watch --paused -; echo EXIT=$?; sleep 600", seedPuzzle, bin)
	s.run("new-session", "-d", "-x", "120", "-y", "50", "-s", "watch", piped)
	s.waitFor("the piped puzzle", func(sc string) bool { return strings.Contains(sc, "step 0 · paused") })
	s.run("send-keys", "-t", "watch", "Right")
	s.waitFor("a key read from the terminal", func(sc string) bool { return shownStep(sc) == 1 })
	s.run("send-keys", "-t", "watch", "q")
	s.waitFor("the piped watch's exit status", func(sc string) bool { return strings.Contains(sc, "EXIT=0") })

	// A -strategies entry that does not run: once the view is left,
	// watch notes it on standard error, as solve and steps do.
	s.run("kill-session", "-t", "watch")
	noted := fmt.Sprintf("TERM=xterm-256color %s watch --paused --check-multiple=false --strategies A,B,U,C %s; echo EXIT=$?; sleep 600", bin, seedPuzzle)
	s.run("new-session", "-d", "-x", "120", "-y", "50", "-s", "watch", noted)
	s.waitFor("the paused watch", func(sc string) bool { return strings.Contains(sc, "step 0 · paused") })
	s.run("send-keys", "-t", "watch", "q")
	s.waitFor("the noted watch's exit status", func(sc string) bool { return strings.Contains(sc, "EXIT=") })
	sc = s.run("capture-pane", "-p", "-J", "-t", "watch") // wrapped lines joined
	if want := "-strategies lists U (Unique Rectangles), which does not run unless"; !strings.Contains(sc, want) {
		t.Errorf("watch left without the note %q:\n%s", want, sc)
	}
}
