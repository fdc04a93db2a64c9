package chat

import (
	"context"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/testutil"
	"arbiter/i18n"
)

// TestCRDiffCommand runs /crdiff on an index of the two real releases.
func TestCRDiffCommand(t *testing.T) {
	ix := testutil.ReleasesIndex(t)
	rt := New(Config{Catalog: testutil.Catalog(t), Index: func() (Index, func()) { return ix, func() {} }, PublicURL: "https://arbiter.example"})

	resp := rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "crdiff", Options: map[string]string{"from": "2026-01-16"}, Locale: "fr"})
	if len(resp.Embeds) != 1 {
		t.Fatalf("reply: %+v", resp)
	}
	e := resp.Embeds[0]
	if !strings.Contains(e.Title, "16 janvier 2026") || !strings.Contains(e.Title, "17 avril 2026") {
		t.Errorf("title %q", e.Title)
	}
	if e.URL != "https://arbiter.example/diff/2026-01-16/2026-04-17" {
		t.Errorf("link %q", e.URL)
	}
	fields := map[string]string{}
	for _, f := range e.Fields {
		fields[f.Name] = f.Value
	}
	if v := fields["25 règles ajoutées"]; !strings.Contains(v, "702.190") {
		t.Errorf("added: %q (fields %v)", v, fields)
	}
	if v := fields["118 règles renumérotées"]; !strings.Contains(v, "722→723") {
		t.Errorf("renumbered: %q", v)
	}

	resp = rt.Serve(context.Background(), Request{Kind: KindCommand, Command: "crdiff", Options: map[string]string{"from": "2025-11-14"}, Locale: "ja"})
	want := testutil.Catalog(t).Printer(i18n.JA).T(i18n.KeyCLIUnknownRelease, "2025-11-14", "2026-01-16, 2026-04-17")
	if !resp.Ephemeral || !strings.Contains(resp.Content, want) {
		t.Errorf("unknown release reply %q, want %q", resp.Content, want)
	}
}
