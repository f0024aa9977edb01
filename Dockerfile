# syntax=docker/dockerfile:1
#
# Container image of solverd, with solverctl beside it.
#
#   docker build -t solverd:dev .
#   docker run --rm -p 50051:50051 -p 9090:9090 solverd:dev
#
# Both binaries are static (CGO_ENABLED=0) and run as the distroless
# "nonroot" user (65532) on a read-only root filesystem if asked to. The
# image has no shell: its health is the standard gRPC health service on the
# gRPC port, which Kubernetes probes natively (deploy/kubernetes).

ARG GO_VERSION=1.26

FROM --platform=$BUILDPLATFORM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
# Modules first, so that a source change reuses the download layer.
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
# Set by BuildKit for the platform built for (docker buildx build
# --platform linux/arm64,...): the Go stage cross-compiles on the builder's.
ARG TARGETOS
ARG TARGETARCH
RUN --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 GOOS=${TARGETOS:-linux} GOARCH=${TARGETARCH:-amd64} \
    go build -trimpath -ldflags="-s -w -buildid=" -o /out/ ./cmd/solverd ./cmd/solverctl

FROM gcr.io/distroless/static-debian12:nonroot
ARG VERSION=dev
LABEL org.opencontainers.image.title="solverd" \
      org.opencontainers.image.description="Sudoku solving gRPC service (solverd) and its CLI (solverctl)" \
      org.opencontainers.image.source="https://github.com/sudokuwise/solver" \
      org.opencontainers.image.version="${VERSION}"
COPY --from=build /out/solverd /out/solverctl /usr/local/bin/
# solverd reads every flag from SOLVERD_<FLAG>; in a container it must
# listen on all interfaces (its default is localhost).
ENV SOLVERD_LISTEN=:50051 \
    SOLVERD_METRICS_LISTEN=:9090 \
    SOLVERD_HEALTH_LISTEN=:50052 \
    SOLVERD_LOG_FORMAT=json
EXPOSE 50051 50052 9090
USER 65532:65532
ENTRYPOINT ["/usr/local/bin/solverd"]
