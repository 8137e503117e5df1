#include "bench/cli/compare_sides.h"

#include "bench/cli/cli.h"
#include "bench/results/merge_files.h"

#include <stdlib.h>
#include <string.h>

static _Noreturn void out_of_memory(void) {
    sq_error_line("compare", "out of memory");
    exit(SQ_EXIT_FAIL);
}

/* files[0..n) joined by ", ", on the heap. */
static char *joined(const char *const *files, int n) {
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(files[i]) + 2;
    char *text = malloc(len);
    if (!text)
        out_of_memory();
    text[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(text, ", ");
        strcat(text, files[i]);
    }
    return text;
}

/* The index of the "--" that splits A's files from B's, or -1 for two
 * words without one; bad operands exit 2. */
static int split_at(const char *const *words, int n) {
    int at = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(words[i], "--") == 0) {
            if (at >= 0)
                sq_usage_error("compare", "one '--' splits A's files from B's; got two");
            at = i;
        }
    if (at < 0 && n != 2)
        sq_usage_error("compare",
                       "name two result files, A and B, or several a side split by "
                       "'--' (got %d)",
                       n);
    if (at == 0 || at == n - 1)
        sq_usage_error("compare", "no result file %s '--'", at == 0 ? "before" : "after");
    if (at == 1 && n == 3)
        sq_usage_error("compare", "one file a side is named without '--'");
    return at;
}

/* A run whose samples are one unit: a side of one run beside several. */
static void as_one_unit(sq_run *run) {
    for (int i = 0; i < run->nresults; i++)
        run->results[i].process = NULL;
    for (int i = 0; i < run->nbatch; i++)
        run->batch[i].process = NULL;
    run->processes = 1;
}

/* A side's files read as one run, each file a unit with runs; bad input
 * exits 2. */
static void read_side(const char *const *files, int n, bool runs, const char *side, sq_run *run) {
    char err[1200];
    if (n > SQ_MAX_PROCESSES)
        sq_usage_error("compare", "%d result files for %s: at most %d a side", n, side,
                       SQ_MAX_PROCESSES);
    if (sq_results_load_merged(files, n, run, err, sizeof err))
        sq_usage_error("compare", "%s", err);
    if (runs && n == 1)
        as_one_unit(run);
}

void compare_read_sides(const char *const *words, int n, bool paired, compare_sides *s) {
    int at = split_at(words, n), na = at < 0 ? 1 : at;
    const char *const *b_files = words + na + (at >= 0);
    int nb = n - (int)(b_files - words);
    s->units = (sq_compare_units){.runs = at >= 0, .paired = paired};
    s->runs = calloc(2, sizeof *s->runs);
    if (!s->runs)
        out_of_memory();
    read_side(words, na, s->units.runs, "A", &s->runs[0]);
    read_side(b_files, nb, s->units.runs, "B", &s->runs[1]);
    s->labels[0] = joined(words, na);
    s->labels[1] = joined(b_files, nb);
    int ua = s->runs[0].processes, ub = s->runs[1].processes;
    if (paired && (ua != ub || ua < 2))
        sq_usage_error("compare", "--paired takes as many %s a side, two or more (A has %d, B %d)",
                       s->units.runs ? "runs" : "processes", ua, ub);
}

void compare_sides_free(compare_sides *s) {
    for (int i = 0; s->runs && i < 2; i++)
        sq_run_free(&s->runs[i]);
    free(s->runs);
    free((char *)s->labels[0]);
    free((char *)s->labels[1]);
}
