// Package client is the Go client of the Sudoku solving service
// (sudoku.v1.SudokuService): typed calls of every RPC, and a batch that
// streams many puzzles over SolveBatch to one or more servers with flow
// control, message splitting, round-robin balancing and retries.
//
// A service connects with New and calls the methods of Client:
//
//	c, err := client.New("dns:///solverd-headless.ns.svc:50051",
//		client.WithTLS("ca.pem"), client.WithTokenFile("token"))
//	if err != nil { ... }
//	defer c.Close()
//	resp, err := c.Solve(ctx, &sudokuv1.SolveRequest{...})
package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding/gzip"
	"google.golang.org/grpc/keepalive"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/internal/transport"
)

// DefaultKeepalive pings a connection when it has had a stream open and
// read nothing for 20s, and closes it when the ping is not answered within
// 10s: a server frozen or cut off loses its connection, and new streams go
// elsewhere or wait for it to come back. It pings half as often as
// solverd's -keepalive-min-time (10s) allows, so that no ping is refused
// as too frequent.
var DefaultKeepalive = keepalive.ClientParameters{Time: 20 * time.Second, Timeout: 10 * time.Second}

// options are the settings the Options of New make.
type options struct {
	useTLS    bool
	tlsCA     string
	tlsCert   string
	tlsKey    string
	certSet   bool // WithClientCert was given, even with empty names
	token     string
	tokenSet  bool // WithToken was given, even an empty token
	tokenFile string
	fileSet   bool // WithTokenFile was given, even an empty name
	gzip      bool
	keepalive *keepalive.ClientParameters
	dialOpts  []grpc.DialOption
}

// An Option configures the connection New makes.
type Option func(*options)

// WithTLS connects with TLS, trusting the PEM certificate authorities in
// caFile, or the system's when caFile is "".
func WithTLS(caFile string) Option {
	return func(o *options) { o.useTLS, o.tlsCA = true, caFile }
}

// WithClientCert presents the PEM certificate in certFile, with the
// private key in keyFile, for mutual TLS. It implies WithTLS("") unless
// WithTLS names a CA file.
func WithClientCert(certFile, keyFile string) Option {
	return func(o *options) { o.useTLS, o.tlsCert, o.tlsKey, o.certSet = true, certFile, keyFile, true }
}

// WithToken sends token as a bearer token with every call. A blank token,
// "" included, fails New rather than send none.
func WithToken(token string) Option {
	return func(o *options) { o.token, o.tokenSet = token, true }
}

// WithTokenFile sends the bearer token in file with every call: its first
// line that is neither blank nor a # comment, as solverd reads its token
// files.
func WithTokenFile(file string) Option {
	return func(o *options) { o.tokenFile, o.fileSet = file, true }
}

// WithGzip sends requests gzip-compressed; the server must accept gzip.
func WithGzip() Option {
	return func(o *options) { o.gzip = true }
}

// WithKeepalive sets the keepalive pings of the connection, in place of
// DefaultKeepalive.
func WithKeepalive(p keepalive.ClientParameters) Option {
	return func(o *options) { o.keepalive = &p }
}

// WithDialOptions adds grpc dial options, after those the other Options
// make: a context dialer, interceptors, a service config.
func WithDialOptions(opts ...grpc.DialOption) Option {
	return func(o *options) { o.dialOpts = append(o.dialOpts, opts...) }
}

// Client calls the service over one connection. Its methods are safe for
// concurrent use.
type Client struct {
	target string
	rpc    sudokuv1.SudokuServiceClient
	close  func() error
}

// New returns a client of the service at target, a grpc target: a
// host:port, or a resolver URL such as dns:///name:port. A target whose
// resolver may return several addresses (dns:///, but not passthrough or
// unix) is balanced: calls and batch streams go round-robin over its
// healthy servers. Like grpc.NewClient, New does not wait for the
// connection; it fails on bad options and unreadable TLS or token files.
func New(target string, opts ...Option) (*Client, error) {
	if target == "" {
		return nil, errors.New("client: empty target")
	}
	dialOpts, err := dialOptions(opts)
	if err != nil {
		return nil, err
	}
	// The balanced service config first, so that a caller's own (through
	// WithDialOptions) comes after it and wins.
	dialOpts = append(balanceOptions(target), dialOpts...)
	conn, err := grpc.NewClient(target, dialOpts...)
	if err != nil {
		return nil, fmt.Errorf("client: %s: %w", target, err)
	}
	return &Client{target: target, rpc: sudokuv1.NewSudokuServiceClient(conn), close: conn.Close}, nil
}

// NewFromConn returns a client that calls the service over conn, named
// target in errors; Close leaves conn open. It serves connections made
// by other means, such as an in-process server over bufconn.
func NewFromConn(target string, conn grpc.ClientConnInterface) *Client {
	return &Client{target: target, rpc: sudokuv1.NewSudokuServiceClient(conn), close: func() error { return nil }}
}

// dialOptions returns the grpc dial options of opts.
func dialOptions(opts []Option) ([]grpc.DialOption, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	// An option given an empty argument (an unset variable, say) is an
	// error, not the option left out.
	if o.certSet && (o.tlsCert == "" || o.tlsKey == "") {
		return nil, errors.New("client: WithClientCert needs both a certificate and a key file")
	}
	if o.tokenSet && o.fileSet {
		return nil, errors.New("client: WithToken and WithTokenFile exclude each other")
	}
	creds := insecure.NewCredentials()
	if o.useTLS {
		cfg, err := transport.ClientTLS(o.tlsCA, o.tlsCert, o.tlsKey)
		if err != nil {
			return nil, err // it names the file
		}
		creds = credentials.NewTLS(cfg)
	}
	out := []grpc.DialOption{grpc.WithTransportCredentials(creds)}
	// A token read with its line break (os.ReadFile) would make every call
	// fail with Internal ("non-printable ASCII"): it is sent trimmed, as
	// WithTokenFile's is.
	token := strings.TrimSpace(o.token)
	if o.tokenSet && token == "" {
		return nil, errors.New("client: WithToken: the token is blank")
	}
	if o.fileSet {
		if o.tokenFile == "" {
			return nil, errors.New("client: WithTokenFile: no file named")
		}
		tokens, err := transport.ReadTokens(o.tokenFile)
		if err != nil {
			return nil, err // it names the file
		}
		token = tokens[0]
	}
	if token != "" {
		out = append(out, grpc.WithPerRPCCredentials(transport.Bearer(token)))
	}
	if o.gzip {
		out = append(out, grpc.WithDefaultCallOptions(grpc.UseCompressor(gzip.Name)))
	}
	ka := DefaultKeepalive
	if o.keepalive != nil {
		ka = *o.keepalive
	}
	out = append(out, grpc.WithKeepaliveParams(ka))
	return append(out, o.dialOpts...), nil
}

// Target returns the target of the client, as given to New.
func (c *Client) Target() string { return c.target }

// Service returns the generated stub of the service, for calls this
// package does not wrap.
func (c *Client) Service() sudokuv1.SudokuServiceClient { return c.rpc }

// Close closes the connection.
func (c *Client) Close() error { return c.close() }

// Solve solves one puzzle.
func (c *Client) Solve(ctx context.Context, req *sudokuv1.SolveRequest, opts ...grpc.CallOption) (*sudokuv1.SolveResponse, error) {
	return c.rpc.Solve(ctx, req, opts...)
}

// SolveSteps solves one puzzle and yields each message of the stream of
// its steps, then its result. The sequence ends after the last message or
// the first error, yielded with a nil message; stopping the range early
// cancels the stream.
func (c *Client) SolveSteps(ctx context.Context, req *sudokuv1.SolveStepsRequest, opts ...grpc.CallOption) iter.Seq2[*sudokuv1.SolveStepsResponse, error] {
	return func(yield func(*sudokuv1.SolveStepsResponse, error) bool) {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		stream, err := c.rpc.SolveSteps(ctx, req, opts...)
		if err != nil {
			yield(nil, err)
			return
		}
		for {
			msg, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(msg, nil) {
				return
			}
		}
	}
}

// Convert converts a puzzle from one format to another.
func (c *Client) Convert(ctx context.Context, req *sudokuv1.ConvertRequest, opts ...grpc.CallOption) (*sudokuv1.ConvertResponse, error) {
	return c.rpc.Convert(ctx, req, opts...)
}

// Rate rates the difficulty of a puzzle.
func (c *Client) Rate(ctx context.Context, req *sudokuv1.RateRequest, opts ...grpc.CallOption) (*sudokuv1.RateResponse, error) {
	return c.rpc.Rate(ctx, req, opts...)
}

// FindSteps finds the steps that apply to a board.
func (c *Client) FindSteps(ctx context.Context, req *sudokuv1.FindStepsRequest, opts ...grpc.CallOption) (*sudokuv1.FindStepsResponse, error) {
	return c.rpc.FindSteps(ctx, req, opts...)
}

// Generate generates puzzles.
func (c *Client) Generate(ctx context.Context, req *sudokuv1.GenerateRequest, opts ...grpc.CallOption) (*sudokuv1.GenerateResponse, error) {
	return c.rpc.Generate(ctx, req, opts...)
}

// ListStrategies lists the strategies and techniques of the service.
func (c *Client) ListStrategies(ctx context.Context, req *sudokuv1.ListStrategiesRequest, opts ...grpc.CallOption) (*sudokuv1.ListStrategiesResponse, error) {
	return c.rpc.ListStrategies(ctx, req, opts...)
}
