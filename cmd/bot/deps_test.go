package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// goPackage is what go list says of one of the module's packages.
type goPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string // direct imports, tests left out
	Deps       []string // every package it depends on, tests left out
}

// modulePackages lists the module's packages.
func modulePackages(t *testing.T) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Dir,GoFiles,Imports,Deps", "arbiter/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(bufio.NewReader(bytes.NewReader(out)))
	var pkgs []goPackage
	for dec.More() {
		var p goPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// ours keeps the packages of the module.
func ours(paths []string) []string {
	var out []string
	for _, p := range paths {
		if p == "arbiter" || strings.HasPrefix(p, "arbiter/") {
			out = append(out, p)
		}
	}
	return out
}

// TestLayering enforces the dependency direction of the project's packages:
// engine imports only engine/cardlang (the card language it runs), which
// imports nothing of ours; i18n nothing of ours,
// data nothing of ours, kb at most data and i18n; the packages of
// cmd/bot/internal each import only those below them; only the Discord
// transport imports discordgo; the chat commands, how answers read and
// the board pictures know no HTTP; nothing but cmd/bot imports the
// server; and test helpers are imported by tests only.
func TestLayering(t *testing.T) {
	t.Parallel()
	const (
		engine, i18n, data, kb = "arbiter/engine", "arbiter/i18n", "arbiter/data", "arbiter/kb"
		cardlang               = "arbiter/engine/cardlang"
		internal               = "arbiter/cmd/bot/internal/"
		sim, render, board     = internal + "sim", internal + "render", internal + "board"
		chat, discord, web     = internal + "chat", internal + "discord", internal + "web"
		server, testutil       = internal + "server", internal + "testutil"
		store, artifact        = internal + "store", internal + "artifact"
		progress, report       = internal + "progress", internal + "report"
		play                   = internal + "play"
		discordtest            = internal + "discord/discordtest"
		discordgo              = "github.com/bwmarrin/discordgo"
	)
	// The packages of ours each may depend on, directly or not.
	deps := map[string][]string{
		engine:   {cardlang},
		cardlang: {},
		i18n:     {},
		data:     {},
		kb:       {data, i18n},
		// The evaluation sets: rows and splits know nothing of ours; the
		// data side reads the official files with kb's parsers.
		"arbiter/kb/internal/evalset":          {},
		"arbiter/kb/internal/evalset/evaldata": {data, i18n, kb},
	}
	// The packages of ours each package of cmd/bot/internal may import:
	// only those below it.
	imports := map[string][]string{
		sim:         {engine, kb},
		render:      {sim, engine, i18n, kb},
		board:       {render, engine, i18n},
		report:      {i18n},
		play:        {render, sim, engine, i18n, kb},
		chat:        {board, play, render, report, sim, engine, i18n, kb},
		discord:     {chat, i18n},
		web:         {board, play, render, report, sim, engine, i18n, kb},
		server:      {kb},
		store:       {report},
		artifact:    {kb},
		progress:    {},
		testutil:    {data, i18n, kb},
		discordtest: {chat},
	}
	noHTTP := []string{sim, render, board, play, chat, report}
	testOnly := []string{testutil, discordtest}
	checked := 0
	for _, p := range modulePackages(t) {
		if allowed, ok := deps[p.ImportPath]; ok {
			checked++
			for _, d := range ours(p.Deps) {
				if !slices.Contains(allowed, d) {
					t.Errorf("%s depends on %s, which the layering forbids", p.ImportPath, d)
				}
			}
		}
		if strings.HasPrefix(p.ImportPath, internal) {
			allowed, ok := imports[p.ImportPath]
			if !ok {
				t.Errorf("%s has no place in the layering: add it to this test", p.ImportPath)
			}
			checked++
			for _, d := range ours(p.Imports) {
				if !slices.Contains(allowed, d) {
					t.Errorf("%s imports %s, which is not below it", p.ImportPath, d)
				}
			}
		}
		if slices.Contains(p.Imports, discordgo) && p.ImportPath != discord && p.ImportPath != discordtest {
			t.Errorf("%s imports discordgo: only %s does", p.ImportPath, discord)
		}
		if slices.Contains(noHTTP, p.ImportPath) && slices.Contains(p.Imports, "net/http") {
			t.Errorf("%s imports net/http: it knows no transport", p.ImportPath)
		}
		if slices.Contains(p.Deps, server) && p.ImportPath != "arbiter/cmd/bot" {
			t.Errorf("%s depends on %s: only cmd/bot may", p.ImportPath, server)
		}
		for _, h := range testOnly {
			if slices.Contains(p.Deps, h) {
				t.Errorf("%s depends on %s, which only tests may import", p.ImportPath, h)
			}
		}
	}
	if want := len(deps) + len(imports); checked != want {
		t.Errorf("checked %d of %d packages; one is missing from the build", checked, want)
	}
}
