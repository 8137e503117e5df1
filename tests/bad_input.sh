#!/usr/bin/env bash
# Bad input to every command, from a table (tests/bad_input.txt): each case
# names the program, the exit status and a part of the one line it must print
# on stderr, then the arguments. Arguments are split on spaces; @T@ stands for
# this test's scratch folder, where the fixtures below are made, @A20000@ for
# 20,000 a's, and @O@ for a
# folder made empty before each case that must still be empty after it: bad
# input leaves no output file, temporary (*.tmp.*), plot or results folder
# behind. Nothing in the table is run as shell. With SQ_BAD_INPUT_SHOW=1 every case's actual line is
# printed, for writing new cases.
# With K/N, the K-th of every N cases alone (ctest runs the halves side by
# side: under ASan each case starts a sanitized process, 60 ms).
# usage: tests/bad_input.sh path/to/sqcolor [path/to/sqcolor-gbench or ""] [K/N]
bin=$1 gbench=${2:-} part=${3:-1/1}
part_k=${part%/*} part_n=${part#*/}
table=$(dirname "$0")/bad_input.txt
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# ---- fixtures --------------------------------------------------------------
T=$tmp
mkdir -p "$T/dir" "$T/o"
# A recorded file (color/bt/asm, random, latency, of the Zen 5 reference run,
# its processes taken as one), not a live one: on a busy host a quick run's
# samples can all be dropped, and the cases below then read a row with no
# harness. Its machine is made this one's (calibrate's instruction-form file
# names it), as disasm --results takes only this CPU's runs.
"$bin" calibrate --reps 3 --sample-us 5 --format json --output "$T/forms.json" ||
    bad "could not make an instruction-form file"
jq --slurpfile forms "$T/forms.json" '.machine += $forms[0].machine' \
    "$(dirname "$0")/data/bt_latency.json" >"$T/good.json" || bad "jq could not make good.json"
: >"$T/empty.json"
printf 'hello' >"$T/notjson.json"
head -c 200 "$T/good.json" >"$T/trunc.json"
printf '[]' >"$T/array.json"
printf '{"schema": 1, "schema": 1}' >"$T/dupkey.json"
mutate() { # mutate NAME JQ-FILTER: a copy of good.json changed by the filter
    jq "$2" "$T/good.json" >"$T/$1.json" || bad "jq could not make $1"
}
# A file of schema 2 (rows as objects, with their statistics and the fields
# derived from them), as its writer made it.
cp "$(dirname "$0")/data/schema2.json" "$T/old.json"
mutate2() { # mutate2 NAME JQ-FILTER: a copy of old.json changed by the filter
    jq "$2" "$T/old.json" >"$T/$1.json" || bad "jq could not make $1"
}
# Other runs of good.json's command (its first sample another), and a copy of
# it: a side of compare takes each run once, all of one command.
mutate other '.results.rows[0][4][0] += 0.001'
mutate other2 '.results.rows[0][4][0] += 0.002'
cp "$T/good.json" "$T/copy.json"
mutate len64 '.config.length = 64 | .results.rows[0][4][0] += 0.003'
mutate seed7 '.config.seed = "7" | .results.rows[0][4][0] += 0.004'
mutate othercpu '.machine.vendor = "MadeUp" | .results.rows[0][4][0] += 0.005'
mutate schema9 '.schema = 9'
mutate nomachine 'del(.machine)'
mutate noresults 'del(.results)'
mutate resultsobj '.results = {}'
mutate2 badmode '.results[0].mode = "speed"'
mutate2 badfamily '.results[0].family = "colour"'
mutate2 badid '.results[0].id = "color/bt/gcc"'
mutate2 fewsamples '.results[0].samples = [1]'
mutate2 strsample '.results[0].samples[0] = "x"'
mutate2 cyclesnum '.results[0].cycles = 3'
mutate2 nomedian '.results[0].cycles |= del(.median)'
mutate2 badci '.results[0].cycles.ci95 = [1]'
mutate2 badmodes '.results[0].modes = [1, 2]'
mutate2 badshare '.results[0].modes = [{"cycles": 1, "share": "a"}, {"cycles": 2, "share": 0.5}]'
mutate2 badcontrol '.results[0].control_dependent = "yes"'
mutate badaslr '.config.aslr = 1'
mutate badcpu '.config.cpu = "zero"'
mutate badvisits '.config.visits = -3'
mutate badreps '.config.reps = 0'
mutate badseed '.config.seed = "-1"'
mutate numseed '.config.seed = 5' # schemas 2 and 3 keep it in a string
mutate bigseed '.config.seed = "18446744073709551616"'
mutate strtsc '.clock.tsc_hz = "fast"'
# Clock rates the report would print as 0 or -0 GHz and divide by.
mutate zerotsc '.clock.tsc_hz = 0'
mutate negtsc '.clock.tsc_hz = -1'
mutate negcore '.clock.core_hz = -4e9'
mutate nullcoremin '.clock.core_hz_min = null'
mutate zerocoremax '.clock.core_hz_max = 0'
mutate2 nofamily '.results[0] |= del(.family)'
mutate2 badsamples '.results[0].samples = "many"'
mutate2 fracreps '.results[0].reps = 2.5'
mutate numversion '.tool.version = 3'
mutate strsampleus '.config.sample_us = "x"'
mutate strelapsed '.elapsed_s = "x"'
mutate numimpls '.impls = 3'
mutate codeobj '.code = {}'
mutate codehash '.code[0].hash = "XYZ"'
mutate codeinsns '.code[0].insns = 0'
mutate2 numsummary '.summary = 5'
mutate2 summarynum '.summary[0] = 5'
mutate2 summaryid '.summary[0].id = 7'
mutate2 summarylat '.summary[0].latency = "fast"'
mutate2 summaryci '.summary[0].mispredict_penalty_ci95 = "x"'
mutate2 numharness '.results[0].harness = 5'
mutate numloops '.loops = 5'
mutate loopmode '.loops = [{id: "color/bt/asm", insns: 3, bytes: 9, hash: "0123456789abcdef", mode: "fast"}]'
mutate loophash '.loops = [{id: "color/bt/asm", insns: 3, bytes: 9, hash: "xyz", mode: "latency"}]'
mutate negscreened '.clock.screened = -3'
mutate strhuge '.batch_huge_pages = 5'
mutate seqhuge '.sequence_huge_pages = "yes"'
mutate2 processes '.results[0].processes = [70]'
mutate2 nummismatch '.code_mismatches = 5'
mutate2 mismatchids '.code_mismatches = [{mode: "latency", sequence: "ordered", ids: ["a"], cycles: [1, 2], same: 2}]'
mutate2 mismatchcycles '.code_mismatches = [{mode: "latency", sequence: "ordered", ids: ["a", "b"], cycles: [1, "x"], same: 2}]'
mutate2 mismatchsame '.code_mismatches = [{mode: "latency", sequence: "ordered", ids: ["a", "b"], cycles: [1, 2], same: 1}]'
mutate2 numref '.mispredict_reference = 5'
mutate2 refcore '.mispredict_reference = {"core": 3, "cycles": "about 14-17"}'
mutate othercpu '.machine.family = 99' # no CPU this test runs on
# Schema 3's table of rows.
mutate rowsobj '.results.rows = {}'
mutate rowlength '.results.rows[0] = [1]'
mutate rowmode '.results.rows[0][2] = "speed"'
mutate rowfamily '.results.rows[0][0] = "colour/bt/asm"'
mutate rowid '.results.rows[0][0] = "color-bt-asm"'
mutate rowsamples '.results.rows[0][4] = "many"'
mutate rowsample '.results.rows[0][4][0] = "x"'
mutate rowflags '.results.rows[0][3] = ["noisy"]'
mutate nocolumns '.results |= del(.columns)'
mutate nosamples '.results.columns[4] = "reps"'
mutate strharness '.results.columns as $c | .results.rows[0][$c | index("harness")] = "x"'
# Figures in cycles past any measurement (1e12 either way): the statistics
# of 1e308 overflowed, and the row went untested, its figures null.
mutate hugesample '.results.rows[0][4][0] = 1e308'
mutate neghugesample '.results.rows[0][4][1] = -2e12'
mutate hugeharness '.results.columns as $c | .results.rows[0][$c | index("harness")] = [1, 1e300, 1, 1, 1]'
mutate hugebatch '.batch = [{id: "color_batch/sse2/asm", n: 64, samples: [1, 2e15, 3]}]'
mutate2 hugesample2 '.results[0].samples[0] = 1e308'
mutate2 hugemedian2 '.results[0].cycles.median = 1e308'
# A second row of one id, sequence and mode (tables would take the first, CSV
# print both), and a second batch row of one id and n.
mutate duprow '.results.rows += [.results.rows[0]]'
mutate2 duprow2 '.results += [.results[0]]'
mutate2 dupbatch2 '.batch += [.batch[0]]'
mutate dupbatch '.batch = [{id: "color_batch/sse2/asm", n: 64, samples: [1, 2, 3]},
    {id: "color_batch/sse2/asm", n: 128, samples: [1, 2, 3]}, {id: "color_batch/sse2/asm", n: 64, samples: [2, 3, 4]}]'

# report --plot folders whose one chart's name (color-latency.svg) is taken.
mkdir -p "$T"/plot_{dir,fifo,full,dangling}
mkdir "$T/plot_dir/color-latency.svg"
mkfifo "$T/plot_fifo/color-latency.svg"
ln -s "$devfull" "$T/plot_full/color-latency.svg"
ln -s "$T/nowhere/x.svg" "$T/plot_dangling/color-latency.svg"
# schema 1 kept the seed in a number, beyond 2^63-1 a real (jq would round it)
schema1_seed() { jq '.schema = 1 | .config.seed = "SEED"' "$T/old.json" | sed "s/\"SEED\"/$2/" >"$T/$1.json"; }
schema1_seed s1bigseed 1.8446744073709552e19
schema1_seed s1negseed -1
mutate othervendor '.machine.vendor = "SomeOtherCPU"' # this CPU's family and model
# copies of calibrate's instruction-form file (made above) changed by a jq filter
mutate_forms() { jq "$2" "$T/forms.json" >"$T/$1.json" || bad "jq could not make $1"; }
mutate_forms forms_othercpu '.machine.family = 99'
mutate_forms forms_schema2 '.schema = 2'
mutate_forms forms_nokind 'del(.kind)'
mutate_forms forms_nomedian '.forms[0].cycles |= del(.median)'
mutate_forms forms_negative '.forms[0].cycles.median = -1'
mutate_forms forms_strlink '.forms[0].link = 3'
mutate_forms forms_dup '.forms += [.forms[0]]'
mutate_forms forms_otherkind '.kind = "run"'
printf '1 2\0 zz 99\n' >"$T/seq_nul.txt"
ln -s "$T/nowhere/x" "$T/dangling"
printf 'e4 z9\n' >"$T/seq_token.txt"
printf '64\n' >"$T/seq_range.txt"
: >"$T/seq_empty.txt"
printf 'e4\n' >"$T/seq_single.txt"
printf 'e4 d5 f6\n' >"$T/seq_three.txt"
printf '# only a comment\n' >"$T/seq_comment.txt"
printf '[Event "x"]\n\n1. e4 e5\n2. Nz9 Nc6 1-0\n' >"$T/game_token.pgn"
printf '1. e4 {never closed\n' >"$T/game_comment.pgn"
printf '1. e4 (1. d4\n' >"$T/game_variation.pgn"
printf '[Event "x"]\n{no moves} *\n' >"$T/game_empty.pgn"
printf '1. e4 e5 1-0\n' >"$T/game.pgn"

# @A20000@: 20,000 a's, a filter longer than sqcolor-gbench takes.
long_filter=$(printf '%20000s' '' | tr ' ' a)

# ---- the table -------------------------------------------------------------
n=0 case_no=0
while IFS= read -r line; do
    case $line in '' | '#'*) continue ;; esac
    case_no=$((case_no + 1))
    [ $(((case_no - 1) % part_n + 1)) -eq "$part_k" ] || continue
    prog=${line%% *} rest=${line#* }
    want_rc=${rest%% *} rest=${rest#* }
    rest=${rest#| }
    want=${rest%% | *} args=${rest#* | }
    [ "$want" = "$rest" ] && { bad "malformed table line: $line"; continue; }
    case $prog in
    S) exe=$bin ;;
    G)
        [ -n "$gbench" ] || continue
        exe=$gbench
        ;;
    *)
        bad "unknown program in: $line"
        continue
        ;;
    esac
    args=${args//@T@/$T} want=${want//@T@/$T}
    args=${args//@O@/$T/o}
    args=${args//@A20000@/$long_filter}
    read -r -a argv <<<"$args"
    [ "$args" = "-" ] && argv=()
    "$exe" "${argv[@]}" </dev/null >"$T/out" 2>"$T/err"
    rc=$?
    # By bash alone (lib.sh: read_file): a process a case cost more than the case.
    message_of "$T/err"
    shopt -s nullglob
    left=("$T"/o/* "$T"/o/.[!.]*)
    shopt -u nullglob
    left=${left[*]:0:3}
    n=$((n + 1))
    [ "${SQ_BAD_INPUT_SHOW:-}" = 1 ] && echo "$rc | ${message//$'\n'/\~} | $args"
    if [ "$rc" -eq "$want_rc" ] && [ "$message_lines" -eq 1 ] && [[ $message == *"$want"* ]] && [ -z "$left" ]; then
        ok
    else
        bad "${exe##*/} $args -> exit $rc (wanted $want_rc), $message_lines lines: ${message:0:300} (wanted '$want')${left:+, left behind: $left}"
        rm -rf "$T/o" && mkdir "$T/o" || bad "cannot empty $T/o"
    fi
done <"$table"
echo "bad_input: $n cases"
finish bad_input
