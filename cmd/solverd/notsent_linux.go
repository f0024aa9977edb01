package main

import (
	"fmt"
	"net"

	"golang.org/x/sys/unix"
)

// webNotSentLowat bounds the bytes of the web port's answers that the
// kernel holds unsent on a connection (TCP_NOTSENT_LOWAT), so that a
// client that reads nothing blocks the server's writes after tens of
// KiB instead of the megabytes of a send buffer that Linux widens as it
// sends (tcp_wmem, 4 MiB by default): over HTTP/1.1, which has no flow
// control of its own, those megabytes took a non-reading client's whole
// SolveSteps stream, so its send never blocked and -stall-timeout never
// ended it (the call held its solving slot and its share of
// -max-total-streams until its deadline). Bytes in flight are bounded by
// the client's receive window, as on any connection.
const webNotSentLowat = 64 << 10

// lowatListener sets TCP_NOTSENT_LOWAT (webNotSentLowat) on the
// connections it accepts.
type lowatListener struct{ net.Listener }

func (l lowatListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		// Best effort: an error here would end http.Server.Serve, and
		// the connection works without the option.
		_ = setNotSentLowat(tc)
	}
	return c, nil
}

func setNotSentLowat(c *net.TCPConn) error {
	raw, err := c.SyscallConn()
	if err != nil {
		return fmt.Errorf("TCP_NOTSENT_LOWAT: %w", err)
	}
	var serr error
	if err := raw.Control(func(fd uintptr) {
		serr = unix.SetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_NOTSENT_LOWAT, webNotSentLowat)
	}); err != nil {
		return fmt.Errorf("TCP_NOTSENT_LOWAT: %w", err)
	}
	if serr != nil {
		return fmt.Errorf("TCP_NOTSENT_LOWAT: %w", serr)
	}
	return nil
}
