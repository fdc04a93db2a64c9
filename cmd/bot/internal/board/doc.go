// Package board draws the board of a simulation step. One layout,
// computed from the engine's State (LayOut), is drawn twice: as SVG for
// the web pages (SVG), in the reader's language, and as PNG (PNG,
// FramePNG), with names, numbers and symbols only, so that one picture
// serves readers of every language. Coordinates are in the SVG's user
// units; the PNG draws them at pngScale pixels a unit.
package board
