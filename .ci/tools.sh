#!/usr/bin/env bash
# Installs the pinned code-generation and API tools with `go install`.
# The versions here are the project's single source of truth for them.
set -euo pipefail

BUF_VERSION=v1.75.0
PROTOC_GEN_GO_VERSION=v1.36.12       # keep equal to google.golang.org/protobuf in go.mod
PROTOC_GEN_GO_GRPC_VERSION=v1.6.2
GRPCURL_VERSION=v1.9.4
GHZ_VERSION=v0.121.0                 # the proxy's @latest is stale: keep the pin

tools=(
  "github.com/bufbuild/buf/cmd/buf@${BUF_VERSION}"
  "google.golang.org/protobuf/cmd/protoc-gen-go@${PROTOC_GEN_GO_VERSION}"
  "google.golang.org/grpc/cmd/protoc-gen-go-grpc@${PROTOC_GEN_GO_GRPC_VERSION}"
)
if [ "${1:-}" = "--all" ]; then
  tools+=("github.com/fullstorydev/grpcurl/cmd/grpcurl@${GRPCURL_VERSION}")
  tools+=("github.com/bojand/ghz/cmd/ghz@${GHZ_VERSION}")   # for .ci/loadtest.sh
fi
for t in "${tools[@]}"; do
  echo "go install $t"
  go install "$t"
done
