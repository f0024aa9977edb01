// Package shared locates the team's shared documents and test data (the
// ../shared folder beside the repository) for tests.
package shared

import (
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
