package service

import (
	"go/build"
	"slices"
	"testing"
)

// TestImports keeps the layering: the service translates and bounds calls,
// the engine owns the rules, so the service does not drive the exact search
// itself (solver.Solve and solver.FindSteps do).
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, banned := range []string{"github.com/sudokuwise/solver/engine/search"} {
		if slices.Contains(pkg.Imports, banned) {
			t.Errorf("service imports %s", banned)
		}
	}
	if !slices.Contains(pkg.Imports, "github.com/sudokuwise/solver/engine/solver") {
		t.Error("service does not import engine/solver: is this the service package?")
	}
}
