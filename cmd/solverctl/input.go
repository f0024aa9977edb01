package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/sudokuwise/solver/service"
)

// maxInput bounds what solverctl reads for one puzzle, from @FILE, - or a
// batch line: twice what the service takes as text, the margin leaving
// room for white space around it and for a structured board as JSON.
const maxInput = 2 * service.MaxTextLen

// errTooLong is the error of an input longer than maxInput.
var errTooLong = fmt.Errorf("more than %d bytes (the service takes at most %d bytes of puzzle text)", maxInput, service.MaxTextLen)

// readArg returns the text an argument stands for: the contents of FILE for
// @FILE, all of stdin for - (when stdinOK), else the argument itself. Text
// read is trimmed of surrounding white space and of the comment lines it
// starts with (see skipComments); one that is then empty is an error. It
// reads at most maxInput bytes, failing beyond, and gives up when ctx ends
// (Ctrl-C), even while a read is blocked on a terminal or a pipe.
func readArg(ctx context.Context, stdin io.Reader, arg string, stdinOK bool) (string, error) {
	var (
		r    io.Reader
		name string
	)
	switch {
	case arg == "-" && stdinOK:
		r, name = stdin, "standard input"
	case strings.HasPrefix(arg, "@"):
		if strings.TrimSpace(arg[1:]) == "" {
			return "", errors.New("@ names no file: write @FILE, the file's name right after the @")
		}
		f, err := openFile(ctx, arg[1:])
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
	text, ok, err := fromUTF16(b)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	if !ok {
		text = string(b)
	}
	text = strings.TrimSpace(strings.TrimPrefix(text, byteOrderMark))
	switch rest := skipComments(text); {
	case text == "":
		return "", fmt.Errorf("reading %s: it is empty", name)
	case rest == "":
		return "", fmt.Errorf("reading %s: it holds only comment lines (# ...), no puzzle", name)
	default:
		return rest, nil
	}
}

// skipComments returns text without the comment lines it starts with,
// and the blank lines among them: lines that start with '#' alone or
// before white space ("# source"), as a list of puzzles writes them (see
// isComment). '#' followed by anything else starts no comment: the N×N
// form's charset line (#ABCD) and "### Map" line start so.
func skipComments(text string) string {
	for text != "" {
		line, rest, _ := strings.Cut(text, "\n")
		if t := strings.TrimSpace(line); t != "" && !isComment(t, "#") {
			break
		}
		text = strings.TrimSpace(rest)
	}
	return text
}

// UTF-16 byte order marks, little- and big-endian: neither starts valid
// UTF-8.
var (
	utf16LE = []byte{0xff, 0xfe}
	utf16BE = []byte{0xfe, 0xff}
)

// fromUTF16 returns b as UTF-8 when it is UTF-16 text starting with its
// byte order mark, as Windows writes text (Notepad's "Unicode", the >
// and Out-File of PowerShell 5); ok is false for any other b. A last odd
// byte of white space (cmd's echo >> appends one) is dropped; another odd
// byte makes it no text.
func fromUTF16(b []byte) (text string, ok bool, err error) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(b, utf16LE):
		order = binary.LittleEndian
	case bytes.HasPrefix(b, utf16BE):
		order = binary.BigEndian
	default:
		if order, ok := bareUTF16(b); ok {
			// No mark to skip: decode from the first byte.
			return decodeUTF16(append([]byte{0, 0}, trimOdd(b)...), order), true, nil
		}
		return "", false, nil
	}
	if len(b)%2 != 0 {
		if last := b[len(b)-1]; last != '\n' && last != '\r' && last != ' ' && last != '\t' {
			return "", false, errors.New("the text starts with a UTF-16 byte order mark but has an odd number of bytes; save it as UTF-8")
		}
		b = b[:len(b)-1]
	}
	return decodeUTF16(b, order), true, nil
}

// decodeUTF16 returns b, UTF-16 of order after its first two bytes (its
// byte order mark) and of even length, as UTF-8.
func decodeUTF16(b []byte, order binary.ByteOrder) string {
	u := make([]uint16, len(b)/2-1)
	for i := range u {
		u[i] = order.Uint16(b[2+2*i:])
	}
	return string(utf16.Decode(u))
}

// trimOdd returns b without a last odd byte.
func trimOdd(b []byte) []byte { return b[:len(b)&^1] }

// bareUTF16 reports whether b is ASCII written as UTF-16 without a byte
// order mark (a NUL byte before or after each character, as some
// exporters write it), and in which byte order. No puzzle text holds a
// NUL, so such a text is read as what it says rather than refused at its
// first NUL. A last odd byte of white space is allowed, as fromUTF16
// allows it.
func bareUTF16(b []byte) (binary.ByteOrder, bool) {
	if len(b)%2 != 0 {
		if last := b[len(b)-1]; last != '\n' && last != '\r' && last != ' ' && last != '\t' {
			return nil, false
		}
		b = b[:len(b)-1]
	}
	if len(b) < 4 {
		return nil, false
	}
	ascii := func(c byte) bool { return c != 0 && c < 0x80 }
	le, be := true, true
	for i := 0; i < len(b) && (le || be); i += 2 {
		le = le && ascii(b[i]) && b[i+1] == 0
		be = be && b[i] == 0 && ascii(b[i+1])
	}
	switch {
	case le:
		return binary.LittleEndian, true
	case be:
		return binary.BigEndian, true
	}
	return nil, false
}

// byteOrderMark is the UTF-8 byte order mark that Windows editors write at
// the start of a text file: not part of its first puzzle.
const byteOrderMark = "\ufeff"

// openFile opens the file name for reading, giving up when ctx ends:
// opening a FIFO blocks until a writer opens it too, and Ctrl-C must end
// that wait as it ends a read. A file opened after ctx ended is closed.
func openFile(ctx context.Context, name string) (*os.File, error) {
	type result struct {
		f   *os.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := os.Open(name)
		done <- result{f, err}
	}()
	select {
	case res := <-done:
		return res.f, res.err
	case <-ctx.Done():
		go func() {
			if res := <-done; res.f != nil {
				res.f.Close()
			}
		}()
		if errors.Is(ctx.Err(), context.Canceled) {
			return nil, fmt.Errorf("opening %s: %w", name, errInterrupted)
		}
		return nil, fmt.Errorf("opening %s: %w", name, ctx.Err())
	}
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

// maxSkip bounds how much of a line too long solverctl skips to find its
// end: input with no line break in that much (binary data, /dev/zero) is
// not lines of puzzles, and reading it stops with an error rather than
// going on for ever.
const maxSkip = 128 * maxInput

// lineReader reads the lines of a batch input, each at most max bytes.
// A longer line is reported as soon as it passes max and then skipped to
// its end, at most maxSkip bytes, so that the lines after it are still
// read.
type lineReader struct {
	r        *bufio.Reader
	max      int
	line     int // the number of the line last read, from 1
	buf      []byte
	skipping bool // the line last reported too long goes on
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(&lineEnds{r: r}, 64<<10), max: max}
}

// lineEnds reads r with each CRLF and each lone CR turned into LF, so
// that lines ending in CR alone (old Mac files, some spreadsheets'
// exports) are lines too, not one line of all the puzzles.
type lineEnds struct {
	r  io.Reader
	cr bool // the last byte read was a CR
}

func (l *lineEnds) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	j := 0
	for _, c := range p[:n] {
		switch {
		case c == '\n' && l.cr:
			// The LF of a CRLF, whose CR was written as the line break.
		case c == '\r':
			p[j] = '\n'
			j++
		default:
			p[j] = c
			j++
		}
		l.cr = c == '\r'
	}
	return j, err
}

// next returns the next line, without its line break (LF, CRLF or a
// lone CR) and the UTF-8 byte order mark, or other invisible format
// characters, that start it, and its number.
// tooLong tells that the line had more than max bytes; text is then
// empty. At the end of the input, err is io.EOF; a line that goes on for
// more than maxSkip bytes without a line break ends the reading with an
// error naming it.
func (lr *lineReader) next() (text string, line int, tooLong bool, err error) {
	if lr.skipping {
		if err := lr.skip(); err != nil {
			return "", 0, false, err
		}
	}
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if len(lr.buf)+len(chunk) > lr.max+2+len(byteOrderMark) { // room for "\r\n" and a mark
			lr.line++
			lr.skipping = err == bufio.ErrBufferFull
			return "", lr.line, true, nil
		}
		lr.buf = append(lr.buf, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(lr.buf) > 0:
			// A last line without a line break.
		case err != nil:
			return "", 0, false, err
		}
		lr.line++
		s := strings.TrimRight(string(lr.buf), "\r\n")
		if lr.line == 1 && (bytes.HasPrefix(lr.buf, utf16LE) || bytes.HasPrefix(lr.buf, utf16BE)) {
			return "", 0, false, errors.New("the input is UTF-16 text (it starts with a UTF-16 byte order mark): batch and rate read UTF-8; save it as UTF-8")
		}
		if lr.line == 1 && bytes.Count(lr.buf, []byte{0}) >= len(lr.buf)/3 && len(lr.buf) >= 4 {
			// A NUL every other byte: UTF-16 without its mark.
			return "", 0, false, errors.New("the input looks like UTF-16 text without a byte order mark (a NUL byte every other byte): batch and rate read UTF-8; save it as UTF-8")
		}
		// Not only the first line: files joined (cat a.txt b.txt) each
		// start with the mark their editor wrote, before a comment too;
		// lines copied from a web page may start with a zero-width space
		// or another invisible format character (Unicode's Cf, as the
		// mark is), which no puzzle format holds: each such line was
		// read as a puzzle, a comment after it refused as one.
		s = strings.TrimLeftFunc(s, func(r rune) bool { return unicode.Is(unicode.Cf, r) })
		if len(s) > lr.max {
			return "", lr.line, true, nil
		}
		return s, lr.line, false, nil
	}
}

// skip reads the rest of the line last reported too long, up to and
// including its line break.
func (lr *lineReader) skip() error {
	skipped := lr.max
	for {
		chunk, err := lr.r.ReadSlice('\n')
		skipped += len(chunk)
		switch {
		case err == nil || err == io.EOF:
			lr.skipping = false
			return err
		case err != bufio.ErrBufferFull:
			return err
		case skipped > maxSkip:
			return fmt.Errorf("line %d has no line break in its first %d MiB: the input is not lines of puzzles (binary data?)", lr.line, maxSkip>>20)
		}
	}
}

// isComment reports whether a line of a list of puzzles, trimmed, is a
// comment: one that starts with '#'. When the puzzles' charset holds '#'
// (a symbol, often the blank of the N×N form, as in #ABCD), a puzzle may
// start with it, so only '#' alone or before white space starts one: a
// "#note" line is then read as a puzzle and refused, not skipped without
// a word.
func isComment(line, charset string) bool {
	if !strings.HasPrefix(line, "#") {
		return false
	}
	if !strings.Contains(charset, "#") {
		return true
	}
	rest := line[1:]
	return rest == "" || strings.IndexFunc(rest, unicode.IsSpace) == 0
}
