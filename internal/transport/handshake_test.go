package transport

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"
	"testing"
)

func TestHandshakeReason(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{io.EOF, HandshakeEOF},
		{fmt.Errorf("tls: %w", io.ErrUnexpectedEOF), HandshakeEOF},
		{&net.OpError{Op: "read", Err: syscall.ECONNRESET}, HandshakeEOF},
		{&net.OpError{Op: "read", Err: os.ErrDeadlineExceeded}, HandshakeTimeout},
		{tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}, HandshakeError},
		{errors.New("tls: client didn't provide a certificate"), HandshakeError},
	}
	for _, tt := range tests {
		if got := handshakeReason(tt.err); got != tt.want {
			t.Errorf("handshakeReason(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
