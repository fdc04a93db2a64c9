package web

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// setHeaders sets the security headers of every page and picture: no
// script, no external request, no framing.
func setHeaders(h http.Header, cacheSeconds int) {
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	if cacheSeconds > 0 {
		h.Set("Cache-Control", fmt.Sprintf("public, max-age=%d", cacheSeconds))
	} else {
		h.Set("Cache-Control", "no-store")
	}
}

// writeBody writes a response body, gzipped when the client accepts it
// and the body is worth it (rule pages shrink about sixfold).
func writeBody(rw http.ResponseWriter, r *http.Request, status int, body []byte) {
	if len(body) < 1024 || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		rw.Header().Set("Content-Length", strconv.Itoa(len(body)))
		rw.WriteHeader(status)
		rw.Write(body)
		return
	}
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	zw.Write(body)
	zw.Close()
	rw.Header().Set("Content-Encoding", "gzip")
	rw.Header().Set("Content-Length", strconv.Itoa(z.Len()))
	rw.WriteHeader(status)
	rw.Write(z.Bytes())
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip.
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		enc, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") {
			return strings.ReplaceAll(strings.TrimSpace(params), " ", "") != "q=0"
		}
	}
	return false
}
