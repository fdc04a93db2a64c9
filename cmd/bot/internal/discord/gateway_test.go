package discord

import (
	"context"
	"slices"
	"strings"
	"testing"

	"arbiter/cmd/bot/internal/discord/discordtest"
)

// TestShardPlan: without a shard count, the one Discord recommends; without
// a shard ID, every shard of the count in this process.
func TestShardPlan(t *testing.T) {
	rest := discordtest.NewREST(t, func(method, path string, body []byte) (int, string) {
		if strings.HasSuffix(path, "/gateway/bot") {
			return 200, `{"url":"wss://gateway.invalid","shards":3,"session_start_limit":{"total":1000,"remaining":1000,"reset_after":0,"max_concurrency":1}}`
		}
		return 404, `{}`
	})
	tests := []struct {
		name      string
		id, count int
		want      []int
		wantCount int
		err       bool
	}{
		{"recommended, every shard", -1, 0, []int{0, 1, 2}, 3, false},
		{"recommended, one shard", 1, 0, []int{1}, 3, false},
		{"set, one shard", 4, 6, []int{4}, 6, false},
		{"set, every shard", -1, 2, []int{0, 1}, 2, false},
		{"ID past the count", 3, 0, nil, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := New(Config{Token: "x", ShardID: tt.id, ShardCount: tt.count}, slowRouter{}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			count, ids, err := e.shardPlan(context.Background())
			if tt.err {
				if err == nil {
					t.Errorf("plan %d %v, want an error", count, ids)
				}
				return
			}
			if err != nil || count != tt.wantCount || !slices.Equal(ids, tt.want) {
				t.Errorf("plan %d %v %v, want %d %v", count, ids, err, tt.wantCount, tt.want)
			}
		})
	}
	if n := len(rest.Calls()); n != 3 {
		t.Errorf("%d calls to Discord, want 3 (one per plan without a count)", n)
	}
}

// TestGatewayReadiness: ready once every shard is connected, not while one
// reconnects; reconnections and the connected state are recorded.
func TestGatewayReadiness(t *testing.T) {
	e, err := New(Config{}, slowRouter{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &countingMetrics{counts: map[string]int{}}
	e.metrics = m
	if !e.Ready() {
		t.Error("no gateway: not ready")
	}
	e.gateway.expect(2)
	if e.Ready() {
		t.Error("ready before any shard connected")
	}
	e.shardUp(0)
	if e.Ready() {
		t.Error("ready with one shard of two")
	}
	e.shardUp(1)
	if !e.Ready() {
		t.Error("not ready with both shards")
	}
	e.shardDown(1)
	if e.Ready() {
		t.Error("ready while a shard reconnects")
	}
	e.shardUp(1)
	if !e.Ready() {
		t.Error("not ready after the reconnection")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.counts["gateway reconnect"] != 1 || m.counts["gateway up=true"] != 2 || m.counts["gateway up=false"] != 2 {
		t.Errorf("metrics %v", m.counts)
	}
}
