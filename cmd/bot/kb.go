package main

// cmdKB runs "bot kb build|default|update|diff|promote|publish|fetch".
func cmdKB(e *env, args []string) int { return e.dispatch("kb", args) }

// kbCommands are the verbs of "bot kb", in the order its help lists them.
func kbCommands() []command {
	return []command{
		{name: "build", run: cmdKBBuild},
		{name: "default", run: cmdKBDefault},
		{name: "update", run: cmdKBUpdate},
		{name: "diff", run: cmdKBDiff},
		{name: "promote", run: cmdKBPromote},
		{name: "publish", run: cmdKBPublish},
		{name: "fetch", run: cmdKBFetch},
	}
}
