"""Result files with known answers for tests/ab.sh, made from a real run's
file (the writer's own schema) by replacing every row's samples: a row's
cost is its median in that run, times what the scenario says, times a
process's own noise (0.05%), three samples a process.

usage: ab_fixtures.py BASE.json OUT-FOLDER

  pairs-change/{a,b}/run-K.json, K = 0..7: one process each, the K-th
      pair's runs of A and B: every row of both moved alike by the pair's
      drift (up to 30%), and B's color/inreg32/asm latency rows 17% slower.
  pairs-same/{a,b}/run-K.json: the same drift, no change.
  runs/{a,b,b-same}-K.json, K = 1..3: runs of three processes, each run's
      rows moved by its own drift (0.4% at most): B 17% slower on the same
      rows, b-same not.
  weather-{a,b}.json: one run of three processes each, one build: B's
      whole run 3% slower (the host's state of its minute), its processes
      agreeing to 0.05%.
"""
import copy
import json
import os
import random
import sys

PAIR_DRIFT = [1.00, 1.30, 0.85, 1.20, 0.90, 1.25, 0.80, 1.10]
RUN_DRIFT = {"a": [1.000, 1.004, 0.997], "b": [1.002, 0.998, 1.003]}
SLOWER = 1.17
SAMPLES = 3


def changed(row):
    return row["id"] == "color/inreg32/asm" and row["mode"] == "latency"


def median(x):
    s = sorted(x)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def key(row):
    return (row["id"], row["sequence"], row["mode"])


def run_file(base, factor_of, processes, seed):
    """base with every row's samples made anew: processes processes of
    SAMPLES samples, each the row's base cost times factor_of(row) times
    a noise of (seed, process, sample) alone. A row timed for another
    (shared_from) keeps no samples: it takes that row's, unless that row
    moved and it did not (its code is no longer the other's): then it gets
    samples of its own."""
    doc = copy.deepcopy(base)
    cols = [c for c in doc["results"]["columns"] if c != "processes"]
    if processes > 1:
        cols.insert(cols.index("harness"), "processes")
    rng = random.Random(seed)
    noise = [[(1 + rng.gauss(0, 0.0005)) * (1 + rng.uniform(-0.0002, 0.0002))
              for _ in range(SAMPLES)] for _ in range(processes)]
    rows, cost_of, factor = [], {}, {}
    base_rows = [dict(zip(base["results"]["columns"], v)) for v in base["results"]["rows"]]
    for row in base_rows:
        if row["samples"] is not None:
            # A row whose every sample the host spoiled (null) still gets a
            # cost: the fixtures' samples are made anew, any cost will do.
            kept = [x for x in row["samples"] if x is not None]
            cost_of[key(row)] = round(median(kept), 4) if kept else 1.0
            factor[row["id"], row["sequence"], row["mode"]] = factor_of(row)
    for row in base_rows:
        source = (row["shared_from"], row["sequence"], row["mode"])
        if row["samples"] is None and factor[source] == factor_of(row):
            row["processes"] = None  # a row timed for another (shared_from)
            rows.append([row[c] for c in cols])
            continue
        if row["samples"] is None:
            row["shared_from"] = None
            cost_of[key(row)] = cost_of[source]
        cost = cost_of[key(row)]
        f = factor_of(row)
        row["samples"] = [round(cost * f * noise[p][k], 6)
                          for p in range(processes) for k in range(SAMPLES)]
        row["processes"] = [p for p in range(processes) for _ in range(SAMPLES)]
        row["host"] = None  # the samples are made anew: none the host spoiled
        rows.append([row[c] for c in cols])
    doc["results"] = {"columns": cols, "rows": rows}
    # Nor do the base run's host counts describe them: a base run on a shared
    # core would have its processes, so every fixture's, marked shared.
    doc.pop("host", None)
    doc["config"].update(processes=processes, reps=processes * SAMPLES,
                         min_reps=processes * SAMPLES)
    return doc


def write(doc, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f)


def main():
    base = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    for scenario, slower in (("pairs-change", SLOWER), ("pairs-same", 1.0)):
        for k, drift in enumerate(PAIR_DRIFT):
            write(run_file(base, lambda r, d=drift: d, 1, 100 + k),
                  "%s/%s/a/run-%d.json" % (out, scenario, k))
            write(run_file(base, lambda r, d=drift: d * (slower if changed(r) else 1), 1,
                           200 + k),
                  "%s/%s/b/run-%d.json" % (out, scenario, k))
    for side in ("a", "b", "b-same"):
        for k, drift in enumerate(RUN_DRIFT[side[0]]):
            slower = SLOWER if side == "b" else 1.0
            write(run_file(base, lambda r, d=drift, s=slower: d * (s if changed(r) else 1), 3,
                           300 + 10 * len(side) + k),
                  "%s/runs/%s-%d.json" % (out, side, k + 1))
    write(run_file(base, lambda r: 1.0, 3, 400), "%s/weather-a.json" % out)
    write(run_file(base, lambda r: 1.03, 3, 401), "%s/weather-b.json" % out)


main()
