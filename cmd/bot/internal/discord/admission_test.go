package discord

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord/discordtest"
)

// slowRouter answers every request after delay.
type slowRouter struct{ delay time.Duration }

func (r slowRouter) Serve(ctx context.Context, req chat.Request) chat.Response {
	select {
	case <-time.After(r.delay):
	case <-ctx.Done():
		return chat.Response{}
	}
	if req.Kind == chat.KindAutocomplete {
		return chat.Response{Choices: []chat.Choice{{Name: "x", Value: "x"}}}
	}
	return chat.Response{Content: "answer"}
}
func (slowRouter) RepliesEphemeral(chat.Request) bool { return false }
func (slowRouter) Unsupported(chat.Request) chat.Response {
	return chat.Response{Content: "unsupported"}
}
func (slowRouter) Busy(chat.Request) chat.Response {
	return chat.Response{Content: "busy", Outcome: "busy"}
}
func (slowRouter) Warm(context.Context) error       { return nil }
func (slowRouter) Light(chat.Request) bool          { return false }
func (slowRouter) UpdatesMessage(chat.Request) bool { return false }

// command and completion are interactions of each kind.
func command() *discordgo.Interaction {
	return &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ID: "1", Token: "t",
		Data: discordgo.ApplicationCommandInteractionData{Name: "ruling"}}
}

func completion() *discordgo.Interaction {
	return &discordgo.Interaction{Type: discordgo.InteractionApplicationCommandAutocomplete, ID: "2", Token: "t",
		Data: discordgo.ApplicationCommandInteractionData{Name: "card"}}
}

// initial records the initial response of an interaction and when it came.
type initial struct {
	mu   sync.Mutex
	resp *discordgo.InteractionResponse
	at   time.Time
}

func (i *initial) respond(r *discordgo.InteractionResponse) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.resp, i.at = r, time.Now()
	return nil
}

// TestAdmission: with one worker, interactions queue; the wait counts
// against the defer budget from arrival, so a command that waited gets its
// deferral on time; an autocomplete out of its budget answers no choices;
// past the queue's bound the answer is "busy" at once.
func TestAdmission(t *testing.T) {
	discordtest.NewREST(t, nil)
	e, err := New(Config{PublicKey: "", DeferAfter: 300 * time.Millisecond, EditTimeout: time.Second, Workers: 1, MaxWaiting: 3},
		slowRouter{delay: 200 * time.Millisecond}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &countingMetrics{counts: map[string]int{}}
	e.metrics = m
	// One command arrived 250 ms ago: only 50 ms of its budget are left,
	// less than its work takes once a worker is free.
	arrived := time.Now().Add(-250 * time.Millisecond)
	var first initial
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		e.answer(context.Background(), command(), arrived, first.respond)
	}()
	wg.Wait()
	if first.resp == nil || first.resp.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("late command: initial response %+v, want a deferral", first.resp)
	}
	if d := first.at.Sub(arrived); d < 290*time.Millisecond || d > 450*time.Millisecond {
		t.Errorf("deferral %v after arrival, want about 300ms", d)
	}

	// A queue: the first holds the worker, the next wait.
	now := time.Now()
	results := make([]initial, 5)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.answer(context.Background(), command(), now, results[i].respond)
		}()
		time.Sleep(10 * time.Millisecond)
	}
	wg.Wait()
	busy, deferred, inline := 0, 0, 0
	for i := range results {
		r := &results[i]
		switch {
		case r.resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource:
			deferred++
		case r.resp.Data != nil && r.resp.Data.Content == "busy":
			busy++
		default:
			inline++
		}
		if d := r.at.Sub(now); d > 500*time.Millisecond {
			t.Errorf("initial response after %v", d)
		}
	}
	// 1 worker + 3 waiting: the 5th is busy; the first answers inline
	// (200 ms < 300 ms), the three others are deferred.
	if busy != 1 || inline != 1 || deferred != 3 {
		t.Errorf("busy %d, inline %d, deferred %d; want 1, 1, 3", busy, inline, deferred)
	}

	// An autocomplete that arrived 1.9 s ago has 100 ms left, less than
	// the 200 ms its answer takes: no choices, on time.
	var ac initial
	acArrived := time.Now().Add(-1900 * time.Millisecond)
	e.answer(context.Background(), completion(), acArrived, ac.respond)
	if ac.resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(ac.resp.Data.Choices) != 0 {
		t.Errorf("autocomplete out of budget: %+v", ac.resp)
	}
	if d := ac.at.Sub(acArrived); d > 2100*time.Millisecond {
		t.Errorf("autocomplete answered %v after arrival", d)
	}
	var ac2 initial
	e.answer(context.Background(), completion(), time.Now(), ac2.respond)
	if len(ac2.resp.Data.Choices) != 1 {
		t.Errorf("autocomplete within budget: %+v", ac2.resp)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	e.Wait(ctx)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counts["busy"] != 1 || m.counts["expired"] != 1 || m.counts["queued"] == 0 {
		t.Errorf("metrics: %v", m.counts)
	}
	if m.counts["waiting +1"] != m.counts["waiting -1"] || m.counts["working +1"] != m.counts["working -1"] {
		t.Errorf("gauges do not come back to zero: %v", m.counts)
	}
}
