#!/usr/bin/env bash
# The batch families through the command line: list shows them after the
# scalar variants, and the CPU feature gate: with SQCOLOR_HIDE_FEATURES hiding
# AVX-512, AVX2, SSSE3 and GFNI, list says those variants are not supported
# with it, verify skips them in one line and passes, the dispatchers fall
# back. Every feature a batch variant needs is hidden, so that the words are
# the same on a CPU that lacks some of them.
# usage: tests/batch.sh path/to/sqcolor
bin=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

"$bin" list >"$tmp/list" || bad "list: exit $?"
scalar_line=$(grep -n '^color/lookup/asm ' "$tmp/list" | cut -d: -f1)
batch_line=$(grep -n '^color_batch/gfni/asm ' "$tmp/list" | cut -d: -f1)
[ -n "$scalar_line" ] && [ -n "$batch_line" ] && [ "$batch_line" -gt "$scalar_line" ] && ok ||
    bad "list: batch rows after the scalar ones ($scalar_line, $batch_line)"
"$bin" list --format csv >"$tmp/list.csv"
grep -qE '^color_mask/gfni/asm,color_mask,gfni,asm,batch,avx2\+avx512f\+avx512bw\+gfni,(yes|no)$' "$tmp/list.csv" &&
    ok || bad "list csv: batch rows"
[ "$(awk -F, 'NF != 7' "$tmp/list.csv" | wc -l)" -eq 0 ] && ok || bad "list csv: every row has 7 columns"
"$bin" list --filter 'same_color_batch/*/asm' >"$tmp/one" && ok || bad "a glob matching batch ids only"
[ "$(grep -c '^same_color_batch/' "$tmp/one")" -ge 7 ] && ! grep -q '^color/' "$tmp/one" && ok ||
    bad "list --filter same_color_batch: $(cat "$tmp/one")"
expect_usage "'color_batch/nope/*' matches no variant" list --filter 'color_batch/*,color_batch/nope/*'

# Every batch line that needs anything needs one of these (or what they
# are prerequisites of): how many, from the catalogue as list shows it.
hide=avx512f,avx2,ssse3,gfni,avx512bw,avx512vbmi
hid='with SQCOLOR_HIDE_FEATURES=ssse3,avx2,avx512f,avx512bw,avx512vbmi,gfni'
batch_ids='*batch*/*/*,color_mask/*/*'
needing=$(SQCOLOR_HIDE_FEATURES= "$bin" list --filter "$batch_ids" | awk '/^batch id/ { on = 1; next } on && $2 != "-"' | wc -l)
[ "$needing" -ge 1 ] && ok || bad "no batch variant needs a feature"
SQCOLOR_HIDE_FEATURES=$hide "$bin" list --filter "$batch_ids" >"$tmp/gated"
gated=$(grep -c "not supported $hid (needs" "$tmp/gated")
[ "$gated" -eq "$needing" ] && ok || bad "gated list: $gated rows not supported, wanted $needing"
for v in color_batch/sse2/asm color_batch/scalar/asm color_mask/sse2/asm; do
    grep "^$v " "$tmp/gated" | grep -q 'not supported' && bad "$v gated" || ok
done
grep -q '^color_batch/dispatch/asm .*(here: color_batch/sse2/asm)' "$tmp/gated" && ok ||
    bad "dispatcher without the hidden features: $(grep dispatch "$tmp/gated")"

SQCOLOR_HIDE_FEATURES=$hide "$bin" verify --filter "$batch_ids" >"$tmp/verify" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && ok || bad "gated verify: exit $rc, $(cat "$tmp/err")"
[ "$(grep -c "^skipped $needing variants\? not supported $hid (needs " "$tmp/verify")" -eq 1 ] && ok ||
    bad "gated verify: one skip line naming $needing variants"
grep -q "verify batch: [0-9]* passed, 0 failed, $needing not supported $hid\$" "$tmp/verify" && ok ||
    bad "gated verify totals: $(tail -1 "$tmp/verify")"
grep -E '^(color_batch|same_color_batch|color_mask)/(ssse3|avx2|avx512bw|ternlog|vbmi|gfni)/asm .*PASS' \
    "$tmp/verify" && bad "a gated variant ran" || ok

# sqcolor batch: verifies, times and prints every selected variant this CPU
# runs, at both sizes (the figures themselves are not checked: a noisy machine).
"$bin" batch --quick --filter 'color_batch/s*/asm,color_mask/scalar/gcc-12' --format csv \
    >"$tmp/batch.csv" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && ok || bad "batch csv: exit $rc, $(cat "$tmp/err")"
[ "$(head -1 "$tmp/batch.csv")" = "id,n,reps,cycles_median,ci_lo,ci_hi" ] && ok ||
    bad "batch csv header: $(head -1 "$tmp/batch.csv")"
# scalar, sse2, ssse3 (asm), the gcc-12 mask loop and the load/store bounds,
# those this CPU runs (list says which; copy_xmm always), two sizes each.
bounds=$(grep -c '/bound,8192,' "$tmp/batch.csv")
runs=$("$bin" list --format csv --filter 'color_batch/s*/asm,color_mask/scalar/gcc-12' | awk -F, '$7 == "yes"' | wc -l)
[ "$runs" -ge 3 ] && [ "$(grep -c ',8192,' "$tmp/batch.csv")" -eq $((runs + bounds)) ] &&
    [ "$(grep -c ',262144,' "$tmp/batch.csv")" -eq $((runs + bounds)) ] &&
    grep -q '^color_batch/copy_xmm/bound,8192,' "$tmp/batch.csv" && ok || bad "batch csv rows: $(cat "$tmp/batch.csv")"
awk -F, 'NR > 1 && !($4 > 0 && $5 <= $4 && $4 <= $6) { exit 1 }' "$tmp/batch.csv" && ok ||
    bad "batch csv: a median outside its interval or not positive"
# --sizes: the curve over sizes, each size a row of every variant, in order.
"$bin" batch --quick --filter 'color_batch/sse2/asm' --sizes 1024,3072,65536 --format csv \
    >"$tmp/sizes.csv" 2>"$tmp/err"
[ "$(grep '^color_batch/sse2/asm,' "$tmp/sizes.csv" | cut -d, -f2 | tr '\n' ' ')" = "1024 3072 65536 " ] &&
    ok || bad "batch --sizes rows: $(cat "$tmp/sizes.csv" "$tmp/err")"
# The batch buffers' pages are recorded, true or false: huge where the kernel
# gives them (never with transparent huge pages off), and said in the notes.
"$bin" run --quick --filter 'color_batch/sse2/asm' --format json --output "$tmp/huge.json" 2>"$tmp/err"
huge=$(jq '.batch_huge_pages' "$tmp/huge.json")
case "$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)" in
*"[never]"*) [ "$huge" = false ] ;;
*) [ "$huge" = true ] || [ "$huge" = false ] ;;
esac && ok || bad "batch_huge_pages: $huge"
# So are the sequences' buffers, in every scalar run.
"$bin" run --quick --filter 'color/bt/asm' --mode latency --format json 2>/dev/null |
    jq -e '.sequence_huge_pages | type == "boolean"' >/dev/null && ok || bad "sequence_huge_pages not recorded"
note="on 2 MiB pages"
[ "$huge" = true ] || note="on 4 KiB pages"
"$bin" report "$tmp/huge.json" --detail | grep -q "^buffers: $note" && ok ||
    bad "the notes do not say the buffers are $note"
# The table has a column for each of 16 sizes (it kept 8).
"$bin" batch --quick --filter 'color_batch/sse2/asm' --sizes \
    64,128,192,256,320,384,448,512,576,640,704,768,832,896,960,1024 >"$tmp/sizes.txt" 2>"$tmp/err"
grep -q ' 1KiB' "$tmp/sizes.txt" && ok || bad "batch --sizes, 16 columns: $(head -5 "$tmp/sizes.txt")"
mask_needing=$(SQCOLOR_HIDE_FEATURES= "$bin" list --filter 'color_mask/*/asm' | awk '/^batch id/ { on = 1; next } on && $2 != "-"' | wc -l)
SQCOLOR_HIDE_FEATURES=$hide "$bin" batch --quick --filter 'color_mask/*/asm' --output "$tmp/batch.txt" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && ok || bad "batch --output: exit $rc, $(cat "$tmp/err")"
grep -q '^color_mask/sse2/asm ' "$tmp/batch.txt" && ! grep -q '^color_mask/avx2/asm ' "$tmp/batch.txt" &&
    grep -q "skipped $mask_needing variants\? not supported $hid (needs " "$tmp/batch.txt" &&
    grep -q "^test switches: SQCOLOR_HIDE_FEATURES=" "$tmp/batch.txt" && ok || bad "gated batch: $(cat "$tmp/batch.txt")"
grep -q '^color_batch/copy_xmm/bound ' "$tmp/batch.txt" && ! grep -q '^color_batch/copy_ymm/bound ' "$tmp/batch.txt" &&
    ok || bad "bounds: copy_xmm timed, copy_ymm gated with avx2 hidden"
grep -q '^SSE2 .*[0-9]±[0-9.]*~\? sse2\( \|$\)' "$tmp/batch.txt" && grep -Eq '^GFNI( +-)+$' "$tmp/batch.txt" && ok ||
    bad "best per level: $(grep -A12 'best at each' "$tmp/batch.txt")"
"$bin" batch --quick --filter 'same_color_batch/sse2/asm' --format markdown >"$tmp/batch.md" &&
    grep -q '^| same_color_batch/sse2/asm | [0-9.]*±[0-9.]*~\? | [0-9.]*±[0-9.]*~\? |$' "$tmp/batch.md" && ok ||
    bad "batch markdown: $(cat "$tmp/batch.md")"

# A file whose bound is beaten (tests/data/bound_zen5.json, an AMD Zen 5 run's
# batch rows: see test_bound_check.c): report names it in one note line under
# the batch table, the first few and their count, every one with --detail.
data=$(cd "$(dirname "$0")" && pwd)/data
joined() { tr '\n' ' ' <"$1" | sed 's/  */ /g'; }
"$bin" report "$data/bound_zen5.json" >"$tmp/zen5.txt" 2>&1 || bad "report of the Zen 5 file: exit $?"
[ "$(grep -c '^the bound is beaten' "$tmp/zen5.txt")" -eq 1 ] &&
    joined "$tmp/zen5.txt" | grep -qF "the bound is beaten in 17 cells: color_batch/avx512bw/asm 0.016|0.017 under copy_zmm's 0.023|0.025 at L1 8 KiB;" &&
    ok || bad "the beaten bound, briefly: $(grep -A3 'bound is beaten' "$tmp/zen5.txt")"
"$bin" report "$data/bound_zen5.json" --detail >"$tmp/zen5-detail.txt" 2>&1
[ "$(grep -c '^the bound is beaten: ' "$tmp/zen5-detail.txt")" -eq 1 ] &&
    [ "$(joined "$tmp/zen5-detail.txt" | sed 's/.*the bound is beaten: //; s/ buffers: .*//' | tr ';' '\n' | grep -c .)" -eq 17 ] &&
    joined "$tmp/zen5-detail.txt" | grep -qF 'color_batch/copy_xmm/bound 0.068|0.077 at L1 8 KiB over 0.062±0.000 at L2 256 KiB' &&
    ok || bad "the beaten bound, every cell: $(grep -A12 'bound is beaten' "$tmp/zen5-detail.txt")"

finish batch
