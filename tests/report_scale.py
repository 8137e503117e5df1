#!/usr/bin/env python3
"""Reports grow linearly with the rows of a result file.

Makes result files of 10,000 and 40,000 distinct ids (each with a branch row
on random and on a game sequence, the rows the games tables and the charts
join) and of 10,000 and 40,000 distinct sequences of one id, then times
`report` in the formats that join rows: text, HTML, --plot and --detail.
A report taking more than 6 times as long on 4 times the rows fails: a
quadratic one takes 16 times as long (issue 27, item 7). The batch rows are
timed too, in report --detail and compare. Each time is the faster of two.

usage: tests/report_scale.py path/to/sqcolor
"""
import json
import os
import subprocess
import sys
import tempfile
import time

RATIO_LIMIT = 6.0
SMALL, LARGE = 10_000, 40_000


def row(ident, sequence):
    family, technique, impl = ident.split("/")
    samples = [2.0, 2.01, 2.02, 2.0, 2.01, 2.02]
    stats = {"min": 2.0, "median": 2.01, "p90": 2.02}
    return {"id": ident, "family": family, "technique": technique, "impl": impl,
            "sequence": sequence, "mode": "branch", "cycles": stats, "ticks": stats,
            "ns": stats, "reps": len(samples), "samples": samples}


def write_run(path, rows, batch=None):
    run = {"schema": 1, "tool": {"name": "sqcolor", "version": "test", "commit": "test"},
           "machine": {"vendor": "GenuineIntel", "brand": "made up", "family": 6,
                       "model": 1, "stepping": 0},
           "clock": {"source": "perf", "tsc_source": "measured", "tsc_hz": 1e9,
                     "core_hz": 1e9},
           "config": {"reps": 6, "length": 4096, "seed": 1}, "results": rows}
    if batch is not None:
        run["batch"] = batch
    with open(path, "w") as f:
        json.dump(run, f)


def distinct_ids(n):
    return [row(f"color/t{i}/asm", seq) for i in range(n) for seq in ("random", "game-a")]


def distinct_sequences(n):
    seqs = ["random", "game-a"] + [f"file:s{i}" for i in range(n)]
    return [row("color/lookup/asm", seq) for seq in seqs]


def batch_row(ident, n):
    stats = {"min": 0.08, "median": 0.08, "p90": 0.08, "ci95": [0.079, 0.081]}
    return {"id": ident, "n": n, "reps": 11, "cycles": stats}


def distinct_batch_ids(n):
    """One scalar row, and n batch ids at the two sizes."""
    return [row("color/lookup/asm", "random")], [
        batch_row(f"color_batch/t{i}/asm", size) for i in range(n) for size in (8192, 262144)]


def seconds(argv, limit=None):
    """The wall time of argv; past limit seconds it is stopped, and the limit returned."""
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return limit
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    return took


def main():
    binary = sys.argv[1]
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        cases = [("ids", distinct_ids, [["report"], ["report", "--format", "html"],
                                        ["report", "--plot", "PLOT"], ["report", "--detail"]]),
                 ("sequences", distinct_sequences, [["report", "--detail"]]),
                 ("batch ids", distinct_batch_ids, [["report", "--detail"],
                                                    ["compare", "SAME"]])]
        for name, make, formats in cases:
            files = {}
            for n in (SMALL, LARGE):
                files[n] = os.path.join(tmp, f"{name.replace(' ', '_')}{n}.json")
                made = make(n)
                write_run(files[n], *made) if isinstance(made, tuple) else write_run(files[n], made)
            for extra in formats:
                took = {}
                for n in (SMALL, LARGE):
                    plot = os.path.join(tmp, f"plot-{name.replace(' ', '_')}-{n}")
                    os.makedirs(plot, exist_ok=True)
                    args = [plot if a == "PLOT" else files[n] if a == "SAME" else a for a in extra]
                    # A quadratic report is stopped once it is clearly too slow.
                    limit = 2 * RATIO_LIMIT * took[SMALL] + 10 if n == LARGE else None
                    # The faster of two: one run can meet a busy moment.
                    took[n] = min(seconds([binary, *args, files[n]], limit) for _ in range(2))
                ratio = took[LARGE] / took[SMALL]
                shown = " ".join(a for a in extra if a != "SAME")
                line = (f"{shown}, {SMALL} and {LARGE} distinct {name}: "
                        f"{took[SMALL]:.2f} s and {took[LARGE]:.2f} s, ratio {ratio:.1f}")
                if ratio <= RATIO_LIMIT:
                    passed += 1
                    print(line)
                else:
                    failed += 1
                    print(f"FAILED: {line}, over {RATIO_LIMIT}")
    print(f"report_scale: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
