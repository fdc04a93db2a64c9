package main

import (
	"context"
	"io"
	"log/slog"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord"
	"arbiter/cmd/bot/internal/server"
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
	p := e.printer("", "")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return e.usageError(p, i18n.KeyBadFlags, "serve", err.Error())
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "serve")
	}
	log := newLogger(e.stderr, cfg.logLevel)
	srv, err := server.New(e.ctx, cfg.server, log, func(ctx context.Context) (*kb.Index, error) { return openIndex(ctx, "") })
	if err != nil {
		log.Error("start", "err", err)
		return e.inputError(p, err)
	}
	defer srv.Close()
	if err := srv.Run(e.ctx, serveParts(cfg, e.cat, srv, log)); err != nil {
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
func serveParts(cfg serveConfig, cat *i18n.Catalog, srv *server.Server, log *slog.Logger) server.Parts {
	var parts server.Parts
	serveHTTP := cfg.server.HTTPAddr != ""
	if serveHTTP || cfg.discord.Token != "" {
		router := chat.New(chat.Config{
			Catalog:   cat,
			Index:     func() (chat.Index, func()) { ix, release := srv.Index(); return ix, release },
			Prefs:     openPrefs(cfg.chat.stateDir, log),
			Limit:     chat.NewRateLimiter(orDefault(cfg.chat.rateBurst, 5), orDefault(cfg.chat.ratePeriod, 10*time.Second), 100000),
			Log:       log,
			PublicURL: cfg.publicURL,
			CacheSize: cfg.chat.replyCache,
			Fetch:     discord.NewFetcher(cfg.discord, nil),
		})
		d, err := discord.New(cfg.discord, router, srv, log)
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
		}
	}
	if serveHTTP {
		index := func() (web.Index, func()) { ix, release := srv.Index(); return ix, release }
		pages, err := web.New(cfg.web, cat, index, log)
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

// openPrefs opens the store of /language settings in dir. A bad volume
// must not take the bot down: it answers, and the settings last until the
// process ends.
func openPrefs(dir string, log *slog.Logger) *chat.Prefs {
	prefs, err := chat.OpenPrefs(dir)
	if err != nil {
		log.Error("state directory unusable, /language settings kept in memory", "dir", dir, "err", err)
		prefs, _ = chat.OpenPrefs("")
	} else if dir == "" {
		log.Warn("no --state directory: /language settings last until the process ends")
	}
	return prefs
}

// orDefault is v, or def when v is not positive.
func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}
