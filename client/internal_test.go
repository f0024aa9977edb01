package client

import (
	"errors"
	"slices"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestBalanced(t *testing.T) {
	for target, want := range map[string]bool{
		"dns:///solverd-headless.ns.svc:50051": true,
		"dns://8.8.8.8/solverd.ns.svc:50051":   true,
		"dns:solverd.ns.svc:50051":             true,
		"localhost:50051":                      false,
		"solverd.ns.svc:50051":                 false,
		"passthrough:///localhost:50051":       false,
		"unix:///run/solverd.sock":             false,
		"nosuchscheme:///x":                    false,
	} {
		if got := Balanced(target); got != want {
			t.Errorf("Balanced(%q) = %v, want %v", target, got, want)
		}
		if got := len(balanceOptions(target)) > 0; got != want {
			t.Errorf("balanceOptions(%q) gives options: %v, want %v", target, got, want)
		}
	}
	if got := slotsOf(&Client{target: "localhost:1"}, 0); len(got) != 1 || got[0].rotate != 0 {
		t.Errorf("a plain address: %d streams rotating after %d, want 1 not rotating", len(got), got[0].rotate)
	}
	if got := slotsOf(&Client{target: "dns:///x:1"}, 0); len(got) != BalancedStreams || got[0].rotate != balancedStreamPuzzles {
		t.Errorf("dns:///: %d streams rotating after %d, want %d after %d", len(got), got[0].rotate, BalancedStreams, balancedStreamPuzzles)
	}
	if got := slotsOf(&Client{target: "dns:///x:1"}, 3); len(got) != 3 {
		t.Errorf("dns:/// with Streams 3: %d streams", len(got))
	}
	// The quota of a stream doubles from the first to the most.
	s := slotsOf(&Client{target: "dns:///x:1"}, 2)
	var quotas []int
	for range 7 {
		quotas = append(quotas, s[0].quota())
	}
	if want := []int{64, 128, 256, 512, 1024, 2048, 2048}; !slices.Equal(quotas, want) {
		t.Errorf("quotas %v, want %v", quotas, want)
	}
	if q := s[1].quota(); q != 64 {
		t.Errorf("the other stream's first quota is %d, want 64", q)
	}
}

func TestServerLimit(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		limit int
		ok    bool
	}{
		{"grpc", status.Error(codes.ResourceExhausted, "grpc: received message larger than max (300000 vs. 262144)"), 262144, true},
		{"other exhausted", status.Error(codes.ResourceExhausted, "rate limit"), 0, false},
		{"other code", status.Error(codes.Internal, "grpc: received message larger than max (3 vs. 2048)"), 0, false},
		{"not a status", errors.New("larger than max (3 vs. 2048)"), 0, false},
		{"garbled", status.Error(codes.ResourceExhausted, "grpc: received message larger than max (x)"), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			limit, ok := serverLimit(tt.err)
			if limit != tt.limit || ok != tt.ok {
				t.Errorf("got %d, %v; want %d, %v", limit, ok, tt.limit, tt.ok)
			}
		})
	}
}

// TestHungErrorWindow: a hung stream's error names the window it waited,
// and says so when it was longer than the puzzle timeout (the server had
// answered a probe, so its streams wait longer).
func TestHungErrorWindow(t *testing.T) {
	tests := []struct {
		name string
		err  hungError
		want string
	}{
		{"the puzzle timeout", hungError{server: "a:1", after: time.Second, timeout: time.Second, out: 3},
			"a:1 answered nothing in 1s (the puzzle timeout) with 3 puzzles out: stream declared hung"},
		{"lengthened after a probe", hungError{server: "a:1", after: 4 * time.Second, timeout: time.Second, out: 2},
			"a:1 answered nothing in 4s (the puzzle timeout of 1s, lengthened as the server answered a probe) with 2 puzzles out: stream declared hung"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
}
