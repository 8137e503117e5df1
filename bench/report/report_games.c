/* The branch on real games: per technique, a branch on the color of the
 * squares real games ask about (the game-* sequences) beside the same branch
 * on uniformly random squares, and the share of those branches mispredicted,
 * inferred where no counter exists: a mispredict costs (random - predictable)
 * / SQ_RANDOM_MISPREDICT_RATE, so the games' extra cost over the predictable
 * sequences is that many mispredicts. */
#include "bench/results/cells.h"
#include "bench/report/report_formats.h"
#include "bench/results/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double sq_games_rate(double games, double random, double predictable) {
    double per = (random - predictable) / SQ_RANDOM_MISPREDICT_RATE;
    return per >= SQ_GAMES_MIN_PENALTY ? fmax(0, (games - predictable) / per) : NAN;
}

/* "3.1±0.4%": the inferred share, its interval from the three intervals'
 * extremes; "-" where random is not dearer than the predictable sequences by
 * a mispredict's worth. */
static void rate_text(char *buf, size_t len, const sq_stats *game, const sq_over_sequences *random,
                      const sq_over_sequences *predictable) {
    double mid = sq_games_rate(game->median, random->median, predictable->median),
           lo = sq_games_rate(game->ci_lo, random->ci_hi, predictable->ci_hi),
           hi = sq_games_rate(game->ci_hi, random->ci_lo, predictable->ci_lo);
    if (!isfinite(mid) || !isfinite(lo) || !isfinite(hi)) {
        snprintf(buf, len, "-");
        return;
    }
    snprintf(buf, len, "%.1f±%.1f%%", 100 * mid, 100 * fmax(mid - lo, hi - mid));
}

static void over_text(char *buf, size_t len, const sq_over_sequences *o) {
    sq_headline h = {.median = o->median,
                     .lo = o->ci_lo,
                     .hi = o->ci_hi,
                     .ncells = o->ncells,
                     .nbimodal = o->nbimodal};
    sq_headline_text(buf, len, &h, 2);
}

/* The family's game sequences in branch mode, in the run's order. */
static int games_of(const sq_run *run, const sq_family *fam, const char **names, int max) {
    int n = 0;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->variant->family != fam || r->mode != SQ_MODE_BRANCH ||
            !sq_sequence_from_games(r->sequence))
            continue;
        bool seen = false;
        for (int k = 0; k < n && !seen; k++)
            seen = strcmp(names[k], r->sequence) == 0;
        if (!seen && n < max)
            names[n++] = r->sequence;
    }
    return n;
}

/* The branch cell of one sequence among one variant's rows. */
static const sq_result *cell_of(const sq_run *rows, const char *sequence) {
    for (int i = 0; i < rows->nresults; i++) {
        const sq_result *r = &rows->results[i];
        if (r->mode == SQ_MODE_BRANCH && strcmp(r->sequence, sequence) == 0)
            return r;
    }
    return NULL;
}

enum { MAX_GAMES = 8 };

/* The console's table: a row per family and game sequence, over the asm
 * techniques: the range of their mispredicted shares, the cheapest and the
 * dearest branch. A row per technique would take the console past its 120
 * lines (issue 13); --detail, Markdown and HTML have every variant. Rows at
 * two speeds have no one cost to rank and are left out. */
static void report_games_compact(sq_doc *d, const sq_run *run, sq_variant_rows *by_variant) {
    sq_text_table t;
    sq_text_table_init(&t, 5);
    sq_text_table_add(&t, "family");
    sq_text_table_add(&t, "sequence");
    sq_text_table_add(&t, "mispredicted");
    sq_text_table_add(&t, "cheapest asm");
    sq_text_table_add(&t, "dearest asm");
    int rows = 0;
    for (int f = 0; f < sq_family_count; f++) {
        const sq_family *fam = &sq_families[f];
        const char *names[MAX_GAMES];
        int ngames = games_of(run, fam, names, MAX_GAMES);
        for (int g = 0; g < ngames; g++) {
            const sq_result *cheap = NULL, *dear = NULL;
            double rate_lo = INFINITY, rate_hi = -INFINITY;
            for (int i = 0; i < run->nresults; i++) {
                const sq_result *r = &run->results[i];
                if (r->variant->family != fam || r->mode != SQ_MODE_BRANCH || r->nmodes ||
                    strcmp(r->sequence, names[g]) != 0 || strcmp(r->variant->impl, "asm") != 0)
                    continue;
                const char *id = r->variant->id;
                const sq_run *mine = sq_variant_rows_of(by_variant, id);
                double rate = sq_games_rate(
                    r->cycles.median,
                    sq_over_sequences_of(mine, id, SQ_MODE_BRANCH, SQ_SEQUENCES_RANDOM).median,
                    sq_over_sequences_of(mine, id, SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE)
                        .median);
                if (isfinite(rate)) {
                    rate_lo = fmin(rate_lo, rate);
                    rate_hi = fmax(rate_hi, rate);
                }
                if (!cheap || r->cycles.median < cheap->cycles.median)
                    cheap = r;
                if (!dear || r->cycles.median > dear->cycles.median)
                    dear = r;
            }
            if (!cheap)
                continue;
            char text[64];
            sq_text_table_add(&t, "%s", fam->name);
            sq_text_table_add(&t, "%s", names[g]);
            if (rate_lo <= rate_hi)
                sq_text_table_add(&t, "%.1f-%.1f%%", 100 * rate_lo, 100 * rate_hi);
            else
                sq_text_table_add(&t, "-");
            sq_cell_text(text, sizeof text, cheap);
            sq_text_table_add(&t, "%s %s", cheap->variant->technique, text);
            sq_cell_text(text, sizeof text, dear);
            sq_text_table_add(&t, "%s %s", dear->variant->technique, text);
            rows++;
        }
    }
    if (rows) {
        sq_doc_heading(d, 2,
                       "a branch on the color of real games' squares, asm (core cycles per square "
                       "or pair; every variant: --detail)");
        sq_doc_table(d, &t, 16, 13);
        sq_report_legend(d, &t, 0);
    }
    sq_text_table_free(&t);
}

/* A table per family: every variant's branch on each game sequence. */
static void report_games_every_impl(sq_doc *d, const sq_run *run, sq_variant_rows *by_variant) {
    for (int f = 0; f < sq_family_count; f++) {
        const sq_family *fam = &sq_families[f];
        const char *names[MAX_GAMES];
        int ngames = games_of(run, fam, names, MAX_GAMES);
        if (!ngames)
            continue;
        /* Each game sequence apart (a figure over them would be a mean of
         * two regimes), then random and the predictable sequences. */
        sq_text_table t;
        sq_text_table_init(&t, 3 + 2 * ngames);
        sq_text_table_add(&t, "variant");
        for (int g = 0; g < ngames; g++) {
            sq_text_table_add(&t, "%s", names[g]);
            sq_text_table_add(&t, "mispredicted");
        }
        sq_text_table_add(&t, "random");
        sq_text_table_add(&t, "predictable");
        /* Each variant once, in the run's order. */
        for (int i = 0; i < run->nresults; i++) {
            const sq_result *r = &run->results[i];
            if (r->variant->family != fam || r->mode != SQ_MODE_BRANCH ||
                strcmp(r->sequence, names[0]) != 0)
                continue;
            const char *id = r->variant->id;
            const sq_run *rows = sq_variant_rows_of(by_variant, id);
            sq_over_sequences random =
                sq_over_sequences_of(rows, id, SQ_MODE_BRANCH, SQ_SEQUENCES_RANDOM);
            sq_over_sequences predictable =
                sq_over_sequences_of(rows, id, SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE);
            char text[64];
            sq_text_table_add(&t, "%s/%s", r->variant->technique, r->variant->impl);
            for (int g = 0; g < ngames; g++) {
                const sq_result *c = cell_of(rows, names[g]);
                if (c) {
                    sq_cell_text(text, sizeof text, c);
                    sq_text_table_add(&t, "%s", text);
                    rate_text(text, sizeof text, &c->cycles, &random, &predictable);
                    sq_text_table_add(&t, "%s", c->nmodes ? "-" : text);
                } else {
                    sq_text_table_add(&t, "-");
                    sq_text_table_add(&t, "-");
                }
            }
            over_text(text, sizeof text, &random);
            sq_text_table_add(&t, "%s", text);
            over_text(text, sizeof text, &predictable);
            sq_text_table_add(&t, "%s", text);
        }
        sq_doc_heading(d, 2, "%s — a branch on the color of real games' squares (core cycles %s)",
                       fam->name, sq_family_unit(fam));
        sq_doc_table(d, &t, 24, 13);
        sq_report_legend(d, &t, 0);
        sq_text_table_free(&t);
    }
}

/* Each figure reads one variant's rows (sq_variant_rows), so the report
 * grows with the run's rows, not with their square. */
void sq_report_games(sq_doc *d, const sq_run *run, bool every_impl) {
    sq_variant_rows by_variant;
    if (sq_variant_rows_init(&by_variant, run)) {
        sq_doc_out_of_memory(d);
        return;
    }
    if (every_impl)
        report_games_every_impl(d, run, &by_variant);
    else
        report_games_compact(d, run, &by_variant);
    sq_variant_rows_free(&by_variant);
}
