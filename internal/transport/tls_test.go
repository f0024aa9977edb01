package transport

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokuwise/solver/internal/testpki"
)

// TestLoadErrors: files that fail to load give errors that name the file
// at fault.
func TestLoadErrors(t *testing.T) {
	pki := testpki.New(t)
	garbage := filepath.Join(t.TempDir(), "garbage.pem")
	if err := os.WriteFile(garbage, []byte("not PEM\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "missing.pem")
	server := func(cert, key, ca string) func() error {
		return func() error { _, err := ServerTLS(cert, key, ca, nil); return err }
	}
	client := func(ca, cert, key string) func() error {
		return func() error { _, err := ClientTLS(ca, cert, key); return err }
	}
	tests := []struct {
		name string
		load func() error
		want string // in the error: the file at fault, or what is wrong
	}{
		{"server without key", server(pki.ServerCert, "", ""), "both a certificate and a key"},
		{"server certificate missing", server(missing, pki.ServerKey, ""), missing},
		{"server key missing", server(pki.ServerCert, missing, ""), missing},
		{"server certificate not PEM", server(garbage, pki.ServerKey, ""), garbage},
		{"server key not PEM", server(pki.ServerCert, garbage, ""), garbage},
		{"server key of another certificate", server(pki.ServerCert, pki.ClientKey, ""), pki.ClientKey},
		{"client CA missing", server(pki.ServerCert, pki.ServerKey, missing), missing},
		{"client CA not PEM", server(pki.ServerCert, pki.ServerKey, garbage), garbage},
		{"client CA a key", server(pki.ServerCert, pki.ServerKey, pki.ServerKey), pki.ServerKey},
		{"CA missing", client(missing, "", ""), missing},
		{"CA not PEM", client(garbage, "", ""), garbage},
		{"client certificate without key", client(pki.CAFile, pki.ClientCert, ""), "both a certificate and a key"},
		{"client key without certificate", client(pki.CAFile, "", pki.ClientKey), "both a certificate and a key"},
		{"client certificate missing", client(pki.CAFile, missing, pki.ClientKey), missing},
		{"client key missing", client(pki.CAFile, pki.ClientCert, missing), missing},
		{"client certificate not PEM", client(pki.CAFile, garbage, pki.ClientKey), garbage},
		{"client key of another certificate", client(pki.CAFile, pki.ClientCert, pki.ServerKey), pki.ServerKey},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.load()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error naming %q", err, tt.want)
			}
		})
	}
	if err := server(missing, pki.ServerKey, "")(); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got %v, want an error that is os.ErrNotExist", err)
	}
}

// TestHandshake runs TLS handshakes between the configurations of
// ClientTLS and ServerTLS.
func TestHandshake(t *testing.T) {
	pki := testpki.New(t)
	other := testpki.New(t) // a CA the server does not know
	tests := []struct {
		name          string
		clientCA      string // of the server; "" asks for no client certificate
		ca, cert, key string // of the client
		ok            bool
		serverErr     string // what the server's error says, when it fails
	}{
		{"TLS", "", pki.CAFile, "", "", true, ""},
		{"TLS, server not trusted", "", other.CAFile, "", "", false, ""},
		{"mutual TLS", pki.CAFile, pki.CAFile, pki.ClientCert, pki.ClientKey, true, ""},
		{"mutual TLS, no client certificate", pki.CAFile, pki.CAFile, "", "", false, "didn't provide a certificate"},
		// The client presents its certificate though the server names
		// another authority, so the server's log says why it refuses it
		// (before, "client didn't provide a certificate").
		{"mutual TLS, client of another CA", pki.CAFile, pki.CAFile, other.ClientCert, other.ClientKey, false, "certificate signed by unknown authority"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scfg, err := ServerTLS(pki.ServerCert, pki.ServerKey, tt.clientCA, nil)
			if err != nil {
				t.Fatal(err)
			}
			ccfg, err := ClientTLS(tt.ca, tt.cert, tt.key)
			if err != nil {
				t.Fatal(err)
			}
			ccfg.ServerName = "localhost"
			lis, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer lis.Close()
			serverErr := make(chan error, 1)
			go func() {
				sc, err := lis.Accept()
				if err != nil {
					serverErr <- err
					return
				}
				defer sc.Close()
				s := tls.Server(sc, scfg)
				err = s.Handshake()
				if err == nil {
					// TLS 1.3 verifies the client's certificate after the
					// client's handshake is done: read to see the verdict.
					_, err = s.Read(make([]byte, 1))
				}
				serverErr <- err
			}()
			cc, err := net.Dial("tcp", lis.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			c := tls.Client(cc, ccfg)
			err = c.Handshake()
			if err == nil {
				_, err = c.Write([]byte{1})
			}
			cc.Close() // so that the server never waits for more
			sErr := <-serverErr
			if err == nil {
				err = sErr
			}
			if tt.serverErr != "" && (sErr == nil || !strings.Contains(sErr.Error(), tt.serverErr)) {
				t.Errorf("the server's handshake error is %v, want one saying %q", sErr, tt.serverErr)
			}
			if got := err == nil; got != tt.ok {
				t.Errorf("handshake error %v, want success %v", err, tt.ok)
			}
		})
	}
}

// TestKeyPairReload: a renewed certificate is served without a restart,
// and each change of the files is reported, once, a failed one with its
// error.
func TestKeyPairReload(t *testing.T) {
	pki := testpki.New(t)
	var reports []error
	kp := &keyPair{certFile: pki.ServerCert, keyFile: pki.ServerKey, reloaded: func(err error) { reports = append(reports, err) }}
	if err := kp.load(); err != nil {
		t.Fatal(err)
	}
	serial := func() int64 {
		t.Helper()
		kp.mu.Lock()
		kp.checked = time.Time{} // as if the last check were long ago
		kp.mu.Unlock()
		c, err := kp.get(nil)
		if err != nil {
			t.Fatal(err)
		}
		leaf, err := x509.ParseCertificate(c.Certificate[0])
		if err != nil {
			t.Fatal(err)
		}
		return leaf.SerialNumber.Int64()
	}
	touch := func(at time.Time, files ...string) {
		t.Helper()
		for _, f := range files {
			if err := os.Chtimes(f, at, at); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name   string
		renew  func(at time.Time) // writes files, stamped at
		want   int64
		report string // "" none, "ok", or "error"
	}{
		{"unchanged", func(time.Time) {}, 2, ""},
		{"renewed", func(at time.Time) {
			pki.Issue(t, 42, "localhost", x509.ExtKeyUsageServerAuth, pki.ServerCert, pki.ServerKey)
			touch(at, pki.ServerCert, pki.ServerKey)
		}, 42, "ok"},
		{"broken key", func(at time.Time) {
			if err := os.WriteFile(pki.ServerKey, []byte("garbage"), 0o600); err != nil {
				t.Fatal(err)
			}
			touch(at, pki.ServerKey)
		}, 42, "error"},
		{"still broken", func(time.Time) {}, 42, ""}, // told once, not at each handshake
		{"renewed again", func(at time.Time) {
			pki.Issue(t, 43, "localhost", x509.ExtKeyUsageServerAuth, pki.ServerCert, pki.ServerKey)
			touch(at, pki.ServerCert, pki.ServerKey)
		}, 43, "ok"},
		{"expired", func(at time.Time) {
			writeSelfSigned(t, 44, time.Now().Add(-2*time.Hour), time.Now().Add(-time.Hour), pki.ServerCert, pki.ServerKey)
			touch(at, pki.ServerCert, pki.ServerKey)
		}, 43, "error"},
		{"not valid yet", func(at time.Time) {
			writeSelfSigned(t, 45, time.Now().Add(time.Hour), time.Now().Add(2*time.Hour), pki.ServerCert, pki.ServerKey)
			touch(at, pki.ServerCert, pki.ServerKey)
		}, 45, "ok"},
	}
	at := time.Now()
	for _, tt := range tests {
		at = at.Add(time.Minute)
		tt.renew(at)
		reports = nil
		if got := serial(); got != tt.want {
			t.Errorf("%s: serial %d, want %d", tt.name, got, tt.want)
		}
		got := ""
		switch {
		case len(reports) > 1:
			got = fmt.Sprintf("%d reports", len(reports))
		case len(reports) == 1 && reports[0] == nil:
			got = "ok"
		case len(reports) == 1:
			got = "error"
		}
		if got != tt.report {
			t.Errorf("%s: reported %q (%v), want %q", tt.name, got, reports, tt.report)
		}
	}
}

// writeSelfSigned writes to certFile a self-signed certificate for
// localhost valid from notBefore to notAfter, and its key to keyFile.
func writeSelfSigned(t *testing.T, serial int64, notBefore, notAfter time.Time, certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "localhost"}, DNSNames: []string{"localhost"},
		NotBefore: notBefore, NotAfter: notAfter, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestServerCipherSuites: over TLS 1.2 the server takes the AEAD cipher
// suites alone, not the CBC ones Go would otherwise accept and HTTP/2
// forbids.
func TestServerCipherSuites(t *testing.T) {
	pki := testpki.New(t) // ECDSA keys
	tests := []struct {
		name  string
		suite uint16
		ok    bool
	}{
		{"AES-128-GCM", tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, true},
		{"AES-256-GCM", tls.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, true},
		{"ChaCha20-Poly1305", tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, true},
		{"AES-128-CBC-SHA", tls.TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA, false},
		{"AES-256-CBC-SHA", tls.TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scfg, err := ServerTLS(pki.ServerCert, pki.ServerKey, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			ccfg, err := ClientTLS(pki.CAFile, "", "")
			if err != nil {
				t.Fatal(err)
			}
			ccfg.ServerName = "localhost"
			ccfg.MaxVersion = tls.VersionTLS12
			ccfg.CipherSuites = []uint16{tt.suite}
			sc, cc := net.Pipe()
			defer sc.Close()
			go func() {
				tls.Server(sc, scfg).Handshake()
				sc.Close()
			}()
			c := tls.Client(cc, ccfg)
			err = c.Handshake()
			cc.Close()
			if got := err == nil; got != tt.ok {
				t.Errorf("handshake with %s: error %v, want success %v", tls.CipherSuiteName(tt.suite), err, tt.ok)
			}
		})
	}
}
