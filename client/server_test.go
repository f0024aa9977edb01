package client_test

import (
	"context"
	"log/slog"
	"net"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/test/bufconn"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// The puzzle of the examples and tests, and its solution.
const (
	seedPuzzle   = "000000000070040010301506408000000000060010040105709803000000000030070020204805709"
	seedSolution = "496187352578243916321596478783654291962318547145729863657932184839471625214865739"
)

// startServer starts the service, wrapped by wrap when not nil, on an
// in-process listener, and returns the client options that reach it and a
// function that stops it.
func startServer(wrap func(sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer, sopts ...grpc.ServerOption) ([]client.Option, func()) {
	lis := bufconn.Listen(1 << 20)
	srv := service.New(service.DefaultConfig())
	var g *grpc.Server
	if wrap == nil {
		g = service.NewGRPC(srv, slog.New(slog.DiscardHandler), sopts...).Server
	} else {
		g = grpc.NewServer(sopts...)
		sudokuv1.RegisterSudokuServiceServer(g, wrap(srv))
	}
	go g.Serve(lis)
	dialer := grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
		return lis.DialContext(ctx)
	})
	return []client.Option{client.WithDialOptions(dialer)}, g.Stop
}

// newTestClient returns a client of a server started as startServer does.
func newTestClient(t *testing.T, wrap func(sudokuv1.SudokuServiceServer) sudokuv1.SudokuServiceServer, sopts ...grpc.ServerOption) *client.Client {
	t.Helper()
	opts, stop := startServer(wrap, sopts...)
	t.Cleanup(stop)
	c, err := client.New("passthrough:///bufnet", opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}
