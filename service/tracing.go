package service

import (
	"context"
	"unicode/utf8"

	"go.opentelemetry.io/otel/attribute"
	otelcodes "go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/codes"

	"github.com/sudokuwise/solver/engine/grid"
	"github.com/sudokuwise/solver/engine/solver"
)

// Attributes of the spans of solves (see GRPCConfig.TracerProvider).
const (
	attrSize    = attribute.Key("sudoku.puzzle.size")    // the side of the board: 9 for 9×9
	attrVariant = attribute.Key("sudoku.puzzle.variant") // classic, killer, ...
	attrStatus  = attribute.Key("sudoku.solve.status")   // solved, stuck, ...
	attrSteps   = attribute.Key("sudoku.solve.steps")    // steps taken
	attrGuesses = attribute.Key("sudoku.solve.guesses")  // search guesses
	attrItemID  = attribute.Key("sudoku.batch.item_id")  // a SolveBatch puzzle's id
	// The code a SolveBatch puzzle's answer carries when it is an error.
	attrItemCode = attribute.Key("sudoku.batch.item_code")
)

// traceSolve adds the puzzle of a solve and, when it ended without error,
// its work to the span of ctx: the call's span, or a batch item's. It does
// nothing when the span does not record, as without tracing.
func traceSolve(ctx context.Context, b *grid.Board, res *solver.Result, err error) {
	span := trace.SpanFromContext(ctx)
	if !span.IsRecording() {
		return
	}
	span.SetAttributes(attrSize.Int(b.Layout().N), attrVariant.String(b.Layout().Variant.String()))
	if err != nil {
		return
	}
	span.SetAttributes(attrStatus.String(res.Status.String()), attrSteps.Int(res.Steps), attrGuesses.Int(res.Guesses))
}

// startItemSpan starts the span of one SolveBatch puzzle, a child of the
// stream's span, and returns ctx with it. Without a recording stream span
// it returns ctx and a span that does nothing.
func startItemSpan(ctx context.Context, id string) (context.Context, trace.Span) {
	parent := trace.SpanFromContext(ctx)
	if !parent.IsRecording() {
		return ctx, trace.SpanFromContext(context.Background())
	}
	return parent.TracerProvider().Tracer(tracerName).Start(ctx, "sudoku.v1.SudokuService/SolveBatch.item",
		trace.WithAttributes(attrItemID.String(truncate(id, 64))))
}

// endItemSpan ends the span of a batch puzzle answered with err. As
// otelgrpc does for a call's span on the server (OpenTelemetry's
// semantic conventions for RPC), only the codes of the server's own
// faults make its status an error: a puzzle the client got wrong, or a
// limit it set, is the client's.
func endItemSpan(span trace.Span, err error) {
	if err != nil && span.IsRecording() {
		code, msg, _, _ := classify(err)
		span.SetAttributes(attrItemCode.String(code.String()))
		if serverFault(code) {
			span.SetStatus(otelcodes.Error, msg)
		}
	}
	span.End()
}

// serverFault reports whether a call or puzzle that ended with code
// failed by the server's fault, as OpenTelemetry's conventions for gRPC
// servers have it.
func serverFault(code codes.Code) bool {
	switch code {
	case codes.Unknown, codes.DeadlineExceeded, codes.Unimplemented, codes.Internal, codes.Unavailable, codes.DataLoss:
		return true
	}
	return false
}

// tracerName names the service's own spans.
const tracerName = "github.com/sudokuwise/solver/service"

// truncate shortens s to at most n bytes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
