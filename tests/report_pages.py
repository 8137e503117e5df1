#!/usr/bin/env python3
"""The report's pages agree with themselves (issue 38), on the reference runs
under results/:

- a headline table marks the verdict alone: in no row are asm and best C
  both bold for one figure, and a bold cell's rival has a figure to lose
  with (never †, ‡, §, '2 speeds' or '-').

usage: report_pages.py path/to/sqcolor SOURCE_DIR
"""
import glob
import os
import re
import subprocess
import sys

from tally import Tally

tally = Tally("report_pages")
check = tally.check


def reference_runs(src):
    """Every result file under results/ but calibrate's and try's."""
    return sorted(f for f in glob.glob(os.path.join(src, "results", "*", "*.json"))
                  if os.path.basename(f) != "instruction-forms.json" and not f.endswith("-try.json"))


def report(binary, *args):
    p = subprocess.run([binary, "report", *args], capture_output=True, text=True)
    check(p.returncode == 0, f"report {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def markdown_tables(md):
    """Each Markdown table under a heading: (heading, header cells, rows of cells)."""
    tables, heading, lines = [], None, md.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("| ") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            cells = lambda l: [c.strip() for c in l.strip().strip("|").split(" | ")]
            rows = []
            for body in lines[i + 2:]:
                if not body.startswith("| "):
                    break
                rows.append(cells(body))
            tables.append((heading, cells(line), rows))
    return tables


def headline_tables(md):
    return [t for t in markdown_tables(md) if re.search(r" — core cycles per (square|pair)$", t[0])]


NO_RANK = re.compile(r"^(-|†|2 speeds)$|[‡§]")


def check_verdict(name, md):
    """In each headline row, per figure, at most one of asm and best C bold,
    and the other a figure it was ranked against."""
    marked = 0
    for heading, head, rows in headline_tables(md):
        pairs = [(head.index(h), head.index(h[:-4] + " best C")) for h in head
                 if h.endswith(" asm") and h[:-4] + " best C" in head]
        for row in rows:
            for a, c in pairs:
                bold = [row[a].startswith("**"), row[c].startswith("**")]
                check(not all(bold), f"{name}: {heading}, {row[0]}: both {head[a]} and {head[c]} bold")
                for won, lost in ((a, c), (c, a)):
                    if row[won].startswith("**"):
                        marked += 1
                        check(not NO_RANK.search(row[lost].split(" ")[0]),
                              f"{name}: {heading}, {row[0]}: {head[won]} bold against "
                              f"'{row[lost]}', which has no figure to rank")
    check(marked > 0, f"{name}: no verdict in any headline table")


def main(argv):
    if len(argv) != 3:
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    binary, src = argv[1], argv[2]
    runs = reference_runs(src)
    check(len(runs) >= 2, f"{len(runs)} reference runs under {src}/results")
    for run in runs:
        name = os.path.relpath(run, src)
        check_verdict(name, report(binary, run, "--format", "markdown"))
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
