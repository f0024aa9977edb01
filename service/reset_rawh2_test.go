package service

import (
	"bytes"
	"encoding/binary"
	"net"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/protobuf/proto"
)

// serveTCP serves a server built with gcfg through GRPC.Serve on a
// loopback port, and returns it and its address.
func serveTCP(t *testing.T, cfg Config, gcfg GRPCConfig) (*GRPC, string) {
	t.Helper()
	g, err := BuildGRPC(New(cfg), gcfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go g.Serve(ln)
	t.Cleanup(g.Server.Stop)
	return g, ln.Addr().String()
}

// rawH2 is a client connection that writes HTTP/2 frames as a test
// wants them, including ones no gRPC client sends: requests cut short,
// streams reset at once.
type rawH2 struct {
	t    *testing.T
	conn net.Conn
	fr   *http2.Framer
	hbuf bytes.Buffer
	henc *hpack.Encoder
	next uint32 // the next stream id
}

// dialRawH2 connects to addr and sends the client preface and settings.
func dialRawH2(t *testing.T, addr string) *rawH2 {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	c := &rawH2{t: t, conn: conn, fr: http2.NewFramer(conn, conn), next: 1}
	c.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	c.henc = hpack.NewEncoder(&c.hbuf)
	if _, err := conn.Write([]byte(http2.ClientPreface)); err != nil {
		t.Fatal(err)
	}
	if err := c.fr.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	return c
}

// open opens a stream calling method, with extra header pairs (name,
// value, ...), and returns its id. The stream's request is still to be
// sent.
func (c *rawH2) open(method string, extra ...string) (uint32, error) {
	c.hbuf.Reset()
	fields := append([]string{
		":method", "POST", ":scheme", "http", ":path", method, ":authority", "localhost",
		"content-type", "application/grpc", "te", "trailers",
	}, extra...)
	for i := 0; i+1 < len(fields); i += 2 {
		c.henc.WriteField(hpack.HeaderField{Name: fields[i], Value: fields[i+1]})
	}
	id := c.next
	c.next += 2
	return id, c.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: c.hbuf.Bytes(), EndHeaders: true})
}

// grpcMessage returns m framed as a gRPC message: uncompressed, its
// length, its bytes.
func grpcMessage(t *testing.T, m proto.Message) []byte {
	t.Helper()
	b, err := proto.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 5, 5+len(b))
	binary.BigEndian.PutUint32(out[1:], uint32(len(b)))
	return append(out, b...)
}

// status reads frames until the trailers of stream id, and returns their
// grpc-status; it fails the test when the connection ends first or
// nothing comes within a few seconds.
func (c *rawH2) status(id uint32) string {
	c.t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	defer c.conn.SetReadDeadline(time.Time{})
	for {
		f, err := c.fr.ReadFrame()
		if err != nil {
			c.t.Fatalf("reading the answer of stream %d: %v", id, err)
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				c.fr.WriteSettingsAck()
			}
		case *http2.MetaHeadersFrame:
			if f.StreamID == id {
				if s := f.PseudoValue("status"); s != "" && s != "200" {
					c.t.Fatalf("stream %d: HTTP status %s", id, s)
				}
				for _, hf := range f.RegularFields() {
					if hf.Name == "grpc-status" {
						return hf.Value
					}
				}
			}
		case *http2.RSTStreamFrame:
			if f.StreamID == id {
				c.t.Fatalf("stream %d reset (%v) without a status", id, f.ErrCode)
			}
		}
	}
}
