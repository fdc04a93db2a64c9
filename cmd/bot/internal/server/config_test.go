package server

import (
	"testing"
	"time"
)

func TestShutdownTimeout(t *testing.T) {
	tests := []struct {
		name string
		set  time.Duration
		want time.Duration
	}{
		{"set", 25 * time.Second, 25 * time.Second},
		{"zero falls back to the default", 0, 10 * time.Second},
		{"negative falls back to the default", -time.Second, 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Config{ShutdownTimeout: tt.set}).shutdownTimeout(); got != tt.want {
				t.Errorf("shutdownTimeout() = %v, want %v", got, tt.want)
			}
		})
	}
	if d := DefaultConfig(); d.ShutdownTimeout != 10*time.Second || d.ReloadInterval != 30*time.Second || d.MaxRequestBytes != 1<<20 || d.MaxInFlight != 256 {
		t.Errorf("DefaultConfig() = %+v", d)
	}
}
