#!/usr/bin/env bash
# Builds the CJK font the board pictures draw Japanese with:
# cmd/bot/internal/board/fonts/NotoSansCJKjp-subset.otf, a subset of
# Noto Sans CJK JP Regular (Debian's fonts-noto-cjk, SIL Open Font
# License 1.1) that holds the characters the pictures can show: those of
# the Japanese and French catalogs, every Japanese card name of the cards
# data (MTG and Yu-Gi-Oh!), the kana, CJK punctuation and full-width
# forms, and the symbols the board uses. A character it lacks is drawn
# with the English name instead.
#
#   scripts/cjk-font-subset.sh [SHARED_DATA_DIR]   # default ../shared/data
#
# It needs fonts-noto-cjk and python3-fonttools (Debian; installed when
# missing and apt-get can run as root). The same inputs give the same
# file: commit it with the change that made it differ.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-../shared/data}"
src=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
out=cmd/bot/internal/board/fonts/NotoSansCJKjp-subset.otf
py=/usr/bin/python3

if [ ! -f "$src" ] || ! "$py" -c 'import fontTools' 2>/dev/null; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk python3-fonttools >/dev/null
  else
    echo "cjk-font-subset: needs fonts-noto-cjk and python3-fonttools" >&2
    exit 1
  fi
fi

chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
"$py" - "$data" >"$chars" <<'PY'
import glob, json, sys
data = sys.argv[1]
text = set()
def add(s):
    if isinstance(s, str):
        text.update(s)
    elif isinstance(s, dict):
        for v in s.values():
            add(v)
    elif isinstance(s, list):
        for v in s:
            add(v)
for lang in ("ja", "fr", "en"):
    for f in sorted(glob.glob(f"i18n/locales/{lang}/*.json")):
        add(json.load(open(f, encoding="utf-8")))
for f in sorted(glob.glob("engine/presets/*.yaml")):
    add(open(f, encoding="utf-8").read())
with open(f"{data}/mtg/cards/cards-multilang-mtgjson-20220425.jsonl", encoding="utf-8") as f:
    for line in f:
        c = json.loads(line)
        add((c.get("names") or {}).get("Japanese", []))
        if c.get("ja"):
            add(c["ja"].get("name", ""))
for r in json.load(open(f"{data}/ygo/ocg-ruling-assistant/cards.json", encoding="utf-8"))["records"]:
    add(r.get("jaName", ""))
ranges = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2027), (0x2190, 0x2193), (0x3000, 0x303F), (0x3040, 0x309F),
          (0x30A0, 0x30FF), (0xFF01, 0xFF5E), (0xFF61, 0xFF9F)]
for lo, hi in ranges:
    text.update(chr(c) for c in range(lo, hi + 1))
text.update("♥□▶►✓✗×・…─—–")
text.discard("\n")
sys.stdout.write("".join(sorted(text)))
PY

"$py" -m fontTools.subset "$src" --font-number=0 --text-file="$chars" --output-file="$out" \
  --layout-features='' --no-hinting --name-IDs='0,1,2,3,4,5,6,13,14' --name-languages='*' --notdef-outline --drop-tables+=VORG,vhea,vmtx,DSIG
# The licence travels with the font (OFL 1.1), from Debian's copyright file.
{
  printf '%s\n\n' "$("$py" -c 'import sys; from fontTools.ttLib import TTFont; print(TTFont(sys.argv[1])["name"].getDebugName(0))' "$out")"
  awk 'prev == "" && /^License: SIL-1.1$/ {f=1; next} {prev=$0} f && /^[^ ]/ {exit} f {sub(/^ /, ""); if ($0 == ".") $0 = ""; print}' \
    /usr/share/doc/fonts-noto-cjk/copyright
} >"$(dirname "$out")/OFL.txt"
ls -l "$out"
