#!/usr/bin/env python3
"""Reports grow linearly with the rows of a result file.

Makes result files of 5,000 and 20,000 distinct ids (each with a branch row
on random and on a game sequence, the rows the games tables join, and a
latency row on random, which the charts draw: a panel each, so that the
charts split into hundreds of parts) and of 5,000 and 20,000 distinct
sequences of one id, then times `report` in the formats that join rows:
text, HTML, --plot and --detail; and of 5,000 and 20,000 rows of a few
ids in each sequence and mode, in report (text, CSV, JSON) and compare. A
report taking more than 8 times as long on 4 times the rows fails: a
quadratic one takes 16 times as long (issue 27, item 7; issue 40, item 5:
charts split part by part). The batch rows are timed too, in report
--detail and compare. A time is the CPU time the report took (user and
system), which a neighbour moves far less than wall time, so the test need
not run alone. The small
file's time is the less of two; the large file's run is stopped, and
fails, once its CPU time is over 4 times the ratio's bound (or its wall
time over MOST_SECONDS), so that a quadratic build fails rather than hangs;
one under that but over the ratio is timed once more. (A wall-time bound
stopped a linear build on a busy host.)

usage: tests/report_scale.py path/to/sqcolor
"""
import json
import math
import os
import resource
import signal
import subprocess
import sys
import tempfile

# Linear is 4, quadratic 16: the bound is their geometric mean, a factor of
# 2 from each. 6 failed a linear --plot at 6.3 beside a busy ctest -j2 (its
# CPU time grows with the host's load, the large file's more than the small's).
RATIO_LIMIT = 8.0
# 5,000 rows are some 15 times a process start of work: enough for a
# quadratic report to read 15 times slower on 4 times the rows.
SMALL, LARGE = 5_000, 20_000
MOST_SECONDS = 180  # any one run: 20,000 ids take some 1 s in a release build


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
        f.write(json.dumps(run))  # one string: json.dump's chunks took 4 times as long


def distinct_ids(n):
    rows = [row(f"color/t{i}/asm", seq) for i in range(n) for seq in ("random", "game-a")]
    return rows + [dict(r, mode="latency") for r in rows if r["sequence"] == "random"]


def distinct_sequences(n):
    seqs = ["random", "game-a"] + [f"file:s{i}" for i in range(n)]
    return [row("color/lookup/asm", seq) for seq in seqs]


def mixed_rows(n):
    """n rows of 2 impls, 5 sequences and 4 modes, 40 a technique: the rows
    whose lookup and matching were quadratic in report and compare (issue
    14, item 15: 6 s and 24 s for 40,000)."""
    seqs, modes = ("ordered", "random", "dark", "light", "alternating"), ("latency", "throughput",
                                                                          "branch", "call")
    return [dict(row(f"color/t{i // 40}/{('asm', 'gcc-12')[i % 2]}", seqs[i // 2 % 5]),
                 mode=modes[i // 10 % 4]) for i in range(n)]


def batch_row(ident, n):
    stats = {"min": 0.08, "median": 0.08, "p90": 0.08, "ci95": [0.079, 0.081]}
    return {"id": ident, "n": n, "reps": 11, "cycles": stats}


def distinct_batch_ids(n):
    """One scalar row, and n batch ids at the two sizes."""
    return [row("color/lookup/asm", "random")], [
        batch_row(f"color_batch/t{i}/asm", size) for i in range(n) for size in (8192, 262144)]


def cpu_of_children():
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def seconds(argv, limit=MOST_SECONDS):
    """The CPU time of argv; past limit seconds of CPU time (RLIMIT_CPU: however
    busy the host, unlike wall time), or MOST_SECONDS of wall time, it is
    stopped, and infinity returned."""
    cpu = math.ceil(limit)
    start = cpu_of_children()
    try:
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              timeout=MOST_SECONDS,
                              preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU,
                                                                    (cpu, cpu + 1)))
    except subprocess.TimeoutExpired:
        return float("inf")
    took = cpu_of_children() - start
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return float("inf")
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    return took


def main():
    global SMALL, LARGE
    binary = sys.argv[1]
    # Under the sanitizers, a quarter of the ids: the ratio is the same test
    # (4 times the ids), and the release build runs the full sizes.
    if sys.argv[2:] == ["--sanitized"]:
        SMALL, LARGE = SMALL // 4, LARGE // 4
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        cases = [("ids", distinct_ids, [["report"], ["report", "--format", "html"],
                                        ["report", "--plot", "PLOT"], ["report", "--detail"]]),
                 ("sequences", distinct_sequences, [["report", "--detail"]]),
                 ("rows of a few ids", mixed_rows, [["report"], ["report", "--format", "csv"],
                                           ["report", "--format", "json"], ["compare", "SAME"]]),
                 ("batch ids", distinct_batch_ids, [["report", "--detail"],
                                                    ["compare", "SAME"]])]
        for name, make, formats in cases:
            files = {}
            for n in (SMALL, LARGE):
                files[n] = os.path.join(tmp, f"{name.replace(' ', '_')}{n}.json")
                made = make(n)
                write_run(files[n], *made) if isinstance(made, tuple) else write_run(files[n], made)
            for extra in formats:
                argv = {}
                for n in (SMALL, LARGE):
                    plot = os.path.join(tmp, f"plot-{name.replace(' ', '_')}-{n}")
                    os.makedirs(plot, exist_ok=True)
                    args = [plot if a == "PLOT" else files[n] if a == "SAME" else a for a in extra]
                    argv[n] = [binary, *args, files[n]]
                # The less of two: one run can meet a busy moment.
                took = {SMALL: min(seconds(argv[SMALL]) for _ in range(2))}
                # A quadratic report is stopped once it is too slow to pass.
                limit = min(4 * RATIO_LIMIT * took[SMALL] + 5, MOST_SECONDS)
                took[LARGE] = seconds(argv[LARGE], limit)
                if limit > took[LARGE] > RATIO_LIMIT * took[SMALL]:
                    took[LARGE] = min(took[LARGE], seconds(argv[LARGE], limit))
                ratio = took[LARGE] / took[SMALL]
                shown = " ".join(a for a in extra if a != "SAME")
                stopped = took[LARGE] >= limit
                line = (f"{shown}, {SMALL} and {LARGE} distinct {name}: {took[SMALL]:.2f} s and "
                        + (f"over {limit:.0f} s (stopped), ratio over {limit / took[SMALL]:.1f}"
                           if stopped else f"{took[LARGE]:.2f} s, ratio {ratio:.1f}"))
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
