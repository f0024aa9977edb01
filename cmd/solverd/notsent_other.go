//go:build !linux

package main

import "net"

// lowatListener is its listener where TCP_NOTSENT_LOWAT is not set (see
// notsent_linux.go): the kernel's send buffer alone bounds what a
// connection holds.
type lowatListener struct{ net.Listener }
