package kb

import (
	"sync"
	"sync/atomic"
)

// memo remembers values computed from an index that never changes once
// built (term statistics, analyzed glossary terms), up to memoMax entries:
// past that, values are computed each time rather than let questions grow
// it.
type memo[V any] struct {
	m sync.Map
	n atomic.Int64
}

const memoMax = 50000

// put remembers v for key, computed beforehand (when the index was built).
func (c *memo[V]) put(key string, v V) {
	if c.n.Load() < memoMax {
		if _, loaded := c.m.LoadOrStore(key, v); !loaded {
			c.n.Add(1)
		}
	}
}

func (c *memo[V]) get(key string, fill func() V) V {
	if v, ok := c.m.Load(key); ok {
		return v.(V)
	}
	v := fill()
	if c.n.Load() < memoMax {
		if _, loaded := c.m.LoadOrStore(key, v); !loaded {
			c.n.Add(1)
		}
	}
	return v
}
