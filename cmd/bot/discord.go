package main

import (
	"context"
	"flag"
	"net/http"
)

// discordConfig holds the Discord settings of "bot serve".
type discordConfig struct{}

func (c *discordConfig) register(fs *flag.FlagSet, getenv func(string) string) {}

// routesDiscord adds the Discord interactions endpoint to mux.
func (s *server) routesDiscord(mux *http.ServeMux) {}

// startGateway connects to the Discord gateway when a token is configured;
// it returns nil when there is none.
func (s *server) startGateway(ctx context.Context) (stop func(), err error) { return nil, nil }
