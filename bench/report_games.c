/* The branch on real games: per technique, a branch on the color of the
 * squares real games ask about (the game-* sequences) beside the same branch
 * on uniformly random squares, and the share of those branches mispredicted,
 * inferred where no counter exists: a mispredict costs (random - predictable)
 * / SQ_RANDOM_MISPREDICT_RATE, so the games' extra cost over the predictable
 * sequences is that many mispredicts. */
#include "cells.h"
#include "report_formats.h"
#include "summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The three branch figures of a variant, medians over their sequences. */
typedef struct branch_figures {
    sq_over_sequences games, random, predictable;
} branch_figures;

static branch_figures figures_of(const sq_run *run, const char *id) {
    return (branch_figures){
        sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_GAMES),
        sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_RANDOM),
        sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE)};
}

void sq_games_rate(double games, double random, double predictable, double *rate) {
    double per = (random - predictable) / SQ_RANDOM_MISPREDICT_RATE;
    *rate = per >= SQ_GAMES_MIN_PENALTY ? fmax(0, (games - predictable) / per) : NAN;
}

/* "3.1±0.4%": the inferred rate, its interval from the three intervals'
 * extremes; "-" where random is not dearer than the predictable sequences by
 * a mispredict's worth. */
static void rate_text(char *buf, size_t len, const branch_figures *f) {
    double mid, lo, hi;
    sq_games_rate(f->games.median, f->random.median, f->predictable.median, &mid);
    sq_games_rate(f->games.ci_lo, f->random.ci_hi, f->predictable.ci_hi, &lo);
    sq_games_rate(f->games.ci_hi, f->random.ci_lo, f->predictable.ci_lo, &hi);
    if (!isfinite(mid) || !isfinite(lo) || !isfinite(hi)) {
        snprintf(buf, len, "-");
        return;
    }
    double half = fmax(mid - lo, hi - mid);
    snprintf(buf, len, "%.1f±%.1f%%", 100 * mid, 100 * half);
}

static void cycles_text(char *buf, size_t len, const sq_over_sequences *o) {
    sq_headline h = {o->median, o->ci_lo, o->ci_hi, o->ncells, o->nbimodal, false};
    sq_headline_text(buf, len, &h, 2);
}

static bool has_games(const sq_run *run, const sq_family *fam) {
    for (int i = 0; i < run->nresults; i++)
        if (run->results[i].variant->family == fam && run->results[i].mode == SQ_MODE_BRANCH &&
            sq_sequence_from_games(run->results[i].sequence))
            return true;
    return false;
}

void sq_report_games(sq_doc *d, const sq_run *run, bool every_impl) {
    for (int f = 0; f < sq_family_count; f++) {
        const sq_family *fam = &sq_families[f];
        if (!has_games(run, fam))
            continue;
        sq_text_table t;
        sq_text_table_init(&t, 5);
        static const char *const head[] = {"variant", "games", "mispredicted", "random",
                                           "predictable"};
        for (size_t k = 0; k < sizeof head / sizeof head[0]; k++)
            sq_text_table_add(&t, "%s", head[k]);
        /* Each variant once, in the run's order: every impl, or asm alone
         * (the compilers' in --detail). */
        for (int i = 0; i < run->nresults; i++) {
            const sq_result *r = &run->results[i];
            if (r->variant->family != fam || r->mode != SQ_MODE_BRANCH ||
                !sq_sequence_from_games(r->sequence) ||
                (!every_impl && strcmp(r->variant->impl, "asm") != 0))
                continue;
            bool seen = false;
            for (int j = 0; j < i && !seen; j++)
                seen = run->results[j].variant == r->variant && run->results[j].mode == r->mode &&
                       sq_sequence_from_games(run->results[j].sequence);
            if (seen)
                continue;
            branch_figures fig = figures_of(run, r->variant->id);
            char text[64];
            sq_text_table_add(&t, "%s/%s", r->variant->technique, r->variant->impl);
            cycles_text(text, sizeof text, &fig.games);
            sq_text_table_add(&t, "%s", text);
            rate_text(text, sizeof text, &fig);
            sq_text_table_add(&t, "%s", text);
            cycles_text(text, sizeof text, &fig.random);
            sq_text_table_add(&t, "%s", text);
            cycles_text(text, sizeof text, &fig.predictable);
            sq_text_table_add(&t, "%s", text);
        }
        sq_doc_heading(d, 2, "%s — a branch on the color of real games' squares (core cycles %s)",
                       fam->name, sq_report_unit(fam));
        sq_doc_table(d, &t, 24, 13);
        sq_text_table_free(&t);
    }
}
