#!/usr/bin/env bash
# Long runs of the scale-out tests, whose shorter versions run in CI: three
# replicas on one PostgreSQL taking 10,000 /language writes with one killed
# and restarted, PostgreSQL stopped 30 s under load, a burst of 1,000
# interactions on the full index, kill -9 of writers of both stores, and
# the index rollout. See RELIABILITY.md for what each proves and the
# figures of past runs.
#
# Usage: scripts/scale.sh
# Environment: ARBITER_TEST_DATABASE_URL (default: a throwaway server
# started here), ARBITER_BURST_INDEX (default: the full index, built from
# ../shared/data into $OUT/index when missing), OUT (default ./scale-out),
# the directory that receives one log per run.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-scale-out}"
mkdir -p "$out"
export GOFLAGS="${GOFLAGS:--buildvcs=false}"

echo "== $(date -u +%FT%TZ) on $(nproc) cores, $(go version)"
if [ -z "${ARBITER_TEST_DATABASE_URL:-}" ]; then
  eval "$(scripts/pg-throwaway.sh start)"
  trap 'scripts/pg-throwaway.sh stop "$ARBITER_PG_DIR"' EXIT
fi
export ARBITER_REQUIRE_POSTGRES=1

index="${ARBITER_BURST_INDEX:-$out/index/index}"
data=../shared/data
if [ ! -e "$index" ] && [ -d "$data" ]; then
  echo "== building the full index into $index"
  go run ./cmd/bot kb build --out "$index" \
    --cr "$data/mtg/cr/MagicCompRules_20260116.txt" --cr "$data/mtg/cr/MagicCompRules_20260417.txt" \
    --rulings "$data/mtg/rulings/rulings-mtgjson-20220425.jsonl" \
    --cards "$data/mtg/cards/cards-multilang-mtgjson-20220425.jsonl" \
    --docs "$data/ygo/ocg-ruling-assistant/qa-index.json" 2>"$out/build.log"
fi
[ -e "$index" ] || index=""

run() { # name, then the go test arguments
  local name=$1; shift
  echo "== $name"
  go test -count=1 -v -timeout 30m "$@" 2>&1 | grep -v '^=== ' | tee "$out/$name.log"
}
ARBITER_REPLICA_WRITES=10000 run replicas ./cmd/bot -run '^TestReplicasShareState$'
ARBITER_PG_OUTAGE=30 run outage ./cmd/bot -run '^TestPostgresOutage$'
ARBITER_BURST=1000 ARBITER_BURST_INDEX="$index" run burst ./cmd/bot -run '^TestBurst$'
run store ./cmd/bot/internal/store
run artifact ./cmd/bot/internal/artifact
