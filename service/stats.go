package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/logging"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/stats"
	"google.golang.org/grpc/status"

	"github.com/sudokuwise/solver/internal/logsample"
)

// callStats is a gRPC stats handler that logs and counts every call once
// it ends, with the code its client got. Unlike an interceptor, it sees
// the calls that end before any interceptor runs: a request too large or
// that cannot be decompressed, an unknown method.
//
// A call is logged as go-grpc-middleware's logging interceptor logs it
// ("finished call" with grpc.service, grpc.method, grpc.code, ...), at its
// level for the code; health and reflection calls are not logged. Its
// metrics are those of go-grpc-middleware's Prometheus provider
// (grpc_server_started_total, grpc_server_handled_total, ...), for the
// methods registered on the server only, so that a client cannot add
// labels at will.
//
// Calls a client can make end badly at will, as many as it likes, are
// logged through samplers instead, at most so many lines a second: calls
// it cancels (Canceled), calls refused for want of a valid token
// (Unauthenticated), calls refused for its rate or the server's load
// (ResourceExhausted), calls refused for their request (InvalidArgument, and
// ResourceExhausted for a bound of the request), and calls whose request
// did not arrive in time, each kind through its own sampler, so that a
// flood of one does not hide the others. A call refused with an ErrorInfo
// detail is logged with its reason (grpc.error_reason).
type callStats struct {
	logger     *slog.Logger
	metrics    *rpcMetrics        // nil without a Registerer
	cancelled  *logsample.Sampler // Canceled calls
	refused    *logsample.Sampler // Unauthenticated and Unimplemented calls, and others a tap refuses
	exhausted  *logsample.Sampler // ResourceExhausted calls for the caller's rate or the server's load
	badRequest *logsample.Sampler // InvalidArgument calls, and ResourceExhausted ones for a bound of the request
	timedOut   *logsample.Sampler // calls whose request did not arrive in time

	methods  map[string]methodInfo // by full method name; set by init
	cut      atomic.Bool           // the server's stop cuts the calls left (GRPC.CutShort)
	inFlight atomic.Int64          // calls begun and not yet ended
}

// methodInfo describes a method registered on the server.
type methodInfo struct {
	service, method string
	typ             interceptors.GRPCType
	metrics         *methodMetrics // nil without metrics
}

// methodMetrics are the metrics of one method but those by code, looked
// up once rather than for every message.
type methodMetrics struct {
	started, received, sent prometheus.Counter
	handling                prometheus.Observer
}

// callInfoKey is the context key of a call's *callInfo.
type callInfoKey struct{}

// callInfo is what callStats keeps of a call between its events.
type callInfo struct {
	methodInfo
	start time.Time
}

// init records the methods of the server's services, and makes their
// metrics start at zero. It is called before the server serves.
func (h *callStats) init(services map[string]grpc.ServiceInfo) {
	h.methods = map[string]methodInfo{}
	for service, si := range services {
		for _, m := range si.Methods {
			typ := interceptors.Unary
			switch {
			case m.IsClientStream && m.IsServerStream:
				typ = interceptors.BidiStream
			case m.IsClientStream:
				typ = interceptors.ClientStream
			case m.IsServerStream:
				typ = interceptors.ServerStream
			}
			info := methodInfo{service: service, method: m.Name, typ: typ}
			if h.metrics != nil {
				info.metrics = h.metrics.initialize(info)
			}
			h.methods["/"+service+"/"+m.Name] = info
		}
	}
}

// TagRPC notes the call's method and start.
func (h *callStats) TagRPC(ctx context.Context, info *stats.RPCTagInfo) context.Context {
	ci := &callInfo{methodInfo: h.lookup(info.FullMethodName), start: time.Now()}
	return context.WithValue(ctx, callInfoKey{}, ci)
}

// known reports whether the server has the method fullMethod. It is
// called once the server serves (init).
func (h *callStats) known(fullMethod string) bool {
	_, ok := h.methods[fullMethod]
	return ok
}

// lookup returns what the server knows of the method fullMethod.
func (h *callStats) lookup(fullMethod string) methodInfo {
	mi, known := h.methods[fullMethod]
	if !known {
		mi.service, mi.method = splitMethod(fullMethod)
		mi.typ = "unknown"
	}
	return mi
}

// HandleRPC counts the call's start, its messages and its end, and logs
// its end.
func (h *callStats) HandleRPC(ctx context.Context, s stats.RPCStats) {
	ci, ok := ctx.Value(callInfoKey{}).(*callInfo)
	if !ok {
		return
	}
	m := ci.metrics // nil for unknown methods too
	switch s := s.(type) {
	case *stats.Begin:
		h.inFlight.Add(1)
		if m != nil {
			m.started.Inc()
		} else if h.metrics != nil {
			h.metrics.started.WithLabelValues(unknownLabel, unknownLabel, unknownLabel).Inc()
		}
	case *stats.InPayload:
		stopRequestTimer(ctx)
		if m != nil {
			m.received.Inc()
		}
	case *stats.OutPayload:
		if m != nil {
			m.sent.Inc()
		}
	case *stats.End:
		stopRequestTimer(ctx)
		h.inFlight.Add(-1)
		h.end(ctx, ci, s)
	}
}

// end counts and logs the end of a call.
func (h *callStats) end(ctx context.Context, ci *callInfo, s *stats.End) {
	st := status.Convert(s.Error)
	switch {
	case st.Code() == codes.Canceled && h.cut.Load():
		st = status.New(codes.Unavailable, "the server stopped: its grace period was over")
	case st.Code() == codes.Unavailable && st.Message() == transportClosing && !h.cut.Load() && isOverHTTP(ctx) && errors.Is(ctx.Err(), context.Canceled):
		// A call over HTTP whose client went away as its answer was
		// written ends "transport is closing": the client's doing, as
		// when it leaves sooner, not the server's. The call's context
		// alone cannot tell: gRPC's HTTP transport cancels it once any
		// status is written, the server's own Unavailable (an idle
		// SolveBatch stream's) included.
		st = status.New(codes.Canceled, "the client went away: "+st.Message())
	case st.Code() == codes.Canceled && clientDeadlinePassed(ctx, s.EndTime):
		// A client whose deadline passes cancels the call (RST_STREAM)
		// at about the time the server's copy of the deadline fires,
		// and most often first: the client saw DeadlineExceeded.
		st = status.New(codes.DeadlineExceeded, "the client's deadline passed: "+st.Message())
	}
	code := st.Code()
	elapsed := s.EndTime.Sub(ci.start)
	if ci.metrics != nil {
		h.metrics.handled.WithLabelValues(string(ci.typ), ci.service, ci.method, code.String()).Inc()
		ci.metrics.handling.Observe(elapsed.Seconds())
	} else {
		h.countUnknown(code, elapsed)
	}
	reason := statusReason(st)
	h.countExhausted(code, reason)
	if !logged(ci.service, code) {
		return
	}
	attrs := callAttrs(ctx, ci.methodInfo, ci.start, code, elapsed)
	if reason != "" {
		attrs = append(attrs, "grpc.error_reason", reason)
	}
	sampler := h.samplerFor(code, reason)
	if limit, ok := requestTimedOut(ctx); ok {
		sampler = h.timedOut
		attrs = append(attrs, "grpc.error", fmt.Sprintf("request not received within %v", limit))
	} else if s.Error != nil {
		attrs = append(attrs, "grpc.error", st.Message())
	}
	sampler.Log(ctx, h.logger, codeLevel(code), "finished call", attrs...)
}

// deadlineSlack is how long before its deadline a cancelled call counts
// as one whose deadline passed: the client's clock starts the deadline a
// one-way trip before the server's, and its cancel takes that trip back.
const deadlineSlack = 20 * time.Millisecond

// clientDeadlinePassed reports whether the deadline of the call of ctx,
// if it has one, had passed, or nearly, at end.
func clientDeadlinePassed(ctx context.Context, end time.Time) bool {
	d, ok := ctx.Deadline()
	return ok && !end.Before(d.Add(-deadlineSlack))
}

// transportClosing is the message of the Unavailable status gRPC gives a
// call whose transport closed under it (its ErrConnClosing).
const transportClosing = "transport is closing"

// overHTTPKey marks the context of a request served over HTTP; its value
// is the request's protocol.
type overHTTPKey struct{}

// OverHTTP returns ctx marked as that of a request served over HTTP, by
// grpc.Server.ServeHTTP (the web port's calls), in protocol ("grpc-web",
// "connect", "grpc"), which the call's log line names. A call of it whose
// client goes away as its answer is written is counted and logged as
// Canceled, as one whose client leaves sooner is, rather than as the
// Unavailable ("transport is closing") gRPC's HTTP transport ends it with.
func OverHTTP(ctx context.Context, protocol string) context.Context {
	return context.WithValue(ctx, overHTTPKey{}, protocol)
}

func isOverHTTP(ctx context.Context) bool { return ctx.Value(overHTTPKey{}) != nil }

// protocol is the protocol of the call of ctx: OverHTTP's, else gRPC.
func protocol(ctx context.Context) string {
	if p, ok := ctx.Value(overHTTPKey{}).(string); ok && p != "" {
		return p
	}
	return "grpc"
}

// unknownLabel is the service, method and type a call of a method the
// server does not have is counted under: one series, whatever the names
// a client makes up.
const unknownLabel = "unknown"

// countUnknown counts the end of a call of a method the server does not
// have, after elapsed (its start is counted with it).
func (h *callStats) countUnknown(code codes.Code, elapsed time.Duration) {
	if h.metrics != nil {
		h.metrics.handled.WithLabelValues(unknownLabel, unknownLabel, unknownLabel, code.String()).Inc()
		h.metrics.handling.WithLabelValues(unknownLabel, unknownLabel, unknownLabel).Observe(elapsed.Seconds())
	}
}

// codeLevel is the log level of a call that ended with code: go-grpc-
// middleware's, but Unimplemented, which this server gives only to calls
// of methods it does not have, is the client's mistake (a warning), not
// the server's error.
func codeLevel(code codes.Code) slog.Level {
	if code == codes.Unimplemented {
		return slog.LevelWarn
	}
	return slog.Level(logging.DefaultServerCodeToLevel(code))
}

// callAttrs returns the attributes of the log line of a call of m that
// started at start and ended with code after elapsed.
func callAttrs(ctx context.Context, m methodInfo, start time.Time, code codes.Code, elapsed time.Duration) []any {
	attrs := []any{
		"protocol", protocol(ctx),
		"grpc.component", "server",
		"grpc.service", m.service,
		"grpc.method", m.method,
		"grpc.method_type", string(m.typ),
		"grpc.start_time", start.Format(time.RFC3339),
		"grpc.code", code.String(),
		"grpc.time_ms", float64(elapsed.Microseconds()) / 1000,
	}
	if p, ok := peer.FromContext(ctx); ok && p.Addr != nil {
		attrs = append(attrs, "peer.address", p.Addr.String())
	}
	if id := requestID(ctx); id != "" {
		attrs = append(attrs, "request_id", id)
	}
	// With tracing, the call's span, when it is exported (sampled): its
	// line and its trace found from each other.
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() && sc.IsSampled() {
		attrs = append(attrs, "trace_id", sc.TraceID().String(), "span_id", sc.SpanID().String())
	}
	return attrs
}

// RequestIDHeader is the metadata key of the id a client gives a call so
// that it can find the call's log line: the line carries it as request_id.
const RequestIDHeader = "x-request-id"

// maxRequestID bounds the length of a logged request id.
const maxRequestID = 128

// requestID returns the id the call's client sent under RequestIDHeader
// (its first value) as LoggedRequestID keeps it.
func requestID(ctx context.Context) string {
	md, ok := metadata.FromIncomingContext(ctx)
	if !ok {
		return ""
	}
	v := md.Get(RequestIDHeader)
	if len(v) == 0 {
		return ""
	}
	return LoggedRequestID(v[0])
}

// LoggedRequestID returns id, a client's RequestIDHeader, as a call's log
// line carries it: cut to maxRequestID bytes, "" when it holds a byte
// outside printable ASCII. A client's header is written into the server's
// log, so it may not forge a line or fill the log. The web port's lines
// of calls it refuses before the service sees them take it too.
func LoggedRequestID(id string) string {
	if len(id) > maxRequestID {
		id = id[:maxRequestID]
	}
	for i := range len(id) {
		if id[i] < ' ' || id[i] > '~' {
			return ""
		}
	}
	return id
}

// logged reports whether a call of service that ended with code is
// logged: every call but those of health checks and reflection, which
// probes make all the time; those are logged when refused (a health Watch
// over -max-health-watches, reflection without a token), through the
// samplers of refusals, so that an operator sees what tripped.
func logged(service string, code codes.Code) bool {
	return !isInfra(service) || code == codes.ResourceExhausted || code == codes.Unauthenticated
}

// samplerFor returns the sampler of the calls that end with code and the
// ErrorInfo reason, nil for those logged in full.
func (h *callStats) samplerFor(code codes.Code, reason string) *logsample.Sampler {
	switch code {
	case codes.Canceled:
		return h.cancelled
	case codes.Unauthenticated, codes.Unimplemented:
		return h.refused
	case codes.InvalidArgument:
		return h.badRequest
	case codes.ResourceExhausted:
		if requestBound(reason) {
			return h.badRequest
		}
		return h.exhausted
	}
	return nil
}

// requestBound reports whether reason is that of a bound the request
// itself reaches (the same request fails again), not of the server's load
// or the caller's rate.
func requestBound(reason string) bool {
	switch reason {
	case ReasonStepLimit, ReasonNodeLimit, ReasonAnswerTooLarge, ReasonRequestTooLarge, ReasonNoPuzzle:
		return true
	}
	return false
}

// statusReason returns the reason of st's ErrorInfo detail of the
// service's domain, "" without one.
func statusReason(st *status.Status) string {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == ErrorDomain {
			return info.GetReason()
		}
	}
	return ""
}

// exhaustedReasons are the values of the reason label of
// sudoku_resource_exhausted_total: the reasons the service gives, and
// noReason for a ResourceExhausted without one (gRPC's own).
var exhaustedReasons = []string{
	ReasonStepLimit, ReasonNodeLimit, ReasonAnswerTooLarge, ReasonRequestTooLarge, ReasonNoPuzzle,
	ReasonStalled, ReasonOverloaded, ReasonRateLimited, noReason,
}

// noReason labels a ResourceExhausted call without an ErrorInfo reason, or
// with one the service does not give.
const noReason = "NONE"

// countExhausted counts a call that ended with code, when it is
// ResourceExhausted, by its reason.
func (h *callStats) countExhausted(code codes.Code, reason string) {
	if code != codes.ResourceExhausted || h.metrics == nil {
		return
	}
	if !slices.Contains(exhaustedReasons, reason) {
		reason = noReason
	}
	h.metrics.exhausted.WithLabelValues(reason).Inc()
}

// refuse counts and logs a call that a tap refused with err before it
// began: such a call reaches neither the handler nor the stats handler's
// other methods.
func (h *callStats) refuse(ctx context.Context, fullMethod string, err error) {
	st, ok := status.FromError(err)
	if !ok { // as gRPC answers it
		st = status.New(codes.PermissionDenied, err.Error())
	}
	now := time.Now()
	ci := h.lookup(fullMethod)
	if ci.metrics != nil {
		ci.metrics.started.Inc()
		h.metrics.handled.WithLabelValues(string(ci.typ), ci.service, ci.method, st.Code().String()).Inc()
		ci.metrics.handling.Observe(0)
	} else {
		if h.metrics != nil {
			h.metrics.started.WithLabelValues(unknownLabel, unknownLabel, unknownLabel).Inc()
		}
		h.countUnknown(st.Code(), 0)
	}
	reason := statusReason(st)
	h.countExhausted(st.Code(), reason)
	if !logged(ci.service, st.Code()) {
		return
	}
	attrs := callAttrs(ctx, ci, now, st.Code(), 0)
	if reason != "" {
		attrs = append(attrs, "grpc.error_reason", reason)
	}
	attrs = append(attrs, "grpc.error", st.Message())
	// Each kind through its own sampler, as the calls that end do: a
	// flood of refusals for the load holds back no token's refusal.
	sampler := h.samplerFor(st.Code(), reason)
	if sampler == nil {
		sampler = h.refused
	}
	sampler.Log(ctx, h.logger, codeLevel(st.Code()), "finished call", attrs...)
}

// TagConn returns ctx.
func (h *callStats) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context { return ctx }

// HandleConn does nothing: callStats is about calls.
func (h *callStats) HandleConn(context.Context, stats.ConnStats) {}

// splitMethod splits "/service/method".
func splitMethod(full string) (service, method string) {
	full = strings.TrimPrefix(full, "/")
	if i := strings.LastIndex(full, "/"); i >= 0 {
		return full[:i], full[i+1:]
	}
	return "unknown", full
}

// rpcMetrics are the Prometheus metrics of the calls to the server.
type rpcMetrics struct {
	started, received, sent, handled *prometheus.CounterVec
	handling                         *prometheus.HistogramVec
	exhausted                        *prometheus.CounterVec // by reason
}

// newRPCMetrics returns the metrics, named and labelled as those of
// go-grpc-middleware's Prometheus provider.
func newRPCMetrics() *rpcMetrics {
	labels := []string{"grpc_type", "grpc_service", "grpc_method"}
	counter := func(name, help string, labels ...string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	}
	return &rpcMetrics{
		started:  counter("grpc_server_started_total", "Total number of RPCs started on the server.", labels...),
		received: counter("grpc_server_msg_received_total", "Total number of RPC stream messages received on the server.", labels...),
		sent:     counter("grpc_server_msg_sent_total", "Total number of gRPC stream messages sent by the server.", labels...),
		handled: counter("grpc_server_handled_total", "Total number of RPCs completed on the server, regardless of success or failure.",
			append(labels, "grpc_code")...),
		handling: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "grpc_server_handling_seconds",
			Help:    "Histogram of response latency (seconds) of gRPC calls handled by the server, refused ones included.",
			Buckets: latencyBuckets,
		}, labels),
		exhausted: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "sudoku", Name: "resource_exhausted_total",
			Help: "Calls ended with ResourceExhausted, by the reason of their ErrorInfo (NONE without one: gRPC's own, as for a message over -max-msg-size): the request's bounds (STEP_LIMIT, NODE_LIMIT, ANSWER_TOO_LARGE, REQUEST_TOO_LARGE, NO_PUZZLE), the client's pace (STALLED), its rate (RATE_LIMITED) or the server's load (OVERLOADED)."},
			[]string{"reason"}),
	}
}

// collectors returns the metrics to register.
func (m *rpcMetrics) collectors() []prometheus.Collector {
	for _, r := range exhaustedReasons {
		m.exhausted.WithLabelValues(r)
	}
	return []prometheus.Collector{m.started, m.received, m.sent, m.handled, m.handling, m.exhausted}
}

// initialize makes the metrics of a method exist at zero, so that
// dashboards and alerts see them before the first call, and returns
// those not by code.
func (m *rpcMetrics) initialize(info methodInfo) *methodMetrics {
	labels := []string{string(info.typ), info.service, info.method}
	for _, code := range interceptors.AllCodes {
		m.handled.WithLabelValues(append(labels, code.String())...)
	}
	return &methodMetrics{
		started:  m.started.WithLabelValues(labels...),
		received: m.received.WithLabelValues(labels...),
		sent:     m.sent.WithLabelValues(labels...),
		handling: m.handling.WithLabelValues(labels...),
	}
}
