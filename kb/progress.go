package kb

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
)

// Stages of a build, as BuildProgress names them.
const (
	StageIndex = "index" // the documents are indexed: Done of Total documents
	StageMerge = "merge" // the index's segments are merged into one: Done of Total merges
	StageWrite = "write" // the index and its tables are written to their place
)

// BuildProgress is how far a build has gone in its stage. A build goes
// through the stages in order; within one, Done grows to Total.
type BuildProgress struct {
	Stage       string
	Done, Total int
}

// BuildWithProgress is Build, telling progress how the build advances:
// after each batch of documents indexed, as segments are merged (about
// twice a second), and when it starts writing. Calls do not overlap.
func BuildWithProgress(ctx context.Context, dir string, c *Collection, builtAt string, progress func(BuildProgress)) (Meta, error) {
	return buildReporting(ctx, dir, c, builtAt, progress)
}

// report calls progress unless it is nil.
func report(progress func(BuildProgress), stage string, done, total int) {
	if progress != nil {
		progress(BuildProgress{Stage: stage, Done: done, Total: total})
	}
}

// watchMerge reports the merge of sc's segments into one until stop is
// closed: the merges done are the segments gone since it started. It
// returns once its last report is made.
func watchMerge(sc *scorch.Scorch, progress func(BuildProgress), stop <-chan struct{}) {
	segments := func() int {
		st, ok := sc.Stats().(*scorch.Stats)
		if !ok {
			return 0
		}
		return int(atomic.LoadUint64(&st.TotFileSegmentsAtRoot))
	}
	first := segments()
	total := max(first-1, 0)
	report(progress, StageMerge, 0, total)
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			report(progress, StageMerge, total, total)
			return
		case <-t.C:
			report(progress, StageMerge, min(max(first-segments(), 0), total), total)
		}
	}
}
