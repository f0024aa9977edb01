// Package shared locates the team's shared documents and test data (the
// ../shared folder beside the repository) for tests.
package shared

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the shared folder. When it is absent the test is skipped with
// a message, or fails when the CI environment variable is set.
func Dir(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared test data not found at %s (CI is set): %v", dir, err)
		}
		t.Skipf("shared test data not found at %s; skipping (clone the repository beside shared/ to run)", dir)
	}
	return dir
}

// Path returns a path inside the shared folder (see Dir).
func Path(t testing.TB, rel string) string {
	t.Helper()
	return filepath.Join(Dir(t), filepath.FromSlash(rel))
}

// ReadJSONLines decodes each line of the JSON-lines file rel of the shared
// folder (see Path) into a T, failing t on a line that does not decode.
func ReadJSONLines[T any](t testing.TB, rel string) []T {
	t.Helper()
	f, err := os.Open(Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", rel, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return out
}
