package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"arbiter/cmd/bot/internal/artifact"
	"arbiter/i18n"
)

// publishFlags say where "kb build", "kb update" and "kb publish" publish
// an index as an archive, and how long the builds it replaces stay.
type publishFlags struct {
	to    string
	keep  int
	grace time.Duration
}

// register adds the publish flags to fs.
func (f *publishFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.to, "publish", "", "also publish the index as a content-addressed archive to this bucket: a directory, file:///DIR or s3://BUCKET/PREFIX?endpoint=HOST (credentials: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)")
	fs.IntVar(&f.keep, "keep", 3, "published builds kept besides the latest, at least")
	fs.DurationVar(&f.grace, "grace", time.Hour, "how long a replaced build stays published, for replicas still fetching it")
}

// bucketCredentials are the object storage keys of the environment
// (none: the provider chain of the environment, such as an IAM role).
func (e *env) bucketCredentials() artifact.Credentials {
	return artifact.Credentials{
		AccessKey:    e.getenv("AWS_ACCESS_KEY_ID"),
		SecretKey:    e.getenv("AWS_SECRET_ACCESS_KEY"),
		SessionToken: e.getenv("AWS_SESSION_TOKEN"),
	}
}

// publish publishes the index at dir as pub says, then retires the builds
// replaced for longer than the grace period. It reports on stderr and
// returns the manifest, or a non-zero exit code.
func (e *env) publish(p *i18n.Printer, pub publishFlags, dir string) (artifact.Manifest, int) {
	b, err := artifact.OpenBucket(pub.to, e.bucketCredentials())
	if err != nil {
		fmt.Fprintln(e.stderr, err)
		return artifact.Manifest{}, 2
	}
	ctx, cancel := context.WithTimeout(e.ctx, 30*time.Minute)
	defer cancel()
	now := time.Now()
	m, err := artifact.Publish(ctx, b, dir, now)
	if err != nil {
		fmt.Fprintln(e.stderr, "publish:", err)
		return artifact.Manifest{}, 1
	}
	fmt.Fprintf(e.stderr, "published %s (%d bytes, %d documents) to %s\n", m.Digest, m.Size, m.Docs, pub.to)
	removed, err := artifact.Prune(ctx, b, pub.keep, pub.grace, now)
	if err != nil {
		fmt.Fprintln(e.stderr, "retire old builds:", err)
	}
	for _, d := range removed {
		fmt.Fprintln(e.stderr, "retired", d)
	}
	return m, 0
}

// cmdKBPublish runs "bot kb publish --index DIR --publish BUCKET".
func cmdKBPublish(e *env, args []string) int {
	fs := e.newFlagSet("kb publish")
	var cf commonFlags
	cf.register(fs)
	var pub publishFlags
	pub.register(fs)
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "kb publish")
	}
	if cf.index == "" || pub.to == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "kb publish", "--index DIR --publish BUCKET")
	}
	m, code := e.publish(p, pub, cf.index)
	if code != 0 {
		return code
	}
	if cf.json {
		return e.writeJSON(m)
	}
	fmt.Fprintln(e.stdout, m.Digest)
	return 0
}

// cmdKBFetch runs "bot kb fetch --from BUCKET [--digest D] --cache DIR":
// the build is fetched, verified and made the cache's index
// (CACHE/index), as "bot serve --index-source" does.
func cmdKBFetch(e *env, args []string) int {
	fs := e.newFlagSet("kb fetch")
	var cf commonFlags
	cf.register(fs)
	from := fs.String("from", "", "bucket the builds are published to (required)")
	digest := fs.String("digest", "latest", "build to fetch: latest or sha256:<hex>")
	cache := fs.String("cache", "", "local directory of fetched builds (required); the index is CACHE/index")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "kb fetch")
	}
	if *from == "" || *cache == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "kb fetch", "--from BUCKET --cache DIR")
	}
	b, err := artifact.OpenBucket(*from, e.bucketCredentials())
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "kb fetch", err.Error())
	}
	m, dir, err := fetchIndex(e.ctx, b, *digest, *cache)
	if err != nil {
		fmt.Fprintln(e.stderr, "fetch:", err)
		return 1
	}
	if cf.json {
		return e.writeJSON(fetchJSON{Digest: m.Digest, Dir: dir, Index: artifact.IndexLink(*cache), Docs: m.Docs, CurrentCR: m.CurrentCR})
	}
	fmt.Fprintln(e.stdout, m.Digest, artifact.IndexLink(*cache))
	return 0
}

// fetchJSON is what "kb fetch --json" prints.
type fetchJSON struct {
	Digest    string `json:"digest"`
	Dir       string `json:"dir"`   // the build's directory in the cache
	Index     string `json:"index"` // CACHE/index, the link to the active build
	Docs      int    `json:"docs"`
	CurrentCR string `json:"current_cr"`
}

// fetchIndex fetches the build want (latest or a digest) into cache,
// verifies it and activates it, unless it is already the active one.
func fetchIndex(ctx context.Context, b artifact.Bucket, want, cache string) (artifact.Manifest, string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	m, err := artifact.Resolve(ctx, b, want)
	if err != nil {
		return m, "", err
	}
	dir, err := artifact.Fetch(ctx, b, m, cache)
	if err != nil {
		return m, "", err
	}
	if artifact.Active(cache) != m.Digest {
		if err := artifact.Activate(cache, m.Digest); err != nil {
			return m, "", err
		}
	}
	return m, dir, nil
}
