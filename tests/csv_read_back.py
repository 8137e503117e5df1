#!/usr/bin/env python3
"""report --format csv read back by Python's csv module gives the values the
result file holds, exactly: the impls' flags ('-O2', '-f elf64') and
compilers, the brand and the commit, with nothing added before them; a text
with a comma, a quote or a leading '=' round-trips through RFC 4180 quoting.

usage: csv_read_back.py SQCOLOR RESULT.json"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

from tally import Tally

sqcolor, source = sys.argv[1], sys.argv[2]
tally = Tally("csv_read_back")
check = tally.check


def csv_of(*paths):
    out = subprocess.run([sqcolor, "report", *paths, "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out, newline="")))


run = json.load(open(source))
impls = {i["name"]: i for i in run["impls"]}
lines = csv_of(source)
check(len(lines) > 0, "no lines")
for impl in ("asm", "gcc-11"):
    got = {(r["compiler"], r["flags"]) for r in lines if r["impl"] == impl}
    want = {(impls[impl]["compiler"], impls[impl]["flags"])}
    check(got == want, "%s read back as %s, the JSON has %s" % (impl, got, want))
check({r["flags"] for r in lines if r["impl"] == "asm"} == {"-f elf64"}, "asm's flags")
check("-O2" in {r["flags"] for r in lines}, "no line with -O2")
check({r["brand"] for r in lines} == {run["machine"]["brand"]}, "brand")
check({r["sqcolor_commit"] for r in lines} == {run["tool"]["commit"]}, "commit")

# Text a spreadsheet would take for a formula, and RFC 4180's quoting: read
# back as the file holds it.
hostile = {"brand": '=HYPERLINK("x",1), 2', "commit": "@cmd", "flags": "+1 -x"}
run["machine"]["brand"] = hostile["brand"]
run["tool"]["commit"] = hostile["commit"]
for i in run["impls"]:
    if i["name"] == "asm":
        i["flags"] = hostile["flags"]
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "hostile.json")
    json.dump(run, open(path, "w"))
    lines = csv_of(path)
check({r["brand"] for r in lines} == {hostile["brand"]}, "brand with =, a quote and a comma")
check({r["sqcolor_commit"] for r in lines} == {hostile["commit"]}, "commit with @")
check({r["flags"] for r in lines if r["impl"] == "asm"} == {hostile["flags"]}, "flags with +")
sys.exit(tally.finish())
