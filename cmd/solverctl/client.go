package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding/gzip"
	"google.golang.org/grpc/test/bufconn"

	"github.com/sudokuwise/solver/client"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
	"github.com/sudokuwise/solver/service"
)

// bufSize is the buffer of the in-process connection.
const bufSize = 1 << 20

// envPrefix prefixes the environment variable of every connection flag.
const envPrefix = "SOLVERCTL_"

// envName returns the environment variable that sets flag name:
// "tls-ca" → "SOLVERCTL_TLS_CA".
func envName(name string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// connFlags are the flags of every command that calls the service: the
// server's address and how to reach it securely (TLS, mutual TLS, a
// bearer token). Each flag not on the command line is read from the
// environment variable envName gives.
type connFlags struct {
	addrs     addrList
	useTLS    bool
	tlsCA     string
	tlsCert   string
	tlsKey    string
	tokenFile string
	// gzip compresses requests; the server must have gzip registered,
	// as the in-process service does through this package's import.
	gzip bool
}

// connFlagNames are the names of the connection flags.
var connFlagNames = []string{"addr", "tls", "tls-ca", "tls-cert", "tls-key", "token-file"}

// register defines the flags on fs.
func (c *connFlags) register(fs *flag.FlagSet) {
	addrUsage := "`host:port` of a running solverd; empty runs the service in-process"
	if c.addrs.multi {
		addrUsage = "`host:port` of a running solverd; repeat (or separate with commas) to spread the batch over several; none runs the service in-process"
	}
	fs.Var(&c.addrs, "addr", addrUsage)
	fs.BoolVar(&c.useTLS, "tls", false, "connect with TLS, trusting the system's certificate authorities")
	fs.StringVar(&c.tlsCA, "tls-ca", "", "connect with TLS, trusting the PEM certificate authorities in `file`")
	fs.StringVar(&c.tlsCert, "tls-cert", "", "PEM client certificate `file`, for mutual TLS (implies -tls)")
	fs.StringVar(&c.tlsKey, "tls-key", "", "PEM private key `file` of -tls-cert")
	fs.StringVar(&c.tokenFile, "token-file", "", "send the bearer token in `file` with every call: its first line that is neither blank nor a # comment")
	for _, name := range connFlagNames {
		fl := fs.Lookup(name)
		fl.Usage += " (env " + envName(name) + ")"
	}
	fs.BoolVar(&c.gzip, "gzip", false, "send requests gzip-compressed (the in-process service accepts gzip; a server without it refuses the call)")
}

// parsed completes the flags once fs has parsed the command line of cmd:
// each flag not on it is read from the environment through lookupEnv
// (nil for none).
// TLS and token flags on the command line need an address; from the
// environment, without an address (none is needed in-process), they are
// ignored.
func (c *connFlags) parsed(cmd *command, fs *flag.FlagSet, lookupEnv func(string) (string, bool)) error {
	onCommandLine := make(map[string]bool)
	fs.Visit(func(fl *flag.Flag) { onCommandLine[fl.Name] = true })
	for _, name := range connFlagNames {
		if onCommandLine[name] || lookupEnv == nil {
			continue
		}
		if v, ok := lookupEnv(envName(name)); ok {
			if err := fs.Set(name, v); err != nil {
				if isBoolFlag(fs.Lookup(name)) {
					err = errors.New("want true or false (or 1 or 0)")
				}
				return usageErrorf("%s: invalid value %q for %s: %v", cmd.name, v, envName(name), err)
			}
		}
	}
	if len(c.addrs.list) == 0 {
		for _, name := range connFlagNames[1:] {
			if onCommandLine[name] {
				return usageErrorf("%s: TLS and token flags need -addr", cmd.name)
			}
		}
		*c = connFlags{addrs: c.addrs, gzip: c.gzip}
		return nil
	}
	if (c.tlsCert == "") != (c.tlsKey == "") {
		return usageErrorf("%s: -tls-cert and -tls-key go together", cmd.name)
	}
	return nil
}

// plaintextToken returns a warning when the flags send a bearer token
// without TLS to an address that is not this machine's, where anyone on
// the path can read it; else "".
func (c *connFlags) plaintextToken() string {
	if c.tokenFile == "" || c.useTLS || c.tlsCA != "" || c.tlsCert != "" {
		return ""
	}
	for _, addr := range c.addrs.list {
		if !localAddr(addr) {
			return fmt.Sprintf("the bearer token of --token-file goes to %s in clear text, without TLS; add --tls or --tls-ca", addr)
		}
	}
	return ""
}

// localAddr reports whether the gRPC target addr is on this machine: a
// Unix socket, localhost, a loopback address, or no host or an
// unspecified address (":50051", "0.0.0.0:50051"), which the dialer takes
// as this machine.
func localAddr(addr string) bool {
	if strings.HasPrefix(addr, "unix:") || strings.HasPrefix(addr, "unix-abstract:") {
		return true
	}
	if i := strings.Index(addr, ":///"); i >= 0 { // dns:///host:port, passthrough:///...
		addr = addr[i+len(":///"):]
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if host == "" || strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// callOptions returns the dial options that every call of the flags
// takes in-process: gzip compression.
func (c *connFlags) callOptions() []grpc.DialOption {
	if !c.gzip {
		return nil
	}
	return []grpc.DialOption{grpc.WithDefaultCallOptions(grpc.UseCompressor(gzip.Name))}
}

// clientOptions returns the options of a client of a server: the
// transport credentials, token and compression of the flags.
func (c *connFlags) clientOptions() []client.Option {
	var opts []client.Option
	if c.useTLS || c.tlsCA != "" || c.tlsCert != "" {
		opts = append(opts, client.WithTLS(c.tlsCA))
	}
	if c.tlsCert != "" {
		opts = append(opts, client.WithClientCert(c.tlsCert, c.tlsKey))
	}
	if c.tokenFile != "" {
		opts = append(opts, client.WithTokenFile(c.tokenFile))
	}
	if c.gzip {
		opts = append(opts, client.WithGzip())
	}
	return opts
}

// dial returns a client of the service at the address of the flags or,
// without one, of a service started in this process. timeout is the
// -timeout of the calls: 0, none, leaves the in-process service no
// default deadline either (see inProcessConfig). The errors of its calls
// name the flag that likely fixes them (see hinter). closeFn releases the
// connection and any service started.
func (c *connFlags) dial(timeout time.Duration) (stub sudokuv1.SudokuServiceClient, closeFn func(), err error) {
	hints := c.hinter(timeout).dialOptions()
	if len(c.addrs.list) == 0 {
		return dialInProcess(inProcessConfig(timeout), append(c.callOptions(), hints...)...)
	}
	cl, err := client.New(c.addrs.list[0], append(c.clientOptions(), client.WithDialOptions(hints...))...)
	if err != nil {
		return nil, nil, err
	}
	return cl.Service(), func() { cl.Close() }, nil
}

// noDeadline stands for no deadline where the service needs a duration:
// a century.
const noDeadline = 100 * 365 * 24 * time.Hour

// inProcessConfig returns the configuration of the in-process service
// for calls with -timeout timeout. A call without a deadline (timeout 0)
// gets none from the service either, instead of its 30 s default: it is
// bounded by the service's caps of search nodes and steps alone.
func inProcessConfig(timeout time.Duration) service.Config {
	cfg := service.DefaultConfig()
	if timeout == 0 {
		cfg.DefaultTimeout = noDeadline
	}
	return cfg
}

// dialInProcess returns a client of a service with cfg started in this
// process, with extra dial options. closeFn releases the connection and
// stops the service.
func dialInProcess(cfg service.Config, extra ...grpc.DialOption) (stub sudokuv1.SudokuServiceClient, closeFn func(), err error) {
	conn, closeFn, err := dialInProcessConn(cfg, extra...)
	if err != nil {
		return nil, nil, err
	}
	return sudokuv1.NewSudokuServiceClient(conn), closeFn, nil
}

// dialInProcessConn returns a connection to a service with cfg started in
// this process, with extra dial options. closeFn releases the connection
// and stops the service.
func dialInProcessConn(cfg service.Config, extra ...grpc.DialOption) (conn *grpc.ClientConn, closeFn func(), err error) {
	lis := bufconn.Listen(bufSize)
	g := service.NewGRPC(service.New(cfg), slog.New(slog.DiscardHandler))
	go g.Server.Serve(lis)
	opts := append([]grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
			return lis.DialContext(ctx)
		}),
	}, extra...)
	conn, err = grpc.NewClient("passthrough:///bufnet", opts...)
	if err != nil {
		g.Server.Stop()
		return nil, nil, err
	}
	return conn, func() {
		conn.Close()
		g.Server.Stop()
	}, nil
}

// addrList is a flag.Value of server addresses, separated with commas: one
// at most, the last one set, or when multi all those set. An empty
// address is none.
type addrList struct {
	list  []string
	multi bool
}

func (a *addrList) String() string { return strings.Join(a.list, ",") }

func (a *addrList) Set(s string) error {
	var addrs []string
	for addr := range strings.SplitSeq(s, ",") {
		if addr = strings.TrimSpace(addr); addr != "" {
			if err := checkAddr(addr); err != nil {
				return err
			}
			addrs = append(addrs, addr)
		}
	}
	if !a.multi {
		if len(addrs) > 1 {
			return errors.New("want one address")
		}
		a.list = addrs
		return nil
	}
	a.list = append(a.list, addrs...)
	return nil
}

// checkAddr returns an error for an address no server can have, which
// gRPC would only refuse when dialing (and batch retry as a server down):
// an http or https URL, or a port number out of range.
func checkAddr(addr string) error {
	if scheme, _, ok := strings.Cut(addr, "://"); ok && (scheme == "http" || scheme == "https") {
		return fmt.Errorf("%s is a URL: want host:port", addr)
	}
	if _, port, err := net.SplitHostPort(addr); err == nil && port != "" && strings.Trim(port, "0123456789") == "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("port %s of %s is out of range: want 1 to 65535", port, addr)
		}
	}
	return nil
}

// isBoolFlag reports whether fl is a boolean flag, whose parse error
// ("parse error") says nothing of the values it takes.
func isBoolFlag(fl *flag.Flag) bool {
	b, ok := fl.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
