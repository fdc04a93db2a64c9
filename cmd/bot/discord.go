package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"arbiter/cmd/bot/internal/chat"

	"github.com/bwmarrin/discordgo"
)

// discordConfig holds the Discord settings of "bot serve", and the Discord
// front end's runtime (built once the server exists).
type discordConfig struct {
	publicKeyHex string
	token        string // never logged
	shardID      int
	shardCount   int
	stateDir     string
	deferAfter   time.Duration
	editTimeout  time.Duration
	rateBurst    int
	ratePeriod   time.Duration
	maxBody      int64
	replyCache   int

	rt *discordRuntime
}

func (c *discordConfig) register(fs *flag.FlagSet, getenv func(string) string) {
	c.publicKeyHex = getenv("DISCORD_PUBLIC_KEY")
	c.token = getenv("DISCORD_TOKEN")
	fs.IntVar(&c.shardID, "shard-id", envInt(getenv, "DISCORD_SHARD_ID", 0), "gateway shard of this process (0-based)")
	fs.IntVar(&c.shardCount, "shard-count", envInt(getenv, "DISCORD_SHARD_COUNT", 1), "number of gateway shards")
	fs.StringVar(&c.stateDir, "state", getenv("ARBITER_STATE"), "directory of the /language settings (default: memory only)")
	fs.DurationVar(&c.deferAfter, "discord-defer", 2*time.Second, "answer inline when ready within this, else defer and edit (Discord allows 3s)")
	fs.DurationVar(&c.editTimeout, "discord-edit-timeout", 10*time.Second, "timeout of each follow-up call to Discord's REST API")
	fs.IntVar(&c.rateBurst, "rate-burst", 5, "interactions a user may send in a burst")
	fs.DurationVar(&c.ratePeriod, "rate-period", 10*time.Second, "period in which a burst refills")
	fs.IntVar(&c.replyCache, "reply-cache", 2048, "rendered replies kept per index, for repeated questions and buttons (0: none)")
	c.maxBody = 64 << 10
	c.rt = &discordRuntime{}
}

// String describes the settings without the token, so that printing or
// logging a configuration never leaks it.
func (c discordConfig) String() string {
	return fmt.Sprintf("discord{public_key:%t token:%t shard:%d/%d state:%q defer:%s}",
		c.publicKeyHex != "", c.token != "", c.shardID, c.shardCount, c.stateDir, c.deferAfter)
}

// LogValue is what slog records for the settings: never the token.
func (c discordConfig) LogValue() slog.Value {
	return slog.StringValue(c.String())
}

func envInt(getenv func(string) string, name string, def int) int {
	if n, err := strconv.Atoi(getenv(name)); err == nil {
		return n
	}
	return def
}

// discordRuntime is the Discord front end of a server: the router, the
// REST session for follow-ups, the replay cache and the in-flight edits.
type discordRuntime struct {
	once     sync.Once
	err      error
	router   *chat.Router
	prefs    *chat.Prefs
	rest     *discordgo.Session
	key      ed25519.PublicKey
	replays  *replayCache
	inflight sync.WaitGroup
}

// discord returns the Discord front end, built on first use.
func (s *server) discord() (*discordRuntime, error) {
	d := s.cfg.discord.rt
	if d == nil {
		d = &discordRuntime{}
		s.cfg.discord.rt = d
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
		if cfg.publicKeyHex != "" {
			k, err := hex.DecodeString(cfg.publicKeyHex)
			if err != nil || len(k) != ed25519.PublicKeySize {
				d.err = fmt.Errorf("DISCORD_PUBLIC_KEY is not a hex Ed25519 public key")
				return
			}
			d.key = ed25519.PublicKey(k)
		}
		burst, period := cfg.rateBurst, cfg.ratePeriod
		if burst <= 0 {
			burst = 5
		}
		if period <= 0 {
			period = 10 * time.Second
		}
		d.prefs = prefs
		d.router = chat.New(chat.Config{
			Catalog:   s.cat,
			Index:     func() (chat.Index, func()) { ix, release := s.index.acquire(); return ix, release },
			Prefs:     prefs,
			Limit:     chat.NewRateLimiter(burst, period, 100000),
			Log:       s.log,
			PublicURL: s.cfg.publicURL,
			CacheSize: cfg.replyCache,
		})
		// Follow-ups are authenticated by the interaction token; the bot
		// token is only needed by the gateway.
		d.rest, _ = discordgo.New("")
		d.rest.Client = &http.Client{Timeout: max(cfg.editTimeout, time.Second)}
		d.rest.MaxRestRetries = 2
		d.replays = newReplayCache(5*time.Minute, 100000)
	})
	return d, d.err
}

// routesDiscord adds the Discord interactions endpoint to mux.
func (s *server) routesDiscord(mux *http.ServeMux) {
	d, err := s.discord()
	if err != nil {
		s.log.Error("discord", "err", err)
		return
	}
	if d.key == nil {
		s.log.Warn("DISCORD_PUBLIC_KEY not set: POST /interactions refuses every request")
	}
	mux.HandleFunc("POST /interactions", s.handleInteractions)
	go s.warmCompletions(d)
}

// warmCompletions builds the autocomplete lists before the first keystroke.
func (s *server) warmCompletions(d *discordRuntime) {
	if err := d.router.Warm(context.Background()); err != nil {
		s.log.Warn("autocomplete lists", "err", err)
	}
}

// startGateway connects to the Discord gateway when a token is configured;
// it returns nil when there is none.
func (s *server) startGateway(ctx context.Context) (stop func(), err error) {
	cfg := s.cfg.discord
	if cfg.token == "" {
		return nil, nil
	}
	d, err := s.discord()
	if err != nil {
		return nil, err
	}
	if cfg.shardCount < 1 || cfg.shardID < 0 || cfg.shardID >= cfg.shardCount {
		return nil, fmt.Errorf("shard %d of %d: need 0 <= --shard-id < --shard-count", cfg.shardID, cfg.shardCount)
	}
	gw, err := discordgo.New("Bot " + cfg.token)
	if err != nil {
		return nil, fmt.Errorf("gateway: %w", redactToken(err, cfg.token))
	}
	gw.ShardID, gw.ShardCount = cfg.shardID, cfg.shardCount
	gw.Identify.Intents = discordgo.IntentsGuilds
	gw.Client = &http.Client{Timeout: max(cfg.editTimeout, time.Second)}
	gw.LogLevel = discordgo.LogError
	gw.AddHandler(s.gatewayHandler(ctx, d))
	if err := gw.Open(); err != nil {
		return nil, fmt.Errorf("gateway: %w", redactToken(err, cfg.token))
	}
	s.log.Info("gateway connected", "shard", cfg.shardID, "shards", cfg.shardCount)
	return func() {
		if err := gw.Close(); err != nil {
			s.log.Warn("gateway close", "err", redactToken(err, cfg.token))
		}
	}, nil
}

// gatewayHandler answers the interactions the gateway delivers, through
// the same router as the HTTP endpoint; the initial response goes by REST.
func (s *server) gatewayHandler(ctx context.Context, d *discordRuntime) func(*discordgo.Session, *discordgo.InteractionCreate) {
	timeout := max(s.cfg.discord.editTimeout, time.Second)
	return func(gs *discordgo.Session, ic *discordgo.InteractionCreate) {
		in := ic.Interaction
		d.inflight.Add(1)
		go func() {
			defer d.inflight.Done()
			s.answer(ctx, d, in, func(resp *discordgo.InteractionResponse) error {
				// An interaction received before shutdown still gets its answer.
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
				defer cancel()
				return gs.InteractionRespond(in, resp, discordgo.WithContext(rctx))
			})
		}()
	}
}

// discordWait waits until every deferred edit in flight is done, or ctx
// ends. The operations part calls it on shutdown (waitInFlight).
func (s *server) discordWait(ctx context.Context) {
	d := s.cfg.discord.rt
	if d == nil {
		return
	}
	done := make(chan struct{})
	go func() {
		d.inflight.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		s.log.Warn("shutdown: deferred Discord replies still in flight")
	}
}
