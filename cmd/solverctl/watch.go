package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// watchSpeeds are the playing speeds, in steps a second, that + and −
// move between.
var watchSpeeds = []float64{0.5, 1, 2, 4, 8, 15, 30, 60, 120, 250, 500, 1000, 2000, 5000}

// defaultSpeed is the index in watchSpeeds of the speed a watch starts at.
const defaultSpeed = 3

// runWatch is the watch command: a full-screen view of a SolveSteps
// stream, drawn as the steps arrive.
func runWatch(ctx context.Context, e *env, cmd *command, args []string) error {
	var paused bool
	f, puzzle, err := parseSolveArgs(ctx, cmd, e, args, func(fs *flag.FlagSet) {
		fs.BoolVar(&paused, "paused", false, "start paused on the puzzle")
	})
	if err != nil {
		return helpIsNil(err)
	}
	out, ok := e.stdout.(*os.File)
	if !ok || !term.IsTerminal(out.Fd()) {
		return errors.New("watch: standard output is not a terminal; run it in a terminal, or use solverctl steps for a log of the steps")
	}
	// The deadline bounds the calls, not the watching: the view stays up
	// after the stream ends, for as long as its watcher likes.
	viewCtx := ctx
	ctx, client, done, err := f.connect(ctx)
	if err != nil {
		return err
	}
	defer done()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	board, err := convertBoard(ctx, client, puzzle)
	if err != nil {
		return err
	}
	_, charset := protoconv.PuzzleShape(puzzle) // the request's, else an N×N text's own
	wb, initial, err := newWatchBoard(board, charset)
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	stream, err := client.SolveSteps(ctx, &sudokuv1.SolveStepsRequest{Puzzle: puzzle, Options: f.options()})
	if err != nil {
		return err
	}
	// The note solve and steps print on the -strategies entries that do
	// not run, made now and printed once the view is left (the calls'
	// context ends with the view).
	var note bytes.Buffer
	noteIdleStrategies(ctx, &note, client, f.options().GetStrategies(), board.GetVariant(), knownUnique(f.options()))
	feed := newStepFeed()
	go feed.read(stream)

	in := e.stdin
	if f, ok := in.(*os.File); ok && !term.IsTerminal(f.Fd()) {
		// The puzzle came on standard input (watch -), or it is not a
		// terminal: the keys come from the terminal itself.
		ttyIn, ttyOut, err := tea.OpenTTY()
		if err != nil {
			return fmt.Errorf("watch: standard input is not a terminal, and the terminal cannot be opened to read the keys: %w", err)
		}
		defer ttyIn.Close()
		defer ttyOut.Close()
		in = ttyIn
	}
	m := newWatchModel(wb, initial, feed)
	m.paused = paused
	p := tea.NewProgram(m, tea.WithContext(viewCtx), tea.WithOutput(out), tea.WithInput(in))
	final, err := p.Run()
	cancel() // stops the stream of a solve left before its end
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return fmt.Errorf("watch: %w", err)
	}
	e.stderr.Write(note.Bytes())
	return watchEnd(final)
}

// watchEnd returns the error a watch ends with once its view is left:
// the stream's error, else the outcome of the solve when its result came
// (see outcome), else nil.
func watchEnd(final tea.Model) error {
	fm, ok := final.(*watchModel)
	switch {
	case !ok:
		return nil
	case fm.err != nil && !errors.Is(fm.err, context.Canceled):
		return fm.err
	case fm.result != nil:
		return outcome(fm.result)
	}
	return nil // left before the result came
}

// convertBoard asks the service for the structured board of a puzzle:
// its cells, regions, variant and cages. It converts to the service's
// choice (the 2.0 string, which most boards have, or SudoCue's form for a
// killer X), else to the N×N form or plain text.
func convertBoard(ctx context.Context, client sudokuv1.SudokuServiceClient, puzzle *sudokuv1.Puzzle) (*sudokuv1.Board, error) {
	var first error
	for _, to := range []sudokuv1.Format{sudokuv1.Format_FORMAT_UNSPECIFIED, sudokuv1.Format_FORMAT_NXN, sudokuv1.Format_FORMAT_PLAIN} {
		resp, err := client.Convert(ctx, &sudokuv1.ConvertRequest{Puzzle: puzzle, To: to})
		if err == nil {
			return resp.GetBoard(), nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

// stepFeed buffers a SolveSteps stream as fast as it arrives, whatever
// the view shows, so that no step is lost and the server never waits on
// the screen.
type stepFeed struct {
	mu     sync.Mutex
	steps  []*sudokuv1.Step
	result *sudokuv1.SolveResult
	err    error
	done   bool
	ready  chan struct{} // holds a token when something new arrived
}

func newStepFeed() *stepFeed { return &stepFeed{ready: make(chan struct{}, 1)} }

// stepStream is the receiving side of a SolveSteps call.
type stepStream interface {
	Recv() (*sudokuv1.SolveStepsResponse, error)
}

// read receives the stream to its end.
func (f *stepFeed) read(s stepStream) {
	for {
		msg, err := s.Recv()
		f.mu.Lock()
		switch {
		case err == io.EOF:
			if f.result == nil {
				f.err = errors.New("the stream ended without a result")
			}
			f.done = true
		case err != nil:
			f.err, f.done = err, true
		case msg.GetStep() != nil:
			f.steps = append(f.steps, msg.GetStep())
		case msg.GetResult() != nil:
			f.result = msg.GetResult()
		}
		done := f.done
		f.mu.Unlock()
		f.signal()
		if done {
			return
		}
	}
}

// signal leaves a token in ready unless one waits there already.
func (f *stepFeed) signal() {
	select {
	case f.ready <- struct{}{}:
	default:
	}
}

// take returns the steps received after the first from, and the end of
// the stream when it came.
func (f *stepFeed) take(from int) (steps []*sudokuv1.Step, result *sudokuv1.SolveResult, err error, done bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if from < len(f.steps) {
		steps = f.steps[from:len(f.steps):len(f.steps)]
	}
	return steps, f.result, f.err, f.done
}

// feedMsg says that the feed has something new.
type feedMsg struct{}

// tickMsg is a beat of the player; gen tells stale beats apart.
type tickMsg struct{ gen int }

// watchModel is the Bubble Tea model of the watch command.
type watchModel struct {
	board   *watchBoard
	initial *watchState
	feed    *stepFeed

	steps  []*sudokuv1.Step // every step received
	result *sudokuv1.SolveResult
	err    error
	ended  bool

	pos    int // the step shown, 1-based; 0 is the puzzle
	paused bool
	speed  int     // index into watchSpeeds
	owed   float64 // fraction of a step the ticks owe
	gen    int     // the generation of the live tick

	width, height int
	pal           *palette
	quitting      bool   // a quit key was pressed
	goTo          string // the digits of a step number typed so far, for Enter
	help          bool   // the help overlay shows
	hint          int    // the level of the hint shown for the next step: 0 none, 1 its technique and area, 2 its cells and digits
	revealed      bool   // the person asked for the result before the end
	listing       bool   // the step list shows beside the board

	// cached states: the state after step pos of the last look-up, and,
	// for boards without a packed string, every state replayed with the
	// boards the guesses in force after it saved (the last on top).
	cachedPos   int
	cachedState *watchState
	replayed    map[int]*watchState
	saved       map[int][]*watchState
}

// newWatchModel returns a model showing the puzzle, playing the steps of
// feed as they come.
func newWatchModel(wb *watchBoard, initial *watchState, feed *stepFeed) *watchModel {
	return &watchModel{
		board:     wb,
		initial:   initial,
		feed:      feed,
		speed:     defaultSpeed,
		pal:       newPalette(colorprofile.ANSI256),
		cachedPos: -1,
	}
}

// Init starts waiting for the feed and the player's beat.
func (m *watchModel) Init() tea.Cmd {
	return tea.Batch(m.waitFeed(), m.tick())
}

// waitFeed waits until the feed has something new.
func (m *watchModel) waitFeed() tea.Cmd {
	ready := m.feed.ready
	return func() tea.Msg {
		<-ready
		return feedMsg{}
	}
}

// interval is the time between beats at the current speed: one step a
// beat up to 30 steps a second, several beyond.
func (m *watchModel) interval() time.Duration {
	return max(time.Duration(float64(time.Second)/watchSpeeds[m.speed]), time.Second/30)
}

// tick schedules the next beat of the current generation.
func (m *watchModel) tick() tea.Cmd {
	gen := m.gen
	return tea.Tick(m.interval(), func(time.Time) tea.Msg { return tickMsg{gen: gen} })
}

// restart begins a new generation of beats, dropping those scheduled.
func (m *watchModel) restart() tea.Cmd {
	m.gen++
	m.owed = 0
	return m.tick()
}

// Update handles keys, the feed, the player's beats and the terminal.
func (m *watchModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.ColorProfileMsg:
		m.pal = newPalette(msg.Profile)
	case feedMsg:
		steps, result, err, done := m.feed.take(len(m.steps))
		m.steps = append(m.steps, steps...)
		m.result, m.err, m.ended = result, err, done
		if !done {
			return m, m.waitFeed()
		}
	case tickMsg:
		if msg.gen != m.gen || m.paused {
			return m, nil
		}
		m.owed += watchSpeeds[m.speed] * m.interval().Seconds()
		n := int(m.owed + 1e-6)
		m.owed -= float64(n)
		m.pos = min(m.pos+n, len(m.steps))
		if m.ended && m.pos == len(m.steps) {
			// The end: the player pauses there, and space plays again
			// from the start.
			m.paused = true
			return m, nil
		}
		return m, m.tick()
	case tea.KeyPressMsg:
		return m, m.key(msg.String())
	}
	return m, nil
}

// key handles a key press.
func (m *watchModel) key(k string) tea.Cmd {
	if m.help {
		// The overlay takes every key: ? or Esc closes it, q still quits.
		switch k {
		case "?", "esc":
			m.help = false
		case "q", "Q", "ctrl+c":
			m.quitting = true
			return tea.Quit
		}
		return nil
	}
	if k == "?" {
		m.goTo = ""
		m.help = true
		return nil
	}
	if m.goToKey(k) {
		return nil
	}
	hint := m.hint
	m.hint = 0 // any other key than h drops the hint
	switch k {
	case "q", "Q", "ctrl+c", "esc":
		m.quitting = true
		return tea.Quit
	case "h":
		// Each h tells more of the next step; the third takes it.
		m.paused = true
		if m.pos < len(m.steps) {
			if m.hint = hint + 1; m.hint == 3 {
				m.hint = 0
				m.pos++
			}
		}
	case "r":
		m.revealed = true
	case "s":
		m.listing = !m.listing
	case "space", " ", "p":
		m.paused = !m.paused
		if !m.paused {
			if m.ended && m.pos == len(m.steps) {
				m.pos = 0 // play again from the start
			}
			return m.restart()
		}
	case "right", "l", "n":
		m.paused = true
		m.pos = min(m.pos+1, len(m.steps))
	case "left", "b":
		m.paused = true
		m.pos = max(m.pos-1, 0)
	case "home", "g":
		m.paused = true
		m.pos = 0
	case "end", "G":
		m.paused = true
		m.pos = len(m.steps)
	case "+", "=", "up", "kp+":
		m.speed = min(m.speed+1, len(watchSpeeds)-1)
		if !m.paused {
			return m.restart()
		}
	case "-", "_", "down", "kp-", "−":
		m.speed = max(m.speed-1, 0)
		if !m.paused {
			return m.restart()
		}
	}
	return nil
}

// watchKeys lists every key of the view, for the help overlay.
var watchKeys = [][2]string{
	{"space, p", "pause / resume (at the end: play again)"},
	{"→ n l / ← b", "one step forward / back (pauses)"},
	{"h", "a hint for the next step: its technique and area, then its cells and digits, then the step itself (pauses)"},
	{"r", "reveal the result (status, rating, step count) before the end"},
	{"s", "the step list beside the board, on / off (the steps so far, the shown one marked ▶)"},
	{"home g / end G", "the puzzle / the last step (pauses)"},
	{"+ ↑ / - ↓", "faster / slower"},
	{"digits, enter", "go to that step (backspace takes back a digit, esc cancels)"},
	{"?", "this help (? or esc closes it)"},
	{"q, esc, ctrl+c", "quit"},
}

// renderHelp draws the help overlay, each line wrapped to width and the
// whole cut to height.
func renderHelp(width, height int) string {
	lines := []string{"solverctl watch: keys", ""}
	for _, k := range watchKeys {
		lines = append(lines, wrap(fmt.Sprintf("%-16s %s", k[0], k[1]), max(width, 1))...)
	}
	if height > 0 && len(lines) > height {
		lines = lines[:height]
	}
	return strings.Join(lines, "\n")
}

// maxGoTo bounds the digits of a step number, far beyond any step count.
const maxGoTo = 6

// goToKey handles the keys of go-to-step: digits type a step number, Enter
// jumps to it (paused; a number beyond the last step goes to the last),
// Backspace takes back a digit and Esc cancels. It reports whether it used
// the key; any other key cancels the number and is handled as usual.
func (m *watchModel) goToKey(k string) bool {
	switch {
	case len(k) == 1 && k[0] >= '0' && k[0] <= '9':
		if len(m.goTo) < maxGoTo {
			m.goTo += k
		}
		return true
	case m.goTo == "":
		return false
	case k == "enter":
		n, err := strconv.Atoi(m.goTo)
		m.goTo = ""
		if err == nil {
			m.paused = true
			m.pos = min(n, len(m.steps))
		}
		return true
	case k == "backspace":
		m.goTo = m.goTo[:len(m.goTo)-1]
		return true
	case k == "esc":
		m.goTo = ""
		return true
	}
	m.goTo = ""
	return false
}

// View draws the frame of the current step.
func (m *watchModel) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.WindowTitle = "solverctl watch"
	if m.width == 0 {
		return v // the size comes first
	}
	if m.help {
		v.SetContent(renderHelp(m.width, m.height))
		return v
	}
	v.SetContent(renderWatch(m.frame()))
	return v
}

// frame returns what the screen shows now.
func (m *watchModel) frame() *watchFrame {
	f := &watchFrame{
		board:  m.board,
		state:  m.stateAt(m.pos),
		pos:    m.pos,
		total:  len(m.steps),
		status: m.status(),
		width:  m.width,
		height: m.height,
		pal:    m.pal,
	}
	if m.pos > 0 {
		f.step = m.steps[m.pos-1]
	}
	// The result, the rating and the step count would spoil the steps to
	// come: they show at the end, or when the person asks.
	f.hideTotal = !m.spoilersShown()
	if m.ended && !f.hideTotal {
		f.outcome = m.outcome()
	}
	if m.listing {
		// The steps to come would spoil the replay, like the count.
		f.listed = m.steps[:m.pos:m.pos]
		if !f.hideTotal {
			f.listed = m.steps
		}
	}
	if m.hint > 0 && m.pos < len(m.steps) {
		f.hint = m.board.hint(m.steps[m.pos], m.hint)
	}
	return f
}

// spoilersShown reports whether the result may show: at the end of the
// replay, or once the person asked (r).
func (m *watchModel) spoilersShown() bool {
	return m.revealed || m.ended && m.pos == len(m.steps)
}

// status describes the player and the stream.
func (m *watchModel) status() string {
	s := "paused"
	if !m.paused {
		s = fmt.Sprintf("playing at %s steps/s", formatSpeed(watchSpeeds[m.speed]))
	}
	switch {
	case !m.ended:
		s += " · solving…"
	case m.pos == len(m.steps):
		s += " · end"
	}
	if m.goTo != "" {
		s += " · go to step " + m.goTo + "_ (Enter jumps, Esc cancels)"
	}
	return s
}

func formatSpeed(v float64) string {
	if v < 1 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// outcome describes the end of the stream: the result's status, counts,
// contradiction (why there is no solution), difficulty, and whether logic
// ran out of its share of the deadline, as solve prints them.
func (m *watchModel) outcome() string {
	if m.err != nil {
		return "error: " + errorText(m.err)
	}
	r := m.result
	steps, guesses := int(r.GetStepCount()), "guesses"
	if r.GetGuessCount() == 1 {
		guesses = "guess"
	}
	s := fmt.Sprintf("result: %s after %d step%s, %d %s", enumText(r.GetStatus().String(), "SOLVE_STATUS_"), steps, plural(steps), r.GetGuessCount(), guesses)
	if c := r.GetConflict(); c.GetDescription() != "" {
		s += "; why: " + c.GetDescription()
	}
	if r.GetDifficulty() != nil {
		s += "; " + difficultyText(r.GetDifficulty(), r.GetStatus() == sudokuv1.SolveStatus_SOLVE_STATUS_STUCK)
	}
	if r.GetLogicShareSpent() {
		// As solve prints it: the steps and the rating are this run's.
		s += "; cut short: logic ran out of its half of -timeout, so the steps, guesses and difficulty are this run's, not the puzzle's own"
	}
	return s
}

// errorText is the message of an error from the service.
func errorText(err error) string {
	var b strings.Builder
	report(&b, err)
	return strings.Join(strings.Fields(strings.TrimPrefix(b.String(), "solverctl: ")), " ")
}

// stateAt returns the state of the board after step pos.
func (m *watchModel) stateAt(pos int) *watchState {
	if pos == 0 {
		return m.initial
	}
	if pos == m.cachedPos {
		return m.cachedState
	}
	s, ok := m.board.decodeState(m.steps[pos-1].GetBoard())
	if !ok {
		s = m.replay(pos)
	}
	m.cachedPos, m.cachedState = pos, s
	return s
}

// replay returns the state after step pos of a board whose steps carry no
// packed board, from the placements and eliminations of the steps, as the
// solver went: a guess saves the board it starts from, and a backtrack
// returns to the board its guess saved before it removes the digit that
// failed.
func (m *watchModel) replay(pos int) *watchState {
	if m.replayed == nil {
		m.replayed = map[int]*watchState{0: m.initial}
		m.saved = map[int][]*watchState{0: nil}
	}
	start := pos
	for m.replayed[start] == nil {
		start--
	}
	for p := start + 1; p <= pos; p++ {
		step, from, saved := m.steps[p-1], m.replayed[p-1], m.saved[p-1]
		switch step.GetKind() {
		case sudokuv1.StepKind_STEP_KIND_GUESS:
			saved = append(saved[:len(saved):len(saved)], from) // a copy: earlier positions keep theirs
		case sudokuv1.StepKind_STEP_KIND_BACKTRACK:
			if k := len(saved); k > 0 {
				from, saved = saved[k-1], saved[:k-1]
			}
		}
		m.replayed[p], m.saved[p] = m.board.apply(from, step), saved
	}
	return m.replayed[pos]
}
