package artifact

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeS3 is a local stand-in for S3-compatible storage: the calls minio-go
// makes for PutObject (plain or aws-chunked bodies), GetObject, StatObject,
// ListObjectsV2 and RemoveObject, on buckets in memory. It checks no
// signature.
type fakeS3 struct {
	mu      sync.Mutex
	objects map[string][]byte // "bucket/key"
	srv     *httptest.Server
}

func newFakeS3(t *testing.T) *fakeS3 {
	f := &fakeS3{objects: map[string][]byte{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// url is a bucket URL of the stand-in.
func (f *fakeS3) url(bucket, prefix string) string {
	return "s3://" + bucket + "/" + prefix + "?endpoint=" + strings.TrimPrefix(f.srv.URL, "http://") + "&insecure=1"
}

func (f *fakeS3) serve(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/")
	bucket, key, _ := strings.Cut(path, "/")
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case r.Method == http.MethodPut && key != "":
		body, err := readBody(r)
		if err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		f.objects[bucket+"/"+key] = body
		w.Header().Set("ETag", `"x"`)
	case (r.Method == http.MethodGet || r.Method == http.MethodHead) && key != "":
		b, ok := f.objects[bucket+"/"+key]
		if !ok {
			w.Header().Set("Content-Type", "application/xml")
			w.WriteHeader(404)
			if r.Method == http.MethodGet {
				io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>`)
			}
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Header().Set("Last-Modified", time.Now().UTC().Format(http.TimeFormat))
		w.Header().Set("ETag", `"x"`)
		if rg := r.Header.Get("Range"); rg != "" && r.Method == http.MethodGet {
			var from int
			if _, err := parseRange(rg, &from); err == nil && from < len(b) {
				w.Header().Set("Content-Range", "bytes "+strconv.Itoa(from)+"-"+strconv.Itoa(len(b)-1)+"/"+strconv.Itoa(len(b)))
				w.Header().Set("Content-Length", strconv.Itoa(len(b)-from))
				w.WriteHeader(206)
				w.Write(b[from:])
				return
			}
		}
		if r.Method == http.MethodGet {
			w.Write(b)
		}
	case r.Method == http.MethodGet && r.URL.Query().Get("list-type") == "2":
		prefix := r.URL.Query().Get("prefix")
		type content struct {
			Key          string
			Size         int64
			LastModified string
			ETag         string
		}
		var res struct {
			XMLName     xml.Name `xml:"ListBucketResult"`
			Name        string
			Prefix      string
			KeyCount    int
			MaxKeys     int
			IsTruncated bool
			Contents    []content
		}
		res.Name, res.Prefix, res.MaxKeys = bucket, prefix, 1000
		var keys []string
		for k := range f.objects {
			if b, key, _ := strings.Cut(k, "/"); b == bucket && strings.HasPrefix(key, prefix) {
				keys = append(keys, key)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			res.Contents = append(res.Contents, content{Key: k, Size: int64(len(f.objects[bucket+"/"+k])),
				LastModified: time.Now().UTC().Format(time.RFC3339), ETag: `"x"`})
		}
		res.KeyCount = len(keys)
		w.Header().Set("Content-Type", "application/xml")
		xml.NewEncoder(w).Encode(res)
	case r.Method == http.MethodDelete && key != "":
		delete(f.objects, bucket+"/"+key)
		w.WriteHeader(204)
	default:
		http.Error(w, "not in the stand-in: "+r.Method+" "+r.URL.String(), 501)
	}
}

// parseRange reads "bytes=N-".
func parseRange(s string, from *int) (int, error) {
	s = strings.TrimSuffix(strings.TrimPrefix(s, "bytes="), "-")
	n, err := strconv.Atoi(s)
	*from = n
	return n, err
}

// readBody reads a PUT body, decoding aws-chunked encoding (minio-go's
// streaming signature over plain HTTP).
func readBody(r *http.Request) ([]byte, error) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(r.Header.Get("X-Amz-Content-Sha256"), "STREAMING-") {
		return raw, nil
	}
	var out bytes.Buffer
	br := bufio.NewReader(bytes.NewReader(raw))
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return nil, err
		}
		sizeHex, _, _ := strings.Cut(strings.TrimSpace(line), ";")
		n, err := strconv.ParseInt(sizeHex, 16, 64)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return out.Bytes(), nil
		}
		if _, err := io.CopyN(&out, br, n); err != nil {
			return nil, err
		}
		br.ReadString('\n')
	}
}
