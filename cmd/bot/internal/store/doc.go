// Package store holds the two backends of chat.Store, the state the
// replicas of "bot serve" share: the /language settings, the replay guard
// of signed requests and the rate-limit buckets; both also keep the
// reports users file on wrong answers (chat.Reports), which a bot run
// with neither keeps in MemoryReports.
//
//   - Bolt, the embedded default: one local file (bbolt), safe under
//     kill -9, for one process. bbolt is already in the binary (bleve uses
//     it); a write is one copy-on-write transaction synced to disk, and
//     concurrent writes share one sync (Batch). The replay guard and the
//     buckets of one process stay in its memory.
//   - Postgres, for any number of replicas (DATABASE_URL, pgx): schema
//     migrations embedded and applied at start under an advisory lock;
//     settings changes signalled by LISTEN/NOTIFY; the replay guard and
//     the buckets are single statements, committed without waiting for
//     the disk (they matter for minutes, not across a server crash).
//
// Both import, once, the JSON-lines settings file of earlier versions
// (LegacyFile). The conformance suite (conformance_test.go) runs against
// both, and its reports cases against MemoryReports too. A report is kept
// whole, as JSON, in the embedded file, and in two tables in PostgreSQL
// (reports, and their comments), every write committed synchronously.
package store
