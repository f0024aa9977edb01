package generate

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sudokuwise/solver/engine/grid"
)

func TestZZWindoku16(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	st := time.Now()
	res, err := Generate(ctx, Config{Size: 16, Variant: grid.Windoku, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(time.Since(st), res.Clues, res.Minimal, res.Graded, res.Grade.Status, res.Grade.Guesses, res.Grade.Rating.Level, res.Attempts)
}
