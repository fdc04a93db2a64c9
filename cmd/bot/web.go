package main

import (
	"flag"
	"net/http"
)

// webConfig holds the web page settings of "bot serve".
type webConfig struct{}

func (c *webConfig) register(fs *flag.FlagSet, getenv func(string) string) {}

// routesWeb adds the web pages (rules, cards, simulations) to mux.
func (s *server) routesWeb(mux *http.ServeMux) {}
