#!/usr/bin/env python3
"""The report's pages agree with themselves (issue 38), on the reference runs
under results/:

- a headline table marks the verdict alone: in no row are asm and best C
  both bold for one figure, and a bold cell's rival has a figure to lose
  with (never †, ‡, §, '2 speeds' or '-');
- each chart plots the figure of the table beside it: every asm bar (one
  run's charts, and the machines charts of all the runs) shows the table's
  asm figure with its marks, or the table's bare text where it has no
  figure, and no bar then; its caption names the statistic, and on a page
  it sits right under the table of its figure;
- a chart's text is 12 px or more, the chart no wider than a page 1400 px
  wide draws at its size (1320 px), so that it reads on screen and printed;
- the runs side by side open with their machines, each with the harness
  that timed it, and no warning of their commits; only where the harnesses
  differ does a note, after the tables, name the runs of an older one;
- the paper table bolds the same verdict;
- a legend says only what its table shows (no 'slowest' without such a
  column, no mark no cell holds), and the runs side by side say when a
  ratio is '-': exactly where their figures break the legend's rule.

usage: report_pages.py path/to/sqcolor SOURCE_DIR
"""
import glob
import html
import json
import os
import re
import subprocess
import sys
import tempfile

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


def unescaped(text):
    return re.sub(r"\\(.)", r"\1", text)  # Markdown's escapes


def markdown_tables(md, legends=None):
    """Each Markdown table under a heading: (heading, header cells, rows of
    cells); its legend, the line in italics after it, into legends."""
    tables, heading, lines = [], None, md.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("| ") and i + 1 < len(lines) and re.match(r"^\|[-:|]+$", lines[i + 1]):
            cells = lambda l: [unescaped(c.strip()) for c in l.strip().strip("|").split(" | ")]
            rows, end = [], i + 2
            for body in lines[i + 2:]:
                if not body.startswith("| "):
                    break
                rows.append(cells(body))
                end += 1
            tables.append((heading, cells(line), rows))
            after = [l for l in lines[end:end + 2] if l.strip()][:1]
            if legends is not None:
                legends.append(unescaped(after[0].strip("*")) if after and after[0].startswith("*")
                               else "")
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


BAR = re.compile(r'<g class="sqfig-bar"><title>(.*?)</title>(.*?)</g>', re.S)
TITLE = re.compile(r"^(.*?), (.*): (.*?)(, 95% interval .*|, at most .*)?$")


def bars(svgs):
    """Every bar of the charts svgs (the parts of one figure): per technique,
    its bars in order as (names, value, drawn)."""
    out = {}
    for path in svgs:
        text = open(path, encoding="utf-8").read()
        for title, body in BAR.findall(text):
            m = TITLE.match(html.unescape(title))
            if check(m is not None, f"{path}: a bar's title '{title}' does not read"):
                out.setdefault(m.group(1), []).append((m.group(2), m.group(3), "<rect" in body))
    return out


def as_charted(cell):
    """A table's cell as a chart's bar shows it: the figure without its ±
    nor its ≡ (a bar holds the impls timed once), ≈0 whole, its marks."""
    cell = cell.strip("*")
    if cell.startswith("2 speeds"):
        return "2 speeds"
    cell = cell.split(" ")[0].replace("≡", "")
    if cell.startswith("≈0"):
        return "≈0" + re.sub(r"^≈0≤[0-9.]+", "", cell)
    return re.sub(r"±[0-9.]+", "", cell)


def check_chart(name, table, column, charted, which):
    """The table's column against the charts' bars: charted[technique] is the
    bar to hold it."""
    head, rows = table[1], table[2]
    if not check(column in head, f"{name}: {table[0]} has no column '{column}'"):
        return 0
    n = 0
    for row in rows:
        cell, bar = row[head.index(column)], charted.get(row[0])
        want = as_charted(cell)
        if want == "-":
            check(bar is None or bar[1] == "n/a", f"{name}: {row[0]} has no {column}, its bar {bar}")
            continue
        if not check(bar is not None, f"{name}: {which}: no bar for {row[0]} ({column} {cell})"):
            continue
        n += 1
        check(bar[1] == want, f"{name}: {which}, {row[0]}: the bar shows '{bar[1]}', the table "
                              f"'{cell}' ({column})")
        figure = want != "2 speeds" and re.match(r"^(≈0|[0-9.]+)", want)
        check(bar[2] == bool(figure and want != "≈0"),
              f"{name}: {which}, {row[0]}: a bar drawn {bar[2]} for '{cell}'")
    return n


CHART_TEXT_PX, CHART_WIDTH_PX = 12, 1320


def check_placement(name, page):
    """Each chart of an HTML page right under the table of the figure it
    plots: the last heading before it is its family's, and of its mode where
    the tables are one a figure (the machines')."""
    last, n = None, 0
    for m in re.finditer(r'<h[23] id="s\d+">([^<]*)</h[23]>|<figure class="chart">\n<svg[^>]*>'
                         r'\s*<title>([^<]*)</title>', page):
        if m.group(1) is not None:
            last = html.unescape(m.group(1))
            continue
        n += 1
        title = html.unescape(m.group(2))
        family, mode = title.split(" — ")[0], title.split(" — ")[1].split(" ")[0]
        check(last is not None and (last.startswith(f"{family} — {mode} (") or
                                    last.startswith(f"{family} — core cycles per")),
              f"{name}: the chart '{title}' is under '{last}'")
    check(n > 0, f"{name}: no chart on the page")


def check_captions(name, svgs):
    """Each chart names its statistic, in text large enough."""
    for path in svgs:
        text = html.unescape(open(path, encoding="utf-8").read())
        sizes = [float(x) for x in re.findall(r'<text [^>]*font-size="([0-9.]+)"', text)]
        width = re.search(r'<svg [^>]*width="([0-9.]+)"', text)
        check(sizes and min(sizes) >= CHART_TEXT_PX,
              f"{name}: {os.path.basename(path)}: text of {min(sizes or [0])} px")
        check(width and float(width.group(1)) <= CHART_WIDTH_PX,
              f"{name}: {os.path.basename(path)}: {width and width.group(1)} px wide")
        check(re.search(r"(latency|throughput), the table's (lat|thr|\[k\] asm) figure: the "
                        r"median over sequences( \(predictable ones for † variants\))? of core "
                        r"cycles per (square|pair)", text),
              f"{name}: {os.path.basename(path)}: the caption does not name the table's statistic")


def check_charts_one(binary, name, run, md, tmp):
    """One run's charts against its headline tables: the asm bars."""
    plots = os.path.join(tmp, "one")
    report(binary, run, "--plot", plots)
    checked = 0
    for heading, head, rows in headline_tables(md):
        family = heading.split(" — ")[0]
        for mode, prefix in (("latency", "lat"), ("throughput", "thr")):
            svgs = sorted(glob.glob(os.path.join(plots, f"{family}-{mode}.svg")) +
                          glob.glob(os.path.join(plots, f"{family}-{mode}-*.svg")))
            check_captions(name, svgs)
            # asm's bar, alone or shared with the impls of its code ("asm, gcc-11")
            asm = {t: next((b for b in bs if "asm" in b[0].split(", ")), None)
                   for t, bs in bars(svgs).items()}
            checked += check_chart(name, (heading, head, rows), f"{prefix} asm", asm,
                                   f"{family}-{mode}")
    check(checked > 0, f"{name}: no chart checked against its table")


def check_charts_machines(binary, runs, tmp):
    """The machines charts against the machines' latency tables: bar k of a
    technique is run k's asm figure."""
    plots = os.path.join(tmp, "machines")
    report(binary, *runs, "--plot", plots)
    md = report(binary, *runs, "--format", "markdown")
    checked = 0
    for heading, head, rows in markdown_tables(md):
        m = re.match(r"^(\S+) — latency \(core cycles per (square|pair)\)$", heading)
        if not m:
            continue
        svgs = sorted(glob.glob(os.path.join(plots, f"machines-{m.group(1)}-latency*.svg")))
        check_captions("machines", svgs)
        charted = bars(svgs)
        for k in range(len(runs)):
            kth = {t: bs[k] for t, bs in charted.items() if len(bs) == len(runs)}
            checked += check_chart("machines", (heading, head, rows), f"[{k + 1}] asm", kth,
                                   f"machines-{m.group(1)}-latency")
    check(checked > 0, "machines: no chart checked against its table")


# A legend's word and what the table must show for it: a column's head
# (head) or a cell's text (cell).
LEGEND_WORDS = [
    ("slowest: the dearest's", "head", lambda h: "slowest" in h),
    ("lat latency", "head", lambda h: h.startswith("lat ")),
    ("thr throughput", "head", lambda h: h.startswith("thr ")),
    ("branch a branch on the result", "head", lambda h: h.startswith("branch ")),
    ("mispr: cycles per mispredict", "head", lambda h: h.startswith("mispr ")),
    ("+N: N more", "cell", lambda c: re.search(r"\+[0-9]", c)),
    ("all: every compiler", "cell", lambda c: re.search(r" all=?$", c)),
    ("=: one machine code", "cell", lambda c: c.endswith("=")),
    ("-: no ratio", "cell", lambda c: c == "-"),
    ("±: half", "cell", lambda c: "±" in c),
    ("≈0: not told apart", "cell", lambda c: "≈0" in c),
    ("‖: a sequence", "cell", lambda c: "‖" in c),
    ("†: control-dependent", "cell", lambda c: "†" in c),
    ("≡: timed once", "cell", lambda c: "≡" in c),
]


def check_paper_verdict(md):
    """The paper table bolds what the headline tables star: per machine, at
    most one of its asm and best C cells, and never against one without a
    figure (—)."""
    marked = 0
    for heading, head, rows in markdown_tables(md):
        pairs = [(head.index(h), head.index(h[:-4] + " best C")) for h in head
                 if h.endswith(" asm") and h[:-4] + " best C" in head]
        for row in rows:
            if len(row) != len(head):
                continue
            for a, c in pairs:
                bold = [row[a].startswith("**"), row[c].startswith("**")]
                marked += any(bold)
                check(not all(bold), f"paper: {row[0]}: both {head[a]} and {head[c]} bold")
                check(not any(bold) or not (row[a].startswith("—") or row[c].startswith("—")),
                      f"paper: {row[0]}: bold against a cell without a figure")
    check(marked > 0, "paper: no verdict in bold")


def check_legends(name, md):
    """Every table's legend says only what its table shows."""
    legends = []
    tables = markdown_tables(md, legends)
    for (heading, head, rows), legend in zip(tables, legends):
        cells = [c.strip("*") for row in rows for c in row[1:]]
        for word, where, shows in LEGEND_WORDS:
            if word in legend:
                check(any(shows(h) for h in head[1:]) if where == "head" else
                      any(shows(c) for c in cells),
                      f"{name}: {heading}: the legend says '{word}', which the table does not show")
    check(any(legends), f"{name}: no legend")


FIGURE = re.compile(r"^([0-9.]+)(±[0-9.]+)?≡?$")  # ≡: timed once, still a figure


def figure_of(cell):
    """A figure's cell without the key of a best C cell after it."""
    words = cell.split(" ")
    return " ".join(words[:-1]) if len(words) > 1 and words[-1] != "speeds" else cell


def check_ratio_rule(md):
    """A ratio cell is '-' exactly where the legend's rule says: either figure
    under the legend's cycles, ≈0, missing, †, ‡, §, ‖ or at 2 speeds."""
    legends = []
    tables = markdown_tables(md, legends)
    checked = 0
    for (heading, head, rows), legend in zip(tables, legends):
        rule = re.search(r"-: no ratio, where either figure is under ([0-9.]+) cycles or ≈0", legend)
        ratios = [(i, h) for i, h in enumerate(head) if re.match(r"^(asm|C) \[\d+\]/\[1\]$", h)]
        if not ratios:
            continue
        dashes = any(row[i] == "-" for row in rows for i, _ in ratios)
        check(rule or not dashes, f"machines: {heading}: '-' ratios, and no rule for them")
        least = float(rule.group(1)) if rule else 0.5
        for row in rows:
            for i, h in ratios:
                impl, k = h.split(" ")[0], re.search(r"\[(\d+)\]", h).group(1)
                side = "asm" if impl == "asm" else "best C"
                a, b = (figure_of(row[head.index(f"[{n}] {side}")]) for n in ("1", k))
                figures = [FIGURE.match(x) for x in (a, b)]
                ratio = all(f and float(f.group(1)) >= least for f in figures)
                checked += 1
                check((row[i] != "-") == ratio, f"machines: {heading}, {row[0]}: {h} is "
                      f"'{row[i]}' for figures '{b}' over '{a}'")
    check(checked > 0, "machines: no ratio checked")


def machine_lines(md):
    """The machines list the page opens with: its first run of '- \\[N\\] '
    lines (a note after the tables may start so too)."""
    lines = []
    for l in md.splitlines():
        if re.match(r"^- \\\[\d+\\\] ", l):
            lines.append(l)
        elif lines and l.strip():
            break
    return lines


def check_harness(binary, runs, tmp):
    """The machines list names each run's harness; a note names the runs of
    an older harness, where they differ, after the tables."""
    md = report(binary, *runs, "--format", "markdown")
    body = [l for l in md.splitlines()[1:] if l.strip()]
    check(body and body[0].startswith("- \\[1\\] "), f"the machines page opens with '{body[:1]}'")
    check("commits" not in md, "the machines page warns of commits")
    lines = machine_lines(md)
    check(len(lines) == len(runs) and all(re.search(r", (harness \d+|an older harness), ", l)
                                          for l in lines),
          f"each machine's harness in the list: {lines}")
    versions = {json.load(open(r, encoding="utf-8"))["tool"].get("harness_version", 0)
                for r in runs}
    check(("older harness than" in md) == (len(versions) > 1),
          f"a note of an older harness exactly where the runs' harnesses differ ({versions})")
    # One run of a newer harness among the others, as after its machine ran it again.
    doc = json.load(open(runs[1], encoding="utf-8"))
    top = max(versions) + 1
    doc["tool"]["harness_version"] = top
    newer = os.path.join(tmp, "newer.json")
    with open(newer, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    mixed = runs[:1] + [newer] + runs[2:]
    md = report(binary, *mixed, "--format", "markdown")
    lines = machine_lines(md)
    others = [re.search(r", (?:harness (\d+)|an older harness), ", l) for l in lines]
    check(len(lines) == len(runs) and f", harness {top}, " in lines[1] and
          all(m and (m.group(1) is None or int(m.group(1)) < top)
              for i, m in enumerate(others) if i != 1),
          f"the newer run's harness and the others' in the list: {lines}")
    older = ", ".join(f"\\[{k + 1}\\]" for k in range(len(runs)) if k != 1)
    notes = [l for l in md.splitlines() if "older harness than" in l]
    check(len(notes) == 1 and notes[0].startswith(f"- {older} ") and
          f"than \\[2\\] (harness {top}" in notes[0],
          f"one note naming {older} as of an older harness: {notes}")
    first_table = md.find("\n| technique |")
    check(notes and 0 < first_table < md.find(notes[0]), "the note comes after the tables")


def main(argv):
    if len(argv) != 3:
        print(__doc__.split("\n\n")[-1], file=sys.stderr)
        return 2
    binary, src = argv[1], argv[2]
    runs = reference_runs(src)
    check(len(runs) >= 2, f"{len(runs)} reference runs under {src}/results")
    with tempfile.TemporaryDirectory(prefix="sqcolor-report-pages-") as tmp:
        for run in runs:
            name = os.path.relpath(run, src)
            md = report(binary, run, "--format", "markdown")
            check_verdict(name, md)
            check_legends(name, md)
            check_charts_one(binary, name, run, md, tmp)
        check_charts_machines(binary, runs, tmp)
        check_placement("machines", report(binary, *runs, "--format", "html"))
        check_placement(os.path.relpath(runs[0], src), report(binary, runs[0], "--format", "html"))
        check_harness(binary, runs, tmp)
        machines = report(binary, *runs, "--format", "markdown")
        check_legends("machines", machines)
        check_paper_verdict(report(binary, *runs, "--format", "paper"))
        check_ratio_rule(machines)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
