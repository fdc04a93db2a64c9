package discord

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Gateway connects to Discord's gateway with the bot's token and answers
// the interactions it delivers until stop is called. Without a token it
// does nothing and returns a nil stop.
//
// With no shard count set, it asks Discord for the recommended one
// (GET /gateway/bot); with no shard ID set, this process runs every shard
// of the count. Ready tells whether every shard is connected, and the
// metrics follow each connection, its reconnections and its heartbeat
// latency.
func (e *Endpoint) Gateway(ctx context.Context) (stop func(), err error) {
	cfg := e.cfg
	if cfg.Token == "" {
		e.log.Info("[[card]] mentions", "status", e.Mentions())
		return nil, nil
	}
	count, ids, err := e.shardPlan(ctx)
	if err != nil {
		return nil, err
	}
	e.gateway.expect(len(ids))
	var sessions []*discordgo.Session
	closeAll := func() {
		for _, gw := range sessions {
			if err := gw.Close(); err != nil {
				e.log.Warn("gateway close", "err", redactToken(err, cfg.Token))
			}
		}
	}
	// The message content intent is asked for while Discord grants it.
	content := e.wanted()
	for _, id := range ids {
		gw, err := e.openShard(ctx, id, count, content)
		if err != nil && content && disallowedIntents(err) {
			e.setMentions(MentionsLimited)
			e.log.Error("[[card]] mentions", "status", MentionsLimited)
			content = false
			gw, err = e.openShard(ctx, id, count, false)
		}
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("gateway shard %d of %d: %w", id, count, redactToken(err, cfg.Token))
		}
		sessions = append(sessions, gw)
		e.log.Info("gateway connected", "shard", id, "shards", count)
	}
	if content {
		e.setMentions(MentionsOn)
	}
	if content || !e.wanted() {
		e.log.Info("[[card]] mentions", "status", e.Mentions())
	}
	lctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		e.watchLatency(lctx, sessions)
	}()
	return func() {
		cancel()
		wg.Wait()
		closeAll()
		e.gateway.expect(0)
	}, nil
}

// openShard connects shard id of count to the gateway, with the message
// content intent when content is set.
func (e *Endpoint) openShard(ctx context.Context, id, count int, content bool) (*discordgo.Session, error) {
	cfg := e.cfg
	gw, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, err
	}
	gw.ShardID, gw.ShardCount = id, count
	gw.Identify.Intents = e.intents(content)
	gw.Client = &http.Client{Timeout: cfg.editTimeout()}
	gw.LogLevel = discordgo.LogError
	// Every handler returns at once (the work goes on in goroutines of
	// its own), so events are handled in the order they arrive.
	gw.SyncEvents = true
	gw.AddHandler(e.gatewayHandler(ctx))
	e.addMessageHandlers(ctx, gw)
	gw.AddHandler(func(_ *discordgo.Session, _ *discordgo.Ready) { e.shardUp(id) })
	gw.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { e.shardUp(id) })
	gw.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { e.shardDown(id) })
	if err := gw.Open(); err != nil {
		return nil, err
	}
	return gw, nil
}

// shardPlan is the shard count and the shards this process runs: the
// configured ones, else Discord's recommended count, all of its shards
// unless an ID is set.
func (e *Endpoint) shardPlan(ctx context.Context) (count int, ids []int, err error) {
	cfg := e.cfg
	count = cfg.ShardCount
	if count <= 0 {
		s, err := discordgo.New("Bot " + cfg.Token)
		if err != nil {
			return 0, nil, fmt.Errorf("gateway: %w", redactToken(err, cfg.Token))
		}
		s.Client = &http.Client{Timeout: cfg.editTimeout()}
		gb, err := s.GatewayBot(discordgo.WithContext(ctx))
		if err != nil {
			return 0, nil, fmt.Errorf("gateway: recommended shard count: %w", redactToken(err, cfg.Token))
		}
		count = max(gb.Shards, 1)
		e.log.Info("gateway: shard count recommended by Discord", "shards", count)
	}
	if cfg.ShardID >= 0 {
		if cfg.ShardID >= count {
			return 0, nil, fmt.Errorf("shard %d of %d: need 0 <= --shard-id < --shard-count", cfg.ShardID, count)
		}
		return count, []int{cfg.ShardID}, nil
	}
	for i := 0; i < count; i++ {
		ids = append(ids, i)
	}
	return count, ids, nil
}

// gatewayState is which shards of this process are connected.
type gatewayState struct {
	mu        sync.Mutex
	expected  int
	up        map[int]bool
	wasUp     map[int]bool
	connected int
}

// expect sets how many shards this process runs (0: no gateway).
func (g *gatewayState) expect(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.expected, g.up, g.wasUp, g.connected = n, map[int]bool{}, map[int]bool{}, 0
}

// ready tells whether every shard this process runs is connected (true
// when it runs none).
func (g *gatewayState) ready() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.connected >= g.expected
}

// shardUp records that a shard is connected (Ready or Resumed).
func (e *Endpoint) shardUp(id int) {
	g := &e.gateway
	g.mu.Lock()
	again := g.wasUp[id]
	if g.up != nil && !g.up[id] {
		g.up[id], g.wasUp[id] = true, true
		g.connected++
	}
	all := g.connected >= g.expected
	g.mu.Unlock()
	if again {
		e.metrics.GatewayReconnect()
		e.log.Info("gateway reconnected", "shard", id)
	}
	e.metrics.GatewayConnected(all)
}

// shardDown records that a shard lost its connection (discordgo
// reconnects by itself).
func (e *Endpoint) shardDown(id int) {
	g := &e.gateway
	g.mu.Lock()
	if g.up != nil && g.up[id] {
		g.up[id] = false
		g.connected--
	}
	g.mu.Unlock()
	e.metrics.GatewayConnected(false)
	e.log.Warn("gateway disconnected", "shard", id)
}

// Ready tells whether the front end can answer: every gateway shard of
// this process is connected (always true without a gateway).
func (e *Endpoint) Ready() bool { return e.gateway.ready() }

// watchLatency records the highest heartbeat latency of the shards every
// 10 seconds.
func (e *Endpoint) watchLatency(ctx context.Context, sessions []*discordgo.Session) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		var worst time.Duration
		for _, s := range sessions {
			worst = max(worst, s.HeartbeatLatency())
		}
		e.metrics.GatewayLatency(worst)
	}
}

// gatewayHandler answers the interactions the gateway delivers, through
// the same router as the HTTP endpoint; the initial response goes by REST.
func (e *Endpoint) gatewayHandler(ctx context.Context) func(*discordgo.Session, *discordgo.InteractionCreate) {
	timeout := e.cfg.editTimeout()
	return func(gs *discordgo.Session, ic *discordgo.InteractionCreate) {
		arrived := time.Now()
		in := ic.Interaction
		e.inflight.Add(1)
		go func() {
			defer e.inflight.Done()
			e.answer(ctx, in, arrived, func(resp *discordgo.InteractionResponse) error {
				// An interaction received before shutdown still gets its answer.
				rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
				defer cancel()
				return gs.InteractionRespond(in, resp, discordgo.WithContext(rctx))
			})
		}()
	}
}
