package client

import (
	"errors"
	"net/url"
	"strings"
	"sync/atomic"

	"google.golang.org/grpc"
	_ "google.golang.org/grpc/health" // client-side health checking of subchannels
	"google.golang.org/grpc/resolver"
)

// balancedServiceConfig is the default service config of a balanced
// target: round_robin over every address the resolver returns, each
// connection (subchannel) health-checked with the standard health service,
// so that a server that reports NOT_SERVING, as solverd does as soon as it
// starts shutting down, leaves the rotation before it stops. The name ""
// is the server as a whole. A service config the resolver returns (a DNS
// TXT record) overrides it.
const balancedServiceConfig = `{
  "loadBalancingConfig": [{"round_robin": {}}],
  "healthCheckConfig": {"serviceName": ""}
}`

// Streams of a batch to a balanced target.
const (
	// BalancedStreams is how many SolveBatch streams a batch opens on a
	// balanced target when BatchConfig.Streams is 0: round_robin puts each
	// on the next healthy server, so with at least as many streams as
	// servers every server gets work.
	BalancedStreams = 8
	// balancedStreamPuzzles is how many puzzles a stream to a balanced
	// target sends before it closes and a new one takes its place on the
	// next server: streams spread again over servers added since (an
	// autoscaler's) and over those that were not yet ready when the batch
	// began, when round_robin had fewer to choose from.
	balancedStreamPuzzles = 2048
	// balancedFirstStreamPuzzles is the quota of the first stream of each,
	// doubled for every stream after it up to balancedStreamPuzzles: the
	// first streams are opened at once, when round_robin may know only the
	// first server ready, so they move on soon.
	balancedFirstStreamPuzzles = 64
)

// errStreamRotated ends a stream that has sent its quota and been
// answered in full; serve opens the next at once.
var errStreamRotated = errors.New("stream rotated")

// Balanced reports whether target names a resolver that may return several
// addresses for one name, such as dns:///solverd-headless.ns.svc:50051:
// a URL whose scheme is a registered resolver other than passthrough and
// unix. A plain host:port is not: it keeps gRPC's default of one address
// at a time.
func Balanced(target string) bool {
	if strings.HasPrefix(target, "dns:") {
		return true // dns:///name:port, dns://authority/name:port and dns:name:port alike
	}
	if !strings.Contains(target, "://") {
		return false
	}
	u, err := url.Parse(target)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "passthrough", "unix", "unix-abstract":
		return false
	}
	return resolver.Get(u.Scheme) != nil
}

// balanceOptions returns the dial options of target: the balanced service
// config for a balanced target, none otherwise.
func balanceOptions(target string) []grpc.DialOption {
	if !Balanced(target) {
		return nil
	}
	return []grpc.DialOption{grpc.WithDefaultServiceConfig(balancedServiceConfig)}
}

// streamSlot is one stream of a batch on a client: streams after streams,
// each rotating after its quota when rotate is not 0.
type streamSlot struct {
	name   string
	client *Client
	rotate int           // puzzles a stream sends before the next takes over; 0: no limit
	opened *atomic.Int64 // streams opened, for quota
}

// slotsOf returns the stream slots a batch opens on c: streams of them (0
// meaning BalancedStreams for a balanced target, else 1), each rotating
// after balancedStreamPuzzles puzzles when the target is balanced.
func slotsOf(c *Client, streams int) []streamSlot {
	s := streamSlot{name: c.target, client: c}
	if Balanced(c.target) {
		s.rotate = balancedStreamPuzzles
		if streams == 0 {
			streams = BalancedStreams
		}
	}
	out := make([]streamSlot, max(1, streams))
	for i := range out {
		out[i] = s
		out[i].opened = new(atomic.Int64)
	}
	return out
}

// quota returns the puzzles the next stream of s may send before it
// closes and the next takes over on the next server; 0 means no limit.
func (s streamSlot) quota() int {
	if s.rotate == 0 || s.opened == nil {
		return s.rotate
	}
	n := min(s.opened.Add(1)-1, 16)
	return min(s.rotate, balancedFirstStreamPuzzles<<n)
}
