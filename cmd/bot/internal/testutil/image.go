package testutil

import "image"

// DistinctColors counts the colours of m, sampling one pixel in three each
// way: a blank or unrendered picture has very few.
func DistinctColors(m image.Image) int {
	seen := map[[4]uint32]bool{}
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, a := m.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}
