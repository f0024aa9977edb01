package service

import (
	"context"
	"fmt"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	_ "google.golang.org/grpc/encoding/gzip" // accept gzip-compressed requests
	"google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"

	sudokuv1 "github.com/sudokuwise/solver/gen/sudoku/v1"
)

// protoCodecName is the name of gRPC's protobuf codec.
const protoCodecName = proto.Name

// checkedCodec is gRPC's protobuf codec for a server whose callers learn
// that a request which is not valid protobuf (say a string field that is
// not UTF-8) is their fault: InvalidArgument, where gRPC answers Internal
// for any error of a codec.
//
// gRPC turns every error of Unmarshal into Internal, so Unmarshal cannot
// say so itself. Instead it resets the message, notes why it failed (see
// badRequests) and reports success; the first interceptor of the call,
// checkRequestUnary or checkRequestStream, finds the note and fails the
// call with InvalidArgument before anything else looks at the message.
//
// It also bounds each request message of the Sudoku service but
// SolveBatch's by maxRequest bytes (0: no bound beyond the server's
// largest message): one puzzle needs far less than a batch message of
// many, and a request past its bound fails with ResourceExhausted before
// it is decoded, so that it cannot balloon into a large tree of messages.
// A SolveBatch message of more than MaxBatchItems puzzles fails so too,
// counted on the wire before it is decoded.
type checkedCodec struct {
	encoding.CodecV2
	maxRequest int
}

// badRequests holds, by message, why the unmarshalling of a message that
// checkedCodec reported as read failed. The interceptors take the note out
// as soon as the message is handed to them, so it holds at most one entry
// per call in flight.
var badRequests sync.Map // of any (a message pointer) to error

// Unmarshal reads data into v; see checkedCodec.
func (c checkedCodec) Unmarshal(data mem.BufferSlice, v any) error {
	if _, batch := v.(*sudokuv1.SolveBatchRequest); batch {
		if n := batchItems(data); n > MaxBatchItems {
			badRequests.Store(v, withReason(codes.ResourceExhausted, ReasonRequestTooLarge, fmt.Sprintf(
				"items: a message of %d puzzles, more than the %d one SolveBatch message may carry; send them in several messages", n, MaxBatchItems)))
			return nil
		}
	}
	if c.maxRequest > 0 && boundedRequest(v) {
		if n := data.Len(); n > c.maxRequest {
			badRequests.Store(v, withReason(codes.ResourceExhausted, ReasonRequestTooLarge, fmt.Sprintf(
				"request of %d bytes is larger than the %d bytes this method takes (-max-request-size)", n, c.maxRequest)))
			return nil
		}
	}
	err := c.CodecV2.Unmarshal(data, v)
	if err == nil {
		return nil
	}
	if m, ok := v.(interface{ Reset() }); ok {
		m.Reset()
		badRequests.Store(v, err)
		return nil
	}
	return err
}

// MaxBatchItems is the most puzzles one SolveBatch request message may
// carry. The server holds a message it has read whole until its workers
// take its puzzles, and a puzzle decoded takes about three times its
// bytes on the wire: 200 streams each holding a message of 2,500 small
// puzzles (256 KiB) held 368 MB of live heap, past the pod's 256 MiB.
// At 256 a message they hold about 20 MB more than at 64.
const MaxBatchItems = 256

// batchItems counts the puzzles (field 1 records) of a SolveBatchRequest
// on the wire, without decoding them; a malformed message counts what
// precedes its fault, and its decoding then fails.
func batchItems(data mem.BufferSlice) int {
	var b []byte
	if len(data) == 1 {
		b = data[0].ReadOnlyData() // a small message comes in one buffer
	} else {
		// A large one in frames: one pooled copy, given back once counted.
		buf := data.MaterializeToBuffer(mem.DefaultBufferPool())
		defer buf.Free()
		b = buf.ReadOnlyData()
	}
	n := 0
	for len(b) > 0 {
		num, typ, m := protowire.ConsumeTag(b)
		if m < 0 {
			break
		}
		l := protowire.ConsumeFieldValue(num, typ, b[m:])
		if l < 0 {
			break
		}
		if num == 1 {
			n++
		}
		b = b[m+l:]
	}
	return n
}

// boundedRequest reports whether v is a request of the Sudoku service
// that carries at most one puzzle: every one but SolveBatch's.
func boundedRequest(v any) bool {
	m, ok := v.(protoreflect.ProtoMessage)
	if !ok {
		return false
	}
	if _, batch := v.(*sudokuv1.SolveBatchRequest); batch {
		return false
	}
	return m.ProtoReflect().Descriptor().ParentFile().Package() == sudokuv1.File_sudoku_v1_sudoku_proto.Package()
}

// takeBadRequest returns the error of unmarshalling m into a request, and
// nil when m was read without error. A status error is returned as it is.
func takeBadRequest(m any) error {
	v, ok := badRequests.LoadAndDelete(m)
	if !ok {
		return nil
	}
	err := v.(error)
	if _, isStatus := status.FromError(err); isStatus {
		return err
	}
	return status.Errorf(codes.InvalidArgument, "the request is not a valid protobuf message: %v", err)
}

// checkRequestUnary fails a unary call whose request is not valid
// protobuf with InvalidArgument.
func checkRequestUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := takeBadRequest(req); err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

// checkRequestStream fails a streaming call when a request it receives is
// not valid protobuf: RecvMsg returns InvalidArgument, which ends the
// stream.
func checkRequestStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return handler(srv, checkedStream{ss})
}

// checkedStream is a server stream whose RecvMsg fails with InvalidArgument
// on a request that is not valid protobuf.
type checkedStream struct {
	grpc.ServerStream
}

func (s checkedStream) RecvMsg(m any) error {
	if err := s.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return takeBadRequest(m)
}
