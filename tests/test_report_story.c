/* The compilers' story on a made-up run: per technique the best impl by
 * latency with the impls tied to it grouped by machine code, the asm's
 * figure and instruction count, the compilers with as many, and the oldest
 * version of each compiler that emitted the best code; a file without code
 * facts says so; in Markdown and HTML, not on the console. */
#include "bench/report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "report_text.h"

#define MAX_ROWS 32

static sq_variant variants[MAX_ROWS];
static sq_result results[MAX_ROWS];
static double samples[MAX_ROWS][3];
static sq_code_fact code[MAX_ROWS];
static sq_run run;

/* Code facts by letter: one letter, one machine code. */
static sq_code_fact fact_of(char letter, int insns) {
    return (sq_code_fact){NULL, insns, insns * 3, (uint64_t)letter};
}

/* A latency row of technique/impl of color at median m in [m - 0.01, m +
 * 0.01], with its code fact (letter 0: none). */
static void add(const char *id, const char *technique, const char *impl, double m, char letter,
                int insns) {
    int i = run.nresults++;
    variants[i] =
        (sq_variant){.id = id, .family = &sq_families[0], .technique = technique, .impl = impl};
    for (int k = 0; k < 3; k++)
        samples[i][k] = m + 0.01 * (k - 1);
    results[i] = (sq_result){.variant = &variants[i],
                             .sequence = "random",
                             .mode = SQ_MODE_LATENCY,
                             .cycles = {m - 0.01, m, m + 0.01, m - 0.01, m + 0.01},
                             .reps = 3,
                             .samples = samples[i]};
    if (letter) {
        code[run.ncode] = fact_of(letter, insns);
        code[run.ncode++].id = id;
    }
}

static void build(void) {
    run = (sq_run){.machine = {.vendor = "GenuineIntel", .brand = "made up", .family = 6},
                   .clock = {.source = "calibrated",
                             .tsc_source = "cpuid 0x15",
                             .tsc_hz = 2e9,
                             .core_hz = 3e9},
                   .reps = 3,
                   .min_reps = 3,
                   .length = 4096,
                   .sequences = "default",
                   .results = results,
                   .code = code,
                   .commit = "test"};
    /* gcc and clang-16 emit the asm's code (A); clang-13 and 14 another (B). */
    add("color/t1/asm", "t1", "asm", 4.0, 'A', 4);
    add("color/t1/gcc-11", "t1", "gcc-11", 4.0, 'A', 4);
    add("color/t1/gcc-12", "t1", "gcc-12", 4.0, 'A', 4);
    add("color/t1/clang-13", "t1", "clang-13", 5.0, 'B', 5);
    add("color/t1/clang-14", "t1", "clang-14", 5.0, 'B', 5);
    add("color/t1/clang-16", "t1", "clang-16", 4.0, 'A', 4);
    add("color/t1/clang-16-native", "t1", "clang-16-native", 4.0, 'A', 4);
    /* Two codes tie for the best (E, F), the oldest clang first with each;
     * the asm is slower, the same count as gcc's D. */
    add("color/t2/asm", "t2", "asm", 5.0, 'C', 4);
    add("color/t2/gcc-11", "t2", "gcc-11", 6.0, 'D', 4);
    add("color/t2/gcc-12", "t2", "gcc-12", 6.0, 'D', 4);
    add("color/t2/clang-13", "t2", "clang-13", 3.0, 'E', 3);
    add("color/t2/clang-14", "t2", "clang-14", 3.0, 'F', 3);
    add("color/t2/clang-16", "t2", "clang-16", 3.0, 'E', 3);
    /* The asm alone is best; no compiler has its count. */
    add("color/t3/asm", "t3", "asm", 2.0, 'G', 3);
    add("color/t3/gcc-11", "t3", "gcc-11", 3.0, 'H', 5);
    add("color/t3/clang-13", "t3", "clang-13", 3.0, 'I', 4);
}

static char *report(sq_format fmt) {
    int rc;
    char *text = report_text(&run, 1, fmt, false, &rc);
    CHECK(rc == 0, "format %d: a write failed", (int)fmt);
    return text;
}

/* The Markdown line of the row starting with prefix, or "". */
static const char *row(const char *md, const char *prefix, char *buf, size_t len) {
    const char *at = strstr(md, prefix);
    snprintf(buf, len, "%.*s", at ? (int)strcspn(at, "\n") : 0, at ? at : "");
    return buf;
}

#define ROW(md, want)                                                                              \
    do {                                                                                           \
        char line[1024];                                                                           \
        CHECK(strcmp(row(md, (want)[0] ? strchr(want, '|') : "", line, sizeof line), want) == 0,   \
              "row\n  %s\nnot\n  %s", line, want);                                                 \
    } while (0)

int main(void) {
    build();
    char *md = report(SQ_FORMAT_MARKDOWN);
    CHECK(strstr(md, "## the compilers' story: latency per technique\n\n| technique | best "
                     "latency | best impls | asm | asm insns | C with asm's count | best code "
                     "first from |"),
          "the story's heading and header: %s", md);
    ROW(md, "| color/t1 | 4.00±0.01 | asm = gcc-11 = gcc-12 = clang-16 = clang-16-native | "
            "4.00±0.01 | 4 | gcc-11 = gcc-12 = clang-16 = clang-16-native (asm's code) | "
            "gcc-11, clang-16 |");
    ROW(md, "| color/t2 | 3.00±0.01 | clang-13 = clang-16; clang-14 | 5.00±0.01 | 4 | "
            "gcc-11 = gcc-12 | clang-13; clang-14 |");
    ROW(md, "| color/t3 | 2.00±0.01 | asm | 2.00±0.01 | 3 | none (fewest: 4) | "
            "none: asm alone |");
    CHECK(!strstr(md, "records no machine code"), "a run with code facts said it has none");

    char *html = report(SQ_FORMAT_HTML);
    CHECK(strstr(html, "the compilers&#39; story") || strstr(html, "the compilers' story"),
          "the story in HTML");
    CHECK(strstr(html, "gcc-11 = gcc-12 = clang-16 = clang-16-native (asm&#39;s code)") ||
              strstr(html, "gcc-11 = gcc-12 = clang-16 = clang-16-native (asm's code)"),
          "the story's cells in HTML");
    char *table = report(SQ_FORMAT_TABLE);
    CHECK(!strstr(table, "story"), "the story on the console, past its 160 columns");

    /* A file from before code facts: figures and impls, no counts or versions. */
    run.ncode = 0;
    free(md);
    md = report(SQ_FORMAT_MARKDOWN);
    ROW(md, "| color/t2 | 3.00±0.01 | clang-13..16 | 5.00±0.01 | - | - | - |");
    ROW(md, "| color/t1 | 4.00±0.01 | asm, gcc-11, gcc-12, clang-16, clang-16-native | 4.00±0.01 "
            "| - | - | - |");
    CHECK(strstr(md, "this file records no machine code"), "no note on the missing code facts");

    /* A technique no impl has a latency of gets no row. */
    results[14].mode = results[15].mode = results[13].mode = SQ_MODE_THROUGHPUT;
    free(md);
    md = report(SQ_FORMAT_MARKDOWN);
    CHECK(!strstr(md, "| color/t3 |") && strstr(md, "| color/t2 |"), "a row without latency");
    free(md);
    free(html);
    free(table);
    return check_finish("report_story", NULL);
}
