package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sudokuwise/solver/service"
)

// config is the daemon's configuration, from flags and the environment.
type config struct {
	listen     string
	maxMsgSize int
	grace      time.Duration
	logLevel   slog.Level
	logFormat  string
	service    service.Config
}

// envPrefix prefixes the environment variable of every flag.
const envPrefix = "SOLVERD_"

// envName returns the environment variable that sets flag name:
// "max-msg-size" → "SOLVERD_MAX_MSG_SIZE".
func envName(name string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// lookupEnv reads the environment.
var lookupEnv = os.LookupEnv

// usageError is a bad command line or environment: exit status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// parseConfig reads the configuration from args and, for flags not on the
// command line, from the environment through lookupEnv. -h prints the usage
// to w and returns flag.ErrHelp.
func parseConfig(args []string, lookupEnv func(string) (string, bool), w io.Writer) (*config, error) {
	cfg := &config{logLevel: slog.LevelInfo, logFormat: "text"}
	fs := flag.NewFlagSet("solverd", flag.ContinueOnError)
	fs.StringVar(&cfg.listen, "listen", "localhost:50051", "`host:port` to serve on; port 0 picks a free port")
	fs.IntVar(&cfg.maxMsgSize, "max-msg-size", 4<<20, "largest message received or sent, in `bytes`")
	fs.DurationVar(&cfg.grace, "grace", 10*time.Second, "how long to let in-flight calls finish on shutdown")
	fs.Var((*levelValue)(&cfg.logLevel), "log-level", "log `level`: debug, info, warn or error")
	fs.Var(&choiceValue{p: &cfg.logFormat, allowed: []string{"text", "json"}}, "log-format", "log `format`: text or json")
	fs.Uint64Var(&cfg.service.MaxNodes, "max-nodes", 0, "default and cap of search `nodes` (guesses) per solve; 0 means the service's")
	fs.Var((*uint32Value)(&cfg.service.MaxSteps), "max-steps", "default and cap of `steps` per solve; 0 means the service's")
	fs.Var((*uint32Value)(&cfg.service.MaxSolutions), "max-solutions", "cap of `solutions` counted per solve; 0 means the service's")
	fs.DurationVar(&cfg.service.DefaultTimeout, "default-timeout", 0, "deadline of calls that set none; 0 means the service's")

	// The environment first, so that the command line overrides it.
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := envName(f.Name)
		v, ok := lookupEnv(name)
		if !ok || envErr != nil {
			return
		}
		if err := fs.Set(f.Name, v); err != nil {
			envErr = &usageError{fmt.Errorf("invalid value %q for %s: %v", v, name, err)}
		}
	})
	if envErr != nil {
		return nil, envErr
	}

	// The flag package prints its own message and the usage on a bad flag;
	// keep that quiet and return a one-line error instead.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(w, fs)
			return nil, err
		}
		return nil, &usageError{fmt.Errorf("%v (see solverd -h)", err)}
	}
	if fs.NArg() > 0 {
		return nil, &usageError{fmt.Errorf("unexpected argument %q (see solverd -h)", fs.Arg(0))}
	}
	if cfg.maxMsgSize <= 0 {
		return nil, &usageError{fmt.Errorf("-max-msg-size must be positive, not %d", cfg.maxMsgSize)}
	}
	if cfg.grace < 0 {
		return nil, &usageError{fmt.Errorf("-grace must not be negative, not %v", cfg.grace)}
	}
	if cfg.service.DefaultTimeout < 0 {
		return nil, &usageError{fmt.Errorf("-default-timeout must not be negative, not %v", cfg.service.DefaultTimeout)}
	}
	return cfg, nil
}

// printUsage prints the usage of solverd: every flag with its default and
// its environment variable.
func printUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: solverd [flags]\n\n")
	fmt.Fprintf(w, "Serve the Sudoku solving gRPC API. Each flag can also be set from the\n")
	fmt.Fprintf(w, "environment variable shown; the command line wins over the environment.\n\n")
	fs.VisitAll(func(f *flag.Flag) {
		typ, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  -%s %s\n", f.Name, typ)
		fmt.Fprintf(w, "    \t%s (default %s; env %s)\n", usage, f.DefValue, envName(f.Name))
	})
}

// levelValue is a flag.Value for a slog level by name.
type levelValue slog.Level

var levelNames = map[string]slog.Level{
	"debug": slog.LevelDebug,
	"info":  slog.LevelInfo,
	"warn":  slog.LevelWarn,
	"error": slog.LevelError,
}

func (l *levelValue) String() string { return strings.ToLower(slog.Level(*l).String()) }

func (l *levelValue) Set(s string) error {
	lvl, ok := levelNames[strings.ToLower(s)]
	if !ok {
		return errors.New("want debug, info, warn or error")
	}
	*l = levelValue(lvl)
	return nil
}

// choiceValue is a flag.Value for one of a fixed set of strings.
type choiceValue struct {
	p       *string
	allowed []string
}

func (c *choiceValue) String() string {
	if c.p == nil { // the zero value the flag package may make
		return ""
	}
	return *c.p
}

func (c *choiceValue) Set(s string) error {
	for _, a := range c.allowed {
		if strings.EqualFold(s, a) {
			*c.p = a
			return nil
		}
	}
	return fmt.Errorf("want one of %s", strings.Join(c.allowed, ", "))
}

// uint32Value is a flag.Value for a uint32.
type uint32Value uint32

func (u *uint32Value) String() string { return strconv.FormatUint(uint64(*u), 10) }

func (u *uint32Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		return errors.New("want a number from 0 to 4294967295")
	}
	*u = uint32Value(n)
	return nil
}
