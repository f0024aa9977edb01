// Package transport secures the connections of the solving service: TLS
// for servers, with certificates reloaded when renewed, TLS and mutual
// TLS for clients, and bearer tokens, sent by clients and checked by
// servers.
//
// Every function that reads a file says which file in its errors.
package transport

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// ServerTLS returns the TLS configuration of a server whose certificate
// chain and private key are PEM files certFile and keyFile. With
// clientCAFile, a PEM bundle of certificate authorities, the server
// requires every client to present a certificate signed by one of them
// (mutual TLS). TLS 1.2 is the oldest version accepted, and with it only
// the cipher suites of serverCipherSuites.
//
// The key pair is read again when either file changes (checked at most
// once a second, on a handshake), so that a renewed certificate takes
// effect without a restart; a pair that fails to load, or whose
// certificate has expired, then leaves the previous one in use. Each such
// reading is told to reloaded, when it is not nil, with its error: once a
// change of the files, not a handshake.
func ServerTLS(certFile, keyFile, clientCAFile string, reloaded func(error)) (*tls.Config, error) {
	if certFile == "" || keyFile == "" {
		return nil, errors.New("TLS needs both a certificate and a key file")
	}
	kp := &keyPair{certFile: certFile, keyFile: keyFile, reloaded: reloaded}
	if err := kp.load(); err != nil {
		return nil, err
	}
	cfg := &tls.Config{
		MinVersion:     tls.VersionTLS12,
		CipherSuites:   serverCipherSuites,
		GetCertificate: kp.get,
	}
	if clientCAFile != "" {
		pool, err := loadCertPool(clientCAFile)
		if err != nil {
			return nil, err
		}
		cfg.ClientCAs = pool
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
	}
	return cfg, nil
}

// serverCipherSuites are the TLS 1.2 cipher suites a server accepts:
// forward-secret key exchange and authenticated encryption (AEAD) alone.
// gRPC's credentials keep the gRPC port to these already; without them
// the web viewer's and metrics' ports, which share the configuration,
// would also take Go's CBC suites, which HTTP/2 forbids (RFC 9113, 9.2.2:
// a connection that negotiates one and HTTP/2 is then closed) and
// scanners report as weak. TLS 1.3's suites are all AEAD.
var serverCipherSuites = []uint16{
	tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
	tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
	tls.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
	tls.TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
	tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
	tls.TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
}

// ClientTLS returns the TLS configuration of a client that trusts the
// certificate authorities of the PEM bundle caFile, or the system's when
// caFile is empty. With certFile and keyFile, PEM files of a certificate
// chain and its private key, the client presents that certificate to
// servers that ask for one (mutual TLS). TLS 1.2 is the oldest version
// accepted.
func ClientTLS(caFile, certFile, keyFile string) (*tls.Config, error) {
	if (certFile == "") != (keyFile == "") {
		return nil, errors.New("a client certificate needs both a certificate and a key file")
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if caFile != "" {
		pool, err := loadCertPool(caFile)
		if err != nil {
			return nil, err
		}
		cfg.RootCAs = pool
	}
	if certFile != "" {
		cert, err := loadKeyPair(certFile, keyFile)
		if err != nil {
			return nil, err
		}
		// Presented whatever authorities the server names, rather than
		// left out when none of them signed it (crypto/tls's choice from
		// Certificates): the server then says why it refuses it
		// ("certificate signed by unknown authority"), not that the
		// client sent none.
		cfg.GetClientCertificate = func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return &cert, nil }
	}
	return cfg, nil
}

// loadCertPool reads a PEM bundle of certificates.
func loadCertPool(file string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading certificate authorities: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("no PEM certificate in %s", file)
	}
	return pool, nil
}

// loadKeyPair reads a PEM certificate chain and its private key.
func loadKeyPair(certFile, keyFile string) (tls.Certificate, error) {
	certPEM, err := os.ReadFile(certFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("reading TLS certificate: %w", err)
	}
	keyPEM, err := os.ReadFile(keyFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("reading TLS key: %w", err)
	}
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("TLS key pair %s and %s: %w", certFile, keyFile, err)
	}
	return cert, nil
}

// keyPair is a certificate and key read from files, and read again when
// they change.
type keyPair struct {
	certFile, keyFile string
	reloaded          func(error) // told of each reading after the first

	mu      sync.Mutex
	cert    *tls.Certificate
	stamp   [2]time.Time // modification times of the files loaded
	tried   [2]time.Time // of the files last read, loaded or not
	checked time.Time
}

// load reads the files. Read again, they must not hold a certificate that
// has expired: it would replace one that may still be valid, and no
// client would accept it (one not valid yet is taken, as it will be).
func (k *keyPair) load() error {
	stamp, err := k.stamps()
	if err != nil {
		return err
	}
	cert, err := loadKeyPair(k.certFile, k.keyFile)
	if err != nil {
		return err
	}
	if k.cert != nil && cert.Leaf != nil && time.Now().After(cert.Leaf.NotAfter) {
		return fmt.Errorf("TLS certificate %s expired at %s", k.certFile, cert.Leaf.NotAfter.UTC().Format(time.RFC3339))
	}
	k.cert, k.stamp, k.tried = &cert, stamp, stamp
	return nil
}

// stamps returns the modification times of the files.
func (k *keyPair) stamps() ([2]time.Time, error) {
	var st [2]time.Time
	for i, f := range []string{k.certFile, k.keyFile} {
		fi, err := os.Stat(f)
		if err != nil {
			return st, fmt.Errorf("loading TLS key pair: %w", err)
		}
		st[i] = fi.ModTime()
	}
	return st, nil
}

// get is the tls.Config.GetCertificate of the pair.
func (k *keyPair) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if now := time.Now(); now.Sub(k.checked) >= time.Second {
		k.checked = now
		if st, err := k.stamps(); err == nil && st != k.stamp && st != k.tried {
			k.tried = st
			err := k.load() // on failure keep the pair in use
			if k.reloaded != nil {
				k.reloaded(err)
			}
		}
	}
	return k.cert, nil
}
