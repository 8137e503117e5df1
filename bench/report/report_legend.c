/* A table's legend on a page: what the marks in its cells and the words of
 * its columns mean, in brief, for those the table shows (the notes under the
 * report say them in full). */
#include "bench/report/report_formats.h"

#include "bench/code/code_groups.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The marks a cell can hold and what each means, in brief: sq_report_marks
 * says it in full under the report. */
typedef struct mark {
    const char *in_cell, *meaning;
} mark;

static const mark marks[] = {
    {"±", "±: half the 95% interval of the median"},
    {"≈0", "≈0: not told apart from zero (≈0≤X: at most X)"},
    {"|", "a|b: two speeds, the faster first"},
    {"2 speeds", "2 speeds: every cell ran at two"},
    {"‖", "‖: a sequence at two speeds left out"},
    {"†", "†: control-dependent, no latency"},
    {"‡", "‡: the loop branches on the result, the routine does not"},
    {"§", "§: the loop's chain is shorter than the routine's"},
    {"≡", "≡: timed once, for an earlier C impl of identical code"},
    {" rnd", "x / y rnd: the predictable sequences / random"},
};

/* Whether a cell ends in a ratio ("3.00±0.01 1.50x"). */
static bool has_ratio(const char *cell) {
    size_t n = strlen(cell);
    return n >= 2 && cell[n - 1] == 'x' && isdigit((unsigned char)cell[n - 2]);
}

/* Appends one item of a legend to text, after "; " where it holds some. */
__attribute__((format(printf, 3, 4))) static void item(char *text, size_t len, const char *fmt,
                                                       ...) {
    size_t used = strlen(text);
    if (used && used + 2 < len)
        used += (size_t)snprintf(text + used, len - used, "; ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text + used, len - used, fmt, ap);
    va_end(ap);
}

void sq_report_legend(sq_doc *d, const sq_text_table *t, unsigned also) {
    if (d->format == SQ_DOC_TEXT) /* the console's notes follow its tables */
        return;
    bool found[sizeof marks / sizeof marks[0]] = {false}, bold = false, ratio = false;
    for (int i = t->ncols; i < t->ncells; i++) {
        if (i % t->ncols == 0) /* a row's name, from the file */
            continue;
        for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
            found[m] |= strstr(t->cells[i], marks[m].in_cell) != NULL;
        bold |= t->best[i];
        ratio |= has_ratio(t->cells[i]);
    }
    char text[1400] = "";
    if (also & SQ_LEGEND_HEADLINE)
        item(text, sizeof text,
             "lat latency, thr throughput, branch a branch on the result, mispr cycles per "
             "mispredict: medians over sequences (the predictable ones for branch and † "
             "variants)");
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
        if (found[m])
            item(text, sizeof text, "%s", marks[m].meaning);
    if (ratio)
        item(text, sizeof text, "1.50x: the ratio to asm");
    if (bold && (also & SQ_LEGEND_VERDICT))
        item(text, sizeof text,
             "bold: the clear winner of asm and best C, the cheaper with its interval apart "
             "from the other's; neither where they are not told apart or one has no figure "
             "to rank");
    else if (bold)
        item(text, sizeof text, "bold: the cheapest, and every figure not told apart from it");
    if (also & SQ_LEGEND_BEST_C)
        item(text, sizeof text,
             "best C: the cheapest compiler's figure and key, +N: N more not told apart from "
             "it, all: every compiler, =: one machine code; slowest: the dearest's");
    if (also & SQ_LEGEND_KEYS)
        item(text, sizeof text, "%s", SQ_IMPL_KEY_MEANING);
    if (text[0])
        sq_doc_legend(d, "%s", text);
}
