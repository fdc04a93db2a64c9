#!/usr/bin/env bash
# Long reliability runs: every fuzz target for a while, then a soak of the
# real server on loopback with goroutine, heap and RSS sampling. See
# RELIABILITY.md for what each part proves and the figures of past runs.
#
# Usage: scripts/reliability.sh [FUZZTIME] [SOAK]
#   FUZZTIME  per fuzz target (default 3m; CI uses 10s)
#   SOAK      duration of the soak (default 5m)
# Environment: RELIABILITY_LOAD_WORKERS (default 32), OUT (default
# ./reliability-out), the directory that receives one log per run.
set -euo pipefail
cd "$(dirname "$0")/.."

fuzztime="${1:-3m}"
soak="${2:-5m}"
out="${OUT:-reliability-out}"
mkdir -p "$out"
export GOFLAGS="${GOFLAGS:--buildvcs=false}"

echo "== $(date -u +%FT%TZ) on $(nproc) cores, $(go version)"

# Each fuzz target runs alone (the fuzzer does not accept several at once),
# with one worker so that the figures compare between machines.
targets=(
  "./kb FuzzParseCR"
  "./kb FuzzParseRulings"
  "./kb FuzzParseCards"
  "./kb FuzzParseDocument"
  "./kb FuzzParseCorpus"
  "./kb FuzzSearch"
  "./engine FuzzParseScenario"
  "./cmd/bot/internal/sim FuzzCheckStructure"
  "./cmd/bot/internal/discord FuzzInteractionBody"
  "./cmd/bot/internal/discord FuzzCommandOptions"
  "./cmd/bot/internal/discord FuzzSimulateScenario"
  "./cmd/bot/internal/chat FuzzParseMentions"
  "./kb FuzzAnalyze"
  "./engine/cardlang FuzzParse"
  "./engine/cardlang FuzzCompile"
)
# seconds converts a duration such as 90s, 5m or 2h to seconds.
seconds() {
  local d="$1"
  case "$d" in
    *h) echo $(( ${d%h} * 3600 )) ;;
    *m) echo $(( ${d%m} * 60 )) ;;
    *s) echo "${d%s}" ;;
    *) echo "$d" ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  pkg="${t% *}"
  name="${t#* }"
  log="$out/fuzz-$name.log"
  echo "== fuzz $name ($pkg) for $fuzztime"
  if go test "$pkg" -run '^$' -fuzz "^$name\$" -fuzztime "$fuzztime" -fuzzminimizetime 10s -parallel 1 >"$log" 2>&1; then
    echo "   ok: $(grep -E '^fuzz: elapsed' "$log" | tail -1)"
  else
    status=1
    echo "   FAILED (see $log; the failing input is under $pkg/testdata/fuzz/$name/)"
    tail -20 "$log"
  fi
done

echo "== soak of bot serve for $soak"
log="$out/soak.log"
if RELIABILITY_SOAK="$soak" go test ./cmd/bot -run '^TestLoad$' -v -count 1 -timeout "$(( $(seconds "$soak") + 600 ))s" >"$log" 2>&1; then
  echo "   ok"
else
  status=1
  echo "   FAILED (see $log)"
fi
grep -E 'warm-up|soak t=|load:|autocomplete|button|forged|rule |ruling|at the end' "$log" || true

echo "== bounded load of 20,000 requests"
log="$out/load.log"
if RELIABILITY_LOAD_REQUESTS=20000 go test ./cmd/bot -run '^TestLoad$' -v -count 1 -timeout 30m >"$log" 2>&1; then
  echo "   ok"
else
  status=1
  echo "   FAILED (see $log)"
fi
grep -E 'warm-up|load:|autocomplete|button|forged|rule |ruling|at the end' "$log" || true

echo "== the hostile run's defects (RELIABILITY.md), hostile share links for 10 s"
log="$out/hostile.log"
# ARBITER_HOSTILE_INDEX (an index directory) serves the hostile links from it.
if ARBITER_HOSTILE_SECONDS=10 go test ./cmd/bot ./cmd/bot/internal/discord ./cmd/bot/internal/server ./cmd/bot/internal/web \
  ./cmd/bot/internal/sim ./cmd/bot/internal/artifact ./cmd/bot/internal/store ./kb \
  -run 'TestReplayLetterCase|TestReplayAcrossReplicasAndRestarts|TestReplayGuardSurvivesRestart|TestReportCLIPostgres|TestDeferredDelivery|TestFollowUpFreshDeadline|TestArrival|TestSIGHUPWhileOpening|TestHostileStructure|TestStructureKeepsScenarios|TestPlayBudget|TestHostileShareLinks|TestHostileLinksLive|TestSimulateStopsOnSIGTERM|TestClientAddress|TestWebRateLimits|TestWebReportsPerClient|TestOpenDamagedSegment|TestCheckedOpenRecovers|TestReloadFailureKeepsServing|TestDamagedIndex|TestDamagedCacheFetchedAgain|TestIndexSourceSIGHUPAndDamagedCache|TestLeftoversCleaned|TestServeFollowsPublishedBuilds' \
  -v -count 1 -timeout 20m >"$log" 2>&1; then
  echo "   ok"
else
  status=1
  echo "   FAILED (see $log)"
  grep -E '^\s*--- FAIL' "$log" || true
fi
grep -E 'hostile links|delivery after arrival|deferred replies delivered' "$log" || true

echo "== faults and bad input"
log="$out/faults.log"
if go test ./cmd/bot ./cmd/bot/internal/discord -run 'TestKillDuringBuild|TestKillDuringUpdate|TestBadIndexAtStart|TestUnwritableTarget|TestHungDiscordREST|TestSlowClients|TestStateSurvivesKill|TestBadInputLive|TestScenarioLimits' -v -count 1 -timeout 15m >"$log" 2>&1; then
  echo "   ok"
else
  status=1
  echo "   FAILED (see $log)"
  grep -E '^\s*--- FAIL' "$log" || true
fi
exit $status
