// Package discordtest helps the tests that speak Discord's protocol to the
// bot: a local stand-in for Discord's REST API, and the decoding and
// checking of interaction replies. Only tests import it.
package discordtest
