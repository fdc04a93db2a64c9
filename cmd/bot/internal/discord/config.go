package discord

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"
)

// Config holds the Discord settings of "bot serve".
type Config struct {
	// PublicKey is the application's Ed25519 public key, in hex, that
	// Discord signs interactions with; without it POST /interactions
	// refuses every request.
	PublicKey string
	// Token is the bot's token, for the gateway; it is never logged.
	Token string
	// ShardID and ShardCount are the gateway shard of this process. A
	// ShardCount of 0 takes Discord's recommended count; a negative
	// ShardID runs every shard of the count in this process.
	ShardID, ShardCount int
	// DeferAfter is how long a reply may take to be sent inline; past it
	// a deferred response goes out and the reply is edited in (Discord
	// allows 3 s). Zero: 1.5 s.
	DeferAfter time.Duration
	// EditTimeout bounds each call to Discord's REST API (at least 1 s),
	// from when it is sent.
	EditTimeout time.Duration
	// RESTConcurrency is how many calls to Discord's REST API (edits of
	// deferred replies, follow-ups) are sent at once; zero: 128.
	RESTConcurrency int
	// MaxBody bounds an interaction's body; zero: 64 KiB.
	MaxBody int64
	// Workers is how many commands are worked on at once (zero: one per
	// core: the work is searching, bound by the processor, and more
	// workers only share the cores and make every answer late); the
	// others wait, their waiting counted against the deadline.
	Workers int
	// MaxWaiting is how many interactions may wait for a worker before
	// the next is answered "busy, try again" (zero: 10,000).
	MaxWaiting int
	// MaxQueueWait is how long a deferred command may wait for a worker
	// before its reply says "busy, try again" (zero: 2 minutes).
	MaxQueueWait time.Duration
	// Arrival tells when a request's first byte was read, what the
	// deadline counts from (nil: when its handler starts).
	Arrival func(*http.Request) time.Time
	// Guard is the replay guard shared by the replicas (nil: this
	// process's memory only). Each request is checked in this process's
	// memory first, then in Guard; when Guard cannot answer in time, the
	// memory alone decides.
	Guard ReplayGuard
	// AttachmentHosts are the only hosts attached files are read from
	// (host or host:port, over HTTPS); empty: Discord's,
	// DefaultAttachmentHosts.
	AttachmentHosts []string
	// AttachmentTimeout bounds the reading of an attached file; zero: 5 s.
	AttachmentTimeout time.Duration
	// Mentions makes the gateway read the messages of the servers and
	// answer the cards they name as [[name]] (see MentionRouter), with
	// the privileged message content intent; without the intent granted,
	// only direct messages and messages that @mention the bot are read.
	Mentions bool
}

// ReplayGuard remembers signed requests across replicas (a chat.Store).
type ReplayGuard interface {
	// FirstSeen records key for ttl and reports whether it was not
	// already recorded and unexpired.
	FirstSeen(ctx context.Context, key string, now time.Time, ttl time.Duration) (bool, error)
}

// String describes the settings without the token, so that printing or
// logging a configuration never leaks it.
func (c Config) String() string {
	return fmt.Sprintf("discord{public_key:%t token:%t shard:%d/%d defer:%s workers:%d}",
		c.PublicKey != "", c.Token != "", c.ShardID, c.ShardCount, c.DeferAfter, c.workers())
}

// LogValue is what slog records for the settings: never the token.
func (c Config) LogValue() slog.Value {
	return slog.StringValue(c.String())
}

// deferAfter is the inline budget of a reply, counted from its arrival:
// at most what leaves time to send the deferral before Discord's deadline.
func (c Config) deferAfter() time.Duration {
	if c.DeferAfter <= 0 {
		return 1500 * time.Millisecond
	}
	return min(c.DeferAfter, discordDeadline-deadlineMargin-200*time.Millisecond)
}

// editTimeout bounds a call to the REST API.
func (c Config) editTimeout() time.Duration { return max(c.EditTimeout, time.Second) }

// restConcurrency is how many REST calls are sent at once.
func (c Config) restConcurrency() int {
	if c.RESTConcurrency > 0 {
		return c.RESTConcurrency
	}
	return 128
}

// maxBody bounds an interaction's body.
func (c Config) maxBody() int64 {
	if c.MaxBody > 0 {
		return c.MaxBody
	}
	return 64 << 10
}
