package discord

import (
	"context"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Gateway connects to Discord's gateway with the bot's token and answers
// the interactions it delivers until stop is called. Without a token it
// does nothing and returns a nil stop.
func (e *Endpoint) Gateway(ctx context.Context) (stop func(), err error) {
	cfg := e.cfg
	if cfg.Token == "" {
		return nil, nil
	}
	if cfg.ShardCount < 1 || cfg.ShardID < 0 || cfg.ShardID >= cfg.ShardCount {
		return nil, fmt.Errorf("shard %d of %d: need 0 <= --shard-id < --shard-count", cfg.ShardID, cfg.ShardCount)
	}
	gw, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("gateway: %w", redactToken(err, cfg.Token))
	}
	gw.ShardID, gw.ShardCount = cfg.ShardID, cfg.ShardCount
	gw.Identify.Intents = discordgo.IntentsGuilds
	gw.Client = &http.Client{Timeout: cfg.editTimeout()}
	gw.LogLevel = discordgo.LogError
	gw.AddHandler(e.gatewayHandler(ctx))
	if err := gw.Open(); err != nil {
		return nil, fmt.Errorf("gateway: %w", redactToken(err, cfg.Token))
	}
	e.log.Info("gateway connected", "shard", cfg.ShardID, "shards", cfg.ShardCount)
	return func() {
		if err := gw.Close(); err != nil {
			e.log.Warn("gateway close", "err", redactToken(err, cfg.Token))
		}
	}, nil
}

// gatewayHandler answers the interactions the gateway delivers, through
// the same router as the HTTP endpoint; the initial response goes by REST.
func (e *Endpoint) gatewayHandler(ctx context.Context) func(*discordgo.Session, *discordgo.InteractionCreate) {
	timeout := e.cfg.editTimeout()
	return func(gs *discordgo.Session, ic *discordgo.InteractionCreate) {
		in := ic.Interaction
		e.inflight.Add(1)
		go func() {
			defer e.inflight.Done()
			e.answer(ctx, in, func(resp *discordgo.InteractionResponse) error {
				// An interaction received before shutdown still gets its answer.
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
				defer cancel()
				return gs.InteractionRespond(in, resp, discordgo.WithContext(rctx))
			})
		}()
	}
}
