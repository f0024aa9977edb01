// Package webview serves the live solve viewer in the browser: one page,
// embedded in the binary, and the gRPC services of a grpc.Server made
// callable from it over HTTP through the Connect, gRPC-Web and gRPC
// protocols (connectrpc's vanguard transcoder).
//
// Calls made through the handler reach the very service implementation
// that native gRPC clients use, with its interceptors: authentication,
// rate limits, logging and metrics apply alike.
package webview

import (
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	connectcors "connectrpc.com/cors"
	"connectrpc.com/vanguard"
	"connectrpc.com/vanguard/vanguardgrpc"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/rs/cors"
	"google.golang.org/grpc"
)

//go:embed static
var static embed.FS

// maxMessageBytes bounds the request and response messages the transcoder
// buffers: a request is a puzzle (WithRequestLimits caps it more
// tightly), a response a step or a result.
const maxMessageBytes = 4 << 20

// jsonGrowth is how many times longer than its bound in binary form a
// request message may be in compact JSON, and jsonStreamGrowth each
// message of a client stream (a batch's puzzles are mostly texts). A
// puzzle's text and region map, most of a large request, are strings of
// about their length in both forms; a structured board's cells take 3–5
// times as many bytes in JSON (a 32×32 killer with its candidates: 35 KB
// of protobuf, 149 KB of JSON), but such a board is far under the bound.
// Whitespace, which costs nothing to decode, may double a message's
// JSON again (jsonSpace): an indented board is taken.
const (
	jsonGrowth       = 4
	jsonStreamGrowth = 2
	jsonSpace        = 2
)

// contentSecurityPolicy lets the page load only its own script and style
// and call only its own origin.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// An Option configures New.
type Option func(*options)

type options struct {
	logger       *slog.Logger
	origins      []string
	limits       limits
	noisyLogRate float64
	refused      *prometheus.CounterVec
	registerer   prometheus.Registerer
	hsts         time.Duration
}

// limits are the largest request messages a call may send, in bytes of
// their binary form.
type limits struct {
	request int // of a method that takes one request message
	stream  int // each of a client stream's (SolveBatch)
}

// WithRequestLimits bounds the requests the handler takes as the gRPC
// server bounds its own (solverd's -max-request-size and -max-msg-size):
// request is the largest request message of a method that takes one (all
// but SolveBatch), stream the largest message of a client stream, both in
// bytes of their binary form; a JSON message may take jsonGrowth times as
// many (jsonSpace times that with whitespace), and a compressed one counts
// once decompressed. A larger request is refused with resource_exhausted
// before it is decoded, so that what a call costs the server before its
// caller is even checked stays small. Without it, each is
// maxMessageBytes. Bounds below 1 are ignored.
func WithRequestLimits(request, stream int) Option {
	return func(o *options) {
		if request > 0 {
			o.limits.request = min(request, maxMessageBytes)
		}
		if stream > 0 {
			o.limits.stream = min(stream, maxMessageBytes)
		}
	}
}

// WithAllowedOrigins lets pages of other origins (scheme://host[:port],
// "*" for any, scheme://*.host[:port] for host's subdomains) call the services
// from a browser: the handler answers CORS preflights and marks its
// answers for those origins. Without it, browsers let only the viewer's
// own page call them.
func WithAllowedOrigins(origins []string) Option {
	return func(o *options) { o.origins = origins }
}

// WithStrictTransportSecurity makes every answer over TLS carry
// Strict-Transport-Security with maxAge (whole seconds): a browser that
// has had one then reaches the host over TLS alone, on every port, until
// maxAge has passed, and lets no one click through a certificate it does
// not trust. Without it (or with maxAge under a second) no answer carries
// the header, as a server behind a proxy that sets it wants.
func WithStrictTransportSecurity(maxAge time.Duration) Option {
	return func(o *options) { o.hsts = maxAge }
}

// CheckOrigin reports why origin cannot be one of WithAllowedOrigins, or
// nil: "*", or scheme://host[:port] with scheme http or https and no
// path, where host may start with "*." for its subdomains. A "*" anywhere
// else would match hosts of other owners ("https://*example.com" matches
// https://evilexample.com), so it is refused; so is the scheme's default
// port (https://app.example:443), which a browser leaves out of the
// Origin it sends, so that the origin would match no page.
func CheckOrigin(origin string) error {
	if origin == "*" {
		return nil
	}
	u, err := url.Parse(strings.Replace(origin, "*", "wildcard", 1))
	switch {
	case err != nil:
		return fmt.Errorf("origin %q: %v", origin, err)
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("origin %q: want http:// or https://", origin)
	case u.Host == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(origin, "/"):
		return fmt.Errorf("origin %q: want scheme://host[:port] alone, as a browser sends it", origin)
	case strings.HasSuffix(u.Host, ":") || !validPort(u.Port()):
		return fmt.Errorf("origin %q: the port is not a number from 1 to 65535", origin)
	case u.Port() == defaultPorts[u.Scheme]:
		// A browser leaves the scheme's default port out of Origin, so this
		// origin would match no page.
		return fmt.Errorf("origin %q: a browser sends it without the default port %s (%s://%s)", origin, u.Port(), u.Scheme, u.Hostname())
	case strings.Count(origin, "*") > 1:
		return fmt.Errorf("origin %q: one * at most", origin)
	case strings.Contains(origin, "*") && !subdomainsOf(u.Hostname()):
		return fmt.Errorf("origin %q: a * stands for the subdomains of a host, as the first label alone (https://*.example.com)", origin)
	}
	return nil
}

// defaultPorts are the ports a browser leaves out of an origin, by scheme.
var defaultPorts = map[string]string{"http": "80", "https": "443"}

// validPort reports whether port, from a URL's host, is empty or a port
// number a browser could send: 1 to 65535, without leading zeros.
func validPort(port string) bool {
	if port == "" {
		return true
	}
	n, err := strconv.Atoi(port)
	return err == nil && n >= 1 && n <= 65535 && strconv.Itoa(n) == port
}

// subdomainsOf reports whether host, its "*" replaced by "wildcard", is
// "*." and a host name.
func subdomainsOf(host string) bool {
	rest, ok := strings.CutPrefix(host, "wildcard.")
	return ok && rest != "" && !strings.HasPrefix(rest, ".") && !strings.HasSuffix(rest, ".")
}

// WithLogger sets the logger of the calls the handler refuses itself
// (see New); without it they are not logged. perSecond, above 0, keeps
// those lines to that many a second, the next line counting those held
// back, since a client makes them at will (solverd's -noisy-log-rate).
func WithLogger(l *slog.Logger, perSecond float64) Option {
	return func(o *options) { o.logger, o.noisyLogRate = l, perSecond }
}

// WithRegisterer counts the calls the handler refuses itself on reg, by
// code: sudoku_web_refused_total. It fails New when the counter is
// registered there already.
func WithRegisterer(reg prometheus.Registerer) Option {
	return func(o *options) {
		o.refused = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "sudoku", Name: "web_refused_total",
			Help: "Calls the web port refused itself, before the gRPC server saw them (unknown method, content type, malformed or too large body), by gRPC code."},
			[]string{"grpc_code"})
		o.registerer = reg
	}
}

// New returns the viewer's HTTP handler: the page at "/" (with its script
// and style beside it), and every service registered on gs at its gRPC
// path (POST /sudoku.v1.SudokuService/SolveSteps, ...). It must be called
// after the services are registered on gs.
//
// The handler answers a client's mistakes itself, with Connect's error
// JSON, before the call reaches gs: 404 for an unknown service or method,
// 415 for a content type the port does not take or a Connect call without
// its Connect-Protocol-Version header, and 400 (or, on a stream, an
// end-of-stream error) invalid_argument for a Connect body that is not
// the method's request message.
func New(gs *grpc.Server, opts ...Option) (http.Handler, error) {
	o := options{logger: slog.New(slog.DiscardHandler), limits: limits{request: maxMessageBytes, stream: maxMessageBytes}}
	for _, opt := range opts {
		opt(&o)
	}
	files, err := fs.Sub(static, "static")
	if err != nil {
		return nil, fmt.Errorf("webview: embedded page: %w", err)
	}
	tc, err := vanguardgrpc.NewTranscoder(gs,
		vanguard.WithDefaultServiceOptions(vanguard.WithMaxMessageBufferBytes(maxMessageBytes)),
		vanguard.WithUnknownHandler(pageHandler(files)))
	if err != nil {
		return nil, fmt.Errorf("webview: transcoder: %w", err)
	}
	if o.refused != nil {
		if err := o.registerer.Register(o.refused); err != nil {
			return nil, fmt.Errorf("webview: registering metrics: %w", err)
		}
	}
	var h http.Handler = newGuard(gs, tc, o)
	if len(o.origins) > 0 {
		if h, err = withCORS(h, o.origins); err != nil {
			return nil, err
		}
	}
	// Outermost, so that CORS preflights, which the cors handler answers
	// itself, carry the header too.
	if o.hsts >= time.Second {
		h = strictTransport(h, o.hsts)
	}
	return h, nil
}

// withCORS answers the CORS preflights of origins and marks h's answers
// for them.
func withCORS(h http.Handler, origins []string) (http.Handler, error) {
	for _, origin := range origins {
		if err := CheckOrigin(origin); err != nil {
			return nil, fmt.Errorf("webview: %w", err)
		}
	}
	// Connect's lists of what its protocols send and read, the bearer
	// token of -token-file, and the headers of a request in gzip, which
	// the port takes (Connect's list leaves compression out).
	c := cors.New(cors.Options{
		AllowedOrigins: origins,
		AllowedMethods: connectcors.AllowedMethods(),
		AllowedHeaders: append(connectcors.AllowedHeaders(), "Authorization",
			"Content-Encoding", "Connect-Content-Encoding", "Connect-Accept-Encoding"),
		ExposedHeaders: connectcors.ExposedHeaders(),
		MaxAge:         int(preflightMaxAge.Seconds()),
	})
	return c.Handler(h), nil
}

// strictTransport sets Strict-Transport-Security of maxAge on every answer
// over TLS (see WithStrictTransportSecurity); the header means nothing in
// clear text, where browsers ignore it.
func strictTransport(h http.Handler, maxAge time.Duration) http.Handler {
	value := fmt.Sprintf("max-age=%d", int64(maxAge/time.Second))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS != nil {
			w.Header().Set("Strict-Transport-Security", value)
		}
		h.ServeHTTP(w, r)
	})
}

// preflightMaxAge is how long a browser may keep a CORS preflight's
// answer.
const preflightMaxAge = 2 * time.Hour

// pageHandler serves the page's files read-only, with headers that keep
// the page to its own origin.
func pageHandler(files fs.FS) http.Handler {
	fileServer := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if r.URL.Path != "/" && strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r) // no directory listings
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		fileServer.ServeHTTP(w, r)
	})
}
