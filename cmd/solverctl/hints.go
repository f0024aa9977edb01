package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// hinter adds to the errors of calls the flag that likely fixes them:
// gRPC's own words ("name resolver error: produced zero addresses",
// "error reading server preface: EOF") name neither the host nor the flag.
type hinter struct {
	addr     string        // -addr; "" in-process
	useTLS   bool          // whether the connection uses TLS
	hasCert  bool          // whether -tls-cert gives a client certificate
	hasToken bool          // whether -token-file gives a token
	timeout  time.Duration // -timeout; 0 for none
}

// hinter returns the hinter of calls under the flags with -timeout
// timeout.
func (c *connFlags) hinter(timeout time.Duration) *hinter {
	h := &hinter{useTLS: c.useTLS || c.tlsCA != "" || c.tlsCert != "", hasCert: c.tlsCert != "", hasToken: c.tokenFile != "", timeout: timeout}
	if len(c.addrs.list) > 0 {
		h.addr = c.addrs.list[0]
	}
	return h
}

// hint returns err, a gRPC status error, with a hint appended to its
// message when one applies; its code and details are kept. Other errors
// are returned as they are.
func (h *hinter) hint(err error) error {
	st, ok := status.FromError(err)
	if !ok || err == nil {
		return err
	}
	extra := h.hintFor(st.Code(), st.Message())
	if extra == "" {
		return err
	}
	p := st.Proto()
	if st.Code() == codes.DeadlineExceeded && strings.HasPrefix(p.Message, "context deadline exceeded") {
		// gRPC's own words ("… while waiting for connections to become
		// ready") say only that the deadline passed: the hint says it all.
		p.Message = extra
	} else {
		p.Message += "; " + extra
	}
	return status.FromProto(p).Err()
}

// hintFor returns the hint for a status of code with message, or "".
func (h *hinter) hintFor(code codes.Code, msg string) string {
	switch {
	case code == codes.DeadlineExceeded && strings.Contains(msg, "-max-timeout"):
		// The server's -max-timeout, shorter than -timeout, ended the
		// call, and its message says so: -timeout did not expire, and
		// raising it would change nothing.
		return ""
	case code == codes.DeadlineExceeded && h.timeout > 0:
		return fmt.Sprintf("the -timeout of %v expired before the answer came; raise -timeout (0 for no deadline)", h.timeout)
	case code == codes.ResourceExhausted && strings.Contains(msg, "options.max_steps"):
		return "raise -max-steps"
	case code == codes.ResourceExhausted && strings.Contains(msg, "options.max_nodes"):
		return "raise -max-nodes"
	case h.addr == "":
		return "" // in-process: no host, TLS or token
	case code == codes.Unavailable && (strings.Contains(msg, "name resolver") || strings.Contains(msg, "no such host")):
		return fmt.Sprintf("the host of -addr %s cannot be resolved: check the name in -addr (or SOLVERCTL_ADDR)", h.addr)
	case code == codes.Unavailable && strings.Contains(msg, "goaway"):
		// The server went away (a graceful stop, a connection's age): a
		// retry reaches it, or another, again.
		return fmt.Sprintf("the server at -addr %s closed the connection (it is stopping or moving its clients): retry", h.addr)
	case code == codes.Unavailable && strings.Contains(msg, "server preface") && strings.Contains(msg, "use of closed network connection"):
		// The client closed the connection itself (its connect timeout)
		// while the server, which accepted it, said nothing: a frozen or
		// overloaded server, not a TLS one, which would have ended the
		// connection at once.
		return fmt.Sprintf("the server at -addr %s accepted the connection but sent nothing before it was given up: is it hung or overloaded?", h.addr)
	case code == codes.Unavailable && !h.useTLS && (strings.Contains(msg, "server preface") || strings.Contains(msg, "connection reset") || strings.Contains(msg, "EOF")):
		return fmt.Sprintf("-addr %s may expect TLS: add -tls (or -tls-ca for a private authority)", h.addr)
	case code == codes.Unavailable && strings.Contains(msg, "connection refused") && noPort(h.addr):
		return fmt.Sprintf("nothing listens at -addr %s, which names no port, so gRPC dials port 443: add solverd's port (%s:50051 by default)", h.addr, h.addr)
	case code == codes.Unavailable && strings.Contains(msg, "connection refused"):
		return fmt.Sprintf("nothing listens at -addr %s: is solverd running there?", h.addr)
	case code == codes.Unavailable && h.useTLS && !h.hasCert && (strings.Contains(msg, "certificate required") || strings.Contains(msg, "broken pipe") || strings.Contains(msg, "connection reset")):
		// A server that asks for a client certificate (-tls-client-ca)
		// ends the handshake of a client without one.
		return fmt.Sprintf("-addr %s may require a client certificate (mutual TLS): add -tls-cert and -tls-key", h.addr)
	case code == codes.Unavailable && h.useTLS && h.hasCert && (strings.Contains(msg, "bad certificate") || strings.Contains(msg, "unknown certificate authority") || strings.Contains(msg, "certificate required") || strings.Contains(msg, "broken pipe") || strings.Contains(msg, "connection reset")):
		// The server ends the handshake of a client certificate it does
		// not trust; with TLS 1.3 the client learns it at its first
		// write, as a broken pipe.
		return fmt.Sprintf("-addr %s may refuse the client certificate of -tls-cert: the server trusts those its -tls-client-ca signed, and only while they are valid", h.addr)
	case code == codes.Unavailable && h.useTLS && (strings.Contains(msg, "first record does not look like a TLS handshake") || strings.Contains(msg, "tls:")):
		return fmt.Sprintf("the TLS handshake with -addr %s failed: check -tls-ca, -tls-cert and -tls-key, or drop -tls for a plaintext server", h.addr)
	case code == codes.Unauthenticated && !h.hasToken:
		return "the server wants a bearer token: give its file with -token-file (or SOLVERCTL_TOKEN_FILE)"
	case code == codes.Unauthenticated:
		return "the server refused the token of -token-file"
	}
	return ""
}

// noPort reports whether addr is a bare host, to which gRPC adds its
// default port, 443: not a target URI (dns:///, unix:) nor host:port.
func noPort(addr string) bool {
	if strings.Contains(addr, ":/") || strings.HasPrefix(addr, "unix:") || strings.Contains(addr, ",") {
		return false
	}
	_, _, err := net.SplitHostPort(addr)
	return err != nil && strings.Contains(err.Error(), "missing port")
}

// dialOptions returns the interceptors that hint the errors of unary
// calls and of streams.
func (h *hinter) dialOptions() []grpc.DialOption {
	unary := func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return h.hint(invoker(ctx, method, req, reply, cc, opts...))
	}
	stream := func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		s, err := streamer(ctx, desc, cc, method, opts...)
		if err != nil {
			return nil, h.hint(err)
		}
		return &hintedStream{ClientStream: s, h: h}, nil
	}
	return []grpc.DialOption{grpc.WithChainUnaryInterceptor(unary), grpc.WithChainStreamInterceptor(stream)}
}

// hintedStream is a client stream whose errors are hinted.
type hintedStream struct {
	grpc.ClientStream
	h *hinter
}

func (s *hintedStream) RecvMsg(m any) error {
	err := s.ClientStream.RecvMsg(m)
	if err == io.EOF {
		return err
	}
	return s.h.hint(err)
}
