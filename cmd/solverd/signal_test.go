package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSecondSignalForces: the first signal starts the graceful stop, the
// second forces the exit.
func TestSecondSignalForces(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	shutdown := make(chan struct{})
	forced := make(chan os.Signal, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		onSignals(sigs, func() { close(shutdown) }, func(sig os.Signal) { forced <- sig })
	}()

	sigs <- syscall.SIGTERM
	select {
	case <-shutdown:
	case <-time.After(5 * time.Second):
		t.Fatal("the first signal did not start the shutdown")
	}
	select {
	case sig := <-forced:
		t.Fatalf("the first signal forced the exit (%v)", sig)
	default:
	}
	sigs <- os.Interrupt
	select {
	case sig := <-forced:
		if sig != os.Interrupt {
			t.Errorf("forced by %v, want %v", sig, os.Interrupt)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second signal did not force the exit")
	}
	<-done
}

// TestSignalsClosed: with no signal, closing the channel ends the watch
// without a shutdown.
func TestSignalsClosed(t *testing.T) {
	sigs := make(chan os.Signal)
	close(sigs)
	onSignals(sigs, func() { t.Error("shutdown without a signal") }, func(os.Signal) { t.Error("forced without a signal") })
}

// TestSecondSignalExits runs the daemon in a child process (this test
// binary, running main): a first SIGTERM begins a long drain, a second
// ends the process at once, with status 1 and a message.
func TestSecondSignalExits(t *testing.T) {
	if os.Getenv("GO_SOLVERD_CHILD") == "1" {
		os.Args = []string{"solverd", "-listen", "localhost:0", "-drain-delay", "1m"}
		main()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSecondSignalExits$")
	cmd.Env = append(os.Environ(), "GO_SOLVERD_CHILD=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var log strings.Builder
	waitFor := func(text string) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("no %q before the end of the log:\n%s", text, log.String())
				}
				log.WriteString(line + "\n")
				if strings.Contains(line, text) {
					return
				}
			case <-timeout:
				t.Fatalf("no %q logged within 10s:\n%s", text, log.String())
			}
		}
	}
	waitFor("msg=serving")
	cmd.Process.Signal(syscall.SIGTERM)
	waitFor("draining")
	cmd.Process.Signal(syscall.SIGTERM)
	waitFor("second signal (terminated)")
	exited := make(chan error, 1)
	go func() {
		for range lines { // the rest of the log
		}
		exited <- cmd.Wait()
	}()
	select {
	case err := <-exited:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 {
			t.Errorf("exit = %v, want status 1", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("still running 10s after the second signal:\n%s", log.String())
	}
}
