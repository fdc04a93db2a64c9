package main

import (
	"container/list"
	"fmt"
	"sync"

	"arbiter/kb"
)

// replyCache keeps the most recent rendered replies of one index. The
// index is read-only until it is swapped, so a reply to the same state
// (command, language, page, argument) is the same until then: a repeated
// question, a language flip back, or a page viewed again costs no search.
// A new index empties the cache. Replies are shared: callers copy the
// Response value and never write into its slices.
type replyCache struct {
	mu  sync.Mutex
	ix  *kb.Index
	max int
	ll  *list.List // front: most recent
	m   map[string]*list.Element
}

type cachedReply struct {
	key string
	r   Response
}

func newReplyCache(max int) *replyCache {
	return &replyCache{max: max, ll: list.New(), m: map[string]*list.Element{}}
}

// key is the cache key of a state rendered ephemeral or not.
func (s replyState) key(ephemeral bool) string {
	return fmt.Sprintf("%s|%s|%d|%t|%s", s.Cmd, s.Lang, s.Page, ephemeral, s.Arg)
}

func (c *replyCache) get(ix *kb.Index, key string) (Response, bool) {
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

func (c *replyCache) put(ix *kb.Index, key string, r Response) {
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
