#!/usr/bin/env bash
# The HTML report of a reference run laid out by headless Chromium in a
# window 1400 px wide (issue 26): the page does not scroll sideways, no chart
# is taller than the window nor draws text under 12 px (issue 38), every table
# fits its box or keeps its header row and first column in view, and each
# table's legend sits right under it. The run is the largest result file
# under results/ (a reference run: 15 impls, every technique);
# tests/html_layout.js measures the page, html_check.py judges. Also a
# screenshot, which must show a page.
# Skipped (exit 77) when chromium is not installed; tools/setup.sh installs it.
# usage: tests/html_layout.sh path/to/sqcolor SOURCE_DIR
bin=$1 src=$2
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
check=(python3 "$(dirname "$0")/html_check.py")
width=1400

if ! browser=$(command -v chromium); then
    echo "html_layout: skipped: chromium is not installed (tools/setup.sh installs it)"
    exit 77
fi
run=$(ls -S "$src"/results/*/*.json 2>/dev/null | head -1)
if [ -z "$run" ]; then
    bad "no reference run under $src/results/"
    finish html_layout
    exit
fi
echo "html_layout: $run, $(($(stat -c %s "$run") / 1000000)) MB"

for kind in one two; do
    files=("$run")
    [ $kind = two ] && files+=("$run") # the machines side by side: two columns of one file
    "$bin" report "${files[@]}" --format html --detail --output "$tmp/$kind.html" 2>"$tmp/$kind.err" &&
        ok || bad "report $kind: $(cat "$tmp/$kind.err")"
    # The page has no script of its own: the measuring one goes into a copy.
    { sed '/<\/body>/,$d' "$tmp/$kind.html"; echo '<script>'; cat "$(dirname "$0")/html_layout.js"
      echo '</script>'; echo '</body></html>'; } >"$tmp/$kind.measured.html"
    # As root (CI) Chromium runs only without its sandbox; without the
    # background-networking flags it keeps trying to reach Google's hosts.
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile" --hide-scrollbars --window-size=$width,1000 \
        --dump-dom "file://$tmp/$kind.measured.html" >"$tmp/$kind.dom" 2>"$tmp/$kind.chromium" &&
        [ -s "$tmp/$kind.dom" ] && ok || bad "chromium on $kind.html: $(grep -v dbus "$tmp/$kind.chromium" | head -3)"
    "${check[@]}" layout "$tmp/$kind.dom" $width >"$tmp/out" && ok || bad "$(cat "$tmp/out")"
    head -1 "$tmp/out"
done
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$tmp/profile" --hide-scrollbars --window-size=$width,3000 \
    --screenshot="$tmp/one.png" "file://$tmp/one.html" >/dev/null 2>&1 && "${check[@]}" shot "$tmp/one.png" >"$tmp/out" &&
    ok || bad "the screenshot: $(cat "$tmp/out")"

finish html_layout
