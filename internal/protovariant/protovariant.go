// Package protovariant maps the API's variants to the engine's, for the
// server and the client alike.
package protovariant

import (
	"github.com/sudokuwise/solver/engine/grid"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// FromProto maps each API variant to the engine's; VARIANT_UNSPECIFIED is
// classic. A variant not in it is one the engine does not know.
var FromProto = map[sudokuv1.Variant]grid.Variant{
	sudokuv1.Variant_VARIANT_UNSPECIFIED:   grid.Classic,
	sudokuv1.Variant_VARIANT_CLASSIC:       grid.Classic,
	sudokuv1.Variant_VARIANT_X:             grid.X,
	sudokuv1.Variant_VARIANT_WINDOKU:       grid.Windoku,
	sudokuv1.Variant_VARIANT_COLOUR:        grid.Colour,
	sudokuv1.Variant_VARIANT_JIGSAW:        grid.Jigsaw,
	sudokuv1.Variant_VARIANT_KILLER:        grid.Killer,
	sudokuv1.Variant_VARIANT_KILLER_JIGSAW: grid.KillerJigsaw,
	sudokuv1.Variant_VARIANT_KENKEN:        grid.KenKen,
	sudokuv1.Variant_VARIANT_KENDOKU:       grid.KenDoku,
	sudokuv1.Variant_VARIANT_STR8TS:        grid.Str8ts,
	sudokuv1.Variant_VARIANT_STR8TS_X:      grid.Str8tsX,
	sudokuv1.Variant_VARIANT_STR8TS_B:      grid.Str8tsB,
	sudokuv1.Variant_VARIANT_STR8TS_BX:     grid.Str8tsBX,
}
