// Package server is the process of "bot serve": it holds the index that
// serves and swaps in a new build when the index directory changes or on
// SIGHUP (requests in progress finish on the old one), serves the HTTP
// routes of the Discord front end and the web pages beside its operations
// endpoints (/healthz, /readyz, /metrics), bounds and logs every request,
// records the Prometheus metrics, and shuts down gracefully: /readyz
// turns 503, in-flight requests and deferred replies finish, and what is
// left at the deadline is cancelled. cmd/bot builds it and its parts;
// nothing else imports it.
package server
