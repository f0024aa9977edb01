package main

import (
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"golang.org/x/net/http2"

	"github.com/sudokuwise/solver/service"
)

// TestKeepaliveMinTime pings a server at once after each answer, over
// raw HTTP/2: with -keepalive-min-time 0, which means no minimum, the
// server answers every ping; with the default of 10s it closes the
// connection with GOAWAY ENHANCE_YOUR_CALM (too_many_pings) at the fourth.
// gRPC reads a minimum of 0 as its own default of 5 minutes, so 0 used to
// close clients that ping more often than that.
func TestKeepaliveMinTime(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		goAway bool
	}{
		{"no minimum", []string{"-keepalive-min-time", "0"}, false},
		{"default", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const pings = 6
			code, n, ok := pingUntilGoAway(t, tt.args, pings)
			if ok != tt.goAway {
				t.Errorf("after %d of %d pings answered, GOAWAY %v (%v); want GOAWAY %v", n, pings, ok, code, tt.goAway)
			}
			if ok && code != http2.ErrCodeEnhanceYourCalm {
				t.Errorf("GOAWAY %v, want %v", code, http2.ErrCodeEnhanceYourCalm)
			}
		})
	}
}

// pingUntilGoAway serves solverd's gRPC server configured by args on a
// loopback port, and pings it over a raw HTTP/2 connection, each ping
// once the one before is answered, until it has sent pings or the server
// sends GOAWAY. It returns the GOAWAY's code, the pings answered, and
// whether the server sent GOAWAY.
func pingUntilGoAway(t *testing.T, args []string, pings int) (code http2.ErrCode, answered int, goAway bool) {
	t.Helper()
	cfg, err := parseConfig(args, func(string) (string, bool) { return "", false }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	gcfg, _, err := grpcConfig(cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	g, err := service.BuildGRPC(service.New(cfg.service), gcfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go g.Serve(ln)
	t.Cleanup(g.Server.Stop)

	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(conn, http2.ClientPreface); err != nil {
		t.Fatal(err)
	}
	fr := http2.NewFramer(conn, conn)
	if err := fr.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	for ; answered < pings; answered++ {
		data := [8]byte{byte(answered)}
		if err := fr.WritePing(false, data); err != nil {
			t.Fatal(err)
		}
		for acked := false; !acked; {
			f, err := fr.ReadFrame()
			if err != nil {
				t.Fatalf("waiting for the answer to ping %d: %v", answered+1, err)
			}
			switch f := f.(type) {
			case *http2.SettingsFrame:
				if !f.IsAck() {
					if err := fr.WriteSettingsAck(); err != nil {
						t.Fatal(err)
					}
				}
			case *http2.PingFrame:
				acked = f.IsAck() && f.Data == data
			case *http2.GoAwayFrame:
				return f.ErrCode, answered, true
			}
		}
	}
	return 0, answered, false
}
