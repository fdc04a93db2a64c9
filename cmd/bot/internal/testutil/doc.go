// Package testutil holds what the tests of cmd/bot and of its packages
// share: golden files (rewritten with -update), the official data beside
// the repository (../shared/data), indexes of the embedded corpus and of
// the real Comprehensive Rules, the message catalog and a log sink safe
// for a server's goroutines. Only tests import it.
package testutil
