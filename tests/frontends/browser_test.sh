#!/usr/bin/env bash
# Opens the HTML game viewer of a record in headless Chromium at its last step (?step=last),
# checks that the page shows the last turn and the stocks, that the console stayed silent (no
# errors, no messages), and keeps a screenshot:
#   browser_test.sh ZERTZ RECORD EXPECTED_TURN EXPECTED_STOCKS OUT_DIR
set -uo pipefail
zertz="$1"; record="$2"; want_turn="$3"; want_stocks="$4"; out="$5"
browser="$(command -v chromium || command -v chromium-browser)" || {
  echo "chromium is not installed (scripts/deps.sh installs Debian's chromium)"; exit 1; }
mkdir -p "$out"
page="$out/viewer.html"
"$zertz" render "$record" --out "$page" || exit 1
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
# No network, no updates, no sync: the page is self-contained and must not need any.
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir="$profile" --enable-logging=stderr --v=0 --window-size=1100,800)
url="file://$(realpath "$page")?step=last"
timeout 120 "$browser" "${flags[@]}" --dump-dom "$url" >"$out/dom.html" 2>"$out/console-dom.log"
timeout 120 "$browser" "${flags[@]}" --screenshot="$out/viewer-last.png" "$url" \
  >/dev/null 2>"$out/console-screenshot.log"
status=0
grep -qF "<div id=\"turn\">$want_turn</div>" "$out/dom.html" || {
  echo "the page does not show the turn '$want_turn'"; status=1; }
grep -qF "<div id=\"stocks\">$want_stocks</div>" "$out/dom.html" || {
  echo "the page does not show the stocks '$want_stocks'"; status=1; }
if grep -hE ":CONSOLE|Uncaught" "$out"/console-*.log; then echo "the console was not silent"; status=1; fi
if [[ ! -s "$out/viewer-last.png" ]]; then echo "no screenshot"; status=1; fi
[[ $status -eq 0 ]] && echo "browser: last turn and stocks shown, console silent; screenshot $out/viewer-last.png"
exit $status
