package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"google.golang.org/protobuf/encoding/protojson"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// formatJSON is the --format of a structured board written as protojson:
// a Board, as convert --to json writes it, or a whole Puzzle. The service
// has no such text format; solverctl reads the board itself and sends it
// as Puzzle.board, so this value never goes over the wire.
const formatJSON sudokuv1.Format = -1

// looksJSON reports whether text, read with charset, is a JSON object:
// it starts with a brace, which no text format of a puzzle does, unless
// the charset makes it a symbol.
func looksJSON(text, charset string) bool {
	return strings.HasPrefix(strings.TrimSpace(text), "{") && !strings.Contains(charset, "{")
}

// readsJSON reports whether text is read as protojson under format and
// charset, and why, for its errors: the flag, or the text's opening brace.
func readsJSON(text string, format sudokuv1.Format, charset string) (why string, ok bool) {
	switch {
	case format == formatJSON:
		return "--format json", true
	case format == sudokuv1.Format_FORMAT_UNSPECIFIED && looksJSON(text, charset):
		return "it starts with '{'", true
	}
	return "", false
}

// parseJSONPuzzle reads text as protojson: a Board (what convert --to json
// writes), else a Puzzle ({"board": …} or {"text": …}). The error is the
// Puzzle's for an object with a "text" or "board" member (one that sets
// both says so), else the Board's, the form documented; why (see
// readsJSON) says in it why the text was read as JSON.
func parseJSONPuzzle(text, why string) (*sudokuv1.Puzzle, error) {
	text = protoconv.StripInvisible(text) // as every text format skips them
	b := new(sudokuv1.Board)
	berr := protojson.Unmarshal([]byte(text), b)
	if berr == nil {
		return &sudokuv1.Puzzle{Source: &sudokuv1.Puzzle_Board{Board: b}}, nil
	}
	p := new(sudokuv1.Puzzle)
	perr := protojson.Unmarshal([]byte(text), p)
	if perr == nil && p.GetSource() != nil {
		return p, nil
	}
	keys := topLevelKeys(text)
	if keys == nil {
		// Not a JSON object at all: say where the syntax breaks, rather
		// than what protojson first disliked.
		if t := strings.TrimSpace(text); !strings.HasPrefix(t, "{") {
			r, _ := utf8.DecodeRuneInString(t)
			return nil, fmt.Errorf("reading the puzzle as JSON (%s): the text is not a JSON object: it starts with %q, not '{'", why, r)
		}
		var v any
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return nil, fmt.Errorf("reading the puzzle as JSON (%s): %v at byte %d", why, err, se.Offset)
			}
			return nil, fmt.Errorf("reading the puzzle as JSON (%s): %v", why, err)
		}
	}
	switch {
	case keys["text"] && keys["board"]:
		return nil, fmt.Errorf(`reading the puzzle as JSON (%s): it sets both "text" and "board", and a Puzzle takes one of them: the puzzle as text, or as a structured board`, why)
	case perr != nil && (keys["text"] || keys["board"]):
		// A Puzzle, not a Board: its own error says what is wrong.
		return nil, fmt.Errorf("reading the puzzle as a JSON Puzzle (%s): %v", why, perr)
	}
	return nil, fmt.Errorf("reading the puzzle as a JSON board (%s): %v", why, berr)
}

// topLevelKeys returns the names of the members of the JSON object text,
// or nil when text is not one.
func topLevelKeys(text string) map[string]bool {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &m) != nil {
		return nil
	}
	keys := make(map[string]bool, len(m))
	for k := range m {
		keys[k] = true
	}
	return keys
}

// jsonPuzzle completes a puzzle read as JSON with the flags: the variant
// and charset (of step names), and the format, charset and region map of
// a text puzzle, where the JSON sets none.
func (f *solveFlags) jsonPuzzle(p *sudokuv1.Puzzle, regionMap string) *sudokuv1.Puzzle {
	if p.GetVariant() == sudokuv1.Variant_VARIANT_UNSPECIFIED {
		p.Variant = f.variant
	}
	if p.GetCharset() == "" {
		p.Charset = f.charset
	}
	p.Tolerant = p.GetTolerant() || f.tolerant
	if _, ok := p.GetSource().(*sudokuv1.Puzzle_Text); ok {
		if p.GetFormat() == sudokuv1.Format_FORMAT_UNSPECIFIED && f.format != formatJSON {
			p.Format = f.format
		}
		if p.GetRegionMap() == "" {
			p.RegionMap = regionMap
		}
	}
	return p
}
