/* How the paper table's parts read: the words are the same in every format,
 * the symbols and the escaping are the style's. */
#include "bench/report/paper_table.h"

#include "bench/catalog/registry.h"
#include "bench/code/code_groups.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdio.h>

static void figure(FILE *out, const sq_paper_table *t, const sq_estimate *e,
                   const sq_paper_style *s) {
    if (e->kind == SQ_ESTIMATE_NONE)
        fputs(s->none, out);
    else if (e->kind == SQ_ESTIMATE_ABOUT_ZERO && !isfinite(e->value))
        fprintf(out, "%s%s%s", s->math_open, s->approx_zero, s->math_close);
    else if (e->kind == SQ_ESTIMATE_ABOUT_ZERO)
        fprintf(out, "%s%s%.*f%s", s->math_open, s->le, t->decimals, e->value, s->math_close);
    else if (isfinite(e->half))
        fprintf(out, "%s%.*f %s %.*f%s", s->math_open, t->decimals, e->value, s->pm, t->decimals,
                e->half, s->math_close);
    else
        fprintf(out, "%s%.*f%s", s->math_open, t->decimals, e->value, s->math_close);
}

void sq_paper_write_figure(FILE *out, const sq_paper_table *t, const sq_paper_cell *c,
                           const sq_paper_style *s) {
    bool bold = c->best && c->figure.kind != SQ_ESTIMATE_NONE;
    fputs(bold ? s->bold_open : "", out);
    figure(out, t, &c->figure, s);
    fputs(bold ? s->bold_close : "", out);
}

void sq_paper_write_compiler(FILE *out, const sq_paper_cell *c, const sq_paper_style *s) {
    char key[64];
    if (!c->compiler)
        return;
    if (s->keys)
        sq_impl_key(key, sizeof key, c->compiler);
    s->text(out, s->keys ? key : c->compiler);
}

void sq_paper_write_letters(FILE *out, const sq_paper_table *t, unsigned marks,
                            const sq_paper_style *s) {
    if (!marks)
        return;
    fputs(s->marks_open, out);
    for (int i = 0, n = 0; i < t->nletters; i++)
        if (marks >> t->letter_of[i] & 1)
            fprintf(out, "%s%c", n++ ? "," : "", 'a' + i);
    fputs(s->marks_close, out);
}

void sq_paper_write_cell(FILE *out, const sq_paper_table *t, const sq_paper_cell *c,
                         const sq_paper_style *s) {
    sq_paper_write_figure(out, t, c, s);
    if (c->compiler) {
        fputs(" (", out);
        sq_paper_write_compiler(out, c, s);
        fputc(')', out);
    }
    sq_paper_write_letters(out, t, c->marks, s);
}

void sq_paper_write_row(FILE *out, const sq_paper_table *t, const sq_paper_row *row,
                        const sq_paper_style *s) {
    fputs(s->row_open, out);
    s->text(out, row->technique);
    for (int k = 0; k < t->ncols; k++) {
        fputs(s->cell_sep, out);
        sq_paper_write_cell(out, t, &row->cells[k], s);
    }
    fputs(s->row_close, out);
}

/* What the table's figure is, in the caption's words. */
static const char *const leads[SQ_HEADLINE_COUNT] = {
    [SQ_HEADLINE_LATENCY] = "Latency",
    [SQ_HEADLINE_THROUGHPUT] = "Throughput (the cost of a square among independent ones)",
    [SQ_HEADLINE_BRANCH] = "The cost of a branch on the result, on the predictable sequences",
    [SQ_HEADLINE_MISPREDICT] = "The cost of one branch mispredict",
};

/* The machines, left to right: label (brand). */
static void machines(FILE *out, const sq_paper_table *t, const sq_paper_style *s) {
    s->text(out, t->nmachines > 1 ? " on, left to right, " : " on ");
    for (int r = 0; r < t->nmachines; r++) {
        s->text(out, r ? "; " : "");
        s->text(out, t->cpu[r]);
        s->text(out, " (");
        s->text(out, t->runs[r].machine.brand);
        s->text(out, ")");
    }
}

/* How a figure is made of the cells, and its interval. */
static void made_of(FILE *out, const sq_paper_table *t, const sq_paper_style *s) {
    char how[200];
    if (t->kind == SQ_HEADLINE_MISPREDICT)
        snprintf(how, sizeof how,
                 ": the branch's cost on random sequences less its median on the predictable "
                 "ones, over %.1f (the rate mispredicted on random) ",
                 SQ_RANDOM_MISPREDICT_RATE);
    else
        snprintf(how, sizeof how, ": the median over sequences%s ",
                 t->kind == SQ_HEADLINE_THROUGHPUT
                     ? " (the predictable ones for a control-dependent variant)"
                     : "");
    s->text(out, how);
    fprintf(out, "%s ", s->pm_prose);
    s->text(out, t->kind == SQ_HEADLINE_MISPREDICT ? "from their 95% intervals"
                                                   : "half the width of its 95% interval");
}

/* Whose figures the columns are. */
static void columns(FILE *out, const sq_paper_table *t, const sq_paper_style *s) {
    if (t->has_asm)
        s->text(out, t->has_c ? ", of the asm and of the cheapest" : ", of the asm");
    else if (t->has_c)
        s->text(out, ", of the cheapest");
    if (t->has_c) {
        char compilers[96];
        snprintf(compilers, sizeof compilers, " of %d C compilers, named", t->ncompilers);
        s->text(out, t->ncompilers == 1 ? " C compiler, named" : compilers);
        s->text(out, s->keys ? " by key" : "");
    }
}

void sq_paper_write_caption(FILE *out, const sq_paper_table *t, const sq_paper_style *s) {
    s->text(out, leads[t->kind]);
    s->text(out, t->kind == SQ_HEADLINE_MISPREDICT
                     ? " in core cycles"
                     : " in core cycles per square, or per pair where a family says so,");
    machines(out, t, s);
    made_of(out, t, s);
    columns(out, t, s);
    s->text(out, ".");
}

void sq_paper_write_family(FILE *out, const sq_paper_table *t, const sq_family *fam,
                           const sq_paper_style *s) {
    fputs(s->family_open, out);
    s->text(out, fam->name);
    fputs(s->family_close, out);
    if (t->kind != SQ_HEADLINE_MISPREDICT) {
        s->text(out, ", ");
        s->text(out, sq_family_unit(fam));
    }
}

/* What mark m means, in a sentence. */
static void mark_text(char *buf, size_t len, sq_paper_mark m) {
    static const char *const meaning[SQ_PAPER_MARK_COUNT] = {
        [SQ_PAPER_ABOUT_ZERO] = "Not told apart from zero (the median within %.2f cycles of zero "
                                "or below it, or the interval holding zero): the figure is what "
                                "it costs at most, the upper end of its 95%% interval.",
        [SQ_PAPER_NO_LATENCY] = "Control-dependent: the timed chain passes through a predicted "
                                "branch, so there is no latency.",
        [SQ_PAPER_TWO_SPEEDS] = "Every sequence's cell ran at two speeds: no one figure.",
        [SQ_PAPER_LEFT_OUT] = "Over the sequences that ran at one speed; a sequence at two speeds "
                              "left out.",
        [SQ_PAPER_LOOP_BRANCH] = "The timed loop branches on the result although the routine "
                                 "does not (the compiler made the branch when it inlined the "
                                 "routine): a figure of the loop, not of the routine.",
        [SQ_PAPER_CHAIN_APART] = "The timed loop's chain is shorter than the routine's (the "
                                 "compiler reordered the routine when it inlined it): a figure "
                                 "of the loop, not of the routine.",
        [SQ_PAPER_SHARED] = "Not timed itself: the figure of an earlier C compiler's row of "
                            "byte-identical timed code.",
        [SQ_PAPER_TIED] = "Tied: other compilers are not told apart from the one named (within "
                          "%.2f cycles of it, or their intervals reaching its).",
        [SQ_PAPER_ALL_TIED] = "All tied: no compiler is told apart from the one named (each within "
                              "%.2f cycles of it, or its interval reaching it).",
        [SQ_PAPER_ONE_CODE] = "The compilers not told apart from the one named made one machine "
                              "code.",
    };
    snprintf(buf, len, meaning[m], SQ_RESOLUTION_CYCLES);
}

void sq_paper_write_mark(FILE *out, const sq_paper_table *t, int i, const sq_paper_style *s) {
    char text[400];
    mark_text(text, sizeof text, t->letter_of[i]);
    fprintf(out, "%s%c%s ", s->marks_open, 'a' + i, s->marks_close);
    s->text(out, text);
}

void sq_paper_write_plain_notes(FILE *out, const sq_paper_style *s, bool best, bool missing,
                                const char *line_open, const char *line_close) {
    if (best) {
        char text[256];
        snprintf(text, sizeof text,
                 "the clear winner of the asm and the best C on a machine, the cheaper by %.2f "
                 "cycles or more with its interval apart from the other's; neither where they "
                 "are not told apart.",
                 SQ_RESOLUTION_CYCLES);
        fprintf(out, "%s%s: ", line_open, s->bold_word);
        s->text(out, text);
        fputs(line_close, out);
    }
    if (missing) {
        fprintf(out, "%s%s: ", line_open, s->none);
        s->text(out, "not measured.");
        fputs(line_close, out);
    }
    if (s->keys) {
        fputs(line_open, out);
        s->text(out, "C"); /* "compilers by key: ...", a sentence */
        s->text(out, SQ_IMPL_KEY_MEANING + 1);
        s->text(out, ".");
        fputs(line_close, out);
    }
}
