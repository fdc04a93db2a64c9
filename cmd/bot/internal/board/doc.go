// Package board draws the board of a simulation step. One layout,
// computed from the engine's State (LayOut) in the reader's words
// (LocalWords: step, zone and state labels, cards named as the reader
// knows them), is drawn twice: as SVG for the web pages (SVG) and as PNG
// for Discord (PNG, FramePNG, StatePNG). The PNG draws with the Go fonts
// and, for Japanese, an embedded subset of Noto Sans CJK (fonts/, built by
// scripts/cjk-font-subset.sh). Long lines (the stack, other zones) wrap,
// card names wrap on the card, and a legend says what a dashed card is.
// Coordinates are in the SVG's user units; the PNG draws them at pngScale
// pixels a unit.
package board
