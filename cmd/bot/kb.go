package main

import "arbiter/i18n"

// cmdKB runs "bot kb build|update|diff|promote|publish|fetch".
func cmdKB(e *env, args []string) int {
	p := e.printer("", "")
	if len(args) == 0 {
		return e.usageError(p, i18n.KeyUsage)
	}
	switch args[0] {
	case "build":
		return cmdKBBuild(e, args[1:])
	case "update":
		return cmdKBUpdate(e, args[1:])
	case "promote":
		return cmdKBPromote(e, args[1:])
	case "diff":
		return cmdKBDiff(e, args[1:])
	case "publish":
		return cmdKBPublish(e, args[1:])
	case "fetch":
		return cmdKBFetch(e, args[1:])
	}
	return e.usageError(p, i18n.KeyUnknownCommand, "kb "+args[0])
}
