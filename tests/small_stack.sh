#!/usr/bin/env bash
# report, compare, calibrate and disasm under a small stack: nothing large (a run per
# file, a table per family, a buffer of lines) lives on the stack, so each
# works within KIB KiB of its own frames (issue "no crash, no quadratic report", item 6: report
# crashed under 128 KiB, disasm under 64). The reports read the newest
# published run under RESULTS (any CPU's); disasm --results a small run of
# this machine's, as it refuses another CPU's.
# run, list, verify, batch and report --plot get SMALL KiB (issue 40, item 3:
# run crashed under 64 KiB, its frame 44 KiB; batch and --plot under 40).
# usage: tests/small_stack.sh path/to/sqcolor RESULTS KIB SMALL
bin=$1 results=$2 kib=$3 small_kib=${4:-$3}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
run=$(find "$results" -name '20*.json' -printf '%f %p\n' | sort | tail -1 | cut -d' ' -f2-)
[ -n "$run" ] || bad "no result file under $results"
"$bin" run --quick --reps 3 --samples 1 --filter 'color/lea_shr_and/*' --mode latency,throughput \
    --sequence random --format json --output "$tmp/here.json" 2>/dev/null || bad "could not make a run here"

# small NAME args...: sqcolor args exits 0 with KIB KiB of stack for its own
# frames (stack_for), whatever the environment's size.
small() {
    local name=$1 limit
    shift
    limit=$(stack_for "$kib" "$bin" "$@")
    bash -c 'ulimit -s "$1" && shift && exec "$@"' - "$limit" "$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    local rc=$?
    [ $rc -eq 0 ] && ok || bad "$name under ${kib} KiB of stack: exit $rc: $(tail -c 300 "$tmp/$name.err")"
}

for format in table markdown csv json html; do
    small "report_$format" report "$run" --format "$format"
    [ "$format" = json ] || small "detail_$format" report "$run" --format "$format" --detail
done
small plot report "$run" --plot "$tmp/plots"
for format in table markdown csv html; do
    small "two_$format" report "$run" "$run" --format "$format"
    small "two_detail_$format" report "$run" "$run" --format "$format" --detail
done
small two_plot report "$run" "$run" --plot "$tmp/plots2"
for format in latex paper; do
    small "paper_$format" report "$run" --format "$format"
    small "two_paper_$format" report "$run" "$run" --format "$format"
done
small compare compare "$run" "$run" --all
small disasm disasm
small disasm_markdown disasm --format markdown
small disasm_loops disasm --loops
# --results on a variant or two of each family: llvm-mca on all 600 took 80 s
# and goes down no other path (what grows with them is on the heap), and
# each family's table and the forms section are still made.
some='color/lea_shr_and/*,color/lea_test_jz/asm,color_x88/inreg_x88/asm,same_color/xor_shift/asm'
some+=',different_color/xor_shift/asm'
small disasm_predict disasm --predict --results "$tmp/here.json" --filter "$some"
small calibrate_json calibrate --reps 3 --sample-us 5 --format json --output "$tmp/forms.json"
small disasm_forms disasm --predict --results "$tmp/here.json" --forms "$tmp/forms.json" --all --filter "$some"
kib=$small_kib
small run run --quick --processes 1 --filter color/lea_shr_and/asm --mode latency
small run_output run --quick --processes 1 --filter color/lea_shr_and/asm --mode latency \
    --output "$tmp/run.json"
small list list
small verify verify --filter 'color/*/asm'
small batch batch --quick --filter 'color_batch/*'
small small_plot report "$run" --plot "$tmp/plots3"
finish small_stack
