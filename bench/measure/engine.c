/* sqcolor run's engine: which rows a run has, their answers checked, then
 * repetitions spent where they are needed (engine_rounds.c), and each
 * row's net cost. */
#include "bench/measure/engine.h"
#include "bench/measure/engine_rounds.h"

#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"
#include "bench/measure/row.h"
#include "bench/measure/row_flags.h"
#include "bench/measure/run_info.h"
#include "bench/measure/share.h"
#include "bench/measure/timing_defaults.h"
#include "bench/input/sequence.h"
#include "bench/results/figures.h"
#include "bench/util/progress.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- inputs ------------------------------------------------------------- */

static bool family_selected(const engine *e, const sq_family *fam) {
    for (int i = 0; i < e->cfg->nvariants; i++)
        if (e->cfg->variants[i]->family == fam)
            return true;
    return false;
}

/* The sequence specs that apply to a family: the asked ones its arity has, or
 * all built-ins. */
static int family_specs(const engine *e, const sq_family *fam, const char **out) {
    int n = 0;
    if (e->cfg->nsequences == 0) {
        static char names[2][128];
        char *buf = names[fam->arity - 1];
        snprintf(buf, sizeof names[0], "%s", sq_sequence_names(fam->arity));
        for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","))
            out[n++] = tok;
        return n;
    }
    for (int i = 0; i < e->cfg->nsequences; i++)
        if (sq_sequence_known(e->cfg->sequences[i], fam->arity))
            out[n++] = e->cfg->sequences[i];
    return n;
}

/* "file:NAME" for file:DIR/NAME, "pgn:NAME" for pgn:DIR/NAME: the tables, the
 * result file and compare name a file's rows by it. Where two files of one
 * kind share a NAME, each is labelled by its path as given ("file:DIR/NAME"). */
static char *file_label(const sq_engine_config *cfg, int i, sq_run *run) {
    const char *spec = cfg->sequences[i], *path = sq_sequence_path(spec);
    int kind = (int)(path - spec); /* the length of "file:" or "pgn:" */
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    for (int j = 0; j < cfg->nsequences; j++) {
        const char *other = cfg->sequences[j], *op = sq_sequence_path(other);
        if (j == i || !op || op - other != kind || strncmp(other, spec, (size_t)kind) != 0)
            continue;
        const char *ob = strrchr(op, '/');
        if (strcmp(ob ? ob + 1 : op, base) == 0)
            base = path;
    }
    char *label = sq_run_alloc(run, (size_t)kind + strlen(base) + 1);
    if (label)
        sprintf(label, "%.*s%s", kind, spec, base);
    return label;
}

/* The run's label of every file: and pgn: spec (NULL for built-ins); a sequence asked
 * twice is refused, as its rows could not be told apart. */
static int label_files(engine *e, sq_run *run) {
    const sq_engine_config *cfg = e->cfg;
    for (int i = 0; i < cfg->nsequences; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(cfg->sequences[i], cfg->sequences[j]) == 0)
                return sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "--sequence: '%s' is named twice",
                                      cfg->sequences[i]);
    e->labels = calloc((size_t)cfg->nsequences + 1, sizeof *e->labels);
    if (!e->labels)
        return sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory");
    for (int i = 0; i < cfg->nsequences; i++)
        if (sq_sequence_path(cfg->sequences[i]) && !(e->labels[i] = file_label(cfg, i, run)))
            return sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory");
    return 0;
}

/* The label of an asked spec (family_specs gives the config's own pointers). */
static const char *label_of(const engine *e, const char *spec) {
    for (int i = 0; i < e->cfg->nsequences; i++)
        if (e->cfg->sequences[i] == spec && e->labels[i])
            return e->labels[i];
    return spec;
}

/* The sequences made so far, each once for the families of its arity. */
#define MAX_MADE (2 * 16)
struct made_sequence {
    const char *spec;
    int arity;
    sq_sequence seq;
};

static const sq_sequence *made_sequence(struct made_sequence *made, int *nmade, int arity,
                                        const char *spec, size_t length, uint64_t seed, char *err,
                                        size_t errlen) {
    for (int i = 0; i < *nmade; i++)
        if (made[i].arity == arity && strcmp(made[i].spec, spec) == 0)
            return &made[i].seq;
    if (*nmade == MAX_MADE) {
        snprintf(err, errlen, "more than %d sequences", MAX_MADE / 2);
        return NULL;
    }
    struct made_sequence *m = &made[*nmade];
    if (sq_sequence_make(spec, arity, length, seed, &m->seq, err, errlen))
        return NULL;
    m->spec = spec;
    m->arity = arity;
    return &made[(*nmade)++].seq;
}

static int build_inputs(engine *e) {
    /* Every asked sequence must apply to some selected family. */
    for (int i = 0; i < e->cfg->nsequences; i++) {
        bool used = false;
        for (int f = 0; f < sq_family_count; f++)
            used |= family_selected(e, &sq_families[f]) &&
                    sq_sequence_known(e->cfg->sequences[i], sq_families[f].arity);
        if (!used)
            return sq_engine_fail(
                e, SQ_ENGINE_BAD_INPUT,
                "--sequence: '%s' is not a sequence of the selected families (one square: "
                "%s, file:PATH, pgn:PATH; pairs: %s, file:PATH)",
                e->cfg->sequences[i], sq_sequence_names(1), sq_sequence_names(2));
    }
    e->inputs = calloc((size_t)sq_family_count * 16, sizeof *e->inputs);
    if (!e->inputs)
        return sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory");
    struct made_sequence made[MAX_MADE];
    int nmade = 0, rc = 0;
    /* A sequence's first squares are the same at any length (sequence.h). */
    size_t length = e->cfg->length;
    if (e->cfg->check_only && length > SQ_CHECK_SQUARES)
        length = SQ_CHECK_SQUARES;
    for (int f = 0; f < sq_family_count; f++) {
        const sq_family *fam = &sq_families[f];
        if (!family_selected(e, fam))
            continue;
        const char *specs[16];
        int nspecs = family_specs(e, fam, specs);
        for (int s = 0; s < nspecs && s < 16 && !rc; s++) {
            const sq_sequence *seq = made_sequence(made, &nmade, fam->arity, specs[s], length,
                                                   e->cfg->seed, e->err, e->errlen);
            rc = !seq ||
                 sq_input_encode(fam, specs[s], seq, &e->inputs[e->ninputs], e->err, e->errlen);
            if (!rc)
                e->inputs[e->ninputs++].sequence = label_of(e, specs[s]);
        }
    }
    for (int i = 0; i < nmade; i++)
        sq_sequence_free(&made[i].seq);
    return rc ? SQ_ENGINE_BAD_INPUT : 0;
}

/* ---- rows --------------------------------------------------------------- */

static timed *add_row(engine *e, const sq_variant *v, const sq_impl *impl, const sq_input *in,
                      sq_mode mode) {
    timed *t = &e->rows[e->nrows++];
    sq_row_init(&t->row, v, impl, in, mode);
    size_t reps = (size_t)e->cfg->timing.reps;
    t->kept = calloc(reps, sizeof *t->kept);
    return t->kept ? t : NULL;
}

/* A baseline per (impl, input, mode), but one per input for the chained
 * modes, whose identity loop is the harness's, the same for every impl:
 * copies of it placed apart read apart (on Intel 0xa7 one impl's copy read
 * 1.008 cycles a square, another's 1.000, in every run), and a row's figure
 * would move with where its impl's copy sat. */
static timed *find_baseline(engine *e, const sq_impl *impl, const sq_input *in, sq_mode mode) {
    if (mode == SQ_MODE_CALL || mode == SQ_MODE_LATENCY)
        impl = sq_impl_find("asm");
    for (int i = 0; i < e->nrows; i++) {
        const sq_row *r = &e->rows[i].row;
        if (!r->variant && r->impl == impl && r->in == in && r->mode == mode)
            return &e->rows[i];
    }
    return add_row(e, NULL, impl, in, mode);
}

/* Each variant's row per input, then each row of byte-identical code (in
 * the same harness, over the same input) pointed at the first such row
 * (share.h), unless cfg->no_share: a shared row gets no baseline of its own. */
static int build_rows(engine *e) {
    int nv = e->cfg->nvariants, ni = e->ninputs;
    size_t most = (size_t)nv * 16 * SQ_MODE_COUNT * 2 + 64;
    e->rows = calloc(most, sizeof *e->rows);
    int *from = malloc(sizeof *from * (size_t)(nv ? nv : 1));
    int *row_of = malloc(sizeof *row_of * (size_t)(nv && ni ? nv * ni : 1));
    if (!e->rows || !from || !row_of) {
        free(from);
        free(row_of);
        return sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
    }
    int rc = 0;
    for (int m = 0; m < SQ_MODE_COUNT && !rc; m++) {
        if (!e->cfg->mode[m])
            continue;
        if (e->cfg->no_share)
            for (int k = 0; k < nv; k++)
                from[k] = k;
        else if (sq_share_plan(e->cfg->variants, nv, (sq_mode)m, from) < 0)
            rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
        for (int k = 0; k < nv && !rc; k++) {
            const sq_variant *v = e->cfg->variants[k];
            for (int i = 0; i < ni && !rc; i++) {
                row_of[k * ni + i] = -1;
                if (e->inputs[i].family != v->family)
                    continue;
                row_of[k * ni + i] = e->nrows;
                if (!add_row(e, v, sq_impl_find(v->impl), &e->inputs[i], (sq_mode)m))
                    rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
            }
        }
        /* then the shares: a row may take the figure of one added after it (a C
         * row of asm's code, asm later in the catalogue) */
        for (int k = 0; k < nv * ni && !rc; k++) {
            if (row_of[k] < 0)
                continue;
            timed *t = &e->rows[row_of[k]];
            if (from[k / ni] != k / ni)
                t->shared = &e->rows[row_of[from[k / ni] * ni + k % ni]];
            else if (!(t->baseline = find_baseline(e, t->row.impl, t->row.in, (sq_mode)m)))
                rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
        }
    }
    free(from);
    free(row_of);
    int results = 0; /* each variant row's place in the run's results, in row order */
    for (int i = 0; i < e->nrows; i++)
        if (e->rows[i].row.variant)
            e->rows[i].result = results++;
    if (!rc && e->cfg->only && e->cfg->nonly != results)
        rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "asked for %d rows of a run that has %d",
                            e->cfg->nonly, results);
    return rc;
}

/* A sampled row's squares a sample, beside its baseline's place in rows. */
typedef struct sized {
    int baseline;
    size_t squares;
} sized;

static int by_baseline_squares(const void *a, const void *b) {
    const sized *x = a, *y = b;
    if (x->baseline != y->baseline)
        return (x->baseline > y->baseline) - (x->baseline < y->baseline);
    return (x->squares > y->squares) - (x->squares < y->squares);
}

/* Every row and its baseline take the same squares a sample: the median of
 * the rows' own sizes (sq_row_size), so a row of median cost keeps the
 * sample length asked for. Whatever a sample costs besides its squares (the
 * clock's reading, the call, the loop's start and end, a stepped clock's
 * step) then leaves the difference whole, whatever it is on the CPU: with
 * each row sized alone, a row's samples 1/(k+1) of its harness's squares,
 * the Zen 5 guest's 25 us latency rows read 0.0015 cycles high (5 us
 * samples: 0.008). The rows sorted by baseline, then size: one pass finds
 * each baseline's median. */
static int same_squares(engine *e) {
    sized *rows = malloc(sizeof *rows * (size_t)(e->nrows ? e->nrows : 1));
    if (!rows)
        return -1;
    int n = 0;
    for (int i = 0; i < e->nrows; i++)
        if (e->rows[i].baseline)
            rows[n++] = (sized){(int)(e->rows[i].baseline - e->rows), e->rows[i].row.chunk};
    qsort(rows, (size_t)n, sizeof *rows, by_baseline_squares);
    for (int from = 0, to; from < n; from = to) {
        for (to = from; to < n && rows[to].baseline == rows[from].baseline; to++)
            ;
        e->rows[rows[from].baseline].row.chunk = rows[from + (to - from - 1) / 2].squares;
    }
    for (int i = 0; i < e->nrows; i++)
        if (e->rows[i].baseline)
            e->rows[i].row.chunk = e->rows[i].baseline->row.chunk;
    free(rows);
    return 0;
}

/* Every kernel's answers before any timing. */
static int check_rows(engine *e) {
    for (int i = 0; i < e->nrows; i++)
        if (!sq_row_check(&e->rows[i].row, e->err, e->errlen))
            return SQ_ENGINE_CHECK_FAILED;
    return 0;
}

/* ---- results ------------------------------------------------------------ */

/* A shared row's result: the samples and harness of the row it was timed
 * as, src, marked with src's id; the flags its own (collect). */
static bool copy_result(sq_result *res, const sq_result *src) {
    res->shared_from = src->variant->id;
    return sq_result_take_samples(res, src);
}

/* A sampled row's result: its net cost per repetition less its baseline's,
 * and the baseline's own statistics, and the most the host took from a
 * spoiled one at the quiet level (sq_visit_loss); its figures are the run's
 * finish's (figures.h). */
static bool measure_result(const timed *t, double quiet, sq_result *res) {
    int reps = t->reps;
    res->reps = reps;
    res->samples = sq_samples_alloc((size_t)reps);
    if (!res->samples)
        return false;
    unsigned char *host = sq_samples_host(res->samples, (size_t)reps);
    sq_rounds_net_cycles(t, res->samples, host);
    bool spoiled = false;
    for (int k = 0; k < reps; k++) {
        spoiled |= host[k] != 0;
        if (host[k] && isfinite(t->kept[k].cycles))
            res->host_loss = fmax(res->host_loss, sq_visit_loss(&t->kept[k], quiet));
    }
    res->host = spoiled ? host : NULL;
    res->retaken = t->retaken;
    double *harness = malloc(sizeof *harness * (reps > 0 ? (size_t)reps : 1));
    if (!harness)
        return false;
    for (int k = 0; k < reps; k++)
        harness[k] = t->baseline->kept[k].cycles;
    res->harness = sq_stats_of(harness, reps);
    free(harness);
    return true;
}

/* Each row's result, in row order: a sampled row's measured
 * (measure_result), then a shared row's copied from the row it was timed
 * as (copy_result), before or after it; then its flags, of its own code
 * (row_flags.h). */
static int collect(engine *e, sq_run *run) {
    run->results = calloc((size_t)e->nrows, sizeof *run->results);
    sq_flag_cache flags;
    bool ok = run->results && sq_flag_cache_init(&flags);
    for (int i = 0; ok && i < e->nrows; i++)
        run->nresults += e->rows[i].row.variant != NULL; /* in place already (build_rows) */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; ok && i < e->nrows; i++) {
            timed *t = &e->rows[i];
            if (!t->row.variant || (pass == 0) != !t->shared)
                continue;
            sq_result *res = &run->results[t->result];
            ok = t->shared ? copy_result(res, &run->results[t->shared->result])
                           : measure_result(t, e->sampler.host.quiet, res);
            res->variant = t->row.variant;
            res->sequence = t->row.in->sequence;
            res->mode = t->row.mode;
            sq_result_set_flags(res, &flags);
        }
    sq_flag_cache_free(&flags);
    return ok ? 0 : sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for results");
}

/* Every repetition's clock beside every row; none of a repetition whose
 * samples were all dropped (its cpt 0, row.c): no clock of 0 Hz. */
static double *clock_readings(const engine *e, int *n) {
    double *all = malloc(sizeof *all * (size_t)e->cfg->timing.reps * (size_t)e->nrows);
    *n = 0;
    for (int i = 0; all && i < e->nrows; i++)
        for (int k = 0; k < e->rows[i].reps; k++)
            if (e->rows[i].kept[k].cpt > 0)
                all[(*n)++] = e->rows[i].kept[k].cpt;
    return all;
}

static void free_engine(engine *e) {
    for (int i = 0; i < e->nrows; i++) {
        free(e->rows[i].kept);
    }
    free(e->rows);
    for (int i = 0; i < e->ninputs; i++)
        sq_input_free(&e->inputs[i]);
    free(e->inputs);
    free(e->labels);
    free(e);
}

void sq_engine_discard(sq_engine *e, sq_run *run) {
    free_engine(e);
    sq_run_free(run);
}

int sq_engine_prepare(const sq_engine_config *cfg, sq_run *run, sq_engine **out, char *err,
                      size_t errlen) {
    memset(run, 0, sizeof *run);
    double t_start = sq_monotonic_s();
    engine *e = *out = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return SQ_ENGINE_BAD_INPUT;
    }
    *e = (engine){.cfg = cfg, .err = err, .errlen = errlen};
    sq_progress_start(&e->bar, cfg->progress ? stderr : NULL, "sqcolor", "rows", 0);
    int rc = label_files(e, run);
    if (!rc)
        rc = build_inputs(e);
    if (!rc)
        rc = build_rows(e);
    if (rc) {
        sq_engine_discard(e, run);
        *out = NULL;
        return rc;
    }
    e->prepare_s = sq_monotonic_s() - t_start;
    return 0;
}

int sq_engine_time(sq_engine *e, sq_run *run, char *err, size_t errlen) {
    const sq_engine_config *cfg = e->cfg;
    e->err = err;
    e->errlen = errlen;
    /* The run's time and --budget count preparing, not what the caller did
     * in between (verification). */
    double t_start = sq_monotonic_s() - e->prepare_s;
    int rc = cfg->checked ? 0 : check_rows(e);
    if (rc) {
        sq_engine_discard(e, run);
        return rc;
    }
    sq_calibration cal;
    sq_calibrate_clock(&cfg->timing, &cal);
    sq_sampler_init(&e->sampler, &cal, cfg->timing.sample_s,
                    cfg->order_seed ? cfg->order_seed : cfg->seed);
    e->sampler.trace = cfg->trace;
    if (cfg->trace)
        fprintf(cfg->trace, "%s\n", SQ_TRACE_HEADER);
    for (int i = 0; i < e->nrows; i++) /* a baseline takes its rows' size (same_squares) */
        if (e->rows[i].baseline)
            sq_row_size(&e->rows[i].row, cfg->timing.sample_s * cal.tsc_hz);
    if (same_squares(e))
        rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for the run's rows");
    rc = rc ? rc : sq_rounds_sample(e, t_start);
    if (!rc) {
        int n;
        double *cpt = clock_readings(e, &n);
        /* no reading at all (every sample dropped): the calibration's clock,
         * as a run of batch rows alone has */
        rc = (n ? sq_run_describe(run, cfg, &cal, cpt, n)
                : sq_run_describe(run, cfg, &cal, &cal.cycles_per_tick, 1))
                 ? sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for the run's description")
                 : 0;
        free(cpt);
        run->clock.screened = e->sampler.screened;
        run->clock.dropped = e->sampler.dropped;
        sq_rounds_mark_shared(e);
        if (sq_rounds_price_baselines(e))
            rc = sq_engine_fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for the run's rows");
        run->host[0] = e->sampler.host;
        run->nhost = 1;
        run->length = e->inputs ? e->inputs[0].n : cfg->length;
        run->sequence_huge_pages = 1;
        for (int i = 0; i < e->ninputs; i++)
            run->sequence_huge_pages &= e->inputs[i].huge;
        if (!rc)
            rc = collect(e, run);
        run->elapsed_s = sq_monotonic_s() - t_start;
        if (rc)
            sq_run_free(run);
    }
    sq_perf_cycles_close();
    free_engine(e);
    return rc;
}

int sq_engine_check(sq_engine *e, char *err, size_t errlen) {
    e->err = err;
    e->errlen = errlen;
    return check_rows(e);
}

int sq_engine_run(const sq_engine_config *cfg, sq_run *run, char *err, size_t errlen) {
    sq_engine *e;
    int rc = sq_engine_prepare(cfg, run, &e, err, errlen);
    return rc ? rc : sq_engine_time(e, run, err, errlen);
}
