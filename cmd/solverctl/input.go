package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxServiceText is the most puzzle text (and region map) the service
// takes in one puzzle, in bytes.
const maxServiceText = 64 << 10

// maxInput bounds what solverctl reads for one puzzle, from @FILE, - or a
// batch line: twice what the service takes as text, the margin leaving
// room for white space around it and for a structured board as JSON.
const maxInput = 2 * maxServiceText

// errTooLong is the error of an input longer than maxInput.
var errTooLong = fmt.Errorf("more than %d bytes (the service takes at most %d bytes of puzzle text)", maxInput, maxServiceText)

// readArg returns the text an argument stands for: the contents of FILE for
// @FILE, all of stdin for - (when stdinOK), else the argument itself. Text
// read is trimmed of surrounding white space. It reads at most maxInput
// bytes, failing beyond, and gives up when ctx ends (Ctrl-C), even while
// a read is blocked on a terminal or a pipe.
func readArg(ctx context.Context, stdin io.Reader, arg string, stdinOK bool) (string, error) {
	var (
		r    io.Reader
		name string
	)
	switch {
	case arg == "-" && stdinOK:
		r, name = stdin, "standard input"
	case strings.HasPrefix(arg, "@"):
		f, err := os.Open(arg[1:])
		if err != nil {
			return "", err
		}
		defer f.Close()
		r, name = f, arg[1:]
	default:
		if len(arg) > maxInput {
			return "", fmt.Errorf("the argument is %w", errTooLong)
		}
		return arg, nil
	}
	b, err := readBounded(ctx, r, maxInput)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// readBounded reads r to its end, at most limit bytes: beyond them it
// fails with errTooLong. It returns ctx's error as soon as ctx ends; the
// read blocked then is left to finish in the background.
func readBounded(ctx context.Context, r io.Reader, limit int) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	go func() {
		b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
		if err == nil && len(b) > limit {
			b, err = nil, errTooLong
		}
		done <- result{b, err}
	}()
	select {
	case res := <-done:
		return res.b, res.err
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.Canceled) {
			return nil, errors.New("interrupted")
		}
		return nil, ctx.Err()
	}
}

// lineReader reads the lines of a batch input, each at most max bytes.
// A longer line is skipped to its end and reported, so that the lines
// after it are still read.
type lineReader struct {
	r    *bufio.Reader
	max  int
	line int // the number of the line last read, from 1
	buf  []byte
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line, without its line break, and its number.
// tooLong tells that the line had more than max bytes; text is then
// empty. At the end of the input, err is io.EOF.
func (lr *lineReader) next() (text string, line int, tooLong bool, err error) {
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !tooLong {
			if len(lr.buf)+len(chunk) > lr.max+2 { // room for "\r\n"
				tooLong, lr.buf = true, lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(lr.buf) > 0 || tooLong):
			// A last line without a line break.
		case err != nil:
			return "", 0, false, err
		}
		lr.line++
		s := strings.TrimRight(string(lr.buf), "\r\n")
		if len(s) > lr.max {
			tooLong, s = true, ""
		}
		return s, lr.line, tooLong, nil
	}
}
