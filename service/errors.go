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

// toStatus maps every error the service returns to a gRPC status: bad
// input to InvalidArgument with a BadRequest detail, exhausted bounds to
// ResourceExhausted, context ends to Canceled or DeadlineExceeded.
func toStatus(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	var fe *fieldError
	switch {
	case errors.As(err, &fe):
		st := status.New(codes.InvalidArgument, fe.Error())
		if d, derr := st.WithDetails(&errdetails.BadRequest{
			FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: fe.field, Description: fe.reason}},
		}); derr == nil {
			st = d
		}
		return st.Err()
	case errors.Is(err, solver.ErrStepLimit), errors.Is(err, solver.ErrNodeLimit):
		return status.Error(codes.ResourceExhausted, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, err.Error())
	}
	return status.Error(codes.Internal, err.Error())
}
