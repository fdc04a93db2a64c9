package discord

import (
	"fmt"
	"log/slog"
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
	// ShardID and ShardCount are the gateway shard of this process.
	ShardID, ShardCount int
	// DeferAfter is how long a reply may take to be sent inline; past it
	// a deferred response goes out and the reply is edited in (Discord
	// allows 3 s). Zero: 2 s.
	DeferAfter time.Duration
	// EditTimeout bounds each call to Discord's REST API (at least 1 s).
	EditTimeout time.Duration
	// MaxBody bounds an interaction's body; zero: 64 KiB.
	MaxBody int64
	// AttachmentHosts are the only hosts attached files are read from
	// (host or host:port, over HTTPS); empty: Discord's,
	// DefaultAttachmentHosts.
	AttachmentHosts []string
	// AttachmentTimeout bounds the reading of an attached file; zero: 5 s.
	AttachmentTimeout time.Duration
}

// String describes the settings without the token, so that printing or
// logging a configuration never leaks it.
func (c Config) String() string {
	return fmt.Sprintf("discord{public_key:%t token:%t shard:%d/%d defer:%s}",
		c.PublicKey != "", c.Token != "", c.ShardID, c.ShardCount, c.DeferAfter)
}

// LogValue is what slog records for the settings: never the token.
func (c Config) LogValue() slog.Value {
	return slog.StringValue(c.String())
}

// deferAfter is the inline budget of a reply.
func (c Config) deferAfter() time.Duration {
	if c.DeferAfter <= 0 {
		return 2 * time.Second
	}
	return c.DeferAfter
}

// editTimeout bounds a call to the REST API.
func (c Config) editTimeout() time.Duration { return max(c.EditTimeout, time.Second) }

// maxBody bounds an interaction's body.
func (c Config) maxBody() int64 {
	if c.MaxBody > 0 {
		return c.MaxBody
	}
	return 64 << 10
}
