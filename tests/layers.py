#!/usr/bin/env python3
"""The harness's layering, held to: bench/<layer>/ may use only what lies in its
own layer or below (bench/layers.txt gives the order), and no two files
call each other.

usage: layers.py SOURCE_DIR BUILD_DIR LAYER...   (lowest first)

Checks every quoted include in bench/ (written from the root, pointing down or
level) and every static library's symbols (nm): an object may refer only to
symbols defined in its layer or below, and two objects never refer to each
other. No object under the cli layer may end the process (exit, _exit, abort,
quick_exit): it returns its failure and the cli picks the exit status. Every
include guard in the tree (headers, and those CMake writes) is its own: of two
headers with one guard, a file that includes both would lose the second. Prints
one line per breach and 'layers: N passed, N failed'."""
import os
import re
import subprocess
import sys

from tally import Tally

src, build, layers = sys.argv[1], sys.argv[2], sys.argv[3:]
rank = {name: i for i, name in enumerate(layers)}
top = len(layers)  # bench/main.c and the gbench layer sit over every layer
tally = Tally("layers")
check = tally.check


def layer_of(path):
    """bench/<layer>/<name>.c's layer rank; entry points and gbench over all."""
    parts = path.split(os.sep)
    if len(parts) == 2:
        return top
    return rank.get(parts[1], top)


include = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
module_includes = {}  # bench/<layer>/<name> (its .c and .h as one) -> modules it includes
for folder, _, files in os.walk(os.path.join(src, "bench")):
    for name in sorted(files):
        if not name.endswith((".c", ".h", ".cc")):
            continue
        path = os.path.relpath(os.path.join(folder, name), src)
        if path.count(os.sep) == 1 and name != "main.c":
            check(False, "%s: a source directly in bench/ (only main.c sits there)" % path)
        own = layer_of(path)
        with open(os.path.join(src, path), encoding="utf-8") as f:
            text = f.read()
        for target in include.findall(text):
            if target.startswith("bench/"):
                module_includes.setdefault(os.path.splitext(path)[0], set()).add(
                    os.path.splitext(target)[0])
                theirs = layer_of(target)
                check(theirs <= own, "%s includes %s, a layer above its own" % (path, target))
            else:
                check(target.startswith("c/") or re.fullmatch(r"sq_[a-z_]+\.h", target) is not None,
                      "%s includes \"%s\": write includes from the root (\"bench/util/stats.h\")"
                      % (path, target))


# One guard a header: '#ifndef NAME' followed by '#define NAME' and nothing
# more, in the sources and in what CMake writes (cmake/*.in, try.cmake).
guard = re.compile(r"^\s*#\s*ifndef\s+(\w+)\s*\n\s*#\s*define\s+\1\s*$", re.M)
guarded = {}  # guard -> the files that use it
for top in ("bench", "c", "tests", "cmake"):
    for folder, dirs, files in os.walk(os.path.join(src, top)):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith((".h", ".in", ".cmake")):
                continue
            path = os.path.relpath(os.path.join(folder, name), src)
            with open(os.path.join(src, path), encoding="utf-8") as f:
                for m in guard.finditer(f.read()):
                    guarded.setdefault(m.group(1), []).append(path)
for name, paths in sorted(guarded.items()):
    check(len(paths) == 1, "%s: one include guard, %s" % (" and ".join(paths), name))


# No two modules include each other: a circle of two is a layer inside a
# layer that neither file's comment admits to.
for a, theirs in sorted(module_includes.items()):
    for b in sorted(theirs):
        if a < b and a in module_includes.get(b, set()):
            check(False, "%s and %s include each other" % (a, b))
        else:
            tally.passed += 1


def symbols(lib):
    """{object: (defined, undefined)} of a static library, from nm."""
    out = subprocess.run(["nm", "-A", lib], capture_output=True, text=True, check=True).stdout
    objs = {}
    for line in out.splitlines():
        m = re.match(r"[^:]+:([^:]+):\s*(?:[0-9a-f]+)?\s+([A-Za-z])\s+(\S+)$", line)
        if not m:
            continue
        obj, kind, sym = m.groups()
        d, u = objs.setdefault(obj, (set(), set()))
        if kind == "U":
            u.add(sym)
        elif kind.isupper():
            d.add(sym)
    return objs


owner = {}  # symbol -> (layer rank, object)
objects = []  # (layer rank, object, undefined)
for i, name in enumerate(layers):
    lib = os.path.join(build, "bench" if name != "kernels" else "", "libsqcolor_%s.a" % name)
    if not os.path.exists(lib):
        lib = os.path.join(build, "libsqcolor_%s.a" % name)
    check(os.path.exists(lib), "%s: no library for layer %s" % (lib, name))
    if not os.path.exists(lib):
        continue
    for obj, (d, u) in symbols(lib).items():
        for sym in d:
            owner[sym] = (i, "%s/%s" % (name, obj))
        objects.append((i, "%s/%s" % (name, obj), u))

# Only the cli layer and what sits over it decide how the process ends.
enders = {"exit", "_exit", "_Exit", "abort", "quick_exit"}
cli = rank.get("cli", top)
for i, obj, undefined in objects:
    if i >= cli:
        continue
    for sym in sorted(undefined & enders):
        check(False, "%s calls %s: below the cli a failure is returned, not exited on" % (obj, sym))

uses = {}
for i, obj, undefined in objects:
    for sym in sorted(undefined):
        if sym not in owner:
            continue  # the C library, capstone, jansson
        j, other = owner[sym]
        check(j <= i, "%s uses %s of %s, a layer above its own" % (obj, sym, other))
        uses.setdefault(obj, {}).setdefault(other, sym)
for a, called in sorted(uses.items()):
    for b, sym in sorted(called.items()):
        if a < b and a in uses.get(b, {}):
            check(False, "%s and %s call each other (%s, %s)" % (a, b, sym, uses[b][a]))
        else:
            tally.passed += 1
sys.exit(tally.finish())
