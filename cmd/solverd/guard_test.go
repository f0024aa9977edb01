package main

import (
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/internal/testpki"
)

// TestMetricsSecured: with -metrics-tls and -metrics-token-file, /metrics
// (and /debug/pprof/) are served over TLS to requests with a token only,
// and they count the failed TLS handshakes of the gRPC port.
func TestMetricsSecured(t *testing.T) {
	pki := testpki.New(t)
	tokens := filepath.Join(t.TempDir(), "metrics-tokens")
	if err := os.WriteFile(tokens, []byte("scrape-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, cancel, done, log := startDaemon(t, "--listen", "localhost:0", "--metrics-listen", "localhost:0", "--pprof",
		"--tls-cert", pki.ServerCert, "--tls-key", pki.ServerKey, "--tls-client-ca", pki.CAFile,
		"--metrics-tls", "--metrics-token-file", tokens)
	maddr := metricsAddr(t, log)

	// Plain text on the gRPC port, where TLS is expected.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	io.Copy(io.Discard, c)
	c.Close()

	// No client certificate needed: the scraper has a token instead.
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pki.Pool, ServerName: "localhost"}}, Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	get := func(url, token string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	tests := []struct {
		path, token string
		want        int
	}{
		{"/metrics", "", http.StatusUnauthorized},
		{"/metrics", "guess", http.StatusUnauthorized},
		{"/debug/pprof/goroutine?debug=1", "", http.StatusUnauthorized},
		{"/debug/pprof/goroutine?debug=1", "scrape-secret", http.StatusOK},
	}
	for _, tt := range tests {
		if got, body := get("https://"+maddr+tt.path, tt.token); got != tt.want {
			t.Errorf("%s with token %q: %d %.100s, want %d", tt.path, tt.token, got, body, tt.want)
		}
	}
	// Not in plain text.
	if resp, err := http.Get("http://" + maddr + "/metrics"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			t.Error("/metrics answered in plain text")
		}
	}

	const want = `sudoku_tls_handshake_failures_total{reason="error"} 1`
	var body string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var code int
		if code, body = get("https://"+maddr+"/metrics", "scrape-secret"); code == http.StatusOK && strings.Contains(body, want) {
			break
		}
	}
	if !strings.Contains(body, want) {
		t.Errorf("/metrics lacks %q:\n%s", want, body)
	}
	if !strings.Contains(log.String(), "TLS handshake failed") {
		t.Errorf("no failed handshake logged:\n%s", log)
	}
	cancel()
	waitDone(t, done, 5*time.Second, log)
}
