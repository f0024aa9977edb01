// Package shared locates the team's shared documents and test data (the
// ../shared folder beside the repository) for tests.
package shared

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

// Lines returns the lines of the file at path, failing t when it cannot
// be read. A line may be up to 1 MiB long.
func Lines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lines
}

// Puzzles returns up to max puzzles of the file at path (all when max ≤ 0):
// the first field of every line that has one, lines whose first field
// starts with # (comments) left out.
func Puzzles(t testing.TB, path string, max int) []string {
	t.Helper()
	var out []string
	for _, line := range Lines(t, path) {
		if max > 0 && len(out) == max {
			break
		}
		if fields := strings.Fields(line); len(fields) > 0 && !strings.HasPrefix(fields[0], "#") {
			out = append(out, fields[0])
		}
	}
	return out
}

// ReadJSONLines decodes each line of the JSON-lines file rel of the shared
// folder (see Path) into a T, failing t on a line that does not decode.
func ReadJSONLines[T any](t testing.TB, rel string) []T {
	t.Helper()
	var out []T
	for i, line := range Lines(t, Path(t, rel)) {
		var v T
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%s:%d: %v", rel, i+1, err)
		}
		out = append(out, v)
	}
	return out
}
