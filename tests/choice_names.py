#!/usr/bin/env python3
"""An option's choice is read by name: no code under bench/ compares a
parsed choice (sq_value's .choice, or a variable given one) with a number,
tests it as a truth value, switches on it to numbered cases, tests a
choice list's .chosen bits by number, or casts a choice to an enum that has
an accessor (cli/formats.h) instead of calling it. The index is an
enumerator of the list that also makes the choices string
(bench/util/choices.h); a bare number would stop meaning that choice as
soon as the list changes.

usage: choice_names.py SOURCE_DIR

Checks itself first on snippets that must and must not be flagged. Prints
one line per breach and 'choice_names: N passed, N failed'."""
import os
import re
import sys

from tally import Tally

# Files left as they are for now, each with why; an entry with no breach
# left fails, so that it is removed.
EXEMPT = {}

tally = Tally("choice_names")
check = tally.check


def code_only(text):
    """text with comments and string and character literals blanked, lines kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                  blank, text, flags=re.S)


NUMBER = r"-?(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b"
COMPARE = r"(?:==|!=|<=|>=|<(?!<)|>(?!>))"
OPERAND = r"[\w\]\[.>-]*"  # v[OPT_FORMAT].choice, value->choice, format
CHOICE = OPERAND + r"(?:\.|->)choice\b"
ACCESSOR = re.compile(r"static\s+inline\s+(\w+)\s+(\w+)\s*\(\s*const\s+sq_value\s*\*\s*(\w+)\s*\)"
                      r"\s*\{\s*return\s*\(\s*\1\s*\)\s*\3\s*->\s*choice\s*;\s*\}")


def accessors(src):
    """{enum type: accessor name} of every accessor under bench/."""
    found = {}
    for path in sources(src):
        with open(os.path.join(src, path), encoding="utf-8") as f:
            for m in ACCESSOR.finditer(code_only(f.read())):
                found[m.group(1)] = m.group(2)
    return found


def numbered_uses(code, what):
    """Breaches of `what` (a regex of a choice, or of a variable holding one)."""
    found = []
    patterns = [
        (what + r"\s*" + COMPARE + r"\s*" + NUMBER, "compared with a number"),
        (r"(?<![\w.>])" + NUMBER + r"\s*" + COMPARE + r"\s*" + what, "compared with a number"),
        (r"!\s*" + what, "tested as a truth value"),
        (what + r"\s*(?:\?|&&|\|\|)", "tested as a truth value"),
        (r"(?:&&|\|\||\b(?:if|while)\s*\()\s*" + what + r"\s*\)", "tested as a truth value"),
        (r"switch\s*\(\s*" + what + r"\s*\)\s*\{[^{}]*?\bcase\s+" + NUMBER,
         "switched on to a numbered case"),
    ]
    for pattern, why in patterns:
        found += [(m.start(), why) for m in re.finditer(pattern, code, re.S)]
    return found


def breaches(code, enums):
    """[(offset, what)] of one file's code (comments and strings blanked)."""
    found = numbered_uses(code, CHOICE)
    bits = r"(?:\.|->)chosen\s*(?:&|>>)\s*" + NUMBER + "|" + NUMBER + r"\s*&\s*" + OPERAND + \
        r"(?:\.|->)chosen\b"
    found += [(m.start(), "a choice list's bits taken by number") for m in re.finditer(bits, code)]
    # Variables given a choice, by .choice or an accessor.
    calls = "|".join(enums.values()) or r"(?!)"
    given = r"\b(\w+)\s*=(?!=)\s*(?:\(\s*\w+\s*\)\s*)?(?:" + CHOICE + r"|(?:" + calls + \
        r")\s*\([^;]*?\))\s*[;,]"
    for name in sorted(set(re.findall(given, code))):
        if name != "choice":
            found += numbered_uses(code, r"(?<![\w.>])" + name + r"\b")
    for enum, accessor in enums.items():
        cast = r"\(\s*" + enum + r"\s*\)\s*" + CHOICE
        for m in re.finditer(cast, code):
            line = code[code.rfind("\n", 0, m.start()) + 1:code.find("\n", m.end())]
            if not re.match(r"\s*return\s*\(\s*" + enum + r"\s*\)\s*\w+\s*->\s*choice\s*;", line):
                found.append((m.start(), "cast to %s by hand: call %s" % (enum, accessor)))
    return sorted(set(found))


def sources(src):
    for folder, _, files in os.walk(os.path.join(src, "bench")):
        for name in sorted(files):
            if name.endswith((".c", ".h", ".cc")):
                yield os.path.relpath(os.path.join(folder, name), src)


def self_check():
    """The check finds what it is for, and only that."""
    enums = {"sq_format": "sq_format_of"}
    flagged = [
        "bool md = v[OPT_FORMAT].choice == 1;",
        "if (0 != value->choice) {}",
        "int n = v[F].choice < 2;",
        "sq_format f = (sq_format)v[OPT_FORMAT].choice;",
        "int chosen = v[LIST_FORMAT].choice;\nif (chosen == 2) {}",
        "sq_format format = sq_format_of(&v[OPT_FORMAT]);\nbool j = format != 3;",
        "switch (v[X].choice) {\ncase 0:\n    break;\n}",
        "if (!v[X].choice) {}",
        "bool b = v[X].choice ? a : c;",
        "if (v[X].choice) {}",
        "bool lat = v[OPT_MODE].chosen & 1;",
    ]
    clean = [
        "bool md = v[OPT_FORMAT].choice == HELP_MARKDOWN;",
        "sq_format f = sq_format_of(&v[OPT_FORMAT]);\nif (f == SQ_FORMAT_JSON) {}",
        "/* v.choice == 1 */ puts(\"v.choice == 1\");",
        "static inline sq_format sq_format_of(const sq_value *v) {\n"
        "    return (sq_format)v->choice;\n}",
        "x = v[OPT_MODE].chosen >> m & 1;",
        "int n = other == 1;",
    ]
    for snippet in flagged:
        check(breaches(code_only(snippet), enums), "self-check: not flagged: " + snippet)
    for snippet in clean:
        check(not breaches(code_only(snippet), enums), "self-check: flagged: " + snippet)


def main():
    src = sys.argv[1]
    self_check()
    enums = accessors(src)
    check("sq_format" in enums, "no accessor of sq_format found (bench/cli/formats.h)")
    for path in sources(src):
        with open(os.path.join(src, path), encoding="utf-8") as f:
            text = f.read()
        found = breaches(code_only(text), enums)
        if path in EXEMPT:
            check(found, "%s: exempt, yet has no breach: remove it from EXEMPT" % path)
            continue
        for offset, why in found:
            line = text.count("\n", 0, offset) + 1
            check(False, "%s:%d: a choice %s" % (path, line, why))
        check(True, path)
    sys.exit(tally.finish())


main()
