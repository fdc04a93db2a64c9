// Package artifact hands a built index to replicas as an immutable,
// content-addressed archive in object storage: Publish packs an index
// directory into one deterministic tar.gz named by its SHA-256 digest,
// with a manifest beside it and a "latest" pointer; Fetch downloads a
// given or the latest build into a local cache, verifies its digest and
// size before anything is unpacked, and Activate switches the cache's
// index link to it, which the server reloads as it reloads any new build.
// A corrupted or truncated archive is refused, and the build that serves
// stays. Prune retires old builds only after a grace period, so that a
// replica still fetching one is not cut off.
//
// Buckets are a local directory (file:// or a path) or S3-compatible
// storage (s3://), through minio-go.
package artifact
