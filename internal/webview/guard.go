package webview

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/sudokuwise/solver/internal/logsample"
	"github.com/sudokuwise/solver/service"
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
// 400, each with Connect's error JSON.
//
// It also keeps each request within its limits before the transcoder
// buffers, decompresses or decodes it, which happens before the gRPC
// server's own limits, its authentication and its rate limits see the
// call: a gzip bomb or a JSON body of a million empty objects would
// otherwise cost hundreds of megabytes. A Connect request message is
// read, decompressed (gzip) and decoded here, within its limit, and
// handed on uncompressed; a message of gRPC, gRPC-Web or a Connect client
// stream, which the transcoder hands on as it is (binary protobuf: the
// gRPC server decompresses and decodes it within its own limits) or
// decodes one at a time, only has its length checked.
type guard struct {
	next     http.Handler
	services map[string]map[string]rpcMethod // by service, then method name
	limits   limits
	logger   *slog.Logger
	sampler  *logsample.Sampler     // of the lines of calls refused
	refused  *prometheus.CounterVec // by code; nil without WithRegisterer
}

// newGuard returns a guard in front of next for the services of gs.
func newGuard(gs *grpc.Server, next http.Handler, o options) *guard {
	g := &guard{next: next, services: map[string]map[string]rpcMethod{}, limits: o.limits, logger: o.logger,
		sampler: logsample.New(o.noisyLogRate), refused: o.refused}
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
	// As the page's files: no browser reads an answer as another type.
	w.Header().Set("X-Content-Type-Options", "nosniff")
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
	if code, msg := headerMistake(r.Header, ct, m.clientStream); msg != "" {
		switch {
		case strings.HasPrefix(ct, "application/grpc"):
			g.refuseGRPC(w, r, code, msg)
		case strings.HasPrefix(ct, "application/connect+"):
			g.refuse(w, r, http.StatusOK, code, msg, true)
		case code == codes.Unimplemented:
			g.refuse(w, r, http.StatusNotImplemented, code, msg, false)
		default:
			g.refuse(w, r, http.StatusBadRequest, code, msg, false)
		}
		return
	}
	switch {
	case ct == "application/grpc" || ct == "application/grpc+proto",
		ct == "application/grpc-web" || ct == "application/grpc-web+proto":
		if m.clientStream {
			r.Body = &envelopeLimit{ReadCloser: r.Body, max: g.limit(m, "proto")}
			g.next.ServeHTTP(w, r)
			return
		}
		g.checkFrame(w, r, m)
	case strings.HasPrefix(ct, "application/grpc+"), strings.HasPrefix(ct, "application/grpc-web+"):
		// In gRPC's status headers, which its clients read, rather than
		// an HTTP 415 they would report as Unknown.
		base, _, _ := strings.Cut(ct, "+")
		g.refuseGRPC(w, r, codes.InvalidArgument,
			fmt.Sprintf("content type %q is not taken: gRPC and gRPC-Web calls are binary protobuf here (%s+proto; JSON over Connect)", r.Header.Get("Content-Type"), base))
	case (ct == "application/connect+json" || ct == "application/connect+proto") && m.clientStream:
		codec := strings.TrimPrefix(ct, "application/connect+")
		if enc := r.Header.Get("Connect-Content-Encoding"); enc != "" && enc != "identity" {
			g.refuse(w, r, http.StatusOK, codes.Unimplemented,
				fmt.Sprintf("a request stream is taken uncompressed on this port, not in %q: send it without Connect-Content-Encoding, or over the gRPC port", enc), true)
			return
		}
		el := &envelopeLimit{ReadCloser: r.Body, max: g.limit(m, codec)}
		if codec == "json" {
			el.maxObjects = g.limits.stream / 2
		}
		r.Body = el
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

// headerMistake returns the code and message of a call whose timeout or
// compression header, for content type ct, is not one the transcoder
// takes, or "": the transcoder would answer it in plain text, which no
// client reads as the call's status. A client stream's compression is
// left to ServeHTTP, which takes none in Connect's protocol, and gRPC's
// to the gRPC server.
func headerMistake(h http.Header, ct string, clientStream bool) (codes.Code, string) {
	if strings.HasPrefix(ct, "application/grpc") {
		if v := h.Get("Grpc-Timeout"); v != "" && !validGRPCTimeout(v) {
			return codes.InvalidArgument, fmt.Sprintf("Grpc-Timeout %q is not 1 to 8 digits and a unit (H, M, S, m, u or n)", v)
		}
		return codes.OK, ""
	}
	if v := h.Get("Connect-Timeout-Ms"); v != "" && !allDigits(v, 10) {
		return codes.InvalidArgument, fmt.Sprintf("Connect-Timeout-Ms %q is not 1 to 10 digits", v)
	}
	name := "Content-Encoding"
	if strings.HasPrefix(ct, "application/connect+") {
		if clientStream {
			return codes.OK, ""
		}
		name = "Connect-Content-Encoding"
	}
	if enc := h.Get(name); enc != "" && enc != "identity" && enc != "gzip" {
		return codes.Unimplemented, fmt.Sprintf("%s %q is not taken: send gzip or no compression", name, enc)
	}
	return codes.OK, ""
}

// validGRPCTimeout reports whether v is a Grpc-Timeout header's value.
func validGRPCTimeout(v string) bool {
	return len(v) >= 2 && allDigits(v[:len(v)-1], 8) && strings.ContainsRune("HMSmun", rune(v[len(v)-1]))
}

// allDigits reports whether s is 1 to most ASCII digits.
func allDigits(s string, most int) bool {
	if s == "" || len(s) > most {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// rpcPath splits a gRPC path, "/package.Service/Method".
func rpcPath(path string) (service, method string, ok bool) {
	service, method, ok = strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if !ok || !strings.HasPrefix(path, "/") || !strings.Contains(service, ".") || method == "" || strings.Contains(method, "/") {
		return "", "", false
	}
	return service, method, true
}

// limit returns the most bytes a request message of m may take in codec
// ("json" or "proto"; in JSON, without whitespace).
func (g *guard) limit(m rpcMethod, codec string) int {
	n := g.limits.request
	switch {
	case m.clientStream && codec == "json":
		n = g.limits.stream * jsonStreamGrowth
	case m.clientStream:
		n = g.limits.stream
	case codec == "json":
		n *= jsonGrowth
	}
	return min(n, maxMessageBytes)
}

// checkBody reads the body of a Connect call that sends one request
// message (unary, or a server stream's envelope), decompressing it when
// it is in gzip; refuses it when it is larger than its limit or not m's
// request message in codec ("json" or "proto"); and otherwise hands the
// call on with the message uncompressed. A request over the limit is
// refused with resource_exhausted (the transcoder would cancel the call,
// which the gRPC server then counts as Unavailable). A body in a
// compression other than gzip is handed on as it is, for the transcoder
// to refuse.
func (g *guard) checkBody(w http.ResponseWriter, r *http.Request, m rpcMethod, codec string, stream bool) {
	encHeader := "Content-Encoding"
	if stream {
		encHeader = "Connect-Content-Encoding"
	}
	enc := r.Header.Get(encHeader)
	gzipped := enc == "gzip"
	if m.input == nil || (enc != "" && enc != "identity" && !gzipped) {
		g.next.ServeHTTP(w, r)
		return
	}
	compact := g.limit(m, codec)
	limit := compact
	if codec == "json" {
		limit = min(compact*jsonSpace, maxMessageBytes) // the message with its whitespace
	}
	max := limit
	if stream {
		max += 5
	}
	tooLarge := fmt.Sprintf("the request body is more than %d bytes, the most this method takes in %s", max, strings.ToUpper(codec))
	if r.ContentLength > int64(max) {
		// Refused before the body is read, so that a client that sent
		// Expect: 100-continue sends none of it.
		g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted, tooLarge, stream)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(max)+1))
	if errors.Is(err, os.ErrDeadlineExceeded) {
		// The server's read deadline (solverd's -request-timeout) passed.
		g.refuse(w, r, http.StatusRequestTimeout, codes.DeadlineExceeded, "the request body did not arrive in full in time", stream)
		return
	}
	if err != nil {
		g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument, fmt.Sprintf("reading the request body: %v", err), stream)
		return
	}
	if len(body) > max {
		g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted, tooLarge, stream)
		return
	}
	msg := body
	compressed := gzipped && !stream
	if stream {
		if msg, compressed, err = envelope(body, gzipped); err != nil {
			g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument, err.Error(), true)
			return
		}
	}
	if compressed {
		if msg, err = gunzip(msg, limit); errors.Is(err, errTooLarge) {
			g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted,
				fmt.Sprintf("the request message is more than %d bytes decompressed, the most this method takes in %s", limit, strings.ToUpper(codec)), stream)
			return
		} else if err != nil {
			g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument, fmt.Sprintf("the request message is not valid gzip: %v", err), stream)
			return
		}
	}
	if codec == "json" {
		// Each object decodes to a message of its own, which costs a
		// hundred bytes or more however short its JSON ("{}"): no more
		// than a message of the method's binary bound could hold, two
		// bytes each at least.
		var oc objectCount
		oc.feed(msg)
		if most := g.limits.request / 2; oc.n > most {
			g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted,
				fmt.Sprintf("the request's JSON holds %d objects, more than the %d messages a request of the %d bytes this method takes could", oc.n, most, g.limits.request), stream)
			return
		}
	}
	if codec == "json" && len(msg) > compact {
		var b bytes.Buffer
		if json.Compact(&b, msg) == nil && b.Len() > compact {
			g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted,
				fmt.Sprintf("the request message is %d bytes of JSON without its whitespace, more than the %d this method takes", b.Len(), compact), stream)
			return
		}
	}
	req := m.input.New().Interface()
	if err := unmarshal(codec, msg, req); err != nil {
		g.refuse(w, r, http.StatusBadRequest, codes.InvalidArgument,
			fmt.Sprintf("the request body is not a %s in %s: %s", m.input.Descriptor().FullName(), strings.ToUpper(codec),
				strings.ReplaceAll(err.Error(), "\u00a0", " ")), stream) // protobuf's errors vary their spaces
		return
	}
	if n := proto.Size(req); n > g.limits.request {
		g.refuse(w, r, http.StatusTooManyRequests, codes.ResourceExhausted,
			fmt.Sprintf("the request message is %d bytes in protobuf, more than the %d this method takes", n, g.limits.request), stream)
		return
	}
	if gzipped {
		// Handed on uncompressed: the transcoder would decompress it again.
		r.Header.Del(encHeader)
		body = msg
		if stream {
			body = frame(0, msg)
		}
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	g.next.ServeHTTP(w, r)
}

// checkFrame reads the body of a gRPC or gRPC-Web call that sends one
// request message, refuses it with resource_exhausted (in gRPC's status
// headers) when it is larger than the method's limit, and otherwise
// hands the call on with the body as read.
func (g *guard) checkFrame(w http.ResponseWriter, r *http.Request, m rpcMethod) {
	max := g.limit(m, "proto") + 5
	tooLarge := fmt.Sprintf("the request message is more than %d bytes, the most this method takes", max-5)
	if r.ContentLength > int64(max) {
		// Refused before the body is read, as in checkBody.
		g.refuseGRPC(w, r, codes.ResourceExhausted, tooLarge)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(max)+1))
	var code codes.Code
	var msg string
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		code, msg = codes.DeadlineExceeded, "the request body did not arrive in full in time"
	case err != nil:
		code, msg = codes.InvalidArgument, fmt.Sprintf("reading the request body: %v", err)
	case len(body) > max:
		code, msg = codes.ResourceExhausted, tooLarge
	default:
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		g.next.ServeHTTP(w, r)
		return
	}
	g.refuseGRPC(w, r, code, msg)
}

// refuseGRPC answers a gRPC or gRPC-Web call with code and msg, logged
// as refuse logs: a response of headers alone, which their clients read
// as the call's status.
func (g *guard) refuseGRPC(w http.ResponseWriter, r *http.Request, code codes.Code, msg string) {
	g.log(r, code, msg)
	w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
	w.Header().Set("Grpc-Status", strconv.Itoa(int(code)))
	w.Header().Set("Grpc-Message", grpcMessage(msg))
	if info := tooLargeInfo(code); info != nil {
		st, _ := status.New(code, msg).WithDetails(info)
		if b, err := proto.Marshal(st.Proto()); err == nil {
			w.Header().Set("Grpc-Status-Details-Bin", base64.RawStdEncoding.EncodeToString(b))
		}
	}
	w.WriteHeader(http.StatusOK)
}

// grpcMessage percent-encodes msg for the Grpc-Message header, as gRPC's
// protocol asks: bytes outside printable ASCII, and '%'.
func grpcMessage(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		if c := msg[i]; c >= ' ' && c <= '~' && c != '%' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// envelope returns the message of a Connect stream request that carries
// one, as a server stream's request does, and whether it is compressed,
// which it may be only when the stream's messages are (gzipped).
func envelope(body []byte, gzipped bool) (msg []byte, compressed bool, err error) {
	if len(body) < 5 {
		return nil, false, fmt.Errorf("the request body is %d bytes, shorter than a Connect envelope's 5-byte prefix", len(body))
	}
	switch flags := body[0]; {
	case flags == 1 && !gzipped:
		return nil, false, errors.New("the request envelope is flagged compressed, but the call names no Connect-Content-Encoding")
	case flags > 1:
		return nil, false, fmt.Errorf("the request envelope has flags 0x%02x; a request message has none but 0x01, compressed", flags)
	}
	n := binary.BigEndian.Uint32(body[1:5])
	if rest := uint32(len(body) - 5); n != rest {
		return nil, false, fmt.Errorf("the request envelope announces %d bytes of message, the body holds %d", n, rest)
	}
	return body[5:], body[0] == 1, nil
}

// frame returns msg in an envelope with flags.
func frame(flags byte, msg []byte) []byte {
	b := make([]byte, 5, 5+len(msg))
	b[0] = flags
	binary.BigEndian.PutUint32(b[1:], uint32(len(msg)))
	return append(b, msg...)
}

// errTooLarge is gunzip's error for a message over its limit.
var errTooLarge = errors.New("message too large")

// gunzip returns b decompressed from gzip, or errTooLarge as soon as it
// is more than max bytes.
func gunzip(b []byte, max int) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(zr, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(out) > max {
		return nil, errTooLarge
	}
	return out, nil
}

// envelopeLimit is a request body of framed messages (gRPC's, gRPC-Web's,
// a Connect stream's: a flags byte and a 4-byte big-endian length before
// each) that fails, with resource_exhausted, as soon as a frame announces
// more than max bytes: the transcoder would buffer a whole message before
// any limit of the gRPC server's applies.
type envelopeLimit struct {
	io.ReadCloser
	max    int
	prefix [5]byte
	have   int    // bytes of the frame's prefix read
	left   uint32 // bytes of the frame's message still to come
	err    error

	// With maxObjects above 0, a message (JSON) of more objects than that
	// fails too (see checkBody); objects counts the frame's.
	maxObjects int
	objects    objectCount
}

func (e *envelopeLimit) Read(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.ReadCloser.Read(p)
	for b := p[:n]; len(b) > 0; {
		if e.left > 0 {
			k := min(e.left, uint32(len(b)))
			if e.maxObjects > 0 {
				if e.objects.feed(b[:k]); e.objects.n > e.maxObjects {
					e.err = connect.NewError(connect.CodeResourceExhausted,
						fmt.Errorf("a request message's JSON holds more than %d objects, the most this method takes here", e.maxObjects))
					return 0, e.err
				}
			}
			b, e.left = b[k:], e.left-k
			continue
		}
		k := copy(e.prefix[e.have:], b)
		b, e.have = b[k:], e.have+k
		if e.have < len(e.prefix) {
			continue
		}
		e.have, e.left, e.objects = 0, binary.BigEndian.Uint32(e.prefix[1:]), objectCount{}
		if int64(e.left) > int64(e.max) {
			e.err = connect.NewError(connect.CodeResourceExhausted,
				fmt.Errorf("a request message of %d bytes is more than the %d this method takes here", e.left, e.max))
			return 0, e.err
		}
	}
	return n, err
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
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Details []connectDetail `json:"details,omitempty"`
}

// connectDetail is an error detail of Connect's error JSON: a message's
// type, its binary form in base64 and, as connect-go and the transcoder
// add it to the service's own errors, the message in JSON for a client
// that reads it without decoding the binary form.
type connectDetail struct {
	Type  string          `json:"type"`
	Value string          `json:"value"`
	Debug json.RawMessage `json:"debug,omitempty"`
}

// The ErrorInfo of a request refused as too large, as the gRPC server
// gives it (service.ErrorDomain, service.ReasonRequestTooLarge), so that
// a client tells it from the server's load.
const (
	errorDomain           = "sudoku.v1"
	reasonRequestTooLarge = "REQUEST_TOO_LARGE"
)

// tooLargeInfo is the ErrorInfo detail of a call refused with code, or
// nil: every ResourceExhausted the guard answers is a request too large.
func tooLargeInfo(code codes.Code) *errdetails.ErrorInfo {
	if code != codes.ResourceExhausted {
		return nil
	}
	return &errdetails.ErrorInfo{Reason: reasonRequestTooLarge, Domain: errorDomain}
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

// log logs a call refused with code and msg, with the fields of the gRPC
// port's lines where it has them (the client's x-request-id among them),
// so that one query finds both.
func (g *guard) log(r *http.Request, code codes.Code, msg string) {
	if g.refused != nil {
		g.refused.WithLabelValues(code.String()).Inc()
	}
	attrs := []any{"protocol", "http", "http.path", clip(r.URL.Path)}
	if service, method, ok := rpcPath(r.URL.Path); ok {
		attrs = append(attrs, "grpc.service", clip(service), "grpc.method", clip(method))
	}
	attrs = append(attrs, "http.content_type", clip(r.Header.Get("Content-Type")), "grpc.code", code.String())
	if info := tooLargeInfo(code); info != nil {
		attrs = append(attrs, "grpc.error_reason", info.GetReason())
	}
	attrs = append(attrs, "grpc.error", clip(msg), "peer.address", r.RemoteAddr)
	if id := service.LoggedRequestID(r.Header.Get(service.RequestIDHeader)); id != "" {
		attrs = append(attrs, "request_id", id)
	}
	g.sampler.Log(r.Context(), g.logger, logLevel(code), "refused call", attrs...)
}

// clip returns s cut to 200 bytes, marked "…": a client's path or header
// in a log line need not be whole.
func clip(s string) string {
	const most = 200
	if len(s) <= most {
		return s
	}
	return strings.ToValidUTF8(s[:most], "") + "…"
}

// refuse answers a call with a Connect error of code and message, logged
// below ERROR (see logLevel): it is the client's mistake. A unary call
// gets HTTP status; a stream, which Connect answers with 200, an
// end-of-stream message.
func (g *guard) refuse(w http.ResponseWriter, r *http.Request, status int, code codes.Code, msg string, stream bool) {
	g.log(r, code, msg)
	// Connect's codes are gRPC's, by number and name.
	ce := connectError{Code: connect.Code(code).String(), Message: msg}
	if info := tooLargeInfo(code); info != nil {
		b, _ := proto.Marshal(info)
		debug, _ := protojson.Marshal(info)
		ce.Details = []connectDetail{{Type: string(info.ProtoReflect().Descriptor().FullName()), Value: base64.RawStdEncoding.EncodeToString(b), Debug: debug}}
	}
	body, _ := json.Marshal(ce)
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

// objectCount counts the objects of JSON text fed to it in pieces: the
// '{' outside strings.
type objectCount struct {
	n                 int
	inString, escaped bool
}

func (c *objectCount) feed(b []byte) {
	for _, ch := range b {
		switch {
		case c.escaped:
			c.escaped = false
		case c.inString:
			if ch == '\\' {
				c.escaped = true
			} else if ch == '"' {
				c.inString = false
			}
		case ch == '"':
			c.inString = true
		case ch == '{':
			c.n++
		}
	}
}
