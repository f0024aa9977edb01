package service

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/sudokuwise/solver/engine/codec"
	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// fieldError is a request field that is wrong, named by its proto path.
type fieldError struct {
	field  string
	reason string
}

func (e *fieldError) Error() string { return e.field + ": " + e.reason }

func badField(field, format string, args ...any) error {
	return &fieldError{field: field, reason: fmt.Sprintf(format, args...)}
}

// inField renames an engine input error after the request field it came
// from: prefix is the proto path of the engine's input ("puzzle.board").
func inField(prefix string, err error) error {
	var fe *grid.FieldError
	if errors.As(err, &fe) {
		return &fieldError{field: prefix + "." + fe.Field, reason: fe.Reason}
	}
	var ce *codec.Error
	if errors.As(err, &ce) {
		field := ce.Input
		if field == "board" {
			field = "text"
		}
		return &fieldError{field: prefix + "." + field, reason: ce.Reason}
	}
	return err
}

// errorCodes is the one mapping of the service's errors to gRPC codes,
// for whole calls (toStatus) and for the items of a batch (toItemError).
// The first entry that matches wins; an error that matches none is
// Internal.
var errorCodes = []struct {
	match func(error) bool
	code  codes.Code
}{
	{func(err error) bool { return errors.As(err, new(*fieldError)) }, codes.InvalidArgument},
	{is(solver.ErrStepLimit), codes.ResourceExhausted},
	{is(solver.ErrNodeLimit), codes.ResourceExhausted},
	{is(errOverloaded), codes.ResourceExhausted},
	{is(errStalled), codes.ResourceExhausted},
	{is(errTooLarge), codes.ResourceExhausted},
	{is(context.DeadlineExceeded), codes.DeadlineExceeded},
	{is(context.Canceled), codes.Canceled},
}

func is(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

// classify returns the code, message and field violations of err. A gRPC
// status error keeps its own.
func classify(err error) (codes.Code, string, []*errdetails.BadRequest_FieldViolation) {
	if st, ok := status.FromError(err); ok {
		var violations []*errdetails.BadRequest_FieldViolation
		for _, d := range st.Details() {
			if br, ok := d.(*errdetails.BadRequest); ok {
				violations = append(violations, br.GetFieldViolations()...)
			}
		}
		return st.Code(), st.Message(), violations
	}
	code := codes.Internal
	for _, e := range errorCodes {
		if e.match(err) {
			code = e.code
			break
		}
	}
	var fe *fieldError
	if errors.As(err, &fe) {
		return code, fe.Error(), []*errdetails.BadRequest_FieldViolation{{Field: fe.field, Description: fe.reason}}
	}
	return code, err.Error(), nil
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
	code, msg, violations := classify(err)
	st := status.New(code, msg)
	if len(violations) > 0 {
		if d, derr := st.WithDetails(&errdetails.BadRequest{FieldViolations: violations}); derr == nil {
			st = d
		}
	}
	return st.Err()
}

// toItemError maps the error of one batch item as toStatus maps the error
// of a call.
func toItemError(err error) *sudokuv1.ItemError {
	code, msg, violations := classify(err)
	ie := &sudokuv1.ItemError{Code: int32(code), Message: msg}
	for _, v := range violations {
		ie.Violations = append(ie.Violations, &sudokuv1.FieldViolation{Field: v.GetField(), Description: v.GetDescription()})
	}
	return ie
}
