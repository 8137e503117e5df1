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
not one from the root and is left alone.

A comment may name a file by its name alone (doc_text.c) or from inside a
folder (cli/processes.c): such a name ends a path in the tree, or is one the
build makes (a name in the code of a CMake file), or another project's
(FOREIGN). A name in <...> is a system header's; one with a placeholder in
capitals (test_NAME.c) must match a file. Prints one line per breach and
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


# Names of other projects' files that comments speak of.
FOREIGN = {
    "compare.py",  # Google Benchmark's, which reads sqcolor-gbench's output
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


# A file's name in a comment, alone or after folders: not inside a longer
# path or word, nor in <...> (a system header).
NAME = re.compile(r"(?<![\w./$~#{<-])((?:[\w-]+/)*[A-Za-z_][\w-]*"
                  r"\.(?:c|h|cc|asm|inc|py|sh|js|cmake|md)(?:\.in)?)(?![\w/-])")


def comments(rel, text):
    """(line number, text) of each line of rel's comments: /* */ and // in C
    and JavaScript, ';' on in NASM, '#' on (at a line's start or after a
    space) in the scripts and CMake files."""
    kind = re.sub(r"\.in$", "", rel)
    if re.search(r"\.(c|h|cc|js)$", kind):
        # Strings and characters skipped whole, so "https://..." is no comment.
        for m in re.finditer(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?(?:\*/|$)',
                             text, re.S):
            if m.group(0)[0] in "\"'":
                continue
            first = text.count("\n", 0, m.start()) + 1
            for i, part in enumerate(m.group(0).split("\n")):
                yield first + i, part
        return
    marker = r";" if re.search(r"\.(asm|inc)$", kind) else r"(?:^|\s)#"
    for number, line in enumerate(text.splitlines(), 1):
        m = re.search(marker, line)
        if m:
            yield number, line[m.end():]


def tree_files():
    """Every file's path from the root, build folders and .git left out."""
    for root, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(".")
                   and not os.path.exists(os.path.join(root, d, "CMakeCache.txt"))]
        for name in files:
            yield os.path.relpath(os.path.join(root, name), src).replace(os.sep, "/")


def made_by_build():
    """The headers and NASM includes named in the code (not the comments) of
    the CMake files: what the build generates."""
    made = set()
    for rel in tree_files():
        if re.search(r"(^|/)CMakeLists\.txt$|\.cmake$", rel):
            with open(os.path.join(src, rel), encoding="utf-8") as f:
                code = "\n".join(re.sub(r"(^|\s)#.*", "", line) for line in f)
            made.update(re.findall(r"[\w-]+\.(?:h|inc)(?![\w-])", code))
    return made


def named(word, files, made):
    """Whether a name from a comment ends a path in the tree or is known."""
    if word in FOREIGN or word in made:
        return True
    if any(f == word or f.endswith("/" + word) for f in files):
        return True
    pattern = re.sub(r"(?<![A-Za-z])[A-Z][A-Z0-9]+(?![a-z])", "*", word)
    return pattern != word and any(fnmatch.fnmatch(f, "*" + pattern) for f in files)


def trim(word):
    """The word without what ends a sentence or a quotation around it."""
    while word and word[-1] in ".,:;)]}'\"`>" and not (word[-1] == "]" and "[" in word) \
            and not (word[-1] == "}" and "{" in word) and not (word[-1] == ">" and "<" in word):
        word = word[:-1]
    return word


files = sorted(tree_files())
made = made_by_build()
for rel in sources():
    with open(os.path.join(src, rel), encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines()
    for number, line in comments(rel, text):
        for m in NAME.finditer(line):
            if m.group(1).split("/")[0] in TOP:
                continue  # a path from the root, checked below
            tally.check(named(m.group(1), files, made),
                        "%s:%d: '%s' names no file in the tree" % (rel, number, m.group(1)))
    for number, line in enumerate(lines, 1):
        for m in PATH.finditer(line):
            word = trim(m.group(1))
            if word.rstrip("/") in TOP or (rel, word) in EXCEPTIONS or (rel == ME and word in EXCEPTED):
                continue
            tally.check(exists(word), "%s:%d: '%s' is not in the tree" % (rel, number, word))

sys.exit(tally.finish())
