#!/usr/bin/env bash
# The HTML report as a browser shows it: Debian's headless Chromium renders
# the page of one result file and the page across two, from a file whose
# names are markup. Each screenshot must show a page (an empty page must not
# pass for one), each page must be valid HTML, and the DOM Chromium builds
# must hold the names as text, no element or attribute the renderer does not
# write, header cells, and contents whose links lead to the headings.
# Skipped (exit 77) when chromium is not installed; tools/setup.sh installs it.
# usage: tests/html.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
check=(python3 "$(dirname "$0")/html_check.py")

if ! browser=$(command -v chromium); then
    echo "html: skipped: chromium is not installed (tools/setup.sh installs it)"
    exit 77
fi
for tool in tidy python3 jq; do
    command -v "$tool" >/dev/null || bad "$tool is not installed (tools/setup.sh installs it)"
done
if [ "$fail" -ne 0 ]; then
    finish html
    exit
fi

# A small run, then the names of two techniques, an impl and the machine as
# markup, an entity and control characters.
"$bin" run --quick --reps 3 --samples 2 --length 4096 --filter 'color/lea_shr_and/*,color/bt/*,same_color/xor_shift/*' \
    --save --results-dir "$tmp/res" >/dev/null 2>"$tmp/run.err" && ok || bad "run --save: $(cat "$tmp/run.err")"
full=$(find "$tmp/res" -name '*.json')
script='<script>alert("&'\''")</script>' img='<img src=x onerror=alert(1)>'
brand='Evil "brand" <b>bold</b> &amp; </title>'
# A technique holds no '/' (an id is family/technique/impl, the impl the
# rest): the markup with one goes in an impl's name. The host's marks are
# cleared: on a busy host every cell may be unranked, and the page must still
# show a best cell in bold.
jq --arg script "$script" --arg img "$img" --arg brand "$brand" "$rows_jq"'
    def evil: split("/") as [$f, $t, $i]
        | (if $t == "bt" then $img elif $t == "xor_shift" then "a\u0001b\nc\u007fd" else $t end) as $t
        | (if $i == "gcc-12" then $script else $i end) as $i | "\($f)/\($t)/\($i)";
    .machine.brand = $brand
    | .impls |= map(if .name == "gcc-12" then .name = $script else . end)
    | maprows(.id |= evil | .shared_from |= (if . then evil else . end) | .host = null)' "$full" >"$tmp/evil.json"
jq '.machine.brand = "Other <i>CPU</i>" | .machine.model += 1' "$full" >"$tmp/other.json"
names=("$script" "$img" "$brand" "a b c d") # control characters as spaces

"$bin" report "$tmp/evil.json" --format html --detail --output "$tmp/one.html" && ok || bad "report of one file"
"$bin" report "$tmp/evil.json" "$tmp/other.json" --format html --output "$tmp/two.html" && ok || bad "report of two files"
printf '<html></html>\n' >"$tmp/blank.html"

# render NAME: Chromium's screenshot NAME.png and DOM NAME.dom of NAME.html.
# As root (CI) Chromium runs only without its sandbox; each run has a
# profile of its own so that the three can run at once.
render() {
    # Without the background-networking flags Chromium keeps trying to reach
    # Google's hosts, which a closed network refuses.
    timeout 60 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$tmp/profile-$1" --window-size=1400,2000 --screenshot="$tmp/$1.png" \
        --dump-dom "file://$tmp/$1.html" >"$tmp/$1.dom" 2>"$tmp/$1.err"
}
pages=(one two blank) pids=()
for page in "${pages[@]}"; do
    render "$page" &
    pids+=($!)
done
for i in "${!pages[@]}"; do
    page=${pages[$i]}
    wait "${pids[$i]}" && [ -s "$tmp/$page.png" ] && [ -s "$tmp/$page.dom" ] && ok ||
        bad "chromium on $page.html: $(grep -v dbus "$tmp/$page.err")"
done

# The screenshots show the pages, and the empty page is told from them.
for page in one two; do
    "${check[@]}" shot "$tmp/$page.png" >"$tmp/out" && ok || bad "$(cat "$tmp/out")"
done
if "${check[@]}" shot "$tmp/blank.png" >"$tmp/out"; then
    bad "an empty page passed for a page: $(cat "$tmp/out")"
else
    grep -q 'looks blank' "$tmp/out" && ok || bad "the screenshot check on an empty page: $(cat "$tmp/out")"
fi

# Valid HTML (tidy knows HTML5), then the DOM.
for page in one two; do
    tidy -q -e "$tmp/$page.html" >"$tmp/out" 2>&1 && ok || bad "tidy on $page.html: $(head -5 "$tmp/out")"
done
"${check[@]}" page "$tmp/one.html" "$tmp/one.dom" --nested --best --figures "${names[@]}" >"$tmp/out" && ok || bad "$(cat "$tmp/out")"
"${check[@]}" page "$tmp/two.html" "$tmp/two.dom" --figures "${names[@]}" "Other <i>CPU</i>" >"$tmp/out" && ok || bad "$(cat "$tmp/out")"
# The DOM check itself: a name that became markup fails it.
sed 's/&lt;script&gt;/<script>/' "$tmp/one.dom" >"$tmp/injected.dom"
if "${check[@]}" page "$tmp/one.html" "$tmp/injected.dom" "${names[@]}" >"$tmp/out"; then
    bad "the DOM check passed a <script> element"
else
    grep -q 'an element <script>' "$tmp/out" && ok || bad "the DOM check on a <script> element: $(cat "$tmp/out")"
fi

finish html
