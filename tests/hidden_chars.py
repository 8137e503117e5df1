#!/usr/bin/env python3
"""The characters sqcolor never shows raw (bench/util/escape.h): every code
point of the general categories Cc, Cf, Zl and Zp, every Bidi_Control and
U+FFFE-F (issue 40, item 4: U+061C, U+2028, U+200B and U+FEFF passed).

The table in bench/util/escape.c holds each (and nothing assigned outside
them) by python3's unicodedata; then each goes through sqcolor: quoted by an
error message (a --filter glob), and in a result file's machine fields shown
by report in every text format and by compare. No output may hold one raw.

usage: tests/hidden_chars.py SOURCE_DIR path/to/sqcolor"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

from tally import Tally

# Bidi_Control in PropList.txt (unchanged since Unicode 6.3); checked against
# the file when Debian's unicode-data is installed.
BIDI_CONTROL = [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
PROPLIST = "/usr/share/unicode/PropList.txt"

tally = Tally("hidden_chars")
check = tally.check


def expected():
    cps = {cp for cp in range(0x110000)
           if unicodedata.category(chr(cp)) in ("Cc", "Cf", "Zl", "Zp")}
    return cps | set(BIDI_CONTROL) | {0xFFFE, 0xFFFF}


def check_proplist():
    if not os.path.exists(PROPLIST):
        return
    listed = set()
    for line in open(PROPLIST, encoding="utf-8"):
        m = re.match(r"([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*;\s*Bidi_Control\b", line)
        if m:
            listed |= set(range(int(m[1], 16), int(m[2] or m[1], 16) + 1))
    check(listed == set(BIDI_CONTROL), f"Bidi_Control in {PROPLIST}: {sorted(map(hex, listed))}")


def check_table(src):
    text = open(os.path.join(src, "bench/util/escape.c"), encoding="utf-8").read()
    body = re.search(r"\} hidden\[\] = \{(.*?)\};", text, re.S)
    check(body is not None, "no table hidden[] in bench/util/escape.c")
    if not body:
        return
    ranges = [(int(a, 16), int(b, 16)) for a, b in re.findall(r"\{(0x[0-9a-f]+), (0x[0-9a-f]+)\}", body[1])]
    check(ranges == sorted(ranges) and all(a <= b for a, b in ranges) and
          all(ranges[i][1] + 1 < ranges[i + 1][0] for i in range(len(ranges) - 1)),
          "the table is not sorted, apart and merged")
    table = {cp for a, b in ranges for cp in range(a, b + 1)}
    want = expected()
    missing = sorted(want - table)
    check(not missing, f"escape.c's table leaves out {[f'U+{cp:04X}' for cp in missing[:20]]}")
    extra = sorted(cp for cp in table - want if unicodedata.category(chr(cp)) != "Cn")
    check(not extra, f"escape.c's table hides assigned {[f'U+{cp:04X}' for cp in extra[:20]]}")


def raw(text, cps):
    """The code points of cps that text (bytes, UTF-8) holds raw."""
    s = text.decode("utf-8", "surrogateescape")
    return sorted({ord(c) for c in s if ord(c) in cps and c not in "\n\t"})


def chunks(cps, size):
    cps = sorted(cps)
    return [cps[i:i + size] for i in range(0, len(cps), size)]


def check_error_messages(sqcolor, cps):
    """A --filter glob holding them: quoted in one line, none raw."""
    for part in chunks(cps - {0}, 40):  # an argument holds no NUL
        glob = "x" + "".join(map(chr, part)) + "y"
        p = subprocess.run([sqcolor, "list", "--filter", glob], capture_output=True)
        shown = raw(p.stderr, cps)
        check(p.returncode == 2 and p.stderr.count(b"\n") == 1 and not shown,
              f"list --filter: exit {p.returncode}, raw {[f'U+{cp:04X}' for cp in shown]}: "
              f"{p.stderr[:200]!r}")


def check_reports(src, sqcolor, cps, tmp):
    """In the machine's brand and kernel: report (each text format) and
    compare show none raw."""
    base = json.load(open(os.path.join(src, "tests/data/schema2.json"), encoding="utf-8"))
    for n, part in enumerate(chunks(cps - {0}, 14)):  # a brand is at most 63 bytes
        text = "".join(map(chr, part))
        base["machine"]["brand"] = "b" + text
        base["machine"]["kernel"] = "k" + text
        path = os.path.join(tmp, f"hidden-{n}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(base, f, ensure_ascii=False)
        for args in ([["report", path, "--format", fmt] for fmt in ("table", "markdown", "csv", "json")] +
                     [["report", path, "--detail"], ["compare", path, path]]):
            p = subprocess.run([sqcolor, *args], capture_output=True)
            shown = raw(p.stdout + p.stderr, cps)
            check(p.returncode <= 1 and not shown,
                  f"{' '.join(args[:1] + args[2:])} (chunk {n}): exit {p.returncode}, raw "
                  f"{[f'U+{cp:04X}' for cp in shown]} {p.stderr[:200]!r}")
            if args[-1] == "json":  # escaped, the JSON means the same
                runs = json.loads(p.stdout)
                brand = (runs[0] if isinstance(runs, list) else runs)["machine"]["brand"]
                check(brand == "b" + text, f"report --format json (chunk {n}): brand {brand!r}")


def main():
    src, sqcolor = sys.argv[1], sys.argv[2]
    cps = expected()
    check_proplist()
    check_table(src)
    check_error_messages(sqcolor, cps)
    with tempfile.TemporaryDirectory(prefix="sqcolor-hidden-") as tmp:
        check_reports(src, sqcolor, cps, tmp)
    return tally.finish()


if __name__ == "__main__":
    sys.exit(main())
