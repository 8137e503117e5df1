/* Rows of byte-identical code timed once (bench/measure/share.h), on this
 * binary's own kernels: the plan's groups read back from the machine code
 * independently of it, and a small run of the engine with and without
 * sharing. */
#include "bench/results/figures.h"
#include "bench/code/code_identity.h"
#include "bench/code/timed_loop.h"
#include "bench/measure/engine.h"
#include "bench/measure/share.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

static bool is_asm(const sq_variant *v) {
    return strcmp(v->impl, "asm") == 0;
}

/* The fact a row of v in mode times, read here without share.c: its loop's
 * (call mode: its routine's). */
static bool facts_of(const sq_variant *v, sq_mode mode, sq_code_fact *code) {
    char err[600];
    if (mode == SQ_MODE_CALL)
        return sq_code_fact_of(v, code, err, sizeof err);
    return sq_kernel_loop_fact(v, (int)mode, code, err, sizeof err);
}

/* Every variant this CPU runs, in catalogue order; each mode's plan. */
static void check_plans(void) {
    static const sq_variant *vs[4096];
    static int from[4096];
    int n = 0;
    for (int i = 0; i < sq_variant_count && n < 4096; i++)
        if (sq_variant_supported(&sq_variants[i]))
            vs[n++] = &sq_variants[i];
    for (int m = 0; m < SQ_MODE_COUNT; m++) {
        int timed = sq_share_plan(vs, n, (sq_mode)m, from), shared = 0, counted = 0, from_asm = 0;
        CHECK(timed > 0 && timed <= n, "%s: %d of %d timed", sq_mode_names[m], timed, n);
        for (int k = 0; k < n; k++) {
            counted += from[k] == k;
            if (from[k] == k)
                continue;
            shared++;
            int j = from[k];
            const sq_variant *v = vs[k], *src = vs[j];
            CHECK(j >= 0 && j < n && (j < k || is_asm(src)) && from[j] == j,
                  "%s %s: timed as %d, itself not timed or planned after it", sq_mode_names[m],
                  v->id, j);
            CHECK(!is_asm(v) || is_asm(src), "%s: asm took a C figure: %s as %s", sq_mode_names[m],
                  v->id, src->id);
            from_asm += is_asm(src);
            CHECK(v->family == src->family, "%s: %s as %s, another family", sq_mode_names[m], v->id,
                  src->id);
            sq_code_fact a, b;
            CHECK(facts_of(v, (sq_mode)m, &a) && facts_of(src, (sq_mode)m, &b) &&
                      sq_code_same(&a, &b),
                  "%s: %s timed as %s, their timed code not byte-identical", sq_mode_names[m],
                  v->id, src->id);
        }
        CHECK(counted == timed, "%s: %d timed themselves, the plan says %d", sq_mode_names[m],
              counted, timed);
        /* None missed: two variants timed themselves (a C one after asm or
         * another C one) are not one timed code. */
        int missed = 0;
        for (int k = 0; k < n; k++) {
            if (from[k] != k)
                continue;
            sq_timed_code ck;
            sq_timed_code_of(vs[k], (sq_mode)m, &ck);
            for (int j = 0; j < n; j++) {
                /* j planned before k: asm before the others, else in order */
                bool before = is_asm(vs[j]) != is_asm(vs[k]) ? is_asm(vs[j]) : j < k;
                if (!before || from[j] != j || vs[j]->family != vs[k]->family)
                    continue;
                sq_timed_code cj;
                sq_timed_code_of(vs[j], (sq_mode)m, &cj);
                missed += sq_timed_code_same(&cj, &ck);
            }
        }
        CHECK(missed == 0, "%s: %d pairs of one timed code both timed", sq_mode_names[m], missed);
        /* 15 impls of 35 techniques are not all distinct code. */
        CHECK(n < 100 || shared > 0, "%s: no row shared among %d variants", sq_mode_names[m], n);
        /* In latency the harness's own loop meets asm's routine as any other:
         * a C routine of asm's code is timed once with it. */
        CHECK(m != SQ_MODE_LATENCY || n < 100 || from_asm > 0,
              "latency: no C row took asm's figure among %d variants", n);
        printf("%-10s %d variants, %d timed, %d take another's figure\n", sq_mode_names[m], n,
               timed, shared);
    }
}

/* One figure: equal, or both NAN (a row whose every sample a busy host
 * spoiled has no median, its copy neither; NAN == NAN is false). */
static bool same_figure(double a, double b) {
    return a == b || (isnan(a) && isnan(b));
}

static const sq_result *row_of(const sq_run *run, const char *id, const char *seq, sq_mode mode) {
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->mode == mode && strcmp(r->variant->id, id) == 0 && strcmp(r->sequence, seq) == 0)
            return r;
    }
    return NULL;
}

/* Every latency and call row of a sequence subtracts the one identity loop
 * (engine.c, find_baseline): its harness figures are the same whatever its
 * impl. Returns the rows whose are not. */
static int harness_apart(const sq_run *run) {
    int apart = 0;
    for (int i = 0; i < run->nresults; i++)
        for (int j = 0; j < i; j++) {
            const sq_result *a = &run->results[i], *b = &run->results[j];
            if (a->mode != b->mode || strcmp(a->sequence, b->sequence) != 0 ||
                (a->mode != SQ_MODE_LATENCY && a->mode != SQ_MODE_CALL))
                continue;
            if (!same_figure(a->harness.median, b->harness.median) ||
                !same_figure(a->harness.min, b->harness.min)) {
                printf("%s and %s, %s %s: harness %.4f against %.4f\n", a->variant->id,
                       b->variant->id, sq_mode_names[a->mode], a->sequence, a->harness.median,
                       b->harness.median);
                apart++;
                break;
            }
        }
    return apart;
}

/* A tiny run of color/lookup and color/bt, every impl and mode: each shared
 * row holds its source's figures, --no-share (cfg.no_share) times every
 * row, and the chained rows of a sequence share one harness. */
static void check_engine(void) {
    static const sq_variant *vs[256];
    int n = 0;
    for (int i = 0; i < sq_variant_count && n < 256; i++)
        if (sq_variant_supported(&sq_variants[i]) &&
            (strcmp(sq_variants[i].technique, "lookup") == 0 ||
             strcmp(sq_variants[i].technique, "bt") == 0) &&
            strcmp(sq_variants[i].family->name, "color") == 0)
            vs[n++] = &sq_variants[i];
    const char *seqs[] = {"random", "ordered"};
    for (int no_share = 0; no_share < 2; no_share++) {
        sq_engine_config cfg = {.variants = vs,
                                .nvariants = n,
                                .sequences = seqs,
                                .nsequences = 2,
                                .mode = {true, true, true, true},
                                .timing = sq_calibration_defaults(),
                                .length = 4096,
                                .seed = 1,
                                .no_share = no_share};
        cfg.timing.reps = 3;
        cfg.timing.samples = 1;
        cfg.timing.sample_s = 5e-6;
        sq_run run;
        char err[512];
        int rc = sq_engine_run(&cfg, &run, err, sizeof err);
        CHECK(rc == 0, "engine run (no_share %d): %s", no_share, err);
        if (rc)
            continue;
        sq_run_finish(&run); /* the figures compared below */
        CHECK(run.nresults == n * 2 * SQ_MODE_COUNT, "%d rows for %d variants", run.nresults, n);
        CHECK(run.share == (no_share ? -1 : 1), "run.share %d", run.share);
        int shared = 0, wrong = 0;
        for (int i = 0; i < run.nresults; i++) {
            const sq_result *r = &run.results[i];
            if (!r->shared_from) {
                wrong += r->reps < 3 || !r->samples;
                continue;
            }
            shared++;
            const sq_result *src = row_of(&run, r->shared_from, r->sequence, r->mode);
            bool same = src && !src->shared_from && (src < r || is_asm(src->variant)) &&
                        (!is_asm(r->variant) || is_asm(src->variant)) && src->reps == r->reps &&
                        same_figure(src->cycles.median, r->cycles.median) &&
                        same_figure(src->harness.median, r->harness.median) &&
                        src->nmodes == r->nmodes && src->samples != r->samples &&
                        memcmp(src->samples, r->samples, sizeof *r->samples * (size_t)r->reps) == 0;
            wrong += !same;
            if (!same)
                printf("%s %s %s: not a copy of %s\n", r->variant->id, sq_mode_names[r->mode],
                       r->sequence, r->shared_from);
        }
        CHECK(wrong == 0, "no_share %d: %d rows not timed and not a copy", no_share, wrong);
        int apart = harness_apart(&run);
        CHECK(apart == 0, "no_share %d: %d chained rows with a harness of their own", no_share,
              apart);
        CHECK(no_share ? shared == 0 : shared > 0, "no_share %d: %d rows shared", no_share, shared);
        printf("engine, %s: %d rows, %d shared\n", no_share ? "no sharing" : "sharing",
               run.nresults, shared);
        sq_run_free(&run);
    }
}

int main(void) {
    check_plans();
    check_engine();
    return check_finish("share", NULL);
}
