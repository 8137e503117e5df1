#!/usr/bin/python3
"""Plays a chess engine against itself over UCI and writes the squares of the
games as sqcolor sequence files (bench/sequences/ by default):

  game-moves.txt         the destination square of every move (castling: the king's)
  game-bishops.txt       every position's bishops: white then black, each a1..h8
  game-bishop-pairs.txt  'WHITE BLACK' for every position with one bishop a side

Game g opens with a seeded number of uniformly random legal moves, then the
engine plays at a fixed node count, one thread, a fixed hash, a new game each
time: the same seed gives byte-identical files. Games run on --jobs engines at
once and are written in game order; each file holds the fewest first games
that reach its target count (or --games games, all of them in every file).
"""

import argparse
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time

PROG = "tools/games/generate.py"
FILES = ("game-moves.txt", "game-bishops.txt", "game-bishop-pairs.txt")
HASH_MB = 16
PLY_CAP = 300
MAX_GAMES = 100000
RANDOM_PLIES = (4, 8)  # the opening's random plies, inclusive


class EngineError(Exception):
    pass


class Usage(argparse.ArgumentParser):
    def error(self, message):
        print(f"{PROG}: {message}", file=sys.stderr)
        sys.exit(2)


def positive(text):
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is below 1")
    return value


def seconds(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds")
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"'{text}' is not in (0, 3600] seconds")
    return value


class Engine:
    """One engine process; every answer awaited at most `timeout` seconds."""

    def __init__(self, path, timeout):
        self.path, self.timeout, self.buf = path, timeout, b""
        try:
            self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError as e:
            raise EngineError(f"cannot start: {e.strerror}")

    def fail(self, what):
        raise EngineError(what)

    def send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except OSError:
            self.fail(f"exited early (cannot send '{line}')")

    def readline(self, waiting_for):
        deadline = time.monotonic() + self.timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self.fail(f"no {waiting_for} within {self.timeout:g} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                self.fail(f"exited early (end of output while waiting for {waiting_for})")
            self.buf += chunk
            if len(self.buf) > 1 << 20:
                self.fail(f"a line of over 1 MiB while waiting for {waiting_for}")
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").strip()

    def until(self, prefix, waiting_for, limit=100000):
        """The lines up to and including the first starting with prefix."""
        lines = []
        for _ in range(limit):
            lines.append(self.readline(waiting_for))
            if lines[-1].startswith(prefix):
                return lines
        self.fail(f"no {waiting_for} in {limit} lines")

    def start(self):
        self.send("uci")
        lines = self.until("uciok", "uciok")
        names = [l[len("id name "):] for l in lines if l.startswith("id name ")]
        self.name = names[0] if names else "(no id name)"
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {HASH_MB}")

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.until("readyok", "readyok")

    def fen(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        for line in self.until("Checkers:", "'Checkers:' ending the 'd' board"):
            if line.startswith("Fen: "):
                return line[5:]
        self.fail("no 'Fen:' line in the 'd' board")

    def legal_moves(self):
        self.send("go perft 1")
        lines = self.until("Nodes searched:", "'Nodes searched:' after 'go perft 1'")
        moves = sorted(l.split(":")[0] for l in lines if is_move(l.split(":")[0]) and l.endswith(": 1"))
        count = lines[-1].split(":")[1].strip()
        if count != str(len(moves)):
            self.fail(f"'go perft 1' listed {len(moves)} moves but searched '{count}' nodes")
        return moves

    def best_move(self, nodes):
        self.send(f"go nodes {nodes}")
        words = self.until("bestmove", "bestmove")[-1].split()
        if len(words) < 2 or not (words[1] == "(none)" or is_move(words[1])):
            self.fail(f"not a move: '{words[1] if len(words) > 1 else ''}'")
        return None if words[1] == "(none)" else words[1]

    def close(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
        self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass


def is_square(s):
    return len(s) == 2 and s[0] in "abcdefgh" and s[1] in "12345678"


def is_move(s):
    return len(s) in (4, 5) and is_square(s[0:2]) and is_square(s[2:4]) and (len(s) == 4 or s[4] in "qrbn")


def square_index(name):
    return (ord(name[1]) - ord("1")) * 8 + ord(name[0]) - ord("a")


def square_name(index):
    return "abcdefgh"[index % 8] + str(index // 8 + 1)


def parse_fen(engine, fen):
    """The board's pieces by square index, and the halfmove clock."""
    fields = fen.split()
    ranks = fields[0].split("/") if fields else []
    if len(fields) != 6 or len(ranks) != 8 or not fields[4].isdigit():
        engine.fail(f"a malformed FEN: '{fen}'")
    board = {}
    for r, rank in enumerate(ranks):
        file = 0
        for c in rank:
            if c.isdigit():
                file += int(c)
            elif c in "pnbrqkPNBRQK" and file < 8:
                board[(7 - r) * 8 + file] = c
                file += 1
            else:
                engine.fail(f"a malformed FEN: '{fen}'")
        if file != 8:
            engine.fail(f"a malformed FEN: '{fen}'")
    return board, int(fields[4])


def insufficient(board):
    """Kings alone, or kings and one knight or bishop."""
    rest = [p for p in board.values() if p not in "kK"]
    return not rest or (len(rest) == 1 and rest[0] in "nbNB")


def play(engine, seed, game, nodes):
    """One game: its move destinations, bishop squares and bishop pairs."""
    rng = random.Random(f"{seed}:{game}")
    opening = rng.randint(*RANDOM_PLIES)
    moves, dests, bishops, pairs, seen = [], [], [], [], {}
    engine.new_game()
    while True:
        board, halfmove = parse_fen(engine, engine.fen(moves))
        white = sorted(s for s, p in board.items() if p == "B")
        black = sorted(s for s, p in board.items() if p == "b")
        bishops += white + black
        if len(white) == 1 and len(black) == 1:
            pairs.append((white[0], black[0]))
        key = tuple(sorted(board.items())), len(moves) % 2
        seen[key] = seen.get(key, 0) + 1
        if halfmove >= 100 or len(moves) >= PLY_CAP or insufficient(board) or seen[key] >= 3:
            break
        if len(moves) < opening:
            legal = engine.legal_moves()
            move = rng.choice(legal) if legal else None
        else:
            move = engine.best_move(nodes)
        if move is None:
            break
        moves.append(move)
        dests.append(square_index(move[2:4]))
    return dests, bishops, pairs


def games_needed(results, targets):
    """The fewest first games whose squares reach each target, or None."""
    totals, needed = [0, 0, 0], [None, None, None]
    for g, result in enumerate(results):
        if result is None:
            return None
        for i in range(3):
            totals[i] += len(result[i])
            if needed[i] is None and totals[i] >= targets[i]:
                needed[i] = g + 1
        if None not in needed:
            return needed
    return None


def run(args):
    """Plays the games on args.jobs engines: the results in game order, and
    how many of the first games each file takes."""
    cap = args.games or MAX_GAMES
    targets = (args.moves, args.bishops, args.pairs)
    results = [None] * cap
    errors, names, lock = [], [], threading.Lock()
    counter = iter(range(cap))
    done = []

    def worker():
        engine = None
        try:
            engine = Engine(args.engine, args.timeout)
            engine.start()
            with lock:
                names.append(engine.name)
            while not errors:
                with lock:
                    game = None if done else next(counter, None)
                if game is None:
                    return
                result = play(engine, args.seed, game, args.nodes)
                with lock:
                    results[game] = result
                    if not args.games and not done and games_needed(results, targets):
                        done.append(True)
        except EngineError as e:
            with lock:
                errors.append(str(e))
        finally:
            if engine:
                engine.close()

    threads = [threading.Thread(target=worker) for _ in range(min(args.jobs, cap))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise EngineError(errors[0])
    if len(set(names)) != 1:
        raise EngineError(f"its engines name themselves differently: {sorted(set(names))}")
    needed = [cap] * 3 if args.games else games_needed(results, targets)
    if needed is None:
        raise EngineError(f"{cap} games did not reach the targets")
    return results, needed, names[0]


def write_atomic(folder, name, header, lines):
    fd, tmp = tempfile.mkstemp(prefix="." + name + ".", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="ascii", newline="\n") as f:
            f.write("".join(f"# {h}\n" for h in header))
            f.write("".join(l + "\n" for l in lines))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, os.path.join(folder, name))
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    p = Usage(prog=PROG, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=positive, default=1, help="the games' seed (default 1)")
    p.add_argument("--games", type=positive, default=0,
                   help="games to play, all in every file (default: as many as the targets need)")
    p.add_argument("--moves", type=positive, default=131072, help="target squares in game-moves (default 131072)")
    p.add_argument("--bishops", type=positive, default=131072, help="target squares in game-bishops (default 131072)")
    p.add_argument("--pairs", type=positive, default=65536, help="target pairs in game-bishop-pairs (default 65536)")
    p.add_argument("--nodes", type=positive, default=1000, help="nodes per engine move (default 1000)")
    p.add_argument("--engine", default="/usr/games/stockfish", help="the UCI engine (default /usr/games/stockfish)")
    p.add_argument("--out", default=None, help="the folder written (default bench/sequences of this tree)")
    p.add_argument("--timeout", type=seconds, default=10.0, help="seconds to wait for each engine answer (default 10)")
    p.add_argument("--jobs", type=positive, default=2, help="engines playing at once (default 2)")
    args = p.parse_args()
    out = args.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "sequences")
    if not os.path.isdir(out):
        p.error(f"--out: '{out}' is not a folder")
    if not (os.path.isfile(args.engine) and os.access(args.engine, os.X_OK)):
        print(f"{PROG}: engine {args.engine}: not found or not executable", file=sys.stderr)
        return 1
    started = time.monotonic()
    try:
        results, needed, name = run(args)
    except EngineError as e:
        print(f"{PROG}: engine {args.engine}: {e}", file=sys.stderr)
        return 1
    what = ("squares: the destination of every move (castling: the king's)",
            "squares: every position's bishops, white then black, each a1..h8",
            "pairs: white bishop, black bishop, in every position with one a side")
    show = (square_name, square_name, lambda p: f"{square_name(p[0])} {square_name(p[1])}")
    generator = f"{PROG} --seed {args.seed} --nodes {args.nodes}" + (
        f" --games {args.games}" if args.games else
        f" --moves {args.moves} --bishops {args.bishops} --pairs {args.pairs}")
    counts = []
    for i, name_of_file in enumerate(FILES):
        lines = [show[i](x) for result in results[:needed[i]] for x in result[i]]
        counts.append(len(lines))
        header = [what[i], f"generator: {generator}", f"engine: id name {name}",
                  f"nodes per move: {args.nodes} (Threads 1, Hash {HASH_MB}; the first "
                  f"{RANDOM_PLIES[0]} to {RANDOM_PLIES[1]} plies random, at most {PLY_CAP} plies)",
                  f"seed: {args.seed}", f"games: {needed[i]} (the first of the seed's games)",
                  f"{what[i].split(':')[0]} in the file: {len(lines)}"]
        write_atomic(out, name_of_file, header, lines)
    print(f"{PROG}: {max(needed)} games in {time.monotonic() - started:.1f} s: {counts[0]} moves, "
          f"{counts[1]} bishop squares, {counts[2]} bishop pairs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
