package service

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// TestShutdownWithWatch shuts down a server whose health is watched: each
// watcher gets NOT_SERVING and its stream ends with Unavailable at once, so
// that Shutdown returns without waiting for its grace period. With a drain
// delay, health checks report NOT_SERVING while calls are still served.
func TestShutdownWithWatch(t *testing.T) {
	tests := []struct {
		name       string
		drainDelay time.Duration
		services   []string // watched
	}{
		{"no drain delay", 0, []string{"", sudokuv1.SudokuService_ServiceDesc.ServiceName}},
		{"drain delay", 2 * time.Second, []string{""}},
		{"unknown service", 0, []string{"no.such.Service"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{}, GRPCConfig{DrainDelay: tt.drainDelay})
			health := healthpb.NewHealthClient(ts.conn)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var watches []healthpb.Health_WatchClient
			for _, svc := range tt.services {
				w, err := health.Watch(ctx, &healthpb.HealthCheckRequest{Service: svc})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := w.Recv(); err != nil { // SERVING, or SERVICE_UNKNOWN
					t.Fatal(err)
				}
				watches = append(watches, w)
			}

			// A grace period far longer than the test may take.
			shutdown := make(chan error, 1)
			go func() { shutdown <- ts.g.Shutdown(ctx) }()
			for i, w := range watches {
				if resp, err := w.Recv(); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
					t.Errorf("watch %q after Shutdown = %v, %v; want NOT_SERVING", tt.services[i], resp, err)
				}
				if _, err := w.Recv(); status.Code(err) != codes.Unavailable {
					t.Errorf("watch %q ended with %v, want Unavailable", tt.services[i], err)
				}
			}
			if tt.drainDelay > 0 {
				if resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
					t.Errorf("Check during the drain delay = %v, %v; want NOT_SERVING", resp, err)
				}
				if _, err := sudokuv1.NewSudokuServiceClient(ts.conn).Solve(ctx, &sudokuv1.SolveRequest{Puzzle: textPuzzle(seedEasy)}); err != nil {
					t.Errorf("Solve during the drain delay: %v", err)
				}
				// A watch opened while draining ends at once too.
				w, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
				if err != nil {
					t.Fatal(err)
				}
				if resp, err := w.Recv(); err != nil || resp.GetStatus() != healthpb.HealthCheckResponse_NOT_SERVING {
					t.Errorf("watch opened while draining = %v, %v; want NOT_SERVING", resp, err)
				}
				if _, err := w.Recv(); status.Code(err) != codes.Unavailable {
					t.Errorf("watch opened while draining ended with %v, want Unavailable", err)
				}
			}
			if err := <-shutdown; err != nil {
				t.Errorf("Shutdown = %v, want nil: the watchers held it up", err)
			}
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				t.Error("Shutdown took the whole grace period")
			}
		})
	}
}

// TestProbeServerCheckAlone checks that the probes' port answers Check and
// refuses Watch: a Watch stream is never idle, so 16 of them (the port's
// connections) would leave the kubelet's probes none, for as long as they
// stay open.
func TestProbeServerCheckAlone(t *testing.T) {
	ts := startServer(t, Config{}, GRPCConfig{})
	ps := ts.g.ProbeServer()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go ps.Serve(lis)
	t.Cleanup(ps.Stop)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	health := healthpb.NewHealthClient(conn)
	tests := []struct {
		name string
		call func(context.Context) error
		want codes.Code
	}{
		{"Check", func(ctx context.Context) error {
			resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{})
			if err == nil && resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
				t.Errorf("Check = %v, want SERVING", resp.GetStatus())
			}
			return err
		}, codes.OK},
		{"Watch", func(ctx context.Context) error {
			w, err := health.Watch(ctx, &healthpb.HealthCheckRequest{})
			if err != nil {
				return err
			}
			_, err = w.Recv()
			return err
		}, codes.Unimplemented},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := tt.call(ctx); status.Code(err) != tt.want {
				t.Errorf("%s on the probe server: %v, want %v", tt.name, err, tt.want)
			}
		})
	}
}
