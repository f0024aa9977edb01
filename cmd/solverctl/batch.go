package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
	"github.com/sudokuwise/solver/service"
)

// Defaults and bounds of a batch, those of the client package.
const (
	// batchStreamFailures is how many streams to a server may fail in a
	// row, none having answered, before the server is given up.
	batchStreamFailures = client.BatchStreamFailures
	// batchGiveUpAfter is how long those failures must go on.
	batchGiveUpAfter = client.DefaultGiveUpAfter
	// defaultMaxMsgSize is the default of -max-msg-size: that of solverd.
	defaultMaxMsgSize = client.DefaultMaxMsgSize
)

// batchFlags are the flags of the batch command.
type batchFlags struct {
	solve      solveFlags // the options of every puzzle, and -json
	addrs      addrList
	out        string
	inflight   int
	perMessage int
	maxMsgSize int
	streams    int // SolveBatch streams per -addr; 0: see batchStreamsOf
	// puzzleTimeout is how long a stream with puzzles out may answer
	// nothing before it is declared hung; 0 means never.
	puzzleTimeout time.Duration
	// rate makes the batch the rate command's: Sudoku Explainer's
	// ratings asked for and written as serate writes them, in input order.
	rate bool
}

// runBatch is the batch command: it streams the puzzles of a file over
// SolveBatch, to one or more servers, and prints one line per puzzle.
func runBatch(ctx context.Context, e *env, cmd *command, args []string) error {
	return runBatchAs(ctx, e, cmd, args, false)
}

// runBatchAs runs a batch, or with rate the rate command's.
func runBatchAs(ctx context.Context, e *env, cmd *command, args []string, rate bool) error {
	f, input, err := parseBatchArgs(cmd, e, args)
	if err != nil {
		return helpIsNil(err)
	}
	f.rate = rate
	var in io.Reader = e.stdin
	var puzzleArg *string // rate's PUZZLE
	total := -1           // unknown
	if name, ok := strings.CutPrefix(input, "@"); ok {
		// @FILE, as the commands that take one puzzle read a file.
		if strings.TrimSpace(name) == "" {
			// Else "" read standard input, without a word.
			return errors.New("@ names no file: write @FILE, the file's name right after the @")
		}
		input = name
	} else if rate {
		var text io.Reader
		arg := input
		if input, text = rateInput(input); text != nil {
			in = text
			puzzleArg = &arg
			if looksLikeFileName(arg) {
				fmt.Fprintf(e.stderr, "solverctl: %s: no file %q: reading it as a puzzle\n", cmd.name, arg)
			}
		}
	}
	if input != "-" && input != "" {
		file, err := openFile(ctx, input)
		if err != nil {
			return err
		}
		defer file.Close()
		in = file
		if isTerminal(e.stderr) && isRegular(file) {
			total = countPuzzles(input, f.solve.charset)
		}
	}
	if file, ok := in.(*os.File); ok && f.out != "" && isRegular(file) {
		// Creating -out would empty the input before it is read, be it
		// FILE or standard input redirected from it (- < FILE); it
		// empties no terminal or device (-out /dev/stdout, typing).
		if is, err := file.Stat(); err == nil {
			if ofs, err := os.Stat(f.out); err == nil && os.SameFile(is, ofs) {
				return usageErrorf("%s: -out %s is the input file: write the results elsewhere", cmd.name, f.out)
			}
		}
	}
	// Dial, which reads the TLS and token files, before creating -out,
	// so that a bad file leaves it alone.
	if len(f.solve.conn.addrs.list) > 0 {
		defer leanRuntime()()
	}
	clients, closeAll, err := f.dial()
	if err != nil {
		return err
	}
	defer closeAll()
	var out io.Writer = e.stdout
	if f.out != "" {
		file, err := os.Create(f.out)
		if err != nil {
			return err
		}
		defer file.Close()
		out = file
	}
	template, err := f.solve.puzzle(ctx, e, "")
	if err != nil {
		return err
	}

	b := newBatcher(f, template, out)
	b.puzzleArg = puzzleArg
	var progress *progressBar
	if isTerminal(e.stderr) {
		progress = startProgress(e.stderr, b, total)
	}
	err = b.run(ctx, f.solve.timeout, in, isRegular(in), clients, e.stderr)
	if progress != nil {
		progress.stop()
	}
	if ferr := b.flush(); ferr != nil {
		// The output failed: the run stopped for it (see answer).
		err = fmt.Errorf("writing the results: %w", ferr)
	}
	fmt.Fprintln(e.stderr, b.summary())
	if note := b.tolerantNote(); note != "" {
		fmt.Fprintln(e.stderr, note)
	}
	if err != nil {
		return err
	}
	done, failed, _ := b.counts()
	if failed > 0 {
		return fmt.Errorf("%d of %d puzzle%s failed", failed, done, plural(done))
	}
	if done == 0 && b.inputRead() && ctx.Err() == nil {
		// An empty list is most often an upstream step that wrote
		// nothing; a job that carries on would never know.
		return fmt.Errorf("no puzzles in %s: it is empty or holds only comments and blank lines", inputName(input))
	}
	return nil
}

// inputName names the list input reads for a message: its file, or
// standard input for "-" and "".
func inputName(input string) string {
	if input == "-" || input == "" {
		return "standard input"
	}
	return input
}

// parseBatchArgs parses the flags and the input of the batch command.
func parseBatchArgs(cmd *command, e *env, args []string) (*batchFlags, string, error) {
	f := &batchFlags{}
	fs := newFlagSet("solverctl " + cmd.name)
	// The batch command takes -addr more than once, and its -timeout is
	// that of the whole batch, none by default.
	f.solve.conn.addrs.multi = true
	f.solve.register(fs)
	timeout := fs.Lookup("timeout")
	f.solve.timeout, timeout.DefValue = 0, "0s"
	timeout.Usage = "deadline of the whole batch; 0 means none; puzzles unanswered by then get status deadline (each puzzle also has the server's default deadline: 30s in-process, solverd's -default-timeout)"
	fs.Lookup("json").Usage = "print one JSON object per puzzle instead of a line of tab-separated fields"
	if cmd.name == "rate" {
		// rate shares batch's flags, but its line is Sudoku Explainer's.
		fs.Lookup("json").Usage = "print one JSON object per puzzle (batch's record, with an explainer object) instead of its <puzzle> ED=<ER>/<EP>/<ED> line"
	}
	fs.StringVar(&f.out, "out", "", "write the results to `file` instead of standard output")
	fs.IntVar(&f.inflight, "inflight", 256, "puzzles sent to each server and not yet answered, at most")
	fs.IntVar(&f.perMessage, "per-message", 64, fmt.Sprintf("puzzles sent in one message, at most (a server takes up to %d)", client.MaxPerMessage))
	fs.IntVar(&f.maxMsgSize, "max-msg-size", defaultMaxMsgSize, "largest request message sent, in `bytes`, as solverd's -max-msg-size; a server that answers with a smaller limit gets smaller messages")
	fs.IntVar(&f.streams, "streams", 0, "SolveBatch streams per -addr; 0 means 1, or 8 to a dns:/// target, whose streams round_robin spreads over its servers")
	fs.DurationVar(&f.puzzleTimeout, "puzzle-timeout", 0, "a stream that answers nothing (not even the server's heartbeat, which solverd sends while it solves: -batch-heartbeat) for this long while it has puzzles out is declared hung, cancelled, and its puzzles go to the other streams; 0 means none; by default, with -addr, a quarter of -timeout between 1s and 10s (10s without -timeout), and none in-process")

	pos, err := parseFlags(cmd, e, fs, args)
	if err != nil {
		return nil, "", err
	}
	want := "one FILE or -"
	if cmd.name == "rate" {
		want = "one FILE, - or PUZZLE"
	}
	switch {
	case len(pos) != 1:
		return nil, "", usageErrorf("%s: want %s, got %d arguments", cmd.name, want, len(pos))
	case strings.TrimSpace(pos[0]) == "":
		// Not standard input: an empty argument is more likely a
		// variable that was never set.
		return nil, "", usageErrorf("%s: want %s, got a blank argument (%q)", cmd.name, want, pos[0])
	case f.inflight < 1 || f.inflight > maxBatchInFlight:
		return nil, "", usageErrorf("%s: -inflight must be from 1 to %d, not %d", cmd.name, maxBatchInFlight, f.inflight)
	case f.perMessage < 1 || f.perMessage > client.MaxPerMessage:
		return nil, "", usageErrorf("%s: -per-message must be from 1 to %d (the most puzzles a server takes in a message), not %d", cmd.name, client.MaxPerMessage, f.perMessage)
	case f.maxMsgSize < 1<<10:
		return nil, "", usageErrorf("%s: -max-msg-size must be at least 1024", cmd.name)
	case f.streams < 0 || f.streams > maxBatchStreams:
		return nil, "", usageErrorf("%s: -streams must be from 0 to %d, not %d", cmd.name, maxBatchStreams, f.streams)
	case f.puzzleTimeout < 0:
		return nil, "", usageErrorf("%s: -puzzle-timeout %v is negative; 0 means none", cmd.name, f.puzzleTimeout)
	}
	if err := checkTimeout(fs); err != nil {
		return nil, "", usageErrorf("%s: %v", cmd.name, err)
	}
	if err := f.solve.check(flagsSet(fs)); err != nil {
		return nil, "", usageErrorf("%s: %v", cmd.name, err)
	}
	if err := f.solve.conn.parsed(cmd, fs, e.lookupEnv); err != nil {
		return nil, "", err
	}
	if w := f.solve.conn.plaintextToken(); w != "" {
		fmt.Fprintf(e.stderr, "solverctl: warning: %s\n", w)
	}
	if !flagsSet(fs)["puzzle-timeout"] && len(f.solve.conn.addrs.list) > 0 {
		f.puzzleTimeout = defaultPuzzleTimeout(f.solve.timeout)
	}
	if f.puzzleTimeout > 0 && f.puzzleTimeout < minPuzzleTimeout {
		fmt.Fprintf(e.stderr, "solverctl: note: -puzzle-timeout %v is shorter than %v: solverd sends its heartbeat every 250ms while it solves (-batch-heartbeat), later when it is loaded, so a server that is only busy may be declared hung and its puzzles sent again\n", f.puzzleTimeout, minPuzzleTimeout)
	}
	return f, pos[0], nil
}

// Bounds of batch's flags: the client's window of puzzles out a server
// (client.BatchConfig.InFlight), and streams an address, each a goroutine
// and buffers of its own (20,000 took 1.26 GB for 5,000 puzzles).
const (
	maxBatchInFlight = 1 << 16
	maxBatchStreams  = 1024
)

// minPuzzleTimeout is the shortest -puzzle-timeout that a loaded server's
// heartbeats (solverd's -batch-heartbeat, 250ms; up to 2s apart seen on a
// machine at a load of 20) keep from declaring it hung: a shorter one is
// taken, with a note.
const minPuzzleTimeout = time.Second

// defaultPuzzleTimeout is the -puzzle-timeout of a batch to servers with
// -timeout timeout: a quarter of it, so that a hung server leaves time to
// answer its puzzles elsewhere, between 1s, well above an answer's round
// trip and solverd's heartbeat (-batch-heartbeat, 250ms), which it sends
// while it solves, and 10s; 10s without -timeout. A server without
// heartbeats answers each puzzle within its own deadline (solverd's
// -default-timeout, 30s) of starting it, so only a batch of puzzles that
// each take more than this to solve needs a larger value there.
func defaultPuzzleTimeout(timeout time.Duration) time.Duration {
	if timeout == 0 {
		return 10 * time.Second
	}
	return min(max(timeout/4, time.Second), 10*time.Second)
}

// batchHelp is the long help of batch (see command); its verbs take
// maxInput and batchStreamFailures. It says maxSkip in MiB.
const batchHelp = `FILE holds one puzzle a line, in any format the service reads that fits on
a line; only the first field is read, so rated lists work (the first two
of a Str8ts in the simple form, clues then colours), but a line that
starts with { is a whole JSON board (as convert --to json writes). Blank
lines and lines starting with # are skipped (with a -charset that holds
#, only # alone or before a space: a puzzle may start with it). A CSV
list is read too: when its first line (after comments) is a header with
a column named puzzle (or quizzes, sudoku, grid, question, board),
separated by commas, semicolons or tabs, each record gives that
column's puzzle. @FILE is FILE, as in the other commands; - reads
standard input. Each line is checked on its own before it is sent: a
line longer than %d
bytes, not valid UTF-8 or with bad JSON gets an InvalidArgument error line
naming it, and the others go on. Input with no line break in its first
16 MiB (binary data) stops the reading with an error. The options apply
to every puzzle.

Each puzzle gets one line, in the order answered, of tab-separated fields:
its line number, the status (solved, no_solution, multiple_solutions, stuck,
error, or deadline when -timeout passed first), the board reached (the
solution when solved or multiple_solutions, else where the solve stopped),
the steps taken and the difficulty; an error has - in those and a sixth
field, "<code>: <message>". -json records put the board in "solution" when
it is one, else in "board". A summary goes to standard error, its rate counting
answered puzzles, with a progress bar while it runs when that is a terminal.
When -timeout passes, the rest of a regular file is read for its deadline
lines; other input (a pipe, a terminal) is read no further.

Messages stay under -max-msg-size; a server that refuses one as too large
gets messages fitted to the limit it names.

With several -addr, every server gets a stream and takes puzzles as it
answers. Puzzles of a stream that fails (a server shutting down), or that
answers nothing for -puzzle-timeout while it has puzzles out (a server
hung; solverd's heartbeat, sent while it solves, counts as an answer, so
puzzles that take long are not sent again), go to the others, each
answered once; a server is retried with backoff, first with a probe that
carries no puzzle after a hang, and given up after %d failures in a row
lasting %v (a restart costs retries, not the server); one that answers
the probe is alive, its solving slots taken by other calls, and is not
given up: each of its streams then waits twice as long as the last
before it is declared hung, for as long as -timeout allows. The exit status
is 1 when any puzzle failed (status error or deadline), the input
could not be read or held no puzzle, 2 for a bad command line, else 0.

`

// leanRuntime sets the Go runtime up for a client that only moves
// puzzles and answers, and returns a function that restores it. Unless
// GOMAXPROCS says otherwise, it runs Go code on one thread, so that its
// goroutines hand work to each other without waking threads: when client
// and server share a machine, the CPUs go to solving. (A larger GOGC, tried
// too, cost more in fresh pages than it saved in collections.)
func leanRuntime() (restore func()) {
	if _, ok := os.LookupEnv("GOMAXPROCS"); ok {
		return func() {}
	}
	procs := runtime.GOMAXPROCS(1)
	return func() { runtime.GOMAXPROCS(procs) }
}

// dial returns a client of every -addr, or of a service in this
// process, and a function that closes them.
func (f *batchFlags) dial() ([]*client.Client, func(), error) {
	if len(f.solve.conn.addrs.list) == 0 {
		// Each puzzle keeps the service's default deadline: the batch's
		// -timeout is that of the whole batch.
		conn, closeFn, err := dialInProcessConn(service.DefaultConfig(), f.solve.conn.callOptions()...)
		if err != nil {
			return nil, nil, err
		}
		return []*client.Client{client.NewFromConn("in-process", conn)}, closeFn, nil
	}
	var clients []*client.Client
	closeAll := func() {
		for _, c := range clients {
			c.Close()
		}
	}
	for _, addr := range f.solve.conn.addrs.list {
		// The errors of each server's streams name the flag that likely
		// fixes them, with that server's address (see hinter); a batch's
		// -timeout is that of the whole batch, not of one call, so it
		// gets no hint.
		h := f.solve.conn.hinter(0)
		h.addr = addr
		c, err := client.New(addr, append(f.solve.conn.clientOptions(), client.WithDialOptions(h.dialOptions()...))...)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		clients = append(clients, c)
	}
	return clients, closeAll, nil
}

// job is one puzzle of a batch.
type job struct {
	id       string // the line number, as the request id
	line     int
	seq      int // its place among the jobs read, from 0
	puzzle   string
	json     *sudokuv1.Puzzle    // the puzzle of a JSON line, nil for text
	item     *sudokuv1.BatchItem // its request item, once parsed
	finished bool                // its line is written; guarded by batcher.mu
}

// batcher runs one batch: it reads jobs, hands them to a client.Batch,
// and writes the answers.
type batcher struct {
	flags    *batchFlags
	template *sudokuv1.Puzzle
	options  *sudokuv1.SolveOptions
	start    time.Time
	batch    *client.Batch

	// sending is held by the reader while it hands a job to the batch,
	// from the job's entry in pending to its removal when Add fails, so
	// that stopReading waits for pending to be right.
	sending sync.Mutex

	mu          sync.Mutex
	pending     map[string]*job // sent, by id, not yet answered
	stopped     bool            // an interrupted run reads no more jobs (stopReading)
	w           *bufio.Writer
	writeErr    error
	abort       context.CancelFunc // stops the run: its output cannot be written
	readEOF     bool               // the reading is over at the end of the input
	outstanding int                // jobs read and not finished
	done        int
	answered    int // jobs finished with the server's answer
	byStatus    map[string]int
	nFailed     int
	unrated     int // rate: answered without Sudoku Explainer's rating
	// otherTolerant counts the no_solution answers of 2.0 strings that
	// -tolerant reads as another board (see solveOutcome).
	otherTolerant int
	line          []byte  // the text line of finishResult, reused
	seq           int     // jobs read so far, the next job's seq
	order         ordered // rate: the lines written in input order
	// puzzleArg is rate's PUZZLE, read whole (as solve reads its own)
	// instead of in's lines; nil for a list.
	puzzleArg *string
}

func newBatcher(f *batchFlags, template *sudokuv1.Puzzle, out io.Writer) *batcher {
	b := &batcher{
		flags:    f,
		template: template,
		options:  f.solve.options(),
		start:    time.Now(),
		pending:  map[string]*job{},
		w:        bufio.NewWriterSize(out, 64<<10),
		byStatus: map[string]int{},
	}
	if f.rate {
		b.options.ExplainerRating = true
	}
	return b
}

// newJob returns the job of the next line read.
func (b *batcher) newJob(line int) *job {
	j := &job{id: strconv.Itoa(line), line: line, seq: b.seq}
	b.seq++
	return j
}

// run reads the jobs of in and sends them to clients until every job is
// finished, ctx ends (Ctrl-C), timeout passes (0 for none) or every
// server is given up. When timeout passes, every job not answered is
// finished with status deadline; so is every line after, when readToEnd
// (in is a regular file) says that in has an end to read to: other input
// (a pipe, a terminal, a device) is read no further.
func (b *batcher) run(ctx context.Context, timeout time.Duration, in io.Reader, readToEnd bool, clients []*client.Client, stderr io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.mu.Lock()
	b.abort = cancel
	b.mu.Unlock()
	sctx, scancel := withTimeout(ctx, timeout)
	defer scancel()
	// readCtx ends the reading: Ctrl-C, and the deadline unless the
	// input is read to its end.
	readCtx := sctx
	if readToEnd {
		readCtx = ctx
	}
	var (
		mu      sync.Mutex
		givenUp serverErrors
	)
	batch, err := client.NewBatch(clients, client.BatchConfig{
		InFlight:      b.flags.inflight,
		PerMessage:    b.flags.perMessage,
		MaxMsgSize:    b.flags.maxMsgSize,
		Streams:       b.flags.streams,
		PuzzleTimeout: b.flags.puzzleTimeout,
		OnServerError: func(server string, err error) {
			mu.Lock()
			givenUp.add(server, err)
			mu.Unlock()
		},
	}, b.answer)
	if err != nil {
		return err
	}
	b.batch = batch
	readErr := make(chan error, 1)
	go func() { readErr <- b.read(readCtx, in) }()

	deadline := false
	if runErr := batch.Run(sctx); runErr != nil {
		switch {
		case ctx.Err() != nil:
			// Interrupted: stop here.
		case sctx.Err() != nil || deadlinePassed(sctx):
			// The streams can fail with the deadline (a server's own
			// timer of it, RST_STREAM) before sctx's timer has fired on
			// a loaded machine: the puzzles left are still the deadline's.
			deadline = true
			batch.FailRemaining(readCtx, errBatchDeadline)
		default:
			// Every server is given up: fail what remains, so that each
			// puzzle still gets its line.
			batch.FailRemaining(ctx, runErr)
		}
	}
	select {
	case err = <-readErr:
	default:
		select {
		case err = <-readErr:
		case <-readCtx.Done():
			// A read blocked on a terminal or a pipe is not waited for.
		}
	}
	mu.Lock()
	for _, m := range givenUp.notes() {
		fmt.Fprintln(stderr, m)
	}
	for _, m := range failureNotes(b.batch.Failures(), givenUp.first) {
		fmt.Fprintln(stderr, m)
	}
	mu.Unlock()
	for _, m := range b.hangNotes() {
		fmt.Fprintln(stderr, m)
	}
	if ctx.Err() != nil {
		// The count of the puzzles unanswered, here and in the summary,
		// is of the jobs the batch took.
		b.stopReading()
	}
	if ctx.Err() != nil && err == nil {
		err = errInterrupted
		if n := b.unanswered(); n > 0 {
			err = fmt.Errorf("%w with %d puzzle%s read and unanswered", errInterrupted, n, plural(n))
		}
		if !b.inputRead() {
			err = fmt.Errorf("%w; the input was not read to its end", err)
		}
	}
	if _, _, n := b.counts(); deadline && err == nil && n > 0 {
		err = fmt.Errorf("the batch's --timeout of %v passed with %d puzzles unanswered", timeout, n)
		if !b.inputRead() {
			err = fmt.Errorf("%w; the input was not read to its end", err)
		}
	}
	return err
}

// answer writes the answer of a puzzle sent.
func (b *batcher) answer(a client.Answer) {
	b.mu.Lock()
	j := b.pending[a.ID]
	delete(b.pending, a.ID)
	b.mu.Unlock()
	if j == nil {
		return
	}
	err := a.Err
	var big *client.ItemTooLargeError
	if errors.As(err, &big) {
		err = status.Errorf(codes.ResourceExhausted, "its request item is %d bytes, more than the largest message of %d bytes (-max-msg-size)", big.Size, big.Limit)
	}
	b.finish(j, a.Answer, err)
}

// serverErrors gathers the errors that made a batch give up streams, a
// line for each server: with several streams to a server (--streams, a
// dns:/// target), each stream given up reports its error, and a server
// refused by every stream is named once, not once a stream.
type serverErrors struct {
	order []string         // servers, in the order first given up
	first map[string]error // the first error of each server
	count map[string]int   // streams given up, by server
}

// add notes that a stream to server was given up with err.
func (e *serverErrors) add(server string, err error) {
	if e.first == nil {
		e.first, e.count = map[string]error{}, map[string]int{}
	}
	if _, ok := e.first[server]; !ok {
		e.order = append(e.order, server)
		e.first[server] = err
	}
	e.count[server]++
}

// notes returns a line for each server, naming its first error and, when
// more than one of its streams was given up, how many were.
func (e *serverErrors) notes() []string {
	notes := make([]string, 0, len(e.order))
	for _, server := range e.order {
		m := e.first[server].Error()
		if !strings.HasPrefix(m, server+" ") {
			m = server + ": " + m // the error does not name its server
		}
		m = "solverctl: " + m
		if n := e.count[server]; n > 1 {
			m = fmt.Sprintf("%s (%d streams given up)", m, n)
		}
		notes = append(notes, m)
	}
	return notes
}

// failureNotes says, for each server not given up whose streams failed
// and were opened again (a restart, a drain, a refusal for a while), how
// many and the first error: the puzzles were answered all the same, but
// the time they took needs a word.
func failureNotes(failed map[string]client.StreamFailures, givenUp map[string]error) []string {
	var notes []string
	for server, f := range failed {
		if _, ok := givenUp[server]; ok {
			continue // said already
		}
		times := fmt.Sprintf("%d times", f.Count)
		if f.Count == 1 {
			times = "once"
		}
		st := status.Convert(f.First)
		notes = append(notes, fmt.Sprintf("solverctl: note: %s: a stream failed or could not open %s and was retried, any puzzles it had out sent again (first: %s: %s)",
			server, times, st.Code(), st.Message()))
	}
	slices.Sort(notes)
	return notes
}

// hangNotes says, for each server whose streams were declared hung, how
// many were.
func (b *batcher) hangNotes() []string {
	var notes []string
	for name, n := range b.batch.Hangs() {
		notes = append(notes, hangNote(name, n, b.flags.puzzleTimeout))
	}
	slices.Sort(notes)
	return notes
}

// hangNote says that n streams to server were declared hung after
// timeout (--puzzle-timeout) without an answer.
func hangNote(server string, n int, timeout time.Duration) string {
	streams := "streams"
	if n == 1 {
		streams = "stream"
	}
	return fmt.Sprintf("solverctl: %s: %d %s declared hung (no answer in %v, --puzzle-timeout, or longer once the server had answered a probe); their puzzles were sent again", server, n, streams, timeout)
}

// inputRead reports whether the input was read to its end.
func (b *batcher) inputRead() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.readEOF
}

// deadlinePassed reports whether ctx has a deadline the clock has passed,
// whether or not its timer has fired yet.
func deadlinePassed(ctx context.Context) bool {
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// errBatchDeadline finishes the jobs left unanswered when the batch's
// --timeout passes.
var errBatchDeadline = errors.New("no answer before the batch's --timeout passed")

// read makes a job of every puzzle line of in, until its end or ctx
// ends. A line that cannot be sent (too long, not valid UTF-8, a puzzle
// text over the service's limit, bad JSON) is finished at once with an
// InvalidArgument error that names it, as the server would answer it:
// one bad line must not fail the message that would carry it.
func (b *batcher) read(ctx context.Context, in io.Reader) error {
	eof := false
	defer func() {
		b.mu.Lock()
		b.readEOF = eof
		b.mu.Unlock()
		b.batch.CloseInput()
	}()
	if b.puzzleArg != nil {
		eof = true
		return b.readPuzzleArg(ctx, *b.puzzleArg)
	}
	lr := newLineReader(in, maxInput)
	var list csvLines
	for ctx.Err() == nil {
		text, line, tooLong, err := lr.next()
		if err == io.EOF {
			eof = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading puzzles: %w", err)
		}
		if tooLong {
			b.refuse(b.newJob(line), status.Errorf(codes.InvalidArgument, "the line is %v", errTooLong))
			continue
		}
		record := text
		text, skip, err := list.next(text, b.flags.solve.charset)
		if skip {
			continue
		}
		if err != nil {
			// The record is echoed where its puzzle would be.
			j := b.newJob(line)
			j.puzzle = strings.TrimSpace(record)
			b.refuse(j, status.Errorf(codes.InvalidArgument, "%v", err))
			continue
		}
		j, err := b.parseLine(ctx, text, line)
		if j == nil {
			continue // blank or a comment
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil // interrupted while the line was read
			}
			b.refuse(j, err)
			continue
		}
		if !b.send(ctx, j) {
			return nil // interrupted
		}
	}
	return nil
}

// readPuzzleArg makes the job of a puzzle given on rate's command line:
// the whole text, as solve reads its PUZZLE, not its first field or its
// lines one by one (a grid's rows, the N×N form with spaces between its
// rows, whose first two fields read as a Str8ts in the simple form).
func (b *batcher) readPuzzleArg(ctx context.Context, arg string) error {
	j := b.newJob(1)
	text := strings.TrimSpace(arg)
	j.puzzle = text
	if why, ok := readsJSON(text, b.flags.solve.format, b.flags.solve.charset); ok {
		p, err := parseJSONPuzzle(text, why)
		if err != nil {
			b.refuse(j, lineError(err))
			return nil
		}
		j.json = b.flags.solve.jsonPuzzle(p, b.template.GetRegionMap())
	}
	j.item = b.item(j)
	if err := service.CheckPuzzleText("puzzle", j.item.GetPuzzle()); err != nil {
		b.refuse(j, lineError(err))
		return nil
	}
	b.send(ctx, j)
	return nil
}

// send hands job j to the batch, in pending first since its answer can
// come before Add returns; it reports false, j not read, once the run is
// interrupted (stopReading).
func (b *batcher) send(ctx context.Context, j *job) bool {
	b.sending.Lock()
	defer b.sending.Unlock()
	b.mu.Lock()
	if b.stopped {
		b.mu.Unlock()
		return false
	}
	b.pending[j.id] = j
	b.outstanding++
	b.mu.Unlock()
	if err := b.batch.Add(ctx, j.item); err != nil {
		// ctx ended: the job is not sent.
		b.mu.Lock()
		delete(b.pending, j.id)
		b.outstanding--
		b.mu.Unlock()
	}
	return true
}

// stopReading ends the reading of an interrupted run where pending is
// right: it waits for a job being handed to the batch (Add ends with the
// run's context), and the reader, which may still wait for input, adds
// none after.
func (b *batcher) stopReading() {
	b.sending.Lock()
	defer b.sending.Unlock()
	b.mu.Lock()
	b.stopped = true
	b.mu.Unlock()
}

// parseLine returns the job of a puzzle line, nil for a blank line or a
// comment, with the error that keeps it from being sent, if any: ctx's
// when it ends while the line is read (see service.LinePuzzleContext).
func (b *batcher) parseLine(ctx context.Context, text string, line int) (*job, error) {
	text = strings.TrimSpace(text)
	if text == "" || isComment(text, b.flags.solve.charset) {
		return nil, nil
	}
	j := b.newJob(line)
	if why, ok := readsJSON(text, b.flags.solve.format, b.flags.solve.charset); ok {
		// A JSON board is the whole line, spaces and all.
		j.puzzle = text
		p, err := parseJSONPuzzle(text, why)
		if err != nil {
			return j, lineError(err)
		}
		j.json = b.flags.solve.jsonPuzzle(p, b.template.GetRegionMap())
	} else {
		// The first field ends at any white space (a list copied from a
		// web page may have a no-break space before the rating); a Str8ts
		// in the simple form is its first two fields.
		p, err := service.LinePuzzleContext(ctx, text, b.flags.solve.variant, b.flags.solve.charset)
		if err != nil {
			return j, err
		}
		j.puzzle = p
	}
	j.item = b.item(j)
	if err := service.CheckPuzzleText("puzzle", j.item.GetPuzzle()); err != nil {
		return j, lineError(err)
	}
	return j, nil
}

// lineError is the error of a line refused before it is sent:
// InvalidArgument, with the field at fault of a field error
// (service.FieldOf) as a violation, the shape of the server's item errors
// (the output names the line in its first column, as for theirs).
func lineError(err error) error {
	st := status.New(codes.InvalidArgument, err.Error())
	if field, reason, ok := service.FieldOf(err); ok {
		v := &errdetails.BadRequest_FieldViolation{Field: field, Description: reason}
		if d, derr := st.WithDetails(&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{v}}); derr == nil {
			st = d
		}
	}
	return st.Err()
}

// refuse finishes a job read but not sent with err.
func (b *batcher) refuse(j *job, err error) {
	b.mu.Lock()
	b.outstanding++
	b.mu.Unlock()
	b.finish(j, nil, err)
}

// item returns the request item of j.
func (b *batcher) item(j *job) *sudokuv1.BatchItem {
	p := j.json
	if p == nil {
		p = &sudokuv1.Puzzle{
			Source:    &sudokuv1.Puzzle_Text{Text: j.puzzle},
			Format:    b.template.GetFormat(),
			Charset:   b.template.GetCharset(),
			RegionMap: b.template.GetRegionMap(),
			Variant:   b.template.GetVariant(),
			// -tolerant, or a live str8ts.com string, read as solve reads it.
			Tolerant: b.template.GetTolerant() || liveStr8ts(j.puzzle),
		}
	}
	// The batch prints no board: the basic result leaves it out.
	return &sudokuv1.BatchItem{Id: j.id, Puzzle: p, Options: b.options, View: sudokuv1.ResultView_RESULT_VIEW_BASIC}
}

// finish writes the outcome of j: resp, or err when no server answered.
func (b *batcher) finish(j *job, resp *sudokuv1.BatchAnswer, err error) {
	if !b.flags.solve.json && !b.flags.rate && err == nil && resp.GetResult() != nil {
		b.finishResult(j, resp.GetResult())
		return
	}
	rec := newBatchRecord(j, resp, err)
	var line []byte
	switch {
	case b.flags.solve.json:
		line = rec.json()
	case b.flags.rate:
		line = []byte(rec.rateText())
	default:
		line = []byte(rec.text())
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if j.finished {
		return // a late answer of a job answered elsewhere
	}
	j.finished = true
	if b.writeErr == nil {
		var werr error
		if b.flags.rate {
			werr = b.order.write(b.w, j.seq, append(line, '\n'))
		} else {
			werr = writeLine(b.w, append(line, '\n'))
		}
		if werr != nil {
			b.failWrite(werr)
		}
	}
	b.count(rec.Status, rec.Error != nil)
	if resp != nil {
		b.noteNoSolution(j, resp.GetResult().GetStatus())
	}
	if b.flags.rate && rec.Error == nil && (rec.Explainer == nil || !rec.Explainer.Rated) {
		b.unrated++
	}
	if resp != nil {
		b.answered++
	}
}

// finishResult writes the text line of a job answered with a result, the
// common case, straight to the output: a batch has many.
func (b *batcher) finishResult(j *job, r *sudokuv1.SolveResult) {
	status := statusText(r.GetStatus())
	b.mu.Lock()
	defer b.mu.Unlock()
	if j.finished {
		return // a late answer of a job answered elsewhere
	}
	j.finished = true
	if b.writeErr == nil {
		l := append(b.line[:0], j.id...)
		l = append(l, '\t')
		l = append(l, status...)
		l = append(l, '\t')
		l = append(l, r.GetPlain()...)
		l = append(l, '\t')
		l = strconv.AppendUint(l, uint64(r.GetStepCount()), 10)
		l = append(l, '\t')
		l = append(l, difficultyWord(r.GetDifficulty().GetLevel())...)
		l = append(l, '\n')
		b.line = l
		if werr := writeLine(b.w, l); werr != nil {
			b.failWrite(werr)
		}
	}
	b.count(status, false)
	b.noteNoSolution(j, r.GetStatus())
	b.answered++
}

// noteNoSolution counts a job answered with status whose puzzle, a 2.0
// string read strictly without a solution, reads as another board with
// -tolerant (see solveOutcome). b.mu is held.
func (b *batcher) noteNoSolution(j *job, status sudokuv1.SolveStatus) {
	p := j.item.GetPuzzle()
	if status == sudokuv1.SolveStatus_SOLVE_STATUS_NO_SOLUTION && !p.GetTolerant() && protoconv.TolerantReadsOtherwise(p.GetText()) {
		b.otherTolerant++
	}
}

// tolerantNote is the note printed after the summary when some puzzles
// without a solution read as other boards with -tolerant; "" for none.
func (b *batcher) tolerantNote() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.otherTolerant == 0 {
		return ""
	}
	return fmt.Sprintf("solverctl: note: with -tolerant, %d no_solution puzzle%s read as other boards: interim base-32 2.0 strings, as SudokuWiki wrote them early in November 2024? try -tolerant",
		b.otherTolerant, plural(b.otherTolerant))
}

// writeLine writes line, which ends in a line break, to w, first
// flushing what w holds when line does not fit beside it: w then writes
// whole lines to its output, so that the lines of runs appending to one
// file (>> results) are not cut into each other at w's buffer size.
func writeLine(w *bufio.Writer, line []byte) error {
	if len(line) > w.Available() && w.Buffered() > 0 {
		if err := w.Flush(); err != nil {
			return err
		}
	}
	_, err := w.Write(line)
	return err
}

// failWrite records that the output failed with err and stops the run:
// solving on would write nothing (a full disk once took a whole batch of
// 200,000 puzzles to a summary of them all solved). b.mu is held.
func (b *batcher) failWrite(err error) {
	b.writeErr = err
	if b.abort != nil {
		b.abort()
	}
}

// count records a job finished with status, failed or not.
func (b *batcher) count(status string, failed bool) {
	b.done++
	b.byStatus[status]++
	if failed {
		b.nFailed++
	}
	b.outstanding--
}

// statusText is the name of a status in batch output: "solved",
// "no_solution", ...
func statusText(s sudokuv1.SolveStatus) string {
	if t, ok := statusTexts[s]; ok {
		return t
	}
	return strings.ReplaceAll(enumText(s.String(), "SOLVE_STATUS_"), " ", "_")
}

// difficultyWord is the level of a rating in batch output: "easy",
// "diabolical", "unrated" for none.
func difficultyWord(l sudokuv1.DifficultyLevel) string {
	if t, ok := difficultyWords[l]; ok {
		return t
	}
	return strings.ReplaceAll(enumText(l.String(), "DIFFICULTY_LEVEL_"), " ", "_")
}

// The batch output's names of every status and level, made once.
var (
	statusTexts = func() map[sudokuv1.SolveStatus]string {
		m := map[sudokuv1.SolveStatus]string{}
		for v, name := range sudokuv1.SolveStatus_name {
			m[sudokuv1.SolveStatus(v)] = strings.ReplaceAll(enumText(name, "SOLVE_STATUS_"), " ", "_")
		}
		return m
	}()
	difficultyWords = func() map[sudokuv1.DifficultyLevel]string {
		m := map[sudokuv1.DifficultyLevel]string{sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED: "unrated"}
		for v, name := range sudokuv1.DifficultyLevel_name {
			if l := sudokuv1.DifficultyLevel(v); l != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED {
				m[l] = strings.ReplaceAll(enumText(name, "DIFFICULTY_LEVEL_"), " ", "_")
			}
		}
		return m
	}()
)

// flush writes what is buffered and returns the first write error. rate's
// lines held back behind one never answered (an interrupted run) are
// written first, in order, the gap left.
func (b *batcher) flush() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.writeErr == nil {
		b.writeErr = b.order.drain(b.w)
	}
	if b.writeErr == nil {
		b.writeErr = b.w.Flush()
	}
	return b.writeErr
}

// counts returns the number of jobs finished, of those that failed, and
// of those finished unanswered when the batch's --timeout passed.
func (b *batcher) counts() (done, failed, deadline int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.done, b.nFailed, b.byStatus["deadline"]
}

// unanswered returns the number of puzzles read (sent, or queued to be)
// and not answered, which get no line: those of a batch interrupted.
func (b *batcher) unanswered() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.pending)
}

// summary is the line printed at the end of a batch.
func (b *batcher) summary() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	elapsed := time.Since(b.start)
	var parts []string
	for _, s := range []string{"solved", "no_solution", "multiple_solutions", "stuck", "error", "deadline"} {
		if n := b.byStatus[s]; n > 0 || s == "solved" || s == "error" {
			label := strings.ReplaceAll(s, "_", " ")
			if s == "error" {
				label = "failed"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, label))
		}
	}
	if b.flags != nil && b.flags.rate {
		// A puzzle solved is not rated when Sudoku Explainer cannot rate
		// it (a big board, a variant, several solutions).
		rated := b.done - b.nFailed - b.unrated
		parts = append([]string{fmt.Sprintf("%d rated", rated), fmt.Sprintf("%d not rated", b.unrated)}, parts...)
	}
	if n := len(b.pending); n > 0 {
		parts = append(parts, fmt.Sprintf("%d read and unanswered", n))
	}
	rate := fmt.Sprintf("%.0f/s", float64(b.answered)/elapsed.Seconds())
	if b.answered != b.done {
		rate = fmt.Sprintf("%d answered, %s", b.answered, rate)
	}
	return fmt.Sprintf("solverctl: %d puzzle%s in %v (%s): %s", b.done, plural(b.done), elapsed.Round(time.Millisecond),
		rate, strings.Join(parts, ", "))
}

// batchRecord is the outcome of one puzzle, as printed. A result sets
// one of Solution and Board: Solution is the solved board (status
// solved, or the first solution found of multiple_solutions), Board the
// board where a solve that found no solution stopped (stuck,
// no_solution), a partial board, not an answer.
type batchRecord struct {
	ID         string  `json:"id"`
	Line       int     `json:"line"`
	Puzzle     string  `json:"puzzle"`
	Status     string  `json:"status"`
	Solution   string  `json:"solution,omitempty"`
	Board      string  `json:"board,omitempty"`
	Steps      *uint32 `json:"steps,omitempty"`
	Guesses    *uint32 `json:"guesses,omitempty"`
	Difficulty string  `json:"difficulty,omitempty"`
	Score      *uint32 `json:"score,omitempty"`
	// LogicShareSpent: logic ran out of its share of the deadline, so
	// steps, guesses and the rating are this run's (see SolveResult).
	LogicShareSpent bool `json:"logic_share_spent,omitempty"`
	// Explainer is Sudoku Explainer's rating, which rate asks for.
	Explainer *explainerRecord `json:"explainer,omitempty"`
	Error     *batchError      `json:"error,omitempty"`
}

// json returns r as one line of JSON. Unlike json.Marshal it leaves <, >
// and & as they are (a puzzle or message holding them is printed as read:
// the output is no HTML page).
func (r *batchRecord) json() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r) // strings and numbers: it cannot fail
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// batchError is the error of one puzzle.
type batchError struct {
	Code       string           `json:"code"`
	Message    string           `json:"message"`
	Violations []batchViolation `json:"violations,omitempty"`
	// Reason tells, for ResourceExhausted, a bound of the request
	// (STEP_LIMIT, NODE_LIMIT, ...) from the server's load (OVERLOADED).
	Reason string `json:"reason,omitempty"`
}

type batchViolation struct {
	Field       string `json:"field"`
	Description string `json:"description"`
}

func newBatchRecord(j *job, resp *sudokuv1.BatchAnswer, err error) *batchRecord {
	rec := &batchRecord{ID: j.id, Line: j.line, Puzzle: j.puzzle}
	switch {
	case errors.Is(err, errBatchDeadline):
		rec.Status = "deadline"
		rec.Error = &batchError{Code: codes.DeadlineExceeded.String(), Message: err.Error()}
	case err != nil:
		st := status.Convert(err)
		rec.Status = "error"
		rec.Error = &batchError{Code: st.Code().String(), Message: st.Message()}
		for _, d := range st.Details() {
			switch d := d.(type) {
			case *errdetails.BadRequest:
				for _, v := range d.GetFieldViolations() {
					rec.Error.Violations = append(rec.Error.Violations, batchViolation{Field: v.GetField(), Description: v.GetDescription()})
				}
			case *errdetails.ErrorInfo:
				rec.Error.Reason = d.GetReason()
			}
		}
	case resp.GetError() != nil:
		ie := resp.GetError()
		rec.Status = "error"
		rec.Error = &batchError{Code: codes.Code(ie.GetCode()).String(), Message: ie.GetMessage(), Reason: ie.GetReason()}
		for _, v := range ie.GetViolations() {
			rec.Error.Violations = append(rec.Error.Violations, batchViolation{Field: v.GetField(), Description: v.GetDescription()})
		}
	default:
		r := resp.GetResult()
		rec.Status = statusText(r.GetStatus())
		if solvedStatus(r.GetStatus()) {
			rec.Solution = r.GetPlain()
		} else {
			rec.Board = r.GetPlain()
		}
		steps, guesses, score := r.GetStepCount(), r.GetGuessCount(), r.GetDifficulty().GetScore()
		rec.Steps, rec.Guesses, rec.Score = &steps, &guesses, &score
		rec.LogicShareSpent = r.GetLogicShareSpent()
		rec.Difficulty = "unrated"
		if l := r.GetDifficulty().GetLevel(); l != sudokuv1.DifficultyLevel_DIFFICULTY_LEVEL_UNSPECIFIED {
			rec.Difficulty = enumText(l.String(), "DIFFICULTY_LEVEL_")
		}
		if x := r.GetExplainer(); x != nil {
			rec.Explainer = &explainerRecord{Rated: x.GetRated(), ER: x.GetEr(), EP: x.GetEp(), ED: x.GetEd(), Reason: x.GetReason()}
		}
	}
	return rec
}

// text renders the record as a line of tab-separated fields.
func (r *batchRecord) text() string {
	if r.Error != nil {
		msg := r.Error.Message
		for _, v := range r.Error.Violations {
			if !strings.Contains(msg, v.Field) {
				msg += "; " + v.Field + ": " + v.Description
			}
		}
		return strings.Join([]string{r.ID, r.Status, "-", "-", "-", r.Error.Code + ": " + oneLine(msg)}, "\t")
	}
	// The third field is the board reached, the solution or not: the
	// status before it tells which.
	return strings.Join([]string{r.ID, r.Status, r.Solution + r.Board, strconv.Itoa(int(*r.Steps)), strings.ReplaceAll(r.Difficulty, " ", "_")}, "\t")
}

// solvedStatus reports whether a result of status s holds a solution:
// solved, or multiple_solutions (the first solution found). A stuck or
// no_solution result holds the board where the solve stopped.
func solvedStatus(s sudokuv1.SolveStatus) bool {
	return s == sudokuv1.SolveStatus_SOLVE_STATUS_SOLVED || s == sudokuv1.SolveStatus_SOLVE_STATUS_MULTIPLE_SOLUTIONS
}

// oneLine replaces the line breaks and tabs of s by spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
}

// countPuzzles counts the puzzle lines of a file, for the progress bar,
// its puzzles written with charset; -1 when it cannot (the reading of the
// batch then says why).
func countPuzzles(file, charset string) int {
	f, err := os.Open(file)
	if err != nil {
		return -1
	}
	defer f.Close()
	n := 0
	lr := newLineReader(f, maxInput)
	for {
		text, _, tooLong, err := lr.next()
		if err == io.EOF {
			return n
		}
		if err != nil {
			return -1
		}
		if text = strings.TrimSpace(text); tooLong || text != "" && !isComment(text, charset) {
			n++
		}
	}
}

// isRegular reports whether r is a regular file, which has an end that
// reading reaches soon.
func isRegular(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode().IsRegular()
}

// pipedIn reports whether r is a pipe or a file with something in it:
// standard input that holds a puzzle, most likely.
func pipedIn(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && (fi.Mode()&os.ModeNamedPipe != 0 || fi.Mode().IsRegular() && fi.Size() > 0)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressBar redraws a progress line on a terminal until stopped.
type progressBar struct {
	stopc chan struct{}
	done  chan struct{}
}

func startProgress(w io.Writer, b *batcher, total int) *progressBar {
	p := &progressBar{stopc: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				done, _, _ := b.counts()
				fmt.Fprint(w, "\r"+progressLine(done, total, time.Since(b.start), 30)+"\033[K")
			case <-p.stopc:
				fmt.Fprint(w, "\r\033[K")
				return
			}
		}
	}()
	return p
}

// stop clears the progress line.
func (p *progressBar) stop() {
	close(p.stopc)
	<-p.done
}

// progressLine renders the progress of done puzzles of total (-1 when
// unknown) after elapsed, with a bar width characters wide.
func progressLine(done, total int, elapsed time.Duration, width int) string {
	rate := 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	if total <= 0 {
		return fmt.Sprintf("%d puzzles  %.0f/s  %v", done, rate, elapsed.Round(time.Second))
	}
	frac := min(1, float64(done)/float64(total))
	filled := int(frac * float64(width))
	bar := strings.Repeat("=", filled) + strings.Repeat(" ", width-filled)
	if filled > 0 && filled < width {
		bar = bar[:filled-1] + ">" + bar[filled:]
	}
	eta := "--:--"
	if rate > 0 {
		eta = clock(time.Duration(float64(total-done) / rate * float64(time.Second)))
	}
	return fmt.Sprintf("[%s] %d/%d %3.0f%%  %.0f/s  ETA %s", bar, done, total, 100*frac, rate, eta)
}

// clock renders d as m:ss, or h:mm:ss from an hour.
func clock(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
