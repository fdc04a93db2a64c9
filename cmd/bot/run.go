package main

import (
	"context"
	"fmt"
	"io"
)

// run executes one command line and returns the process exit code:
// 0 success, 1 the command ran and found a failure, 2 bad usage or input.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: bot <command> [flags]")
		return 2
	}
	fmt.Fprintf(stderr, "bot: unknown command %q\n", args[0])
	return 2
}
