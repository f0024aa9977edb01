// Package kubernetes holds the Kubernetes manifests of solverd: a kustomize
// base, a production overlay with TLS and bearer tokens, and optional
// components (see docs/deploy.md in the repository root). It has no Go code of its own: kustomize_test.go builds
// every kustomization offline and checks the objects against the
// Kubernetes API types and the deployment's invariants, and
// alerts_test.go checks the alert rules against the metrics solverd
// exports.
package kubernetes
