#!/usr/bin/env python3
"""report --format latex and --format paper (the paper table) hold the
figures the CSV of the same files gives, and are well formed.

For each file alone and for all of them side by side, in latency and
throughput (--figure): every cell of the Markdown and of the LaTeX table is
parsed; both tables agree cell by cell; and each figure is what the CSV's
lines make of it, as the headline tables do (bench/results/summary.c): over
the one-speed cells of the mode (for a control-dependent variant, no latency,
and its throughput over the predictable sequences), the median of their
medians ± the wider side of the medians of their interval bounds, or, for a
cost about zero, the upper bound; the best C cell names a compiler none
cheaper than. The LaTeX is checked without TeX: balanced braces and
environments, booktabs' rules in order, as many cells in each row as the
column spec says, a caption and a label, every letter used in a cell
explained under the table and every one explained used; the Markdown the
same for its rows and letters. A file whose brand holds LaTeX's and
Markdown's special characters gives a table of the same shape, none raw.

usage: paper_table.py SQCOLOR RESULT.json...   (tests/latex_compile.sh runs pdflatex)"""
import csv
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

from tally import Tally

sqcolor, files = sys.argv[1], sys.argv[2:]
tally = Tally("paper_table")
check = tally.check
RESOLUTION = 0.05  # SQ_RESOLUTION_CYCLES
TOLERANCE = 0.005 + 3e-4  # two decimals, from a CSV of four


def report(paths, fmt, *extra):
    return subprocess.run([sqcolor, "report", *paths, "--format", fmt, *extra], check=True,
                          capture_output=True, text=True).stdout


# ---- the CSV's figures --------------------------------------------------------

def predictable(sequence):
    return not (sequence in ("random", "file") or sequence.startswith(("file:", "pgn:", "game-")))


def csv_figures(paths, mode):
    """(machine, id) -> (median, lo, hi) or 'none' (control-dependent latency)."""
    lines = list(csv.DictReader(io.StringIO(report(paths, "csv"), newline="")))
    by = {}
    for r in lines:
        if r["mode"] == mode:
            by.setdefault((r["machine"], r["id"]), []).append(r)
    out = {}
    for key, rows in by.items():
        dependent = any(r["control_dependent"] == "1" for r in rows)
        if dependent and mode == "latency":
            out[key] = "none"
            continue
        if dependent:
            rows = [r for r in rows if predictable(r["sequence"])]
        cells = [r for r in rows if r["cycles_median"] and not r["fast_cycles"]]
        if not cells:
            out[key] = "none"
            continue
        out[key] = tuple(statistics.median(float(r[c]) for r in cells)
                         for c in ("cycles_median", "cycles_ci95_lo", "cycles_ci95_hi"))
    return out


def shown(figure):
    """What a table shows of (median, lo, hi): ('le', bound) or ('pm', m, half)."""
    m, lo, hi = figure
    if m < 0 or abs(m) < RESOLUTION or lo <= 0 <= hi:
        return ("le", max(hi, 0))
    return ("pm", m, max(m - lo, hi - m))


def rank(figure):
    if figure == "none" or figure is None:
        return float("inf")
    s = shown(figure)
    return 0 if s[0] == "le" else s[1]


# ---- the tables, parsed ------------------------------------------------------

MD_CELL = re.compile(r"^(?P<bold>\*\*)?(?:(?P<none>—)|(?P<az>≈0)|≤ (?P<le>[0-9.]+)|"
                     r"(?P<m>[0-9.]+)(?: ± (?P<half>[0-9.]+))?)(?:\*\*)?"
                     r"(?: \((?P<compiler>[^)]+)\))?(?:\^(?P<marks>[a-z](?:,[a-z])*))?$")
def cell(pattern, text):
    """(figure, compiler, letters, bold), figure ('none',), ('le', X) or
    ('pm', median, half); None for a cell that does not parse."""
    g = pattern.match(text)
    if not g:
        return None
    figure = (("none",) if g["none"] else ("le", float("nan")) if g["az"] else
              ("le", float(g["le"])) if g["le"] else
              ("pm", float(g["m"]), float(g["half"]) if g["half"] else float("nan")))
    compiler = g["compiler"] and g["compiler"].replace("\\_", "_")
    return figure, compiler, g["marks"] or "", bool(g["bold"])


def md_unescape(s):
    return re.sub(r"\\(.)", r"\1", s)


def split_md(line):
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def parse_md(text):
    """Column heads, {(family, technique, col): cell}, letters used, letters explained."""
    lines = text.splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith("| technique"))
    heads = split_md(lines[at])
    cells, family, ncols_ok = {}, None, True
    for line in lines[at + 2:]:
        if not line.startswith("|"):
            break
        row = split_md(line)
        ncols_ok &= len(row) == len(heads)
        if all(c == "" for c in row[1:]):
            family = md_unescape(row[0].split(",")[0].strip("*"))
            continue
        for k, c in enumerate(row[1:], 1):
            cells[(family, md_unescape(row[0]), heads[k])] = cell(MD_CELL, c)
    used = {m for c in cells.values() if c for m in c[2].split(",") if m}
    explained = dict(re.findall(r"^\^([a-z]) (.*)$", text, re.M))
    return heads, cells, used, explained, ncols_ok


# A LaTeX cell is an S column's figure, then who made it (a compiler; "asm"
# with several machines) and its letters.
LATEX_FIGURE = re.compile(r"^(?P<bold>\\bfseries )?(?:(?P<none>\{---\})|(?P<az>\{\$\\approx 0\$\})|"
                          r"\\le (?P<le>[0-9.]+)|(?P<m>-?[0-9.]+)(?: \\pm (?P<half>[0-9.]+))?)$")
LATEX_WHO = re.compile(r"^(?P<who>[^\\]*(?:\\_[^\\]*)*)(?:\\textsuperscript\{(?P<marks>[a-z](?:,[a-z])*)\})?$")


def latex_cell(figure_text, who_text):
    """As cell(): (figure, compiler, letters, bold), None where it does not parse."""
    f, w = LATEX_FIGURE.match(figure_text), LATEX_WHO.match(who_text)
    if not f or not w:
        return None
    figure = (("none",) if f["none"] else ("le", float("nan")) if f["az"] else
              ("le", float(f["le"])) if f["le"] else
              ("pm", float(f["m"]), float(f["half"]) if f["half"] else float("nan")))
    who = w["who"].replace("\\_", "_")
    return figure, (who if who and who != "asm" else None), w["marks"] or "", bool(f["bold"])


def key(name):
    """An impl's key as sq_impl_key makes it: gcc-12-native is g12n."""
    g = re.match(r"^(gcc|clang)-(\d+)(-native)?$", name or "")
    return g and "%s%s%s" % (g[1][0], g[2], "n" if g[3] else "") or name


def split_latex(row):
    return [c.strip() for c in re.split(r"(?<!\\)&", row)]


def span(cell):
    g = re.match(r"\\multicolumn\{(\d+)\}", cell)
    return int(g[1]) if g else 1


def spec_columns(spec):
    """The columns of a tabular spec, its @{...} left out."""
    out, depth, i = "", 0, 0
    while i < len(spec):
        if spec[i] == "@" and spec[i + 1] == "{":
            depth, i = 1, i + 2
            while depth:
                depth += {"{": 1, "}": -1}.get(spec[i], 0)
                i += 1
            continue
        out += spec[i]
        i += 1
    return out


def parse_float(env, body):
    """One float: its family, label, column spec, heads and cells, letters."""
    caption = re.search(r"\\caption\{(.*)\}\n\\label\{(tab:sqcolor-[\w-]+)\}\n", body)
    spec = re.search(r"\\begin\{tabular\}\{(.*)\}\n\\toprule\n", body)
    inner = body[body.index("\\toprule"):body.index("\\bottomrule")]
    rows = [l.strip()[:-2].strip() for l in inner.splitlines() if l.strip().endswith("\\\\")]
    f = {"env": env, "caption": caption, "spec": spec and spec_columns(spec[1]), "rows": rows,
         "family": caption and re.match(r"\\textit\{(.*?)\}", caption[1])[1].replace("\\_", "_"),
         "envs": re.findall(r"\\(begin|end)\{(\w+)\}", body),
         "rules": re.findall(r"\\(toprule|midrule|bottomrule)", body),
         "explained": dict(re.findall(r"^\\textsuperscript\{([a-z])\} (.*)\\par$",
                                      body[body.index("\\bottomrule"):], re.M)),
         "cells": {}}
    heads = [re.sub(r"\\multicolumn\{2\}\{c\}\{(.*)\}", r"\1", c) for c in split_latex(rows[0])[1:]]
    several = env == "table*"
    technique = None
    for r in rows[1:]:
        row = split_latex(r)
        technique = row[0].replace("\\_", "_") or technique
        for k in range(len(heads)):
            c = latex_cell(*row[1 + 2 * k:3 + 2 * k]) if len(row) >= 3 + 2 * k else None
            if several:  # a line for the asm (its "asm"), then one for the best C
                head = heads[k] + (" asm" if "& asm" in r else " best C")
            else:
                head = heads[k]
            f["cells"][(f["family"], technique, head)] = c
    f["used"] = {m for c in f["cells"].values() if c for m in c[2].split(",") if m}
    return f


def parse_latex(text):
    """Each float of the text parsed, and all their cells and letters."""
    floats = [parse_float(env, body) for env, body in
              re.findall(r"\\begin\{(table\*?)\}\n(.*?)\\end\{\1\}", text, re.S)]
    cells, explained = {}, {}
    for f in floats:
        cells.update(f["cells"])
        explained.update(f["explained"])
    return floats, cells, explained


# ---- the checks --------------------------------------------------------------

def braces_balanced(text):
    depth = 0
    for i, ch in enumerate(text):
        escaped = i and text[i - 1] == "\\" and not (i > 1 and text[i - 2] == "\\")
        if ch in "{}" and not escaped:
            depth += 1 if ch == "{" else -1
            if depth < 0:
                return False
    return depth == 0


def check_latex_shape(what, text, parsed):
    """Each float well formed; every letter it uses explained under it, and
    only those; a letter means one thing in every float."""
    floats, cells, explained = parsed
    check(braces_balanced(text), what + ": braces unbalanced")
    check(floats and text.count("\\begin{table") == len(floats), what + ": floats not parsed")
    labels = [f["caption"] and f["caption"][2] for f in floats]
    check(len(set(labels)) == len(labels), what + ": labels not unique: %s" % labels)
    refs = set(re.findall(r"\\ref\{(.*?)\}", text))
    check(refs <= set(labels), what + ": \\ref to no label: %s" % sorted(refs - set(labels)))
    for f in floats:
        where = "%s: %s" % (what, f["caption"] and f["caption"][2])
        envs = f["envs"]
        check(envs[:2] == [("begin", "tabular"), ("end", "tabular")] and
              envs[2:] in ([], [("begin", "minipage"), ("end", "minipage")]), where + ": environments %s" % envs)
        rules = f["rules"]
        check(rules[:1] == ["toprule"] and rules[-1:] == ["bottomrule"] and rules.count("toprule") == 1
              and rules.count("bottomrule") == 1, where + ": rules %s" % rules)
        check(f["caption"] and f["spec"], where + ": no caption, label or column spec")
        widths = {sum(span(c) for c in split_latex(r)) for r in f["rows"]}
        check(f["spec"] and widths == {len(f["spec"])},
              where + ": rows of %s columns, the spec %s" % (sorted(widths), f["spec"]))
        check(f["used"] == set(f["explained"]),
              where + ": letters used %s, explained %s" % (sorted(f["used"]), sorted(f["explained"])))
        for k, v in f["explained"].items():
            check(explained[k] == v, where + ": %s means two things" % k)
    check(all(cells.values()), what + ": unparsed cells %s" % [k for k, v in cells.items() if not v][:3])


def expected_cell(fig, machine, family, technique, impl):
    return fig.get((machine, "%s/%s/%s" % (family, technique, impl)))


def close(a, b):
    return abs(a - b) <= TOLERANCE


def figure_matches(cell_figure, csv_figure):
    if csv_figure is None:
        return cell_figure == ("none",)
    if csv_figure == "none":
        return cell_figure == ("none",)
    want = shown(csv_figure)
    return cell_figure[0] == want[0] and all(close(x, y) for x, y in zip(cell_figure[1:], want[1:]))


def check_figures(what, cells, fig, machines, compilers):
    """Each cell against the CSV: asm's figure; the named compiler's, and none cheaper."""
    for (family, technique, head), (figure, compiler, marks, bold) in cells.items():
        machine = next(m for m in machines if head.startswith(m)) if len(machines) > 1 else machines[0]
        where = "%s: %s/%s %s" % (what, family, technique, head)
        if head.endswith("asm"):
            want = expected_cell(fig, machine, family, technique, "asm")
            check(figure_matches(figure, want), "%s: %s, the CSV %s" % (where, figure, want))
            continue
        if compiler is None:
            continue  # no compiler ranks (†, two speeds): nothing named
        want = expected_cell(fig, machine, family, technique, compiler)
        check(figure_matches(figure, want), "%s (%s): %s, the CSV %s" % (where, compiler, figure, want))
        least = min(rank(expected_cell(fig, machine, family, technique, c)) for c in compilers)
        check(rank(want) <= least + TOLERANCE, "%s: %s is not the cheapest (%s)" % (where, compiler, least))


def check_tables(paths, mode):
    what = "%s --figure %s" % (" ".join(os.path.basename(os.path.dirname(p)) for p in paths), mode)
    md = report(paths, "paper", "--figure", mode)
    tex = report(paths, "latex", "--figure", mode)
    heads, md_cells, md_used, md_explained, md_ok = parse_md(md)
    check(md_ok, what + ": a Markdown row's cells differ from its header's")
    check(md_used == set(md_explained), what + ": Markdown letters used %s, explained %s"
          % (sorted(md_used), sorted(md_explained)))
    parsed = parse_latex(tex)
    check_latex_shape(what, tex, parsed)
    floats, tex_cells, explained = parsed
    several = len(paths) > 1
    check(all(f["env"] == ("table*" if several else "table") for f in floats),
          what + ": not a table%s" % ("*" if several else ""))
    # Several machines: the compilers by key; the heads as the Markdown's.
    want = {k: (f, key(c) if several else c, m, b) for k, (f, c, m, b) in md_cells.items()}
    check(set(k[2] for k in tex_cells) == {md_unescape(h) for h in heads[1:]},
          what + ": heads %s and %s" % (heads, sorted(set(k[2] for k in tex_cells))))
    check(want == tex_cells, what + ": the Markdown and LaTeX cells differ: %s" %
          [(k, want[k], tex_cells.get(k)) for k in want if want[k] != tex_cells.get(k)][:2])
    check(md_explained == {k: v.replace("\\%", "%") for k, v in explained.items()},
          what + ": the letters mean different things")
    fig = csv_figures(paths, mode)
    machines = sorted({m for m, _ in fig}, key=len, reverse=True)
    compilers = {i["name"] for p in paths for i in json.load(open(p))["impls"]} - {"asm"}
    check_figures(what, md_cells, fig, machines, compilers)
    check(len(md_cells) > 10, what + ": only %d cells" % len(md_cells))


for paths in [[f] for f in files] + ([files] if len(files) > 1 else []):
    for mode in ("latency", "throughput"):
        check_tables(paths, mode)

# Special characters in a file's text: escaped, the shape kept.
run = json.load(open(files[0]))
run["machine"]["brand"] = "\\input{/etc/passwd} & $x$ #1 ^_%~ {[*]} | <b> **y** ^a"
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "special.json")
    json.dump(run, open(path, "w"))
    tex = report([path], "latex")
    check_latex_shape("special brand", tex, parse_latex(tex))
    check("\\input{" not in tex and "\\textbackslash{}input\\{/etc/passwd\\}" in tex,
          "special brand: \\input raw in the caption")
    md = report([path], "paper")
    check("\\*\\*y\\*\\*" in md and "\\<b\\>" in md, "special brand: Markdown not escaped")
    # $ opens TeX math and ^^5c is a backslash to TeX: pandoc would pass them on.
    run["machine"]["brand"] = "$^^5cinput{/etc/hostname}$"
    json.dump(run, open(path, "w"))
    md = report([path], "paper")
    check("\\$\\^\\^5cinput{/etc/hostname}\\$" in md and "$^^" not in md,
          "special brand: $ or ^ raw in the Markdown")
sys.exit(tally.finish())
