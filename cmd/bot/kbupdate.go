package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"arbiter/cmd/bot/internal/discord"
	"arbiter/cmd/bot/internal/progress"
	"arbiter/cmd/bot/internal/render"
	"arbiter/data"
	"arbiter/i18n"
	"arbiter/kb"
)

// cmdKBUpdate runs "bot kb update": download the current official files,
// then build. A new CR release is built beside the serving index and kept
// pending until "bot kb promote" (or --auto-promote); the same release is
// rebuilt in place (fresh rulings and cards).
func cmdKBUpdate(e *env, args []string) int {
	fs := e.newFlagSet("kb update")
	var cf commonFlags
	cf.register(fs)
	out := fs.String("out", "", "index directory to update (required)")
	cfg := kb.UpdateConfig{}
	fs.StringVar(&cfg.ScryfallAPI, "scryfall-api", kb.DefaultScryfallAPI, "base URL of the Scryfall API")
	fs.StringVar(&cfg.RulesPage, "rules-page", kb.DefaultRulesPage, "page that links the current Comprehensive Rules text")
	fs.StringVar(&cfg.CardsType, "cards-type", "all_cards", "Scryfall bulk cards file: all_cards (names in every language) or oracle_cards")
	autoPromote := fs.Bool("auto-promote", false, "serve a new CR release at once instead of keeping it pending")
	tmp := fs.String("tmp", os.TempDir(), "folder for the downloads")
	timeout := fs.Duration("timeout", 30*time.Minute, "give up after this long")
	notify := fs.String("notify-channel", "", "Discord channel ID to post the summary of a new CR release to (needs DISCORD_TOKEN)")
	quiet := fs.Bool("quiet", false, "show no progress on stderr")
	retries := fs.Int("retries", 5, "times a failed or broken download is tried again (with backoff, resumed where it stopped)")
	var pub publishFlags
	pub.register(fs)
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "kb update")
	}
	if *out == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "kb update", "--out DIR")
	}
	start := time.Now()
	var disp *progress.Display
	if !*quiet {
		disp = e.display()
	}
	tries := *retries
	if tries <= 0 {
		tries = -1 // none: the transport's zero value means its default
	}
	client := &http.Client{Timeout: *timeout, Transport: &progress.Transport{Display: disp, Retries: tries}}
	dl, err := kb.Download(e.ctx, client, cfg, *tmp)
	if err != nil {
		// Only an index that is there keeps serving.
		if _, merr := kb.ReadMeta(*out); merr != nil {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyCLIUpdateFailedNone, err.Error(), *out))
		} else {
			fmt.Fprintln(e.stderr, p.T(i18n.KeyCLIUpdateFailed, err.Error()))
		}
		return 1
	}
	defer os.RemoveAll(dl.Dir)

	c := kb.NewCollection()
	if err := c.AddCorpus(data.FS()); err != nil {
		return e.inputError(p, err)
	}
	if err := withFileShown(disp, c, dl.Cards, func(r io.Reader) error { return c.AddCards(dl.CRURL, r) }); err != nil {
		return e.inputError(p, err)
	}
	if err := withFileShown(disp, c, dl.Rulings, func(r io.Reader) error { return c.AddRulings("rulings", r) }); err != nil {
		return e.inputError(p, err)
	}
	crText, err := readFile(dl.CR)
	if err != nil {
		return e.inputError(p, err)
	}
	if err := c.AddCR(dl.CRURL, crText); err != nil {
		return e.inputError(p, err)
	}
	newDate := ""
	if m := c.Meta(); m.CurrentCR != "" {
		newDate = m.CurrentCR
	}
	// Keep every release the serving index holds.
	prev, prevErr := kb.ReadMeta(*out)
	if prevErr == nil {
		if rel, err := kb.Releases(*out); err == nil {
			for date, f := range rel {
				if date == newDate {
					continue
				}
				b, err := readFile(f)
				if err != nil {
					return e.inputError(p, err)
				}
				if err := c.AddCR(f, b); err != nil {
					return e.inputError(p, err)
				}
			}
		}
	}
	if err := c.Finish(); err != nil {
		return e.inputError(p, err)
	}
	// A CR newer than the serving one waits for promotion, unless asked.
	target := *out
	pending := prevErr == nil && newDate > prev.CurrentCR && !*autoPromote
	if pending {
		target = kb.PendingDir(*out)
	}
	var meta kb.Meta
	if disp != nil {
		meta, err = buildShowingProgress(e.ctx, disp, target, c, start.UTC().Format(time.RFC3339))
	} else {
		meta, err = kb.Build(e.ctx, target, c, start.UTC().Format(time.RFC3339))
	}
	if err != nil {
		return e.inputError(p, err)
	}
	secs := time.Since(start).Seconds()
	// Replicas fetch what serves: a pending release is published once
	// promoted (bot kb publish).
	digest := ""
	if pub.to != "" && !pending {
		m, code := e.publish(p, pub, *out)
		if code != 0 {
			return code
		}
		digest = m.Digest
	}
	summary := ""
	if pending {
		if d, ok := diffReleases(c, prev.CurrentCR, newDate); ok {
			summary = render.DiffSummary(p, d)
		}
		if *notify != "" {
			msg := p.T(i18n.KeyCLIPending, p.Date(newDate), p.Date(prev.CurrentCR), *out) + "\n" + summary
			if err := discord.PostToChannel(e.ctx, e.getenv("DISCORD_TOKEN"), *notify, msg); err != nil {
				fmt.Fprintln(e.stderr, p.T(i18n.KeyCLINotifyFailed, *notify, err.Error()))
			}
		}
	}
	if cf.json {
		return e.writeJSON(updateJSON{buildJSON: builtJSON(meta, secs, digest), CurrentCR: meta.CurrentCR, Pending: pending, Dir: target, CRURL: dl.CRURL})
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyCLIBuilt, target, meta.Docs, fmt.Sprintf("%.1f", secs)))
	if pending {
		fmt.Fprintln(e.stdout, p.T(i18n.KeyCLIPending, p.Date(newDate), p.Date(prev.CurrentCR), *out))
		if summary != "" {
			fmt.Fprint(e.stdout, summary)
		}
	}
	return 0
}

// cmdKBPromote runs "bot kb promote --out DIR".
func cmdKBPromote(e *env, args []string) int {
	fs := e.newFlagSet("kb promote")
	var cf commonFlags
	cf.register(fs)
	out := fs.String("out", "", "index directory whose pending build to promote (required)")
	pos, p, code, ok := e.parseArgs(fs, args, &cf.lang, false)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return e.usageError(p, i18n.KeyErrTooManyArgs, "kb promote")
	}
	if *out == "" {
		return e.usageError(p, i18n.KeyErrMissingArg, "kb promote", "--out DIR")
	}
	meta, err := kb.Promote(*out)
	if err != nil {
		fmt.Fprintln(e.stderr, p.T(i18n.KeyCLINothingPending, *out))
		return 1
	}
	if cf.json {
		return e.writeJSON(promoteJSON{Dir: *out, CurrentCR: meta.CurrentCR, Docs: meta.Docs})
	}
	fmt.Fprintln(e.stdout, p.T(i18n.KeyCLIPromoted, *out, p.Date(meta.CurrentCR)))
	return 0
}

// updateJSON is what "kb update --json" prints.
type updateJSON struct {
	buildJSON
	CurrentCR string `json:"current_cr"`
	Pending   bool   `json:"pending"` // a new CR release waits for kb promote
	Dir       string `json:"dir"`     // where it was built: --out, or beside it when pending
	CRURL     string `json:"cr_url"`
}

// promoteJSON is what "kb promote --json" prints.
type promoteJSON struct {
	Dir       string `json:"dir"`
	CurrentCR string `json:"current_cr"`
	Docs      int    `json:"docs"`
}

// diffReleases is the diff between two releases of c.
func diffReleases(c *kb.Collection, from, to string) (kb.CRDiff, bool) {
	a, ok1 := c.Release(from)
	b, ok2 := c.Release(to)
	if !ok1 || !ok2 {
		return kb.CRDiff{}, false
	}
	return kb.DiffCR(a, b), true
}
