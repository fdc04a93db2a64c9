// Package preset runs the engine's preset scenarios by name for the
// command line, the chat commands and the web pages, and tells a name that
// is no preset from a preset that fails, so that each medium can say so
// in its own words.
package preset
