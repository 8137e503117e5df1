#!/usr/bin/env python3
"""The docs' shape, held to: README.md has at most 150 lines (it is a front
page; the manual is docs/), and every relative link in README.md and docs/*.md
points to a file that exists, and a #anchor into a page of docs/ (or README.md)
to a heading of that page (GitHub's anchors: lower case, punctuation dropped,
spaces to '-', a repeated heading numbered -1, -2, ...). And docs/*.md hold
fewer words (as wc -w counts them) than docs/README.md's budget line says,
"These pages hold under N words; the getting-started page under M.": the
figures are read from that line, their one owner.

usage: doc_links.py SOURCE_DIR
Prints one line per breach and 'doc_links: N passed, N failed'."""
import glob
import os
import re
import sys

from tally import Tally

root = sys.argv[1]
MAX_README_LINES = 150
tally = Tally("doc_links")
check = tally.check


def prose(text):
    """The text without fenced blocks and code spans (a link there is code)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def anchors(path):
    seen, out = {}, set()
    with open(path, encoding="utf-8") as fh:
        text = re.sub(r"^```.*?^```", "", fh.read(), flags=re.S | re.M)
    for m in re.finditer(r"^#{1,6} (.*)$", text, flags=re.M):
        a = m.group(1).strip().lower()
        a = re.sub(r"[^\w\- ]", "", a).replace(" ", "-")
        n = seen.get(a, 0)
        seen[a] = n + 1
        out.add(a if n == 0 else f"{a}-{n}")
    return out


pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
with open(pages[0], encoding="utf-8") as fh:
    n = len(fh.read().splitlines())
check(n <= MAX_README_LINES, f"README.md has {n} lines, more than {MAX_README_LINES}")


def words(path):
    with open(path, encoding="utf-8") as fh:
        return len(fh.read().split())


def budget_check():
    """docs/*.md within the budget docs/README.md states."""
    index = os.path.join(root, "docs", "README.md")
    with open(index, encoding="utf-8") as fh:
        m = re.search(r"These pages hold under ([\d,]+) words; the\s+getting-started page "
                      r"under ([\d,]+)\.", fh.read())
    check(m is not None, "docs/README.md: no budget line 'These pages hold under N words; ...'")
    if not m:
        return
    total_cap, start_cap = (int(g.replace(",", "")) for g in m.groups())
    total = sum(words(p) for p in pages[1:])
    check(total < total_cap,
          f"docs/*.md hold {total} words, not under the {total_cap} docs/README.md states")
    start = words(os.path.join(root, "docs", "getting-started.md"))
    check(start < start_cap,
          f"docs/getting-started.md holds {start} words, not under the {start_cap} docs/README.md states")


budget_check()
for page in pages:
    rel_page = os.path.relpath(page, root)
    with open(page, encoding="utf-8") as fh:
        text = prose(fh.read())
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = m.group(1)
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        rel = os.path.relpath(dest, root)
        check(os.path.exists(dest), f"{rel_page}: link '{target}': no file {rel}")
        if anchor and os.path.isfile(dest) and dest.endswith(".md") and \
                (rel.startswith("docs" + os.sep) or rel == "README.md"):
            check(anchor in anchors(dest), f"{rel_page}: link '{target}': no heading #{anchor} in {rel}")

sys.exit(tally.finish())
