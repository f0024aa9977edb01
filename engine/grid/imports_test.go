package grid

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestEngineImports keeps the engine pure domain logic (see
// docs/architecture.md): no package under engine/ imports the API, the
// service, the CLI, gRPC or protobuf, and grid, the bottom layer, imports
// no package of the module.
func TestEngineImports(t *testing.T) {
	const module = "github.com/sudokuwise/solver/"
	banned := []string{
		module + "gen/", module + "service", module + "cmd/", module + "client",
		"google.golang.org/grpc", "google.golang.org/protobuf",
	}
	checked := 0
	err := filepath.WalkDir("..", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		pkg, err := build.ImportDir(dir, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		checked++
		for _, path := range pkg.Imports {
			for _, b := range banned {
				if strings.HasPrefix(path, b) {
					t.Errorf("engine package %s imports %s", pkg.ImportPath, path)
				}
			}
			if strings.HasPrefix(path, module+"internal/") && path != module+"internal/shared" {
				t.Errorf("engine package %s imports %s (only internal/shared, the test data, is allowed)", pkg.ImportPath, path)
			}
			if dir == "." && strings.HasPrefix(path, module) {
				t.Errorf("grid imports %s; it is the bottom layer", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 7 {
		t.Fatalf("checked %d engine packages: is this engine/grid?", checked)
	}
}
