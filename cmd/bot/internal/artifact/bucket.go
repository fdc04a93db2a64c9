package artifact

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Bucket is where archives and manifests are kept.
type Bucket interface {
	// Put stores r (size bytes) as name, atomically: a reader sees the
	// whole object or none.
	Put(ctx context.Context, name string, r io.Reader, size int64) error
	// Get reads name; a missing one is ErrNotFound.
	Get(ctx context.Context, name string) (io.ReadCloser, error)
	// List returns the objects whose names start with prefix.
	List(ctx context.Context, prefix string) ([]Object, error)
	// Delete removes name; a missing one is no error.
	Delete(ctx context.Context, name string) error
}

// Object is an object of a bucket.
type Object struct {
	Name     string
	Size     int64
	Modified time.Time
}

// ErrNotFound is a missing object.
var ErrNotFound = errors.New("artifact: not found")

// Credentials are the keys of S3-compatible storage; empty ones use the
// provider chain of the environment (an IAM role, a web identity).
type Credentials struct {
	AccessKey, SecretKey, SessionToken string
}

// OpenBucket opens a bucket by URL:
//
//	/srv/arbiter/builds or file:///srv/arbiter/builds   a local directory
//	s3://BUCKET/PREFIX?endpoint=HOST:PORT&region=R&insecure=1
//
// For S3, endpoint defaults to s3.amazonaws.com and insecure (plain HTTP)
// to false.
func OpenBucket(raw string, creds Credentials) (Bucket, error) {
	if !strings.Contains(raw, "://") {
		return dirBucket{dir: raw}, nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("artifact: source %q: %w", raw, err)
	}
	switch u.Scheme {
	case "file":
		return dirBucket{dir: u.Path}, nil
	case "s3":
		q := u.Query()
		endpoint := q.Get("endpoint")
		if endpoint == "" {
			endpoint = "s3.amazonaws.com"
		}
		region := q.Get("region")
		if region == "" {
			region = "us-east-1"
		}
		var cp *credentials.Credentials
		if creds.AccessKey != "" {
			cp = credentials.NewStaticV4(creds.AccessKey, creds.SecretKey, creds.SessionToken)
		} else {
			cp = credentials.NewIAM("")
		}
		c, err := minio.New(endpoint, &minio.Options{Creds: cp, Secure: q.Get("insecure") != "1", Region: region})
		if err != nil {
			return nil, fmt.Errorf("artifact: source %q: %w", raw, err)
		}
		prefix := strings.Trim(u.Path, "/")
		if prefix != "" {
			prefix += "/"
		}
		return s3Bucket{c: c, bucket: u.Host, prefix: prefix}, nil
	}
	return nil, fmt.Errorf("artifact: source %q: scheme %q is neither file nor s3", raw, u.Scheme)
}

// dirBucket is a bucket in a local directory (or a shared volume).
type dirBucket struct{ dir string }

func (b dirBucket) path(name string) string { return filepath.Join(b.dir, filepath.FromSlash(name)) }

// Put writes a temporary file, syncs it and renames it into place.
func (b dirBucket) Put(ctx context.Context, name string, r io.Reader, size int64) error {
	p := b.path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	// A Put killed before (kill -9) left its file, as large as an archive.
	cleanLeftovers(filepath.Dir(p), ".put-*")
	f, err := lockedTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return fmt.Errorf("artifact: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	n, err := io.Copy(f, ctxReader{ctx, r})
	if err == nil && n != size {
		err = fmt.Errorf("wrote %d bytes of %d", n, size)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, p)
	}
	if err != nil {
		return fmt.Errorf("artifact: put %s: %w", name, err)
	}
	return nil
}

func (b dirBucket) Get(ctx context.Context, name string) (io.ReadCloser, error) {
	f, err := os.Open(b.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, name)
	}
	if err != nil {
		return nil, fmt.Errorf("artifact: %w", err)
	}
	return f, nil
}

func (b dirBucket) List(ctx context.Context, prefix string) ([]Object, error) {
	var out []Object
	dir := b.path(prefix)
	if !strings.HasSuffix(prefix, "/") {
		dir = filepath.Dir(dir)
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return filepath.SkipAll
		}
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		rel, _ := filepath.Rel(b.dir, p)
		name := filepath.ToSlash(rel)
		if !strings.HasPrefix(name, prefix) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		out = append(out, Object{Name: name, Size: fi.Size(), Modified: fi.ModTime()})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	if err != nil {
		return nil, fmt.Errorf("artifact: %w", err)
	}
	return out, nil
}

func (b dirBucket) Delete(ctx context.Context, name string) error {
	if err := os.Remove(b.path(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("artifact: %w", err)
	}
	return nil
}

// s3Bucket is a bucket of S3-compatible storage, under a prefix.
type s3Bucket struct {
	c      *minio.Client
	bucket string
	prefix string
}

func (b s3Bucket) Put(ctx context.Context, name string, r io.Reader, size int64) error {
	// One PUT (objects here are tens of megabytes): an S3 PUT is atomic.
	_, err := b.c.PutObject(ctx, b.bucket, b.prefix+name, r, size, minio.PutObjectOptions{
		ContentType: contentType(name), DisableMultipart: true,
	})
	if err != nil {
		return fmt.Errorf("artifact: put %s: %w", name, err)
	}
	return nil
}

func (b s3Bucket) Get(ctx context.Context, name string) (io.ReadCloser, error) {
	o, err := b.c.GetObject(ctx, b.bucket, b.prefix+name, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("artifact: get %s: %w", name, err)
	}
	// GetObject is lazy: the first Stat tells whether the object exists.
	if _, err := o.Stat(); err != nil {
		o.Close()
		if minio.ToErrorResponse(err).StatusCode == 404 {
			return nil, fmt.Errorf("%w: %s", ErrNotFound, name)
		}
		return nil, fmt.Errorf("artifact: get %s: %w", name, err)
	}
	return o, nil
}

func (b s3Bucket) List(ctx context.Context, prefix string) ([]Object, error) {
	var out []Object
	for o := range b.c.ListObjects(ctx, b.bucket, minio.ListObjectsOptions{Prefix: b.prefix + prefix, Recursive: true}) {
		if o.Err != nil {
			return nil, fmt.Errorf("artifact: list: %w", o.Err)
		}
		out = append(out, Object{Name: strings.TrimPrefix(o.Key, b.prefix), Size: o.Size, Modified: o.LastModified})
	}
	return out, nil
}

func (b s3Bucket) Delete(ctx context.Context, name string) error {
	if err := b.c.RemoveObject(ctx, b.bucket, b.prefix+name, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("artifact: delete %s: %w", name, err)
	}
	return nil
}

// contentType is the media type of an object by its name.
func contentType(name string) string {
	if strings.HasSuffix(name, ".json") {
		return "application/json"
	}
	return "application/gzip"
}

// ctxReader stops reading when ctx ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
