package transport

import (
	"bufio"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
)

// ReadTokens reads a file of bearer tokens: one a line, blank lines and
// lines starting with # ignored. A file without any token is an error.
func ReadTokens(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading bearer tokens: %w", err)
	}
	defer f.Close()
	var tokens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
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

// BearerAuth returns an auth.AuthFunc that accepts a call carrying one of
// tokens as its bearer token ("authorization: Bearer <token>" metadata),
// and refuses others with Unauthenticated. Tokens are compared as SHA-256
// digests in constant time, so that neither their contents nor their
// lengths leak through timing; several tokens allow rotating them without
// downtime.
func BearerAuth(tokens []string) (auth.AuthFunc, error) {
	digests := make([][sha256.Size]byte, 0, len(tokens))
	for _, t := range tokens {
		if t == "" {
			return nil, errors.New("empty bearer token")
		}
		digests = append(digests, sha256.Sum256([]byte(t)))
	}
	return func(ctx context.Context) (context.Context, error) {
		token, err := auth.AuthFromMD(ctx, "bearer")
		if err != nil {
			return nil, err
		}
		got := sha256.Sum256([]byte(token))
		match := 0
		for i := range digests {
			match |= subtle.ConstantTimeCompare(got[:], digests[i][:])
		}
		if match != 1 {
			return nil, status.Error(codes.Unauthenticated, "invalid bearer token")
		}
		return ctx, nil
	}, nil
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
