package main

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"time"

	"arbiter/cmd/bot/internal/artifact"
	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord"
	"arbiter/cmd/bot/internal/server"
	"arbiter/cmd/bot/internal/sim"
	"arbiter/cmd/bot/internal/store"
	"arbiter/cmd/bot/internal/web"
	"arbiter/i18n"
	"arbiter/kb"
)

// cmdServe runs "bot serve": the Discord front end (HTTP interactions
// and gateway), the web pages and the operations endpoints, until a
// signal ends it.
func cmdServe(e *env, args []string) int {
	fs := e.newFlagSet("serve")
	var cfg serveConfig
	cfg.register(fs, e.getenv)
	pos, p, code, ok := e.parseArgs(fs, args, nil, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "serve")
	}
	proxies, err := web.ParseProxies(cfg.trustedProxies, cfg.forwardedHeader)
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "serve", err.Error())
	}
	cfg.web.Proxies = proxies
	log := newLogger(e.stderr, cfg.logLevel)
	st, err := openStore(e.ctx, cfg.chat, log)
	if err != nil {
		log.Error("start", "err", err)
		return e.inputError(p, err)
	}
	if st != nil {
		defer st.Close()
	}
	var src *indexSource
	if cfg.source.url != "" {
		src, err = openIndexSource(e.ctx, e, cfg.source, log)
		if err != nil {
			log.Error("start", "err", err)
			return e.usageError(p, i18n.KeyBadFlags, "serve", err.Error())
		}
		cfg.server.Index = artifact.IndexLink(cfg.source.cache)
	}
	srv, err := server.New(e.ctx, cfg.server, log, func(ctx context.Context) (*kb.Index, error) { return e.openIndex(ctx, p, "") })
	if err != nil {
		log.Error("start", "err", err)
		return e.inputError(p, err)
	}
	defer srv.Close()
	if src != nil {
		src.activated = srv.ReloadSoon
		go src.follow(e.ctx)
	}
	if err := srv.Run(e.ctx, serveParts(e.ctx, cfg, e.cat, srv, st, log)); err != nil {
		log.Error("serve", "err", err)
		return 1
	}
	return 0
}

// newLogger returns the JSON logger of the server.
func newLogger(w io.Writer, level slog.Level) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level}))
}

// serveParts builds what the server runs besides its operations
// endpoints: the Discord front end when it serves HTTP or has a bot token,
// and the web pages when it serves HTTP.
func serveParts(ctx context.Context, cfg serveConfig, cat *i18n.Catalog, srv *server.Server, st chat.Store, log *slog.Logger) server.Parts {
	var parts server.Parts
	var reporter web.Reports
	serveHTTP := cfg.server.HTTPAddr != ""
	// Users' scenarios, from Discord and the web, take half the cores at
	// most: other requests always find one.
	simGate := sim.DefaultGate()
	burst, period := orDefault(cfg.chat.rateBurst, 5), orDefault(cfg.chat.ratePeriod, 10*time.Second)
	if serveHTTP || cfg.discord.Token != "" {
		prefs := chat.NewPrefs(st, log)
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		if err := prefs.Sync(sctx); err != nil {
			log.Warn("settings not loaded yet; they load when the store answers", "err", err)
		}
		cancel()
		go prefs.Follow(ctx)
		router := chat.New(chat.Config{
			Catalog:   cat,
			Index:     func() (chat.Index, func()) { ix, release := srv.Index(); return ix, release },
			Prefs:     prefs,
			Limit:     chat.NewRateLimiter(burst, period, 100000).Shared(st),
			Log:       log,
			PublicURL: cfg.publicURL,
			Mentions:  chat.MentionLimits(cfg.chat.mentionUserBurst, cfg.chat.mentionChannelBurst, cfg.chat.mentionPeriod, st),
			CacheSize: cfg.chat.replyCache,
			Fetch:     discord.NewFetcher(cfg.discord, nil),
			Reports:   reportsConfig(cfg, st, srv, log),
			SimGate:   simGate,
		})
		sctx, cancel = context.WithTimeout(ctx, 10*time.Second)
		if err := router.SyncReports(sctx); err != nil {
			log.Warn("confirmed reports not loaded yet; they load when the store answers", "err", err)
		}
		cancel()
		go router.FollowReports(ctx)
		reporter = router
		dcfg := cfg.discord
		dcfg.Arrival = srv.Arrival
		if st != nil {
			dcfg.Guard = st
		}
		d, err := discord.New(dcfg, router, srv, log)
		if err != nil {
			if serveHTTP {
				log.Error("discord", "err", err)
			}
			// With a token, the gateway cannot start: the server stops.
			parts.Connect = func(context.Context) (func(), error) {
				if cfg.discord.Token == "" {
					return nil, nil
				}
				return nil, err
			}
		} else {
			parts.Routes = append(parts.Routes, d.Routes)
			parts.Connect = d.Gateway
			parts.Wait = d.Wait
			parts.Ready = d.Ready
			parts.Features = func() map[string]string { return map[string]string{"mentions": d.Mentions()} }
			parts.SelfAdmitted = []string{"/interactions"}
		}
	}
	if serveHTTP {
		index := func() (web.Index, func()) { ix, release := srv.Index(); return ix, release }
		wcfg := cfg.web
		wcfg.Reports = reporter
		wcfg.SimGate = simGate
		// A web client has a Discord user's limit; its network (many
		// addresses) eight times it, and 20 reports an hour.
		wcfg.Limits = web.Limits{
			Client:  chat.NewRateLimiter(burst, period, 100000).Keyed("web:").Shared(st),
			Network: chat.NewRateLimiter(8*burst, period, 100000).Keyed("webnet:").Shared(st),
			Reports: chat.NewRateLimiter(20, time.Hour, 100000).Keyed("webreports:").Shared(st),
		}
		log.Info("web pages", "trusted_proxies", wcfg.Proxies.String())
		pages, err := web.New(wcfg, cat, index, log)
		if err != nil {
			// The templates are embedded and TestParseTemplates parses them:
			// a failure here is a build defect. Serve the rest without pages.
			log.Error("web templates: no web pages", "err", err)
		} else {
			parts.Routes = append(parts.Routes, pages.Routes)
		}
	}
	return parts
}

// reportsConfig is where the reports of wrong answers go: the state store
// (this process's memory without one), reviewed by the members of
// --reviewer-role, posted to --reports-channel with the bot's token, each
// user's filings limited in buckets the replicas share, and counted in
// the metrics.
func reportsConfig(cfg serveConfig, st chat.Store, srv *server.Server, log *slog.Logger) chat.ReportsConfig {
	c := chat.ReportsConfig{
		Reviewer: chat.HasRole(cfg.chat.reviewerRole),
		Observe:  srv.ObserveReport,
		Limit:    chat.DefaultReportLimit().Shared(st),
	}
	if r, ok := st.(chat.Reports); ok {
		c.Store = r
	} else {
		log.Warn("no --state directory nor DATABASE_URL: reports of wrong answers last until the process ends")
		c.Store = &store.MemoryReports{}
	}
	if cfg.chat.reviewerRole == "" {
		log.Info("no --reviewer-role: nobody reviews reports on Discord; reviewers use 'bot report' on the server")
	}
	if ch := cfg.chat.reportsChannel; ch != "" {
		poster, err := discord.NewPoster(cfg.discord.Token)
		if err != nil {
			log.Warn("--reports-channel needs DISCORD_TOKEN: new reports are not posted", "err", err)
		} else {
			c.Channel, c.Announce = ch, poster.Post
		}
	}
	return c
}

// openStore opens the state store: PostgreSQL with DATABASE_URL (any
// number of replicas), else the embedded file in --state, else none (the
// settings last as long as the process). An embedded file that cannot be
// opened must not take the bot down: it answers with settings in memory.
// A JSON-lines settings file of earlier versions in --state is imported
// once.
func openStore(ctx context.Context, cfg chatConfig, log *slog.Logger) (chat.Store, error) {
	switch {
	case cfg.databaseURL != "":
		pg, err := store.OpenPostgres(ctx, cfg.databaseURL, cfg.stateDir, log)
		if err != nil {
			return nil, err
		}
		log.Info("state store: PostgreSQL")
		return pg, nil
	case cfg.stateDir != "":
		b, err := store.OpenBolt(cfg.stateDir)
		if err != nil {
			log.Error("state directory unusable, /language settings kept in memory", "dir", cfg.stateDir, "err", err)
			return nil, nil
		}
		log.Info("state store: embedded", "file", filepath.Join(cfg.stateDir, store.BoltFile))
		return b, nil
	}
	log.Warn("no --state directory nor DATABASE_URL: /language settings last until the process ends")
	return nil, nil
}

// orDefault is v, or def when v is not positive.
func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}
