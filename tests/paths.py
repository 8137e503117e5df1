#!/usr/bin/env python3
"""Words that stay true: every path into the tree that a source, script or
page names is there.

usage: paths.py SOURCE_DIR

Reads the sources and scripts under bench/, asm/, c/, tests/, tools/ and
cmake/, every CMakeLists.txt, README.md and docs/*.md, and takes each word
that starts with one of the tree's folders (bench/, asm/, c/, tests/, tools/,
docs/, cmake/, results/, examples/) as a path from the root: a file or folder
that must exist. A word with a pattern in it (*, ?, [...], <name>, a shell
$variable) must match at least one, each choice of {a,b} too; a mktemp
template (...XXXXXX) names its folder. A word inside another path
(build/bench/..., $tmp/results/..., ${f#results/}) or after a dot (../docs/) is
not one from the root and is left alone. Prints one line per breach and
'paths: N passed, N failed'."""
import fnmatch
import glob
import os
import re
import sys

from tally import Tally

src = sys.argv[1]
tally = Tally("paths")

TOP = ("bench", "asm", "c", "tests", "tools", "docs", "cmake", "results", "examples")
# The folders read, and the files in them that hold words (not data: the
# squares of real games, the fuzzers' corpora, result files made by hand).
FOLDERS = ("bench", "asm", "c", "tests", "tools", "cmake")
WORDS = re.compile(r"\.(c|h|cc|asm|inc|py|sh|js|cmake|in)$|^CMakeLists\.txt$|^layers\.txt$|^bad_input\.txt$")
DATA = ("bench/sequences/*", "tests/fuzz/corpus_*/*", "tests/data/*")

# A path: a top folder, '/', then path characters (a backslash escapes a dot in
# a regex); not inside another path, a word or a shell ${x#...}.
PATH = re.compile(r"(?<![\w./$~#-])((?:%s)/(?:[\w./*?<>{},$\[\]-]|\\\.)*)" % "|".join(TOP))

# The words that name what a fresh tree does not hold, each for its reason.
EXCEPTIONS = {
    # tools/publish.sh removes what an older publish wrote there before it
    # writes anew: there may be none.
    ("tools/publish.sh", "results/*/plots/*.png"),
    ("tools/publish.sh", "results/*/index.html"),
    # A reference run the page quotes, named as it was and said to be in git
    # history (removed by 'results: one folder per CPU model').
    ("docs/measurement.md", "results/intel-r-xeon-r-processor/2026-11-23-abf0472897a0.json"),
}


ME = os.path.join("tests", "paths.py")  # which names the exceptions above
EXCEPTED = {word for _, word in EXCEPTIONS}


def sources():
    for folder in FOLDERS:
        for root, dirs, files in os.walk(os.path.join(src, folder)):
            dirs.sort()
            for name in sorted(files):
                rel = os.path.relpath(os.path.join(root, name), src)
                if WORDS.search(name) and not any(fnmatch.fnmatch(rel, d) for d in DATA):
                    yield rel
    for root, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in FOLDERS
                         and not os.path.exists(os.path.join(root, d, "CMakeCache.txt")))
        if "CMakeLists.txt" in files:
            yield os.path.relpath(os.path.join(root, "CMakeLists.txt"), src)
    yield "README.md"
    for page in sorted(glob.glob(os.path.join(src, "docs", "*.md"))):
        yield os.path.relpath(page, src)


def exists(word):
    braces = re.search(r"\{([^{}]*)\}", word)
    if braces:  # {a,b}: every choice
        return all(exists(word[:braces.start()] + choice + word[braces.end():])
                   for choice in braces.group(1).split(","))
    word = re.sub(r"\\(.)", r"\1", word)  # tools/docs\.py in a regex
    if re.search(r"XXX+$", word):  # mktemp's template: a file it makes in that folder
        return os.path.isdir(os.path.join(src, os.path.dirname(word)))
    g = re.sub(r"<[^<>/]*>", "*", word)  # results/<machine>/: any folder there
    g = re.sub(r"\$(\{[^}]*\}|\w+)?", "*", g)  # tests/fuzz/corpus_$target, c/$(basename ...)
    if g == word and not any(ch in g for ch in "*?["):
        return os.path.exists(os.path.join(src, word))
    return bool(glob.glob(os.path.join(src, g)))


def trim(word):
    """The word without what ends a sentence or a quotation around it."""
    while word and word[-1] in ".,:;)]}'\"`>" and not (word[-1] == "]" and "[" in word) \
            and not (word[-1] == "}" and "{" in word) and not (word[-1] == ">" and "<" in word):
        word = word[:-1]
    return word


for rel in sources():
    with open(os.path.join(src, rel), encoding="utf-8") as f:
        lines = f.read().splitlines()
    for number, line in enumerate(lines, 1):
        for m in PATH.finditer(line):
            word = trim(m.group(1))
            if word.rstrip("/") in TOP or (rel, word) in EXCEPTIONS or (rel == ME and word in EXCEPTED):
                continue
            tally.check(exists(word), "%s:%d: '%s' is not in the tree" % (rel, number, word))

sys.exit(tally.finish())
