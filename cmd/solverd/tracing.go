package main

import (
	"context"
	"fmt"
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
func newTracerProvider(ctx context.Context, endpoint string, lookupEnv func(string) (string, bool)) (*sdktrace.TracerProvider, error) {
	if v, _ := lookupEnv("OTEL_SDK_DISABLED"); strings.EqualFold(v, "true") {
		return nil, nil
	}
	if otlpTarget(endpoint, lookupEnv) == "" {
		return nil, nil
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
	for _, name := range []string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"} {
		if v, ok := lookupEnv(name); ok && v != "" {
			return v
		}
	}
	return ""
}
