package service

import (
	"container/list"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"golang.org/x/time/rate"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/sudokuwise/solver/internal/transport"
)

// DefaultMaxCallers is the number of callers whose rate the server
// remembers when GRPCConfig.MaxCallers is 0.
const DefaultMaxCallers = 10_000

// callerKey is the context key of a call's caller, set by tokenAuth.
type callerKey struct{}

// tokenAuth is transport.BearerAuth that also names the caller in the
// context: "token:" and the start of the token's HMAC-SHA256 under a key
// drawn for this server, so that neither logs nor memory hold the token
// itself, and a name read in a log or an error cannot be used to guess a
// weak token offline (a plain digest could). A name holds while the
// server runs. A context that names its caller already (the
// authentication tap's, when the interceptor checks again) is accepted
// as it is. names are the callers' names of tokens, in their order, for
// an operator to tell whose calls a log names.
func tokenAuth(tokens []string) (_ auth.AuthFunc, names []string, _ error) {
	check, err := transport.BearerAuth(tokens)
	if err != nil {
		return nil, nil, fmt.Errorf("bearer tokens: %w", err)
	}
	key := make([]byte, sha256.Size)
	if _, err := rand.Read(key); err != nil {
		return nil, nil, fmt.Errorf("bearer tokens: a key to name callers by: %w", err)
	}
	name := func(token string) string {
		mac := hmac.New(sha256.New, key)
		mac.Write([]byte(token))
		return "token:" + hex.EncodeToString(mac.Sum(nil)[:6])
	}
	for _, t := range tokens {
		names = append(names, name(t))
	}
	return func(ctx context.Context) (context.Context, error) {
		if _, ok := ctx.Value(callerKey{}).(string); ok {
			return ctx, nil
		}
		ctx, err := check(ctx)
		if err != nil {
			return nil, err
		}
		token, err := auth.AuthFromMD(ctx, "bearer")
		if err != nil {
			return nil, err // checked already
		}
		return context.WithValue(ctx, callerKey{}, name(token)), nil
	}, names, nil
}

// caller names who makes the call in ctx: its token (see tokenAuth), else
// the IP address it connects from, without the port, so that a client
// does not get a new allowance with each connection.
func caller(ctx context.Context) string {
	if c, ok := ctx.Value(callerKey{}).(string); ok {
		return c
	}
	p, ok := peer.FromContext(ctx)
	if !ok || p.Addr == nil {
		return "unknown"
	}
	addr := p.Addr.String()
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return "addr:" + host
	}
	return "addr:" + addr
}

// callerLimiter is a rate limit with a token bucket per caller, so
// that a caller who floods the server spends only its own allowance.
//
// It remembers at most max callers, most recently seen first. A caller
// idle for as long as its bucket takes to fill is forgotten, which
// changes nothing for it: it would come back to a full bucket anyway.
// When max callers are active, the one seen longest ago is forgotten.
type callerLimiter struct {
	perSecond rate.Limit
	burst     int
	max       int
	idle      time.Duration // an empty bucket is full again after this
	now       func() time.Time

	refused atomic.Int64 // calls refused, for sudoku_rate_limited_total

	mu      sync.Mutex
	callers map[string]*list.Element // of *callerBucket, in lru
	lru     list.List                // most recently seen at the front
}

// callerBucket is the token bucket of one caller.
type callerBucket struct {
	name string
	lim  *rate.Limiter
	seen time.Time
}

// newCallerLimiter returns a limiter of perSecond calls a second for each
// caller, with bursts of burst (0: the rate rounded up), remembering at
// most maxCallers (0: DefaultMaxCallers), on the clock now.
func newCallerLimiter(perSecond float64, burst, maxCallers int, now func() time.Time) *callerLimiter {
	if burst <= 0 {
		burst = max(1, int(perSecond+0.999))
	}
	if maxCallers <= 0 {
		maxCallers = DefaultMaxCallers
	}
	return &callerLimiter{
		perSecond: rate.Limit(perSecond),
		burst:     burst,
		max:       maxCallers,
		idle:      fillTime(float64(burst), perSecond),
		now:       now,
		callers:   map[string]*list.Element{},
	}
}

// fillTime returns how long a bucket filling at perSecond calls a second
// takes to gain tokens (rounded up, so that a wait is never 0), or the
// longest time.Duration when that is longer: converted as it is, it would
// wrap to a negative duration; as the time to forget an idle caller
// (burst tokens), that forgets every caller at each call, its bucket full
// again, so that the limit never applies.
func fillTime(tokens, perSecond float64) time.Duration {
	d := math.Ceil(tokens / perSecond * float64(time.Second))
	if d >= math.MaxInt64 { // as a float64, 2⁶³: the first that wraps
		return math.MaxInt64
	}
	return time.Duration(d)
}

// limit refuses a call to method when its caller's bucket is empty, with
// ResourceExhausted, the ErrorInfo RATE_LIMITED and a RetryInfo of when
// the bucket holds a call again. (go-grpc-middleware's ratelimit
// interceptors make a status of the limiter's error text alone, which
// leaves a client to guess whether and when to retry.)
func (l *callerLimiter) limit(ctx context.Context, method string) error {
	name := caller(ctx)
	ok, wait := l.allow(name)
	if ok {
		return nil
	}
	l.refused.Add(1)
	return withReason(codes.ResourceExhausted, ReasonRateLimited, fmt.Sprintf(
		"%s: the rate limit of %g calls per second (burst %d) is spent for %s; retry in %v",
		method, float64(l.perSecond), l.burst, name, roundUp(wait)),
		&errdetails.RetryInfo{RetryDelay: durationpb.New(wait)})
}

// roundUp rounds a wait up to the millisecond, for people: a wait of a
// fraction of one, rounded to the nearest, read "retry in 0s".
func roundUp(wait time.Duration) time.Duration {
	return (wait + time.Millisecond - 1).Truncate(time.Millisecond)
}

// unary is the rate limit's interceptor of unary calls.
func (l *callerLimiter) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := l.limit(ctx, info.FullMethod); err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

// stream is the rate limit's interceptor of streaming calls.
func (l *callerLimiter) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if err := l.limit(ss.Context(), info.FullMethod); err != nil {
		return err
	}
	return handler(srv, ss)
}

// allow takes a token from the bucket of the caller name, or says how
// long until the bucket holds one.
func (l *callerLimiter) allow(name string) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forgetIdle(now)
	e, ok := l.callers[name]
	if ok {
		l.lru.MoveToFront(e)
	} else {
		if l.lru.Len() >= l.max {
			l.forget(l.lru.Back())
		}
		e = l.lru.PushFront(&callerBucket{name: name, lim: rate.NewLimiter(l.perSecond, l.burst)})
		l.callers[name] = e
	}
	b := e.Value.(*callerBucket)
	b.seen = now
	if b.lim.AllowN(now, 1) {
		return true, 0
	}
	return false, fillTime(1-b.lim.TokensAt(now), float64(l.perSecond))
}

// forgetIdle forgets the callers not seen for l.idle or longer.
func (l *callerLimiter) forgetIdle(now time.Time) {
	for e := l.lru.Back(); e != nil && now.Sub(e.Value.(*callerBucket).seen) >= l.idle; e = l.lru.Back() {
		l.forget(e)
	}
}

func (l *callerLimiter) forget(e *list.Element) {
	delete(l.callers, e.Value.(*callerBucket).name)
	l.lru.Remove(e)
}

// len returns the number of callers remembered.
func (l *callerLimiter) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lru.Len()
}
