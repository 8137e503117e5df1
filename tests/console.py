#!/usr/bin/env python3
"""The console as a page a person reads (issue 38).

For `report` of every reference run in results/ and for a `run --quick`:
at most 120 lines of at most 160 characters, no negative number anywhere,
and under every table a legend that names each mark its cells use and no
mark they do not. `report --detail` of each reference run prints no
negative number either.

usage: tests/console.py path/to/sqcolor path/to/results
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

MOST_LINES, MOST_COLUMNS = 120, 160

# A mark as a cell shows it, and how its legend item starts.
MARKS = {"±": "±:", "≈0": "≈0:", "‖": "‖:", "†": "†:", "‡": "‡:", "§": "§:", "≡": "≡:",
         "*": "*:", "|": "a|b:", "2 speeds": "2 speeds:", " rnd": "x / y rnd:"}
NEGATIVE = re.compile(r"(?<![A-Za-z0-9.])-[0-9]")

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAILED:", what)


def tables(text):
    """Each console table (the lines under a '== title ==' up to a line with
    ': ', which no cell holds) and the legend right under it."""
    lines = text.split("\n")
    found = []
    for i, line in enumerate(lines):
        if not (line.startswith("== ") and line.endswith(" ==")) or "about this" in line:
            continue
        j = i + 2  # past the header row
        while j < len(lines) and lines[j] and ": " not in lines[j]:
            j += 1
        body = "\n".join(lines[i + 2:j])
        legend = []
        while j < len(lines) and lines[j] and not lines[j].startswith("== "):
            legend.append(lines[j].strip())
            j += 1
            if j < len(lines) and not lines[j].startswith(" "):
                break  # a legend is one block: its continuation lines are indented
        found.append((line, body, " ".join(legend)))
    return found


def check_legends(name, text):
    for title, body, legend in tables(text):
        cells = "\n".join(" ".join(row.split()[1:]) for row in body.split("\n"))
        items = legend.split("; ")
        for mark, item in MARKS.items():
            used = mark in cells
            said = any(i.startswith(item) for i in items)
            check(used == said, f"{name}, {title}: mark {mark!r} in cells {used}, "
                                f"in the legend {said}: {legend[:200]!r}")


def check_page(name, text, sized=True):
    lines = text.rstrip("\n").split("\n")
    if sized:
        check(len(lines) <= MOST_LINES, f"{name}: {len(lines)} lines (at most {MOST_LINES})")
        wide = max(lines, key=len)
        check(len(wide) <= MOST_COLUMNS,
              f"{name}: a line of {len(wide)} characters (at most {MOST_COLUMNS}): {wide!r}")
        check_legends(name, text)
    for n, line in enumerate(lines, 1):
        m = NEGATIVE.search(line)
        check(not m, f"{name}:{n}: a negative number: {line!r}")


def output(args):
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        print("FAILED:", " ".join(args), "exit", done.returncode, done.stderr.strip())
        sys.exit(1)
    return done.stdout


def main():
    sqcolor, results = sys.argv[1], sys.argv[2]
    runs = sorted(f for f in glob.glob(os.path.join(results, "*", "*.json"))
                  if re.search(r"/\d{4}-\d\d-\d\d-[0-9a-f]+\.json$", f))
    check(len(runs) >= 1, f"reference runs in {results}: {len(runs)}")
    for f in runs:
        check_page(f"report {f}", output([sqcolor, "report", f]))
        check_page(f"report --detail {f}", output([sqcolor, "report", "--detail", f]), False)
    with tempfile.TemporaryDirectory() as state:
        # A quiet history of its own, empty (bench/results/quiet_history.h).
        os.environ["XDG_STATE_HOME"] = state
        check_page("run --quick", output([sqcolor, "run", "--quick"]))
    print(f"console: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
