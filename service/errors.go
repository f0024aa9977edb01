package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/sudokuwise/solver/engine/generate"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// An inputKind is the kind of request message the engine read an input
// from, which decides the proto field behind an engine field name.
type inputKind int

const (
	puzzleText     inputKind = iota // a Puzzle's text, with its charset, region_map, format and variant
	puzzleBoard                     // a Puzzle's structured Board
	generateConfig                  // a GenerateRequest, read as a generate.Config
	inputKinds
)

// protoFields is the one table from the engine's input field names (of
// grid.Config and grid.CellState, of codec's inputs, of generate.Config)
// to the proto fields that carry them, by kind of input, where the two
// differ: a puzzle's text carries its cells, size and cages and its
// region_map the regions; a Board has a field of each grid name, and a
// GenerateRequest one of each generate.Config name but base. Only the
// engine name's first part is looked up ("cells" of "cells[3].value"); a
// renamed field loses the rest, which the request does not have.
//
// The service's own checks make a *grid.FieldError on the proto path at
// once, and an encoder's error, about what the chosen output format cannot
// carry, names the request's format field (Convert's to, Generate's
// format) whatever the engine called it.
var protoFields = map[string][inputKinds]string{
	"board":   {puzzleText: "text"}, // codec: the board a text decodes to
	"cells":   {puzzleText: "text"},
	"size":    {puzzleText: "text"},
	"cages":   {puzzleText: "text"},
	"regions": {puzzleText: "region_map"},
	"black":   {puzzleText: "text", puzzleBoard: "cells"},
	"base":    {generateConfig: "puzzle"},
}

// inField renames an engine input error (a *grid.FieldError) after the
// request field that carries it, through protoFields: prefix is the proto
// path of the message the engine read ("puzzle", "puzzle.board"; "" for
// the request itself). Other errors pass unchanged.
func inField(prefix string, kind inputKind, err error) error {
	var fe *grid.FieldError
	if !errors.As(err, &fe) {
		return err
	}
	field := fe.Field
	head := field
	if i := strings.IndexAny(head, ".["); i >= 0 {
		head = head[:i]
	}
	if name := protoFields[head][kind]; name != "" {
		field = name
	}
	if prefix != "" {
		field = prefix + "." + field
	}
	return &grid.FieldError{Field: field, Reason: fe.Reason}
}

// reason returns the reason of an input error without its field name.
func reason(err error) string {
	var fe *grid.FieldError
	if errors.As(err, &fe) {
		return fe.Reason
	}
	return err.Error()
}

// errorCodes is the one mapping of the service's errors to gRPC codes,
// for whole calls (toStatus) and for the items of a batch (toItemError).
// The first entry that matches wins; an error that matches none is
// Internal.
var errorCodes = []struct {
	match  func(error) bool
	code   codes.Code
	reason string // of the ErrorInfo detail, for the codes with several causes
}{
	{func(err error) bool { return errors.As(err, new(*grid.FieldError)) }, codes.InvalidArgument, ""},
	{is(solver.ErrStepLimit), codes.ResourceExhausted, ReasonStepLimit},
	{is(solver.ErrNodeLimit), codes.ResourceExhausted, ReasonNodeLimit},
	{is(errOverloaded), codes.ResourceExhausted, ReasonOverloaded},
	{is(errStalled), codes.ResourceExhausted, ReasonStalled},
	{is(errTooLarge), codes.ResourceExhausted, ReasonAnswerTooLarge},
	{is(generate.ErrNoPuzzle), codes.ResourceExhausted, ReasonNoPuzzle},
	{is(context.DeadlineExceeded), codes.DeadlineExceeded, ""},
	{is(context.Canceled), codes.Canceled, ""},
}

// ErrorDomain is the domain of the service's google.rpc.ErrorInfo details.
const ErrorDomain = "sudoku.v1"

// The reasons of the google.rpc.ErrorInfo detail a ResourceExhausted
// status carries (an ItemError's reason in a batch), so that a client
// tells a bound of its request, which the same request reaches again,
// from a busy server, which it may retry later.
const (
	// The request's bounds: the same request fails again.
	ReasonStepLimit       = "STEP_LIMIT"        // options.max_steps or the server's cap
	ReasonNodeLimit       = "NODE_LIMIT"        // options.max_nodes or the server's cap
	ReasonAnswerTooLarge  = "ANSWER_TOO_LARGE"  // the answer is over the server's -max-send-msg-size
	ReasonRequestTooLarge = "REQUEST_TOO_LARGE" // the request is over -max-request-size
	ReasonNoPuzzle        = "NO_PUZZLE"         // Generate found no puzzle within its budget
	// The client's own pace: it read nothing for -stall-timeout.
	ReasonStalled = "STALLED"
	// The server's load: retry later, or elsewhere, after the status's
	// google.rpc.RetryInfo delay (OverloadRetryDelay).
	ReasonOverloaded = "OVERLOADED" // solving slots and their queue full, too many calls, or memory
	// The caller's own rate (-rate-limit): retry after the status's
	// google.rpc.RetryInfo delay, when its bucket holds a call again.
	ReasonRateLimited = "RATE_LIMITED"
)

// OverloadRetryDelay is the wait the google.rpc.RetryInfo of an OVERLOADED
// refusal asks for. It is collectEvery, how often the heap bound collects
// garbage and reads the heap again before it refuses a call, so that a
// client retrying sooner meets the same reading; and it is gRPC's base
// reconnection backoff (a second), time for calls to end on a server
// whose solving queue or -max-total-streams is full. The server cannot
// tell when its load eases, so it is the least wait: a client backs off
// further on refusals in a row.
const OverloadRetryDelay = collectEvery

// reasonDetails returns the details of a status of reason: its ErrorInfo,
// and for OVERLOADED a RetryInfo of OverloadRetryDelay unless more holds
// one already; then more.
func reasonDetails(reason string, more ...protoadapt.MessageV1) []protoadapt.MessageV1 {
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason, Domain: ErrorDomain}}
	if reason == ReasonOverloaded && !slices.ContainsFunc(more, func(m protoadapt.MessageV1) bool {
		_, ok := m.(*errdetails.RetryInfo)
		return ok
	}) {
		details = append(details, &errdetails.RetryInfo{RetryDelay: durationpb.New(OverloadRetryDelay)})
	}
	return append(details, more...)
}

// withReason returns the status code, msg with the details of reason (see
// reasonDetails) and the details more.
func withReason(code codes.Code, reason, msg string, more ...protoadapt.MessageV1) error {
	st := status.New(code, msg)
	details := reasonDetails(reason, more...)
	if d, err := st.WithDetails(details...); err == nil {
		st = d
	}
	return st.Err()
}

func is(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

// classify returns the code, message, field violations and ErrorInfo
// reason of err. A gRPC status error keeps its own.
func classify(err error) (codes.Code, string, []*errdetails.BadRequest_FieldViolation, string) {
	if st, ok := status.FromError(err); ok {
		var violations []*errdetails.BadRequest_FieldViolation
		reason := ""
		for _, d := range st.Details() {
			switch d := d.(type) {
			case *errdetails.BadRequest:
				violations = append(violations, d.GetFieldViolations()...)
			case *errdetails.ErrorInfo:
				reason = d.GetReason()
			}
		}
		return st.Code(), st.Message(), violations, reason
	}
	code, reason := codes.Internal, ""
	for _, e := range errorCodes {
		if e.match(err) {
			code, reason = e.code, e.reason
			break
		}
	}
	var fe *grid.FieldError
	if errors.As(err, &fe) {
		return code, fe.Error(), []*errdetails.BadRequest_FieldViolation{{Field: fe.Field, Description: fe.Reason}}, reason
	}
	return code, err.Error(), nil, reason
}

// optionLimits returns err, the error of a solve under a request's
// SolveOptions, naming the option that sets a limit it reached.
func optionLimits(err error) error {
	switch {
	case errors.Is(err, solver.ErrStepLimit):
		return fmt.Errorf("%w; options.max_steps sets the limit, up to the server's cap", err)
	case errors.Is(err, solver.ErrNodeLimit):
		return fmt.Errorf("%w; options.max_nodes sets the budget, up to the server's cap", err)
	}
	return err
}

// toStatus maps every error the service returns to a gRPC status through
// errorCodes: bad input to InvalidArgument with a BadRequest detail,
// exhausted bounds and overload to ResourceExhausted, context ends to
// Canceled or DeadlineExceeded. A status error passes through.
func toStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	code, msg, violations, reason := classify(err)
	st := status.New(code, msg)
	if len(violations) > 0 {
		if d, derr := st.WithDetails(&errdetails.BadRequest{FieldViolations: violations}); derr == nil {
			st = d
		}
	}
	if reason != "" {
		if d, derr := st.WithDetails(reasonDetails(reason)...); derr == nil {
			st = d
		}
	}
	return st.Err()
}

// InvalidArgument returns err, when it is a *grid.FieldError, as the
// status the service answers for it: InvalidArgument, with the field in a
// BadRequest detail. Other errors are returned as they are. Clients use
// it for the input they check before a call (see CheckText), so that it
// reads as the service's own refusal.
func InvalidArgument(err error) error {
	if !errors.As(err, new(*grid.FieldError)) {
		return err
	}
	return toStatus(err)
}

// InvalidField returns the status the service answers for input refused
// at field: InvalidArgument, with the reason formatted as fmt.Sprintf
// does and the field in a BadRequest detail.
func InvalidField(field, format string, args ...any) error {
	return toStatus(grid.FieldErrorf(field, format, args...))
}

// FieldOf returns the field and the reason of err when it is (or wraps) a
// *grid.FieldError, the input errors of the service's checks, for clients
// that word them in their own terms.
func FieldOf(err error) (field, reason string, ok bool) {
	var fe *grid.FieldError
	if !errors.As(err, &fe) {
		return "", "", false
	}
	return fe.Field, fe.Reason, true
}

// toItemError maps the error of one batch item as toStatus maps the error
// of a call.
func toItemError(err error) *sudokuv1.ItemError {
	code, msg, violations, reason := classify(err)
	ie := &sudokuv1.ItemError{Code: int32(code), Message: msg, Reason: reason}
	for _, v := range violations {
		ie.Violations = append(ie.Violations, &sudokuv1.FieldViolation{Field: v.GetField(), Description: v.GetDescription()})
	}
	return ie
}
