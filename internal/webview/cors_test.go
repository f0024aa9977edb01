package webview_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/sudokuwise/solver/internal/webview"
	"github.com/sudokuwise/solver/service"
)

// TestCORS checks what a browser on another origin is told: a preflight
// of a Connect call with a bearer token (in gzip too, which the port
// takes) or of a gRPC-Web call is allowed for an origin listed and for
// none other, the call's answer names the origin and exposes gRPC-Web's
// status headers, and without origins nothing is allowed.
func TestCORS(t *testing.T) {
	const app, other = "https://app.example", "https://evil.example"
	listed := newViewer(t, service.GRPCConfig{}, webview.WithAllowedOrigins([]string{app}))
	none := newViewer(t, service.GRPCConfig{})
	preflight := func(base, origin, headers string) *http.Response {
		t.Helper()
		return send(t, http.MethodOptions, base, "", map[string]string{
			"Origin":                         origin,
			"Access-Control-Request-Method":  "POST",
			"Access-Control-Request-Headers": headers,
		})
	}
	const connect = "authorization,connect-protocol-version,content-type"
	tests := []struct {
		name, base, origin string
		headers            string // as a browser asks for them: lower case, sorted
		allowed            bool
	}{
		{"listed origin", listed.URL, app, connect, true},
		{"another origin", listed.URL, other, connect, false},
		{"no origins", none.URL, app, connect, false},
		{"gzip", listed.URL, app, "authorization,connect-protocol-version,content-encoding,content-type", true},
		{"stream in gzip", listed.URL, app, "connect-accept-encoding,connect-content-encoding,connect-protocol-version,connect-timeout-ms,content-type", true},
		{"gRPC-Web", listed.URL, app, "authorization,content-type,grpc-timeout,x-grpc-web,x-user-agent", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := preflight(tt.base, tt.origin, tt.headers)
			got := resp.Header.Get("Access-Control-Allow-Origin") == tt.origin
			if got != tt.allowed {
				t.Errorf("preflight from %s: status %d, Access-Control-Allow-Origin %q; want allowed %v", tt.origin, resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"), tt.allowed)
			}
			if !tt.allowed {
				return
			}
			headers := strings.ToLower(resp.Header.Get("Access-Control-Allow-Headers"))
			for _, h := range strings.Split(tt.headers, ",") {
				if !strings.Contains(headers, h) {
					t.Errorf("preflight allows headers %q, not %s", headers, h)
				}
			}
			if resp.StatusCode/100 != 2 {
				t.Errorf("preflight status %d, want 2xx", resp.StatusCode)
			}
		})
	}

	// The call itself, as the browser then makes it.
	resp := send(t, http.MethodPost, listed.URL, `{"puzzle":{"text":"`+easyPuzzle+`"}}`, map[string]string{
		"Origin":                   app,
		"Content-Type":             "application/json",
		"Connect-Protocol-Version": "1",
	})
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != app || !strings.Contains(resp.Header.Get("Access-Control-Expose-Headers"), "Grpc-Status") {
		t.Errorf("call from %s: status %d, allow origin %q, expose %q; want 200, the origin, Grpc-Status exposed", app, resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"), resp.Header.Get("Access-Control-Expose-Headers"))
	}
}

// send makes a request of Solve on the viewer at base with body and
// headers, and returns its answer, its body read and closed.
func send(t *testing.T, method, base, body string, headers map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, base+"/sudoku.v1.SudokuService/Solve", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// TestCheckOrigin: origins as a browser sends them, "*", and a * as the
// first label of a host pass; paths, other schemes, bare hosts, a *
// elsewhere, a scheme's default port (which a browser leaves out) and
// ports that are no port number do not.
func TestCheckOrigin(t *testing.T) {
	tests := []struct {
		origin string
		ok     bool
	}{
		{"*", true},
		{"https://app.example", true},
		{"http://localhost:5173", true},
		{"https://*.example.com", true},
		{"https://app.example/", false},
		{"https://app.example/path", false},
		{"app.example", false},
		{"ftp://app.example", false},
		{"https://user@app.example", false},
		{"https://*.*.example", false},
		{"https://*example.com", false},
		{"https://app.*", false},
		{"https://app.*.example", false},
		{"http://*", false},
		{"http://*.", false},
		{"http://*.:8080", false},
		{"https://*.example.com:8443", true},
		{"https://", false},
		{"https://app.example:443", false},
		{"http://localhost:80", false},
		{"http://app.example:443", true},
		{"https://*.example.com:443", false},
		{"https://app.example:", false},
		{"https://app.example:0", false},
		{"https://app.example:08443", false},
		{"https://app.example:65536", false},
		{"http://[::1]:8080", true},
	}
	for _, tt := range tests {
		if err := webview.CheckOrigin(tt.origin); (err == nil) != tt.ok {
			t.Errorf("CheckOrigin(%q) = %v, want ok %v", tt.origin, err, tt.ok)
		}
	}
}
