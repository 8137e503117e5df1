#!/usr/bin/env bash
# Builds the libFuzzer targets (result-file, instruction-form file, sequence-file
# and PGN readers) with clang and runs each for a while. usage: tools/fuzz.sh BUILD_DIR [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1
seconds=${2:-20}
if ! command -v clang >/dev/null; then
    echo "tools/fuzz.sh: clang not found: no fuzzing" >&2
    exit 0
fi
out=$build/fuzz
mkdir -p "$out"
flags=(-std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
       -I. -I"$build/generated")
# Every layer of bench/layers.txt under the cli, top first, with this build's
# result-file or instruction-form reader (and what it parses with) for the
# fuzzer's instrumentation; the kernels, the lowest, come last.
layers=()
for layer in $(awk '/^[a-z]/ && $1 != "kernels" && $1 != "cli" { print $1 }' bench/layers.txt | tac); do
    layers+=("$build/bench/libsqcolor_$layer.a")
done
clang "${flags[@]}" tests/fuzz/fuzz_results.c bench/results/results_read*.c \
    bench/results/json_arena.c bench/results/figures.c bench/results/row_index.c bench/util/id_table.c \
    "${layers[@]}" \
    "$build/libsqcolor_kernels.a" $(pkg-config --libs jansson capstone) -lm -o "$out/fuzz_results" &
builds=($!)
clang "${flags[@]}" tests/fuzz/fuzz_forms.c bench/results/forms_file.c bench/util/escape.c \
    "${layers[@]}" "$build/libsqcolor_kernels.a" $(pkg-config --libs jansson capstone) -lm \
    -o "$out/fuzz_forms" &
builds+=($!)
# The real-game sequences sequence.c knows are text the asm puts in the binary.
nasm -f elf64 -Iasm/ -Ibench/sequences/ asm/game_sequences.asm -o "$out/game_sequences.o"
clang "${flags[@]}" tests/fuzz/fuzz_sequence.c bench/input/sequence.c bench/input/held_files.c bench/input/pgn.c \
    bench/util/escape.c "$out/game_sequences.o" \
    -o "$out/fuzz_sequence" &
builds+=($!)
clang "${flags[@]}" tests/fuzz/fuzz_pgn.c bench/input/pgn.c bench/input/sequence.c bench/input/held_files.c \
    bench/util/escape.c "$out/game_sequences.o" \
    -o "$out/fuzz_pgn" &
builds+=($!)
for pid in "${builds[@]}"; do
    wait "$pid" # the four built at once; a failed one ends the script here
done
# fuzz TARGET: one reader for the seconds given, its log in $out/TARGET.log.
fuzz() {
    local target=$1 corpus=$out/corpus_$1
    mkdir -p "$corpus"
    cp tests/fuzz/corpus_$target/* "$corpus/"
    "$out/fuzz_$target" -max_total_time="$seconds" -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$out/" "$corpus" 2>"$out/$target.log"
}
# A fuzzer keeps one core busy: as many at once as there are cores, each for
# the whole time.
jobs=$(nproc 2>/dev/null || echo 2)
targets=(results forms sequence pgn)
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
    batch=("${targets[@]:i:jobs}")
    echo "== fuzzing the ${batch[*]} readers for ${seconds}s"
    pids=()
    for target in "${batch[@]}"; do
        fuzz "$target" &
        pids+=($!)
    done
    for k in "${!batch[@]}"; do
        target=${batch[$k]}
        wait "${pids[$k]}" || { tail -40 "$out/$target.log"; kill "${pids[@]}" 2>/dev/null; exit 1; }
        echo "$target: $(grep -E 'stat::number_of_executed_units|Done' "$out/$target.log" | tail -2 | tr '\n' ' ')"
    done
done
