#!/usr/bin/env python3
"""One code, one figure: checks a result file from its own hashes.

Groups a run's rows by the machine code they time, as the file records it
(`code`: each routine's hash, for latency and call rows; `loops`: each
kernel's timed loop, for throughput and branch rows), per family, sequence
and mode, and prints every group whose rows read more than one figure (the
median of a row's samples, to two decimals, as the tables print it). A
sharing run (`run` without --no-share) times one code once, so a group of
two figures is a fault to find.

usage: tools/identical_code.py RESULT.json [...]
exit: 0 every group has one figure; 1 some group has two; 2 a file is not
a result file of schema 3 with code facts.
"""
import json
import statistics
import sys


def facts(run):
    code = {c["id"]: (c["insns"], c["bytes"], c["hash"]) for c in run.get("code", [])}
    loops = {(c["id"], c["mode"]): (c["insns"], c["bytes"], c["hash"])
             for c in run.get("loops", [])}
    return code, loops


def groups_of(run):
    code, loops = facts(run)
    columns = run["results"]["columns"]
    at = {name: columns.index(name)
          for name in ("id", "sequence", "mode", "samples", "shared_from")}
    rows = run["results"]["rows"]
    # A row timed once for another (shared_from) has that row's samples.
    timed = {(r[at["id"]], r[at["sequence"]], r[at["mode"]]): r[at["samples"]] for r in rows
             if r[at["samples"]] is not None}
    groups = {}
    for row in rows:
        ident, sequence, mode = row[at["id"]], row[at["sequence"]], row[at["mode"]]
        source = row[at["shared_from"]] or ident
        samples = [x for x in timed.get((source, sequence, mode), []) if x is not None]
        fact = code.get(ident) if mode in ("latency", "call") else loops.get((ident, mode))
        if fact is None or not samples:
            continue
        family = ident.split("/")[0]
        figure = round(statistics.median(samples), 2)
        groups.setdefault((family, sequence, mode, fact), []).append((figure, ident))
    return groups


def check(path):
    try:
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        groups = groups_of(run)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"identical_code: {path}: not a result file with code facts: {e}", file=sys.stderr)
        return 2
    shared = [g for g in groups.values() if len(g) > 1]
    apart = [(key, g) for key, g in groups.items() if len({f for f, _ in g}) > 1]
    for (family, sequence, mode, _), g in sorted(apart, key=lambda kg: kg[0][:3]):
        figures = ", ".join(f"{ident} {figure:.2f}" for figure, ident in sorted(g))
        print(f"  {mode} {family} on {sequence}: {figures}")
    print(f"{path}: {len(shared)} groups of rows timing one code, {len(apart)} with two figures")
    return 1 if apart else 0


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    return max(check(path) for path in sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
