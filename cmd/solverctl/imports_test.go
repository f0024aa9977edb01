package main

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports keeps the CLI a client: it reaches the engine only through
// protoconv (proto ↔ engine), the service (run in-process) and bench (the
// in-process benchmark), never by importing an engine package itself.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Imports) < 5 {
		t.Fatalf("solverctl imports %d packages: is this solverctl?", len(pkg.Imports))
	}
	for _, path := range pkg.Imports {
		if strings.HasPrefix(path, "github.com/sudokuwise/solver/engine/") {
			t.Errorf("solverctl imports %s; reach the engine through protoconv, service or bench", path)
		}
	}
}
