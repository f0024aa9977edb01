package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"
	"net"
	"time"

	"google.golang.org/grpc"

	"github.com/sudokuwise/solver/service"
)

// run is the whole daemon: it parses args (and the environment), then
// serves until ctx is done and the server has stopped. -h prints the usage
// and returns nil.
func run(ctx context.Context, args []string, _ io.Reader, _ io.Writer, stderr io.Writer) error {
	cfg, err := parseConfig(args, lookupEnv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	return serve(ctx, cfg, newLogger(stderr, cfg))
}

// newLogger returns the structured logger cfg asks for, writing to w.
func newLogger(w io.Writer, cfg *config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.logLevel}
	if cfg.logFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// serve listens on cfg.listen and serves the Sudoku service until ctx is
// done. Then it reports NOT_SERVING to health checks and stops gracefully,
// forcibly once cfg.grace has passed.
func serve(ctx context.Context, cfg *config, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return err
	}
	g := service.NewGRPC(service.New(cfg.service), logger,
		grpc.MaxRecvMsgSize(cfg.maxMsgSize),
		grpc.MaxSendMsgSize(cfg.maxMsgSize),
	)
	served := make(chan error, 1)
	go func() { served <- g.Server.Serve(ln) }()
	logger.Info("serving", "addr", ln.Addr().String())

	select {
	case err := <-served:
		// Serve failed on its own: there is nothing to stop.
		if errors.Is(err, grpc.ErrServerStopped) {
			return nil
		}
		return err
	case <-ctx.Done():
	}

	logger.Info("shutting down", "grace", cfg.grace.String())
	g.Health.Shutdown()
	stopped := make(chan struct{})
	go func() {
		g.Server.GracefulStop()
		close(stopped)
	}()
	timer := time.NewTimer(cfg.grace)
	defer timer.Stop()
	select {
	case <-stopped:
	case <-timer.C:
		logger.Warn("grace period over; closing remaining calls")
		g.Server.Stop()
		<-stopped
	}
	if err := <-served; err != nil && !errors.Is(err, grpc.ErrServerStopped) {
		return err
	}
	logger.Info("stopped")
	return nil
}
