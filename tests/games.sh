#!/usr/bin/env bash
# tools/games/generate.py: bad options, and fake engines that answer garbage,
# hang or exit early, each ending in one line naming the engine and the
# fault, within its time limit, the engine killed; with stockfish, a tiny
# generation twice with one seed (the same bytes) and once with another.
# usage: tests/games.sh path/to/sqcolor
sqcolor=$1
bin=$(cd "$(dirname "$0")/.." && pwd)/tools/games/generate.py
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
mkdir "$tmp/empty"

# ---- bad options -----------------------------------------------------------
expect_usage "unrecognized arguments: --bogus" --bogus
expect_usage "argument --nodes: '0' is below 1" --nodes 0
expect_usage "argument --seed: 'x' is not a whole number" --seed x
expect_usage "argument --timeout: '-1' is not in (0, 3600] seconds" --timeout=-1
expect_usage "--out: '$tmp/nowhere' is not a folder" --out "$tmp/nowhere"

# ---- fake engines ----------------------------------------------------------
# fake NAME BODY: an engine that records its pid, then answers each command
# line with BODY (python, the line in `line`).
fake() {
    cat >"$tmp/$1" <<EOF
#!/usr/bin/python3
import os, sys, time
open("$tmp/$1.pid", "w").write(str(os.getpid()))
def say(*lines):
    print(*lines, sep="\n", flush=True)
boards = 0
for line in sys.stdin:
    line = line.strip()
$2
EOF
    chmod +x "$tmp/$1"
}
# Answers the handshake and a board (its king a square further each time, so
# no position comes three times before the engine's first move); each fake
# then breaks one answer.
sane='    if line == "uci": say("id name Fake 1", "uciok")
    if line == "isready": say("readyok")
    if line == "d":
        n, boards = boards % 8, boards + 1
        say("Fen: 4k3/8/8/8/8/8/PPPPPPPP/" + (str(n) if n else "") + "K" + (str(7 - n) if n < 7 else "") + " w - - 0 1", "Checkers: ")
    if line == "go perft 1": say("e2e4: 1", "", "Nodes searched: 1")'
fake garbage_uci '    say("hello there")'
fake garbage_go "$sane"'
    if line.startswith("go nodes"): say("info depth 1", "bestmove zz")'
fake no_bestmove "$sane"'
    if line.startswith("go nodes"): say("info depth 1", "best move e2e4")'
fake hang_uci '    time.sleep(1000)'
fake hang_go "$sane"'
    if line.startswith("go nodes"): time.sleep(1000)'
fake exits_early "$sane"'
    if line.startswith("go nodes"): sys.exit(0)'
fake bad_fen '    if line == "uci": say("uciok")
    if line == "isready": say("readyok")
    if line == "d": say("Fen: rnbqkbnr/ppp w", "Checkers: ")'

# expect_engine_error ENGINE "message part": exit 1 within 10 s (answers wait
# at most 1 s), one line naming the engine, the engine no longer running.
expect_engine_error() {
    local engine=$1 want=$2 start rc elapsed pid
    start=$(date +%s%N)
    timeout 60 "$bin" --engine "$engine" --timeout 1 --games 1 --out "$tmp/empty" >/dev/null 2>"$tmp/err"
    rc=$?
    elapsed=$((($(date +%s%N) - start) / 1000000))
    pid=$(cat "$engine.pid" 2>/dev/null)
    if [ $rc -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -qF -- "tools/games/generate.py: engine $engine: $want" "$tmp/err" &&
        [ "$elapsed" -lt 10000 ] && { [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; } &&
        [ -z "$(ls -A "$tmp/empty")" ]; then
        ok
    else
        bad "$(basename "$engine") -> exit $rc in $elapsed ms, engine pid ${pid:-none}: $(cat "$tmp/err") (wanted '$want')"
    fi
}
expect_engine_error "$tmp/missing" "not found or not executable"
expect_engine_error "$tmp/garbage_uci" "no uciok within 1 s"
expect_engine_error "$tmp/garbage_go" "not a move: 'zz'"
expect_engine_error "$tmp/no_bestmove" "no bestmove within 1 s"
expect_engine_error "$tmp/hang_uci" "no uciok within 1 s"
expect_engine_error "$tmp/hang_go" "no bestmove within 1 s"
expect_engine_error "$tmp/exits_early" "exited early (end of output while waiting for bestmove)"
expect_engine_error "$tmp/bad_fen" "a malformed FEN: 'rnbqkbnr/ppp w'"

# ---- stockfish: the same seed, the same bytes ------------------------------
stockfish=/usr/games/stockfish
if [ -x "$stockfish" ]; then
    tiny=(--engine "$stockfish" --nodes 200 --moves 300 --bishops 400 --pairs 60)
    for run in a b c; do mkdir "$tmp/$run"; done
    "$bin" "${tiny[@]}" --out "$tmp/a" 2>/dev/null && "$bin" "${tiny[@]}" --out "$tmp/b" --jobs 1 2>/dev/null &&
        "$bin" "${tiny[@]}" --out "$tmp/c" --seed 2 2>/dev/null && ok || bad "tiny generations failed"
    for f in game-moves game-bishops game-bishop-pairs; do
        cmp -s "$tmp/a/$f.txt" "$tmp/b/$f.txt" && ok || bad "$f: seed 1 twice differs"
        cmp -s "$tmp/a/$f.txt" "$tmp/c/$f.txt" && bad "$f: seeds 1 and 2 the same" || ok
        grep -q '^# engine: id name Stockfish' "$tmp/a/$f.txt" && grep -q '^# seed: 1$' "$tmp/a/$f.txt" &&
            grep -q '^# nodes per move: 200 ' "$tmp/a/$f.txt" && ok || bad "$f: provenance"
        [ -z "$(find "$tmp/a" -name '.*')" ] && ok || bad "temporary files left: $(ls -A "$tmp/a")"
    done
    # The counts stated are the lines there, and sqcolor reads every file.
    for f in game-moves:300 game-bishops:400 game-bishop-pairs:60; do
        file=$tmp/a/${f%:*}.txt
        n=$(grep -vc '^#' "$file")
        stated=$(sed -n 's/^# \(squares\|pairs\) in the file: //p' "$file")
        [ "$n" = "$stated" ] && [ "$n" -ge "${f#*:}" ] && ok || bad "$file: $n lines, $stated stated"
    done
    grep -qvE '^(#|[a-h][1-8]$)' "$tmp/a/game-moves.txt" "$tmp/a/game-bishops.txt" && bad "a line not a square" || ok
    grep -qvE '^(#|[a-h][1-8] [a-h][1-8]$)' "$tmp/a/game-bishop-pairs.txt" && bad "a line not a pair" || ok
    "$sqcolor" run --quick --reps 3 --samples 1 --mode latency --filter 'color/bt/asm' \
        --sequence "file:$tmp/a/game-bishops.txt" >/dev/null 2>"$tmp/err" && ok || bad "sqcolor run game-bishops: $(cat "$tmp/err")"
    "$sqcolor" run --quick --reps 3 --samples 1 --mode latency --filter 'same_color/xor_shift/asm' \
        --sequence "file:$tmp/a/game-bishop-pairs.txt" >/dev/null 2>"$tmp/err" && ok || bad "sqcolor run game-bishop-pairs: $(cat "$tmp/err")"
else
    echo "games: no $stockfish, the generation itself not tested"
fi

finish games
