package transport

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

func TestReadTokens(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		contents string // "" for no file
		want     []string
		wantErr  string // in the error, besides the file's name
	}{
		{"one", "s3cret\n", []string{"s3cret"}, ""},
		{"no final newline", "s3cret", []string{"s3cret"}, ""},
		{"rotated", "# rotated monthly\nfirst\n\n  second  \r\n", []string{"first", "second"}, ""},
		{"comments only", "# nothing\n\n", nil, "no token in"},
		{"empty", "\n", nil, "no token in"},
		{"missing", "", nil, "no such file"},
		{"byte order mark", "\ufeffs3cret\r\n", []string{"s3cret"}, ""},
		{"byte order mark before a comment", "\ufeff# tokens\ns3cret\n", []string{"s3cret"}, ""},
		{"space inside", "two words\n", []string{"two words"}, ""},
		{"not ASCII", "# tokens\nsécret\n", nil, "line 2 of"},
		{"control character", "s3\x01cret\n", nil, "line 1 of"},
		{"tab inside", "s3\tcret\n", nil, "not printable ASCII"},
		{"byte order mark later", "first\n\ufeffsecond\n", nil, "line 2 of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-"))
			if tt.contents != "" {
				if err := os.WriteFile(file, []byte(tt.contents), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := ReadTokens(file)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), file) {
					t.Fatalf("got %q, %v; want an error naming %s: %s", got, err, file, tt.wantErr)
				}
				if strings.Contains(err.Error(), "cret") {
					t.Errorf("the error %q shows the token", err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestBearer: the metadata Bearer sends passes BearerAuth with the same
// token and no other.
func TestBearer(t *testing.T) {
	check, err := BearerAuth([]string{"old-secret", "new-secret"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		token string
		want  codes.Code
	}{
		{"new-secret", codes.OK},
		{"old-secret", codes.OK},
		{"new", codes.Unauthenticated},
		{"new-secret2", codes.Unauthenticated},
		{"", codes.Unauthenticated},
	}
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			creds := Bearer(tt.token)
			if creds.RequireTransportSecurity() {
				t.Error("the token requires TLS")
			}
			md, err := creds.GetRequestMetadata(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			ctx := metadata.NewIncomingContext(context.Background(), metadata.New(md))
			if _, err := check(ctx); status.Code(err) != tt.want {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
	if _, err := BearerAuth([]string{"a", ""}); err == nil {
		t.Error("an empty token was accepted")
	}
}

// TestBearerMissing: a call without a bearer token, or with another
// scheme, is told what metadata to send.
func TestBearerMissing(t *testing.T) {
	check, err := BearerAuth([]string{"secret"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		md   metadata.MD
		want string
	}{
		{"no metadata", metadata.MD{}, `missing bearer token: send the metadata "authorization: Bearer <token>"`},
		{"basic scheme", metadata.Pairs("authorization", "Basic c2VjcmV0"), `missing bearer token: send the metadata "authorization: Bearer <token>"`},
		{"wrong token", metadata.Pairs("authorization", "Bearer nope"), "invalid bearer token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := check(metadata.NewIncomingContext(context.Background(), tt.md))
			st := status.Convert(err)
			if st.Code() != codes.Unauthenticated || st.Message() != tt.want {
				t.Errorf("got %v: %q, want Unauthenticated: %q", st.Code(), st.Message(), tt.want)
			}
		})
	}
}

func TestRequireBearer(t *testing.T) {
	h, err := RequireBearer([]string{"old-secret", "new-secret"}, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, "metrics")
	}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		header string // Authorization; "" sends none
		want   int
	}{
		{"", http.StatusUnauthorized},
		{"Bearer guess", http.StatusUnauthorized},
		{"Basic b2xkLXNlY3JldA==", http.StatusUnauthorized},
		{"Bearer new", http.StatusUnauthorized},
		{"Bearer new-secret", http.StatusOK},
		{"bearer old-secret", http.StatusOK},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/metrics", nil)
		if tt.header != "" {
			r.Header.Set("Authorization", tt.header)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tt.want {
			t.Errorf("Authorization %q: status %d, want %d", tt.header, w.Code, tt.want)
		}
		if w.Code == http.StatusUnauthorized && w.Header().Get("WWW-Authenticate") == "" {
			t.Errorf("Authorization %q: 401 without WWW-Authenticate", tt.header)
		}
		if w.Code == http.StatusOK && w.Body.String() != "metrics" {
			t.Errorf("Authorization %q: body %q", tt.header, w.Body.String())
		}
	}
	for _, tokens := range [][]string{nil, {"a", ""}} {
		if _, err := RequireBearer(tokens, http.NotFoundHandler()); err == nil {
			t.Errorf("RequireBearer(%q) accepted", tokens)
		}
	}
}
