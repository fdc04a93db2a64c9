package chat

import (
	"container/list"
	"sync"
)

// replyCache keeps the most recent rendered replies of one index. The
// index is read-only until it is swapped, so a reply to the same state
// (command, language, page, argument) is the same until then: a repeated
// question, a language flip back, or a page viewed again costs no search.
// A new index empties the cache. Replies are shared: callers copy the
// Response value and never write into its slices.
type replyCache struct {
	mu  sync.Mutex
	ix  Index
	max int
	ll  *list.List // front: most recent
	m   map[string]*list.Element
}

type cachedReply struct {
	key string
	r   Response
}

// newReplyCache keeps up to max replies (none when max is 0).
func newReplyCache(max int) *replyCache {
	return &replyCache{max: max, ll: list.New(), m: map[string]*list.Element{}}
}

// get returns the reply kept under key for ix, if any.
func (c *replyCache) get(ix Index, key string) (Response, bool) {
	if c == nil {
		return Response{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ix != ix {
		return Response{}, false
	}
	e, ok := c.m[key]
	if !ok {
		return Response{}, false
	}
	c.ll.MoveToFront(e)
	return e.Value.(*cachedReply).r, true
}

// put keeps r under key for ix, forgetting the replies of any other
// index and, past the bound, the least recently used.
func (c *replyCache) put(ix Index, key string, r Response) {
	if c == nil || c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ix != ix {
		c.ix = ix
		c.ll.Init()
		clear(c.m)
	}
	if e, ok := c.m[key]; ok {
		e.Value.(*cachedReply).r = r
		c.ll.MoveToFront(e)
		return
	}
	c.m[key] = c.ll.PushFront(&cachedReply{key: key, r: r})
	for c.ll.Len() > c.max {
		old := c.ll.Back()
		c.ll.Remove(old)
		delete(c.m, old.Value.(*cachedReply).key)
	}
}
