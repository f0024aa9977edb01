package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// newTracerProvider returns a tracer provider that exports spans over
// OTLP/gRPC to endpoint or, when endpoint is empty, to the collector the
// standard environment names (OTEL_EXPORTER_OTLP_ENDPOINT,
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, with the other OTEL_EXPORTER_OTLP_*
// variables). It returns nil, and tracing costs nothing, when neither
// names one or OTEL_SDK_DISABLED is true. The exporter connects lazily:
// a collector that is down loses spans, not calls.
//
// A malformed endpoint, in the flag or the environment, is a *usageError
// naming where it was set: the exporter would take it and fail only when
// it first exports, and only in its own log.
func newTracerProvider(ctx context.Context, endpoint string, lookupEnv func(string) (string, bool)) (*sdktrace.TracerProvider, error) {
	if endpoint != "" {
		if err := checkOTLPEndpoint(endpoint); err != nil {
			return nil, &usageError{fmt.Errorf("-otlp-endpoint (or SOLVERD_OTLP_ENDPOINT) %q: %v", redactEndpoint(endpoint), err)}
		}
	}
	if v, _ := lookupEnv("OTEL_SDK_DISABLED"); strings.EqualFold(v, "true") {
		return nil, nil
	}
	if otlpTarget(endpoint, lookupEnv) == "" {
		return nil, nil
	}
	if endpoint == "" {
		name, v := otlpEnv(lookupEnv)
		if err := checkOTLPEndpoint(v); err != nil {
			return nil, &usageError{fmt.Errorf("%s %q: %v", name, redactEndpoint(v), err)}
		}
	}
	var opts []otlptracegrpc.Option
	switch {
	case endpoint == "":
		// The exporter reads the environment itself.
	case strings.Contains(endpoint, "://"):
		opts = append(opts, otlptracegrpc.WithEndpointURL(endpoint))
	default:
		opts = append(opts, otlptracegrpc.WithEndpoint(endpoint), otlptracegrpc.WithInsecure())
	}
	exp, err := otlptracegrpc.New(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("OTLP trace exporter: %w", err)
	}
	// service.name is solverd unless OTEL_SERVICE_NAME or
	// OTEL_RESOURCE_ATTRIBUTES say otherwise.
	res, err := resource.New(ctx,
		resource.WithAttributes(attribute.String("service.name", "solverd")),
		resource.WithFromEnv(),
		resource.WithTelemetrySDK(),
	)
	if err != nil {
		return nil, fmt.Errorf("trace resource: %w", err)
	}
	return sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res)), nil
}

// otlpTarget returns where spans go: endpoint, else the endpoint the
// environment names; "" for none.
func otlpTarget(endpoint string, lookupEnv func(string) (string, bool)) string {
	if endpoint != "" {
		return endpoint
	}
	_, v := otlpEnv(lookupEnv)
	return v
}

// redactEndpoint returns a collector's address fit for a log: the user
// information of a URL (a tenant and an API key, as some hosted
// collectors take them) replaced by "xxxxx".
func redactEndpoint(endpoint string) string {
	scheme, rest, ok := strings.Cut(endpoint, "://")
	if !ok {
		return endpoint
	}
	authority, path := rest, ""
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority, path = rest[:i], rest[i:]
	}
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return endpoint
	}
	return scheme + "://xxxxx@" + authority[at+1:] + path
}

// otlpEnv returns the environment variable that names the collector, and
// its value; "", "" for none.
func otlpEnv(lookupEnv func(string) (string, bool)) (name, value string) {
	for _, name := range []string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"} {
		if v, ok := lookupEnv(name); ok && v != "" {
			return name, v
		}
	}
	return "", ""
}

// checkOTLPEndpoint reports what is wrong with a collector's address:
// host:port, or an http:// or https:// URL with a host.
func checkOTLPEndpoint(endpoint string) error {
	const want = "want host:port, http://host:port or https://host:port"
	if strings.Contains(endpoint, "://") {
		u, err := url.Parse(endpoint)
		if err != nil {
			// url.Error quotes the URL whole, credentials and all.
			if ue := (*url.Error)(nil); errors.As(err, &ue) {
				err = ue.Err
			}
			return fmt.Errorf("%s: %v", want, err)
		}
		if u.Scheme != "http" && u.Scheme != "https" {
			return fmt.Errorf("%s: scheme %q", want, u.Scheme)
		}
		if u.Hostname() == "" {
			return fmt.Errorf("%s: the URL names no host", want)
		}
		if p := u.Port(); p != "" {
			return checkPort(p, want)
		}
		return nil
	}
	host, port, err := net.SplitHostPort(endpoint)
	if err != nil {
		return fmt.Errorf("%s: %v", want, err)
	}
	if host == "" {
		return fmt.Errorf("%s: no host", want)
	}
	return checkPort(port, want)
}

// checkPort refuses a port that is not a number in 1..65535.
func checkPort(port, want string) error {
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("%s: port %q is not a number in 1..65535", want, port)
	}
	return nil
}
