#!/usr/bin/env bash
# Pins the base images of deploy/Dockerfile: resolves the digest that each
# pinned reference's tag points to now (its multi-platform index) and
# rewrites the reference with it. Needs one of crane, skopeo or docker
# buildx, and access to the registry; review the diff and commit it.
#
#   scripts/pin-images.sh            # rewrite deploy/Dockerfile
#   scripts/pin-images.sh --check    # exit 1 when a pin is not the tag's current digest
set -euo pipefail
cd "$(dirname "$0")/.."
file=deploy/Dockerfile
check=${1:-}

digest() { # ref without digest -> sha256:...
  if command -v crane >/dev/null 2>&1; then crane digest "$1"
  elif command -v skopeo >/dev/null 2>&1; then skopeo inspect --raw "docker://$1" | sha256sum | sed 's/^\([0-9a-f]*\).*/sha256:\1/'
  elif docker buildx version >/dev/null 2>&1; then docker buildx imagetools inspect "$1" --format '{{json .Manifest.Digest}}' | tr -d '"'
  else echo "need crane, skopeo or docker buildx" >&2; exit 2
  fi
}

status=0
for ref in $(grep -oE '[a-z0-9.-]+\.[a-z]+/[a-z0-9._/-]+:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}' "$file" | sort -u); do
  name=${ref%@*}
  now=$(digest "$name")
  if [ "$name@$now" = "$ref" ]; then
    echo "up to date: $ref"
    continue
  fi
  if [ "$check" = --check ]; then
    echo "stale: $ref (now $now)"; status=1
  else
    sed -i "s|$ref|$name@$now|" "$file"
    echo "pinned: $name@$now"
  fi
done
exit $status
