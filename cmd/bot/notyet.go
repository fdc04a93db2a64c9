package main

import "arbiter/i18n"

// notYet answers a command that this build does not provide yet.
func notYet(name string) func(e *env, args []string) int {
	return func(e *env, args []string) int {
		return e.usageError(e.printer("", ""), i18n.KeyNotAvailable, name)
	}
}
