// Package progress shows the progress of long work on the command line
// (the downloads of "bot kb update", the phases of "bot kb build"): a bar
// with sizes, rates and time left on a terminal (schollz/progressbar), a
// plain line every few seconds otherwise (logs, CI, Kubernetes jobs). Its
// Transport makes downloads survive a broken or stalled connection: it
// retries with backoff and resumes where the transfer stopped, with a
// Range request.
package progress
