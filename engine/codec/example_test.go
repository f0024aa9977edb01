package codec_test

import (
	"fmt"
	"log"

	"github.com/sudokuwise/solver/engine/codec"
)

// Read a SudokuWiki URL, whose page makes the puzzle a Sudoku X, and write
// it as the 2.0 string of its variant; plain text, which cannot say it is
// an X, refuses it rather than drop the diagonals.
func Example() {
	p, f, err := codec.Decode("https://www.sudokuwiki.org/SudokuX.aspx?bd=000000010400000000020000000000050407008000300001090000300400200050100000000806000", codec.DecodeOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("read from %s; variant %s\n", f.Noun(), p.Variant)
	s, err := codec.Encode(p, codec.FormatV2)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s)
	if _, err := codec.Encode(p, codec.FormatPlain); err != nil {
		fmt.Println(err)
	}
	// Output:
	// read from a SudokuWiki URL; variant X
	// X9Bepepepepepepep01ep04epepepepepepepepep02epepepepepepepepepepep05ep04ep07epep08epepep03epepepep01ep09epepepep03epep04epep02epepep05ep01epepepepepepepep08ep06epepep
	// board: plain text cannot carry the diagonals of an X board; use v2
}
