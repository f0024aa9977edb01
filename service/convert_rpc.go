package service

import (
	"context"
	"errors"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/protoconv"
)

// Convert decodes a puzzle in any format and encodes it in the one asked
// for (FORMAT_V2 writes the 2.0 string of the puzzle's variant; none does
// too, but SudoCue's form for a killer X, which has no 2.0 string),
// returning the decoded board with its pencil marks as given and the
// format the text was read as.
func (s *Server) Convert(ctx context.Context, req *sudokuv1.ConvertRequest) (*sudokuv1.ConvertResponse, error) {
	to, ok := protoconv.FormatFromProto[req.GetTo()]
	if !ok {
		return nil, toStatus(grid.FieldErrorf("to", "unknown format %d", req.GetTo()))
	}
	p, detected, err := convertInput("puzzle", req.GetPuzzle(), req.GetTolerant())
	if err != nil {
		return nil, toStatus(err)
	}
	text, err := codec.Encode(p, to)
	var fe *grid.FieldError
	if err != nil && to == codec.FormatAuto && errors.As(err, &fe) {
		// No text format carries the board (a killer X with clues): the
		// board alone answers a request that named none.
		text, err = "", nil
	}
	if err != nil {
		if errors.As(err, &fe) {
			// The format asked for cannot carry the puzzle.
			err = &grid.FieldError{Field: "to", Reason: fe.Reason}
		}
		return nil, toStatus(err)
	}
	return &sudokuv1.ConvertResponse{Text: text, Board: protoconv.PuzzleToProto(p), Detected: protoconv.FormatToProto[detected], Charset: p.Charset}, nil
}

// convertInput decodes the puzzle of a Convert request and settles its
// variant: the one its text names, else the request's. It checks the
// puzzle's regions and cages, not its digits: a state with a wrong entry
// converts as it is. The format is FormatAuto for a structured board.
func convertInput(field string, p *sudokuv1.Puzzle, tolerant bool) (*codec.Puzzle, codec.Format, error) {
	if p == nil {
		return nil, 0, grid.FieldErrorf(field, "a puzzle is required")
	}
	if err := CheckPuzzleText(field, p); err != nil {
		return nil, 0, err
	}
	variant, ok := protoconv.VariantFromProto[p.GetVariant()]
	if !ok {
		return nil, 0, grid.FieldErrorf(field+".variant", "unknown variant %d", p.GetVariant())
	}
	var (
		cp       *codec.Puzzle
		detected = codec.FormatAuto
		err      error
	)
	switch src := p.GetSource().(type) {
	case *sudokuv1.Puzzle_Board:
		if cp, err = boardPuzzle(field, p, src.Board); err != nil {
			return nil, 0, err
		}
	case *sudokuv1.Puzzle_Text:
		if cp, detected, err = decodeText(field, p, tolerant || p.GetTolerant()); err != nil {
			return nil, 0, err
		}
	default:
		return nil, 0, grid.FieldErrorf(field, "set either board or text")
	}
	if err := checkVariant(field, p, cp, detected); err != nil {
		return nil, 0, err
	}
	cp.Variant, cp.VariantSet = cp.EffectiveVariant(variant), true
	if _, err := cp.Layout(cp.Variant); err != nil {
		if p.GetBoard() != nil {
			return nil, 0, inField(field+".board", puzzleBoard, err)
		}
		return nil, 0, inField(field, puzzleText, err)
	}
	return cp, detected, nil
}
