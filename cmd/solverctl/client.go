package main

import (
	"context"
	"log/slog"
	"net"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// bufSize is the buffer of the in-process connection.
const bufSize = 1 << 20

// dial returns a client of the service at addr (host:port, without TLS) or,
// when addr is empty, of a service started in this process. closeFn
// releases the connection and any service started.
func dial(addr string) (client sudokuv1.SudokuServiceClient, closeFn func(), err error) {
	creds := grpc.WithTransportCredentials(insecure.NewCredentials())
	if addr != "" {
		conn, err := grpc.NewClient(addr, creds)
		if err != nil {
			return nil, nil, err
		}
		return sudokuv1.NewSudokuServiceClient(conn), func() { conn.Close() }, nil
	}

	lis := bufconn.Listen(bufSize)
	g := service.NewGRPC(service.New(service.DefaultConfig()), slog.New(slog.DiscardHandler))
	go g.Server.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet", creds,
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
			return lis.DialContext(ctx)
		}))
	if err != nil {
		g.Server.Stop()
		return nil, nil, err
	}
	return sudokuv1.NewSudokuServiceClient(conn), func() {
		conn.Close()
		g.Server.Stop()
	}, nil
}
