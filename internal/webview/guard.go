package webview

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// acceptPost lists the content types of the calls the port takes, for the
// Accept-Post header of a 415 answer.
const acceptPost = "application/json, application/proto, application/connect+json, application/connect+proto, application/grpc-web, application/grpc-web+proto, application/grpc"

// rpcMethod is a method served on the gRPC server.
type rpcMethod struct {
	input        protoreflect.MessageType // nil when the registry does not know it
	clientStream bool
}

// guard answers the client mistakes the transcoder would answer badly
// (an HTTP 500 and an Internal error logged for a body that is not a
// request message, 405 for an unknown method or a Connect call without
// its protocol header), before the call reaches the gRPC server: an
// unknown method gets 404, a content type the port does not take 415,
// and a Connect request whose body is not the method's request message
// 400, each with Connect's error JSON. Calls in gRPC and gRPC-Web, which
// carry their own framing, and compressed bodies pass unchecked: the gRPC
// server refuses a bad message in them itself.
type guard struct {
	next     http.Handler
	services map[string]map[string]rpcMethod // by service, then method name
	logger   *slog.Logger
}

// newGuard returns a guard in front of next for the services of gs.
func newGuard(gs *grpc.Server, next http.Handler, logger *slog.Logger) *guard {
	g := &guard{next: next, services: map[string]map[string]rpcMethod{}, logger: logger}
	for name, info := range gs.GetServiceInfo() {
		methods := map[string]rpcMethod{}
		for _, m := range info.Methods {
			methods[m.Name] = rpcMethod{input: inputType(name, m.Name), clientStream: m.IsClientStream}
		}
		g.services[name] = methods
	}
	return g
}

// inputType returns the request message type of a method, or nil when the
// global registry does not know the service.
func inputType(service, method string) protoreflect.MessageType {
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	if err != nil {
		return nil
	}
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if !ok {
		return nil
	}
	md := sd.Methods().ByName(protoreflect.Name(method))
	if md == nil {
		return nil
	}
	mt, err := protoregistry.GlobalTypes.FindMessageByName(md.Input().FullName())
	if err != nil {
		return nil
	}
	return mt
}

// ServeHTTP checks a call and hands it on; other requests (the page) pass.
func (g *guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	service, method, ok := rpcPath(r.URL.Path)
	if !ok || r.Method != http.MethodPost {
		g.next.ServeHTTP(w, r) // the page, or a GET the transcoder answers
		return
	}
	methods, known := g.services[service]
	if !known {
		g.refuse(w, r, http.StatusNotFound, codes.Unimplemented, fmt.Sprintf("unknown service %s", service), false)
		return
	}
	m, known := methods[method]
	if !known {
		g.refuse(w, r, http.StatusNotFound, codes.Unimplemented, fmt.Sprintf("unknown method %s of service %s", method, service), false)
		return
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case ct == "application/grpc" || strings.HasPrefix(ct, "application/grpc+"),
		ct == "application/grpc-web" || strings.HasPrefix(ct, "application/grpc-web+"),
		ct == "application/grpc-web-text" || strings.HasPrefix(ct, "application/grpc-web-text+"):
		g.next.ServeHTTP(w, r)
	case ct == "application/connect+json" || ct == "application/connect+proto":
		g.checkBody(w, r, m, strings.TrimPrefix(ct, "application/connect+"), true)
	case ct == "application/json" || ct == "application/proto":
		if v := r.Header.Values("Connect-Protocol-Version"); len(v) != 1 || v[0] != "1" {
			g.refuse(w, r, http.StatusUnsupportedMediaType, codes.InvalidArgument,
				"a Connect call needs the header Connect-Protocol-Version: 1", false)
			return
		}
		g.checkBody(w, r, m, strings.TrimPrefix(ct, "application/"), false)
	case ct == "":
		w.Header().Set("Accept-Post", acceptPost)
		g.refuse(w, r, http.StatusUnsupportedMediaType, codes.InvalidArgument,
			"the call has no Content-Type; use one of "+acceptPost, false)
	default:
		w.Header().Set("Accept-Post", acceptPost)
		g.refuse(w, r, http.StatusUnsupportedMediaType, codes.InvalidArgument,
			fmt.Sprintf("content type %q is not taken; use one of %s", r.Header.Get("Content-Type"), acceptPost), false)
	}
}

// rpcPath splits a gRPC path, "/package.Service/Method".
func rpcPath(path string) (service, method string, ok bool) {
	service, method, ok = strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if !ok || !strings.HasPrefix(path, "/") || !strings.Contains(service, ".") || method == "" || strings.Contains(method, "/") {
		return "", "", false
	}
	return service, method, true
}

// checkBody reads the body of a Connect call (unary, or a stream's
// envelopes), refuses it when it is not m's request message in codec
// ("json" or "proto"), and otherwise hands the call on with the body as
// read. A body longer than the transcoder takes is refused with
// resource_exhausted (the transcoder would cancel the call, which the
// gRPC server then counts as Unavailable). A compressed body and a client
// stream's pass unchecked.
func (g *guard) checkBody(w http.ResponseWriter, r *http.Request, m rpcMethod, codec string, stream bool) {
	enc := r.Header.Get("Content-Encoding")
	if stream {
		enc = r.Header.Get("Connect-Content-Encoding")
	}
	if m.input == nil || m.clientStream || (enc != "" && enc != "identity") {
		g.next.ServeHTTP(w, r)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxMessageBytes+1))
	if errors.Is(err, os.ErrDeadlineExceeded) {
		// The server's read deadline (solverd's -request-timeout) passed.
		g.refuse(w, r, http.StatusRequestTimeout, codes.DeadlineExceeded, "the request body did not arrive in full in time", stream)
		return
	}
	if err != nil {
		g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument, fmt.Sprintf("reading the request body: %v", err), stream)
		return
	}
	if len(body) > maxMessageBytes {
		g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted,
			fmt.Sprintf("the request body is more than %d bytes, the most this port takes", maxMessageBytes), stream)
		return
	}
	msg := body
	if stream {
		if msg, err = envelope(body); err != nil {
			g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument, err.Error(), true)
			return
		}
	}
	if err := unmarshal(codec, msg, m.input.New().Interface()); err != nil {
		g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument,
			fmt.Sprintf("the request body is not a %s in %s: %s", m.input.Descriptor().FullName(), strings.ToUpper(codec),
				strings.ReplaceAll(err.Error(), "\u00a0", " ")), stream) // protobuf's errors vary their spaces
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	g.next.ServeHTTP(w, r)
}

// envelope returns the message of a Connect stream request that carries
// one, uncompressed, as a server stream's request does.
func envelope(body []byte) ([]byte, error) {
	if len(body) < 5 {
		return nil, fmt.Errorf("the request body is %d bytes, shorter than a Connect envelope's 5-byte prefix", len(body))
	}
	if flags := body[0]; flags != 0 {
		return nil, fmt.Errorf("the request envelope has flags 0x%02x; a request message has none", flags)
	}
	n := binary.BigEndian.Uint32(body[1:5])
	if rest := uint32(len(body) - 5); n != rest {
		return nil, fmt.Errorf("the request envelope announces %d bytes of message, the body holds %d", n, rest)
	}
	return body[5:], nil
}

// unmarshal decodes a message in codec "json" or "proto".
func unmarshal(codec string, b []byte, m proto.Message) error {
	if codec == "json" {
		return protojson.Unmarshal(b, m)
	}
	if codec == "proto" {
		return proto.Unmarshal(b, m)
	}
	return errors.New("unknown codec " + codec)
}

// connectError is the body of a Connect error.
type connectError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// logLevel is the level of a call refused with code: a bad request is
// routine (INFO); anything else, such as a call to a method the server
// lacks (a client built for another version), is worth a WARN. Neither is
// the server's fault, so neither is an ERROR.
func logLevel(code codes.Code) slog.Level {
	if code == codes.InvalidArgument {
		return slog.LevelInfo
	}
	return slog.LevelWarn
}

// refuse answers a call with a Connect error of code and message, logged
// below ERROR (see logLevel): it is the client's mistake. A unary call
// gets HTTP status; a stream, which Connect answers with 200, an
// end-of-stream message.
func (g *guard) refuse(w http.ResponseWriter, r *http.Request, status int, code codes.Code, msg string, stream bool) {
	g.logger.Log(r.Context(), logLevel(code), "refused call",
		"protocol", "http", "http.path", r.URL.Path, "http.content_type", r.Header.Get("Content-Type"),
		"grpc.code", code.String(), "grpc.error", msg, "peer.address", r.RemoteAddr)
	// Connect's codes are gRPC's, by number and name.
	body, _ := json.Marshal(connectError{Code: connect.Code(code).String(), Message: msg})
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(body)
		return
	}
	end, _ := json.Marshal(struct {
		Error json.RawMessage `json:"error"`
	}{body})
	frame := make([]byte, 5, 5+len(end))
	frame[0] = 0x02 // end of stream
	binary.BigEndian.PutUint32(frame[1:], uint32(len(end)))
	w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
	w.WriteHeader(http.StatusOK)
	w.Write(append(frame, end...))
}
