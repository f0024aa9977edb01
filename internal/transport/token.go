package transport

import (
	"bufio"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
)

// ReadTokens reads a file of bearer tokens: one a line, blank lines and
// lines starting with # ignored, and a UTF-8 byte order mark at its start
// (which editors on Windows write) too. A file without any token is an
// error, and so is a token with a character outside printable ASCII,
// which gRPC metadata cannot carry: no gRPC client could send it. The
// errors name the file and the line, never the token.
func ReadTokens(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading bearer tokens: %w", err)
	}
	defer f.Close()
	var tokens []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !printableASCII(line) {
			return nil, fmt.Errorf("bearer token on line %d of %s: a character is not printable ASCII, which gRPC metadata cannot carry", n, file)
		}
		tokens = append(tokens, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading bearer tokens from %s: %w", file, err)
	}
	if len(tokens) == 0 {
		return nil, fmt.Errorf("no token in %s", file)
	}
	return tokens, nil
}

// printableASCII reports whether s holds only the characters gRPC
// metadata may carry in a text value: space to tilde.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// BearerAuth returns an auth.AuthFunc that accepts a call carrying one of
// tokens as its bearer token ("authorization: Bearer <token>" metadata),
// and refuses others with Unauthenticated. Tokens are compared as SHA-256
// digests in constant time, so that neither their contents nor their
// lengths leak through timing; several tokens allow rotating them without
// downtime.
func BearerAuth(tokens []string) (auth.AuthFunc, error) {
	set, err := newTokenSet(tokens)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) (context.Context, error) {
		token, err := auth.AuthFromMD(ctx, "bearer")
		if err != nil {
			// The middleware's own words ("Request unauthenticated with
			// bearer") do not tell a client of another language, which
			// has no solverctl hints, what to send.
			return nil, status.Error(codes.Unauthenticated, `missing bearer token: send the metadata "authorization: Bearer <token>"`)
		}
		if !set.has(token) {
			return nil, status.Error(codes.Unauthenticated, "invalid bearer token")
		}
		return ctx, nil
	}, nil
}

// RequireBearer returns a handler that passes to next the HTTP requests
// carrying one of tokens as their bearer token ("Authorization: Bearer
// <token>"), compared as BearerAuth does, and answers others 401
// Unauthorized.
func RequireBearer(tokens []string, next http.Handler) (http.Handler, error) {
	set, err := newTokenSet(tokens)
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "bearer") || !set.has(token) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="solverd"`)
			http.Error(w, "a valid bearer token is required", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	}), nil
}

// tokenSet holds the SHA-256 digests of bearer tokens.
type tokenSet [][sha256.Size]byte

// newTokenSet returns the set of tokens, none of which may be empty.
func newTokenSet(tokens []string) (tokenSet, error) {
	if len(tokens) == 0 {
		return nil, errors.New("no bearer token")
	}
	set := make(tokenSet, 0, len(tokens))
	for _, t := range tokens {
		if t == "" {
			return nil, errors.New("empty bearer token")
		}
		set = append(set, sha256.Sum256([]byte(t)))
	}
	return set, nil
}

// has reports whether token is in the set, in a time that depends only on
// the size of the set, so that neither the tokens' contents nor their
// lengths leak through timing.
func (s tokenSet) has(token string) bool {
	got := sha256.Sum256([]byte(token))
	match := 0
	for i := range s {
		match |= subtle.ConstantTimeCompare(got[:], s[i][:])
	}
	return match == 1
}

// Bearer returns the credentials of a client that sends token with every
// call, as the "authorization: Bearer <token>" metadata BearerAuth checks.
// They do not require TLS, so that a token also works over a plain
// connection on a trusted network.
func Bearer(token string) credentials.PerRPCCredentials {
	return bearer{token: token}
}

// bearer is the credentials.PerRPCCredentials of Bearer.
type bearer struct{ token string }

func (b bearer) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + b.token}, nil
}

func (b bearer) RequireTransportSecurity() bool { return false }
