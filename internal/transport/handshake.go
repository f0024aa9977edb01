package transport

import (
	"errors"
	"io"
	"net"
	"os"
	"syscall"

	"google.golang.org/grpc/credentials"
)

// Handshake failure reasons, as WatchHandshakes reports them.
const (
	// HandshakeEOF is a connection closed before or during its handshake,
	// as TCP probes and port scanners do.
	HandshakeEOF = "eof"
	// HandshakeTimeout is a handshake not done within the server's
	// connection timeout.
	HandshakeTimeout = "timeout"
	// HandshakeError is any other failure: not TLS, no common version or
	// cipher suite, a client certificate missing or not trusted, ...
	HandshakeError = "error"
)

// WatchHandshakes returns creds that call failed with the remote address,
// the reason (HandshakeEOF, HandshakeTimeout or HandshakeError) and the
// error of every server handshake that fails; gRPC itself only closes
// the connection. failed must not block.
func WatchHandshakes(creds credentials.TransportCredentials, failed func(remote net.Addr, reason string, err error)) credentials.TransportCredentials {
	return watchedCreds{TransportCredentials: creds, failed: failed}
}

// watchedCreds are the credentials of WatchHandshakes.
type watchedCreds struct {
	credentials.TransportCredentials
	failed func(net.Addr, string, error)
}

// ServerHandshake does the handshake of the credentials, and reports its
// failure.
func (c watchedCreds) ServerHandshake(conn net.Conn) (net.Conn, credentials.AuthInfo, error) {
	out, info, err := c.TransportCredentials.ServerHandshake(conn)
	if err != nil && !errors.Is(err, credentials.ErrConnDispatched) {
		c.failed(conn.RemoteAddr(), handshakeReason(err), err)
	}
	return out, info, err
}

// Clone returns a copy of the credentials, watched alike.
func (c watchedCreds) Clone() credentials.TransportCredentials {
	return watchedCreds{TransportCredentials: c.TransportCredentials.Clone(), failed: c.failed}
}

// handshakeReason classifies a handshake error.
func handshakeReason(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed), errors.Is(err, syscall.ECONNRESET):
		return HandshakeEOF
	case errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return HandshakeTimeout
	}
	return HandshakeError
}
