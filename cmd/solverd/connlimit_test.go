package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// value reads a gauge's or a counter's value.
func value(t *testing.T, m prometheus.Metric) float64 {
	t.Helper()
	var d dto.Metric
	if err := m.Write(&d); err != nil {
		t.Fatal(err)
	}
	if d.Gauge != nil {
		return d.Gauge.GetValue()
	}
	return d.Counter.GetValue()
}

// TestCappedListener checks the connection cap: a connection over it
// waits until another closes, and is counted and logged as waiting; the
// gauge counts those open; closing the listener ends a wait.
func TestCappedListener(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := newLogWriter() // safe for the accepting goroutine's writes
	reg := prometheus.NewRegistry()
	l := newCappedListener(raw, 1, "grpc", reg, slog.New(slog.NewTextHandler(log, nil)))
	defer l.Close()
	for range 2 {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	first, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			t.Error(err)
		}
		accepted <- c
	}()
	select {
	case <-accepted:
		t.Fatal("a second connection was served over the cap of one")
	case <-time.After(100 * time.Millisecond):
	}
	if got := value(t, l.waited); got != 1 {
		t.Errorf("connections_waited_total = %v, want 1", got)
	}
	if !strings.Contains(log.String(), "connection cap reached") {
		t.Errorf("no warning of the cap in the log: %q", log.String())
	}
	first.Close()
	second := <-accepted
	if got := value(t, l.open); got != 1 {
		t.Errorf("connections_open = %v, want 1", got)
	}

	// Closing the listener ends a wait for a slot.
	waiting := make(chan error, 1)
	go func() {
		_, err := l.Accept()
		waiting <- err
	}()
	time.Sleep(50 * time.Millisecond)
	l.Close()
	if err := <-waiting; !errors.Is(err, net.ErrClosed) {
		t.Errorf("Accept after Close: %v, want net.ErrClosed", err)
	}
	second.Close()
	if got := value(t, l.open); got != 0 {
		t.Errorf("connections_open = %v after every connection closed, want 0", got)
	}
}

// TestWebIdleEvicted: on the web port, connections kept alive between
// requests give way to new ones when -max-connections are open: two
// clients that hold the only two slots idle do not keep a third waiting
// in the backlog, as they did until the port's 2-minute idle timeout.
func TestWebIdleEvicted(t *testing.T) {
	_, web := startWebDaemon(t, "--max-connections", "2")
	get := func(c *http.Client) error {
		resp, err := c.Get("http://" + web + "/")
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %s", resp.Status)
		}
		return nil
	}
	for range 2 { // each its own transport: its own kept-alive connection
		c := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
		defer c.CloseIdleConnections()
		if err := get(c); err != nil {
			t.Fatal(err)
		}
	}
	c := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
	defer c.CloseIdleConnections()
	if err := get(c); err != nil {
		t.Fatalf("a third client, beside two idle ones at a cap of two: %v; want the page", err)
	}
}
