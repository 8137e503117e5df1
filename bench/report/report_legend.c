/* A table's legend: what the marks in its cells and the words of its
 * columns mean, in brief, for those the table shows (the notes under the
 * report say them in full). */
#include "bench/report/report_formats.h"

#include "bench/code/code_groups.h"
#include "bench/results/summary.h"

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
    {"±", NULL}, /* the repetitions say: sq_report_pm_meaning */
    {"≈0", "≈0: not told apart from zero (≈0≤X: at most X)"},
    {"|", "a|b: two speeds, the faster first"},
    {"2 speeds", "2 speeds: every cell ran at two"},
    {"‖", "‖: a sequence at two speeds left out"},
    {"~", "~: too few samples the host left clean (its clock moved or another thread shared "
          "the core): the interval spans them all, widened by what the host took"},
    {"†", "†: control-dependent, no latency"},
    {"‡", "‡: the loop branches on the result, the routine does not"},
    {"§", "§: the loop's chain is shorter than the routine's"},
    {"≡", "≡: timed once, for an earlier impl of identical code"},
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

/* What a table shows, for its legend to say no more: the marks in its
 * cells, its figures' kinds, the words of its best C cells and its columns;
 * all of them (every) where the legend speaks for every table (the
 * console's, once a document). */
typedef struct shown {
    bool mark[sizeof marks / sizeof marks[0]];
    bool bold, ratio;             /* bold cells; "1.50x" */
    bool kind[SQ_HEADLINE_COUNT]; /* a column of lat, thr, branch, mispr */
    bool more, all, one_code;     /* "+N", "all", "=" after a best C key */
    bool dash_figure, dash_ratio; /* "-" in a figure's column, in a ratio's ([k]/[1]) */
} shown;

/* Whether a cell's key is followed by +N (N more compilers). */
static bool has_more(const char *cell) {
    for (const char *p = strchr(cell, '+'); p; p = strchr(p + 1, '+'))
        if (isdigit((unsigned char)p[1]))
            return true;
    return false;
}

static bool has_all(const char *cell) {
    const char *p = strstr(cell, " all");
    return p && (p[4] == 0 || p[4] == '=');
}

static void column_heads(const sq_text_table *t, shown *s) {
    static const char *const heads[SQ_HEADLINE_COUNT] = {"lat ", "thr ", "branch ", "mispr "};
    for (int c = 1; c < t->ncols && c < t->ncells; c++)
        for (int k = 0; k < SQ_HEADLINE_COUNT; k++)
            s->kind[k] |= strncmp(t->cells[c], heads[k], strlen(heads[k])) == 0;
}

static shown shown_in(const sq_text_table *t) {
    shown s = {0};
    column_heads(t, &s);
    for (int i = t->ncols; i < t->ncells; i++) {
        if (i % t->ncols == 0) /* a row's name, from the file */
            continue;
        const char *cell = t->cells[i];
        for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
            s.mark[m] |= strstr(cell, marks[m].in_cell) != NULL;
        s.bold |= t->best[i];
        s.ratio |= has_ratio(cell);
        s.more |= has_more(cell);
        s.all |= has_all(cell);
        s.one_code |= cell[0] && cell[strlen(cell) - 1] == '=';
        bool ratio_column = strstr(t->cells[i % t->ncols], "/[1]") != NULL;
        s.dash_figure |= !ratio_column && strcmp(cell, "-") == 0;
        s.dash_ratio |= ratio_column && strcmp(cell, "-") == 0;
    }
    return s;
}

void sq_ratio_dash_rule(char *buf, size_t len) {
    snprintf(buf, len,
             "-: no ratio, where either figure is under %g cycles or ≈0 (a ratio of figures so "
             "small says nothing), missing, †, ‡, §, ‖ or at 2 speeds",
             SQ_RATIO_MIN_CYCLES);
}

/* The figures told over sequences, each with its column's word. */
static const char *const kind_words[SQ_HEADLINE_MISPREDICT] = {"lat latency", "thr throughput",
                                                               "branch a branch on the result"};

/* The headline figures the table has columns of (every: all four), and
 * what each is. */
static void kinds_item(char *text, size_t len, const shown *s, bool every) {
    char kinds[256] = "";
    for (int k = 0; k < SQ_HEADLINE_MISPREDICT; k++)
        if (every || s->kind[k])
            snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s%s",
                     kinds[0] ? ", " : "", kind_words[k]);
    bool thr = every || s->kind[SQ_HEADLINE_THROUGHPUT];
    bool branch = every || s->kind[SQ_HEADLINE_BRANCH];
    if (kinds[0])
        item(text, len, "%s: medians over sequences%s%s%s%s", kinds, thr || branch ? " (" : "",
             branch ? "branch: the predictable ones" : "", thr && branch ? "; " : "",
             thr      ? "thr: those for † variants)"
             : branch ? ")"
                      : "");
    if (every || s->kind[SQ_HEADLINE_MISPREDICT])
        item(text, len, "mispr: cycles per mispredict, (branch on random - branch) / %.1f",
             SQ_RANDOM_MISPREDICT_RATE);
}

/* The best C cells' notation, as much of it as the table uses (every: all). */
static void best_c_item(char *text, size_t len, const shown *s, bool every) {
    item(text, len, "best C: the cheapest compiler's figure and key%s%s%s",
         every || s->more ? ", +N: N more not told apart from it" : "",
         every || s->all ? ", all: every compiler" : "",
         every || s->one_code ? ", =: one machine code" : "");
}

/* The columns of runs side by side and their ratios; when a ratio is "-"
 * where one is (every: always). */
static void ratios_item(char *text, size_t len, const shown *s, bool every) {
    item(text, len,
         "[k] asm, [k] best C: file [k]'s figure, as its own headline table has it; asm "
         "[k]/[1], C [k]/[1]: core cycles on [k] over core cycles on [1] (cycles, not "
         "time: the clocks differ), ± from both intervals");
    if (every || s->dash_ratio) {
        char rule[256];
        sq_ratio_dash_rule(rule, sizeof rule);
        item(text, len, "%s", rule);
    }
}

/* What bold (the console's *) marks: the verdict of asm against the best
 * compiler in a headline table, else the best of a row. */
static void best_item(char *text, size_t len, bool console, unsigned also) {
    const char *mark = console ? "*" : "bold";
    if (also & SQ_LEGEND_VERDICT)
        item(text, len,
             "%s: the clear winner of asm and best C, the cheaper with its interval apart "
             "from the other's; neither where they are not told apart, or one has no figure "
             "to rank or is ≈0",
             mark);
    else
        item(text, len, "%s: the cheapest, and every figure not told apart from it", mark);
}

void sq_report_legend(sq_doc *d, const sq_text_table *t, unsigned also) {
    shown s = shown_in(t);
    bool console = d->format == SQ_DOC_TEXT;
    char text[2000] = "";
    /* The console says the names and keys every table shares once, under
     * the first table that has them, and then in full. */
    unsigned say = console ? also & ~d->legend_said : also;
    if (console)
        d->legend_said |= also;
    if (say & SQ_LEGEND_HEADLINE)
        kinds_item(text, sizeof text, &s, console);
    if (say & SQ_LEGEND_RATIOS)
        ratios_item(text, sizeof text, &s, console);
    char pm[200];
    sq_report_pm_meaning(d, pm, sizeof pm);
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
        if (s.mark[m])
            item(text, sizeof text, "%s", marks[m].meaning ? marks[m].meaning : pm);
    if (s.dash_figure)
        item(text, sizeof text, "-%s: no figure (no row, or not the cells it needs)",
             also & SQ_LEGEND_RATIOS ? " as a figure" : "");
    if (s.ratio)
        item(text, sizeof text, "1.50x: the ratio to asm");
    if (s.bold)
        best_item(text, sizeof text, console, also);
    if (say & SQ_LEGEND_BEST_C)
        best_c_item(text, sizeof text, &s, console);
    if (say & SQ_LEGEND_SLOWEST)
        item(text, sizeof text, "slowest: the dearest compiler's, +N and all as for best C");
    if (say & SQ_LEGEND_KEYS)
        item(text, sizeof text, "%s", SQ_IMPL_KEY_MEANING);
    if (text[0])
        sq_doc_legend(d, "%s", text);
}

static void reps_of(int reps, int *least, int *most) {
    if (reps <= 0)
        return;
    *least = *least && *least < reps ? *least : reps;
    *most = *most > reps ? *most : reps;
}

void sq_report_reps(sq_doc *d, const sq_run *runs, int nruns) {
    d->reps_least = d->reps_most = 0;
    for (int r = 0; r < nruns; r++) {
        for (int i = 0; i < runs[r].nresults; i++)
            reps_of(runs[r].results[i].reps, &d->reps_least, &d->reps_most);
        for (int i = 0; i < runs[r].nbatch; i++)
            reps_of(runs[r].batch[i].reps, &d->reps_least, &d->reps_most);
    }
}

/* A --quick run's 3 repetitions cannot give a 95% interval: their range
 * missed the default run's value (lea_shr_and 4.11±0.03 against 3.99±0.01),
 * and a legend that called it 95% said more than it held. */
void sq_report_pm_meaning(const sq_doc *d, char *buf, size_t len) {
    int least = d->reps_least, most = d->reps_most;
    if (!least || least >= SQ_CI95_LEAST)
        snprintf(buf, len, "±: half the 95%% interval of the median");
    else if (most >= SQ_CI95_LEAST)
        snprintf(buf, len,
                 "±: half the 95%% interval of the median, or of the range where a row had "
                 "fewer than %d repetitions (%d at least), below 95%%",
                 SQ_CI95_LEAST, least);
    else if (least == most)
        snprintf(buf, len, "±: half the range of %d repetitions, too few for a 95%% interval",
                 least);
    else
        snprintf(buf, len, "±: half the range of %d to %d repetitions, too few for a 95%% interval",
                 least, most);
}
