// Command bot is Arbiter: a rulings bot for card-game players and judges.
// It answers rules questions with citations from the command line, a
// console, Discord (gateway and HTTP interactions) and web pages.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
