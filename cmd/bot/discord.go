package main

import (
	"context"
	"flag"
	"net/http"
	"strconv"
	"sync"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord"
)

// discordConfig holds the Discord settings of "bot serve", those of the
// chat router it answers through, and the front end once built.
type discordConfig struct {
	discord    discord.Config
	stateDir   string
	rateBurst  int
	ratePeriod time.Duration
	replyCache int

	front *discordFront
}

func (c *discordConfig) register(fs *flag.FlagSet, getenv func(string) string) {
	c.discord.PublicKey = getenv("DISCORD_PUBLIC_KEY")
	c.discord.Token = getenv("DISCORD_TOKEN")
	fs.IntVar(&c.discord.ShardID, "shard-id", envInt(getenv, "DISCORD_SHARD_ID", 0), "gateway shard of this process (0-based)")
	fs.IntVar(&c.discord.ShardCount, "shard-count", envInt(getenv, "DISCORD_SHARD_COUNT", 1), "number of gateway shards")
	fs.StringVar(&c.stateDir, "state", getenv("ARBITER_STATE"), "directory of the /language settings (default: memory only)")
	fs.DurationVar(&c.discord.DeferAfter, "discord-defer", 2*time.Second, "answer inline when ready within this, else defer and edit (Discord allows 3s)")
	fs.DurationVar(&c.discord.EditTimeout, "discord-edit-timeout", 10*time.Second, "timeout of each follow-up call to Discord's REST API")
	fs.IntVar(&c.rateBurst, "rate-burst", 5, "interactions a user may send in a burst")
	fs.DurationVar(&c.ratePeriod, "rate-period", 10*time.Second, "period in which a burst refills")
	fs.IntVar(&c.replyCache, "reply-cache", 2048, "rendered replies kept per index, for repeated questions and buttons (0: none)")
	c.discord.MaxBody = 64 << 10
	c.front = &discordFront{}
}

func envInt(getenv func(string) string, name string, def int) int {
	if n, err := strconv.Atoi(getenv(name)); err == nil {
		return n
	}
	return def
}

// discordFront is the Discord front end of a server, built on first use.
type discordFront struct {
	once     sync.Once
	err      error
	endpoint *discord.Endpoint
}

// discord returns the Discord front end, built on first use.
func (s *server) discord() (*discord.Endpoint, error) {
	d := s.cfg.discord.front
	if d == nil {
		d = &discordFront{}
		s.cfg.discord.front = d
	}
	d.once.Do(func() {
		cfg := s.cfg.discord
		prefs, err := chat.OpenPrefs(cfg.stateDir)
		if err != nil {
			// A bad volume must not take the bot down: it answers, and the
			// /language settings last until the process ends.
			s.log.Error("state directory unusable, /language settings kept in memory", "dir", cfg.stateDir, "err", err)
			prefs, _ = chat.OpenPrefs("")
		} else if cfg.stateDir == "" {
			s.log.Warn("no --state directory: /language settings last until the process ends")
		}
		burst, period := cfg.rateBurst, cfg.ratePeriod
		if burst <= 0 {
			burst = 5
		}
		if period <= 0 {
			period = 10 * time.Second
		}
		router := chat.New(chat.Config{
			Catalog:   s.cat,
			Index:     func() (chat.Index, func()) { ix, release := s.index.acquire(); return ix, release },
			Prefs:     prefs,
			Limit:     chat.NewRateLimiter(burst, period, 100000),
			Log:       s.log,
			PublicURL: s.cfg.publicURL,
			CacheSize: cfg.replyCache,
		})
		d.endpoint, d.err = discord.New(cfg.discord, router, s.ops, s.log)
	})
	return d.endpoint, d.err
}

// routesDiscord adds the Discord interactions endpoint to mux.
func (s *server) routesDiscord(mux *http.ServeMux) {
	d, err := s.discord()
	if err != nil {
		s.log.Error("discord", "err", err)
		return
	}
	d.Routes(mux)
}

// startGateway connects to the Discord gateway when a token is configured;
// it returns nil when there is none.
func (s *server) startGateway(ctx context.Context) (stop func(), err error) {
	if s.cfg.discord.discord.Token == "" {
		return nil, nil
	}
	d, err := s.discord()
	if err != nil {
		return nil, err
	}
	return d.Gateway(ctx)
}

// discordWait waits until every deferred edit in flight is done, or ctx
// ends. The operations part calls it on shutdown (waitInFlight).
func (s *server) discordWait(ctx context.Context) {
	if d := s.cfg.discord.front; d != nil && d.endpoint != nil {
		d.endpoint.Wait(ctx)
	}
}
