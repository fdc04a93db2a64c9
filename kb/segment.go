package kb

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	segment "github.com/blevesearch/scorch_segment_api/v2"
	zapv11 "github.com/blevesearch/zapx/v11"
	zapv12 "github.com/blevesearch/zapx/v12"
	zapv13 "github.com/blevesearch/zapx/v13"
	zapv14 "github.com/blevesearch/zapx/v14"
	zapv15 "github.com/blevesearch/zapx/v15"
	zapv16 "github.com/blevesearch/zapx/v16"
	zapv17 "github.com/blevesearch/zapx/v17"
)

// ErrDamaged is an index file whose bytes are not those written: a
// segment whose checksum does not match, or one its reader cannot make
// sense of.
var ErrDamaged = errors.New("kb: damaged index file")

// openBleve opens the bleve index at path read-only. A damaged index is
// an error, never a panic: every segment's checksum is checked before
// bleve opens any (a damaged footer makes zapx slice out of range), and
// a panic of a segment's reader while opening is recovered.
//
// The checksum covers every byte of a segment, so a segment that opens
// is whole, and a search does not meet damaged bytes: that matters, as
// bleve searches its segments in goroutines of its own, where a panic
// cannot be recovered.
func openBleve(path string) (bl bleve.Index, err error) {
	registerAnalysis()
	guardSegments()
	segs, err := filepath.Glob(filepath.Join(path, "store", "*.zap"))
	if err != nil {
		return nil, err
	}
	for _, seg := range segs {
		if err := checkSegment(seg); err != nil {
			return nil, err
		}
	}
	defer func() {
		if r := recover(); r != nil {
			bl, err = nil, fmt.Errorf("%w: %v", ErrDamaged, r)
		}
	}()
	return bleve.OpenUsing(path, map[string]interface{}{"read_only": true})
}

// guardOnce puts checkedPlugin in front of every zap version bleve reads.
var guardOnce sync.Once

// guardSegments makes bleve open the segments of an existing index
// through checkedPlugin. New segments (kb build) are written by the
// plugins as they are: the default plugin stays the same.
func guardSegments() {
	guardOnce.Do(func() {
		for _, p := range []scorch.SegmentPlugin{&zapv11.ZapPlugin{}, &zapv12.ZapPlugin{}, &zapv13.ZapPlugin{},
			&zapv14.ZapPlugin{}, &zapv15.ZapPlugin{}, &zapv16.ZapPlugin{}, &zapv17.ZapPlugin{}} {
			scorch.RegisterSegmentPlugin(checkedPlugin{p}, false)
		}
	})
}

// checkedPlugin opens zap segments and turns a panic of the segment's
// reader into an error.
type checkedPlugin struct{ scorch.SegmentPlugin }

// Open opens the segment at path.
func (p checkedPlugin) Open(path string) (segment.Segment, error) {
	return checkedOpen(path, func() (segment.Segment, error) { return p.SegmentPlugin.Open(path) })
}

// OpenUsing opens the segment at path.
func (p checkedPlugin) OpenUsing(path string, config map[string]interface{}) (segment.Segment, error) {
	return checkedOpen(path, func() (segment.Segment, error) { return p.SegmentPlugin.OpenUsing(path, config) })
}

// checkedOpen opens the segment at path with open, recovering a panic.
func checkedOpen(path string, open func() (segment.Segment, error)) (seg segment.Segment, err error) {
	defer func() {
		if r := recover(); r != nil {
			seg, err = nil, fmt.Errorf("%w: segment %s: %v", ErrDamaged, path, r)
		}
	}()
	return open()
}

// checkSegment checks a zap segment's checksum: its last 4 bytes are the
// CRC-32 (IEEE, big-endian) of every byte before them, in every zap
// version.
func checkSegment(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Size() < 4 {
		return fmt.Errorf("%w: segment %s: %d bytes", ErrDamaged, path, fi.Size())
	}
	h := crc32.NewIEEE()
	if _, err := io.Copy(h, bufio.NewReaderSize(io.LimitReader(f, fi.Size()-4), 1<<20)); err != nil {
		return fmt.Errorf("segment %s: %w", path, err)
	}
	var sum [4]byte
	if _, err := io.ReadFull(f, sum[:]); err != nil {
		return fmt.Errorf("segment %s: %w", path, err)
	}
	if got, want := h.Sum32(), binary.BigEndian.Uint32(sum[:]); got != want {
		return fmt.Errorf("%w: segment %s: checksum %08x, its footer says %08x", ErrDamaged, path, got, want)
	}
	return nil
}
