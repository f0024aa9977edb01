package service

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/status"
)

// healthWatch is grpc-go's health server with Watch streams that end when
// the server shuts down. grpc-go's own Watch tells its watchers
// NOT_SERVING but stays open until the client leaves, which holds up a
// graceful stop for the whole grace period.
type healthWatch struct {
	*health.Server

	mu      sync.Mutex
	closing chan struct{} // closed by close
	closed  bool
}

func newHealthWatch(hs *health.Server) *healthWatch {
	return &healthWatch{Server: hs, closing: make(chan struct{})}
}

// close ends every Watch stream, and those opened later at once: each
// gets NOT_SERVING, then Unavailable. Call it after Server.Shutdown.
func (h *healthWatch) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.closing)
	}
}

// Watch streams the serving status of a service as grpc-go's health server
// does, until the client leaves or close is called.
func (h *healthWatch) Watch(req *healthpb.HealthCheckRequest, stream grpc.ServerStreamingServer[healthpb.HealthCheckResponse]) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	go func() {
		select {
		case <-h.closing:
			cancel()
		case <-ctx.Done():
		}
	}()
	ws := &watchStream{ServerStreamingServer: stream, ctx: ctx}
	err := h.Server.Watch(req, ws)
	select {
	case <-h.closing:
	default:
		return err // the client left, or sending failed
	}
	// The server is shutting down: whatever grpc-go's Watch saw last, the
	// watcher learns NOT_SERVING before its stream ends.
	if ws.last != healthpb.HealthCheckResponse_NOT_SERVING {
		if err := stream.Send(&healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_NOT_SERVING}); err != nil {
			return err
		}
	}
	return status.Error(codes.Unavailable, "server is shutting down")
}

// watchStream is a Watch stream with a context of its own, which records
// the last status sent.
type watchStream struct {
	grpc.ServerStreamingServer[healthpb.HealthCheckResponse]
	ctx  context.Context
	last healthpb.HealthCheckResponse_ServingStatus
}

func (w *watchStream) Context() context.Context { return w.ctx }

func (w *watchStream) Send(m *healthpb.HealthCheckResponse) error {
	w.last = m.GetStatus()
	return w.ServerStreamingServer.Send(m)
}

// ProbeServer returns a gRPC server that carries the health service of g
// alone, for probes (a kubelet's) on a port of their own: it reports what
// g's health checks report, draining included, whatever g's clients do
// with g's connections and streams. It answers Check alone (Watch is
// refused with Unimplemented), takes at most a few streams a connection
// and closes connections idle for a while; it is meant for a
// port that no client reaches, so it has no TLS and no token.
func (g *GRPC) ProbeServer(opts ...grpc.ServerOption) *grpc.Server {
	ps := grpc.NewServer(append([]grpc.ServerOption{
		grpc.MaxConcurrentStreams(probeStreams),
		grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionIdle: probeIdle}),
		grpc.ConnectionTimeout(probeIdle),
	}, opts...)...)
	healthpb.RegisterHealthServer(ps, probeHealth{g.watch})
	return ps
}

// probeHealth is the health service of a ProbeServer: Check alone. A
// probe (a kubelet's) checks; a Watch stream, never idle, would hold one
// of the port's few connections for as long as its client likes, and
// enough of them would leave the probes no connection at all.
type probeHealth struct{ *healthWatch }

// Watch refuses the stream with Unimplemented.
func (probeHealth) Watch(*healthpb.HealthCheckRequest, grpc.ServerStreamingServer[healthpb.HealthCheckResponse]) error {
	return status.Error(codes.Unimplemented, "the probes' health port answers Check alone; watch health on the gRPC port")
}

// probeStreams is the most streams of a connection to a ProbeServer, and
// probeIdle how long one may sit idle (or in its handshake).
const (
	probeStreams = 4
	probeIdle    = 30 * time.Second
)
