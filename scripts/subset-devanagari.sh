#!/usr/bin/env bash
# Makes the web app's Devanagari font (clients/web/fonts/): Noto Sans Devanagari (SIL
# Open Font License 1.1) from the npm package @fontsource/noto-sans-devanagari, cut down
# to the characters the Hindi text uses -- the players' app's (clients/web/src/i18n.ts) and
# the operators' console's (clients/console/src/i18n.ts: it ships the same files) -- in
# two weights (400 for text, 700 for what is bold), and a tiny face with only the English
# pages' language button ("भाषा: हिंदी"), so that an English page never fetches the big one.
# Run it again when the Hindi text gains a character (tests/web/test_web_text.py and
# test_console_text.py say so):
#   scripts/subset-devanagari.sh
# Needs npm and Python; fonttools (pyftsubset) goes into a temporary venv, not the project's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=clients/web/fonts
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @fontsource/noto-sans-devanagari@5.3.0 >/dev/null && tar xzf ./*.tgz)
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet fonttools==4.69.1 brotli==1.2.1
# Every Devanagari character of the Hindi tables, and the marks shaping needs besides.
python3 - "$out/devanagari-chars.txt" <<'PY'
import re, sys
hindi = ""
for table in ("clients/web/src/i18n.ts", "clients/console/src/i18n.ts"):
    text = open(table, encoding="utf-8").read()
    hindi += text.split("const hi: Record<Key, string> = {", 1)[1].split("\n};", 1)[0]
chars = {c for c in hindi if "\u0900" <= c <= "\u097f"} | {"\u200c", "\u200d", "\u25cc", "\u0964", "\u0965"}
open(sys.argv[1], "w", encoding="utf-8").write("".join(sorted(chars)) + "\n")
PY
for weight in 400 700; do
  "$work/venv/bin/pyftsubset" "$work/package/files/noto-sans-devanagari-devanagari-$weight-normal.woff" \
    --text-file="$out/devanagari-chars.txt" --layout-features='*' --flavor=woff2 \
    --output-file="$out/noto-sans-devanagari-$weight.woff2"
done
"$work/venv/bin/pyftsubset" "$work/package/files/noto-sans-devanagari-devanagari-400-normal.woff" \
  --text="भाषा: हिंदी" --layout-features='*' --flavor=woff2 --output-file="$out/noto-sans-devanagari-label.woff2"
cp "$work/package/LICENSE" "$out/LICENSE"
ls -l "$out"
