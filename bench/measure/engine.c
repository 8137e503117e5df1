/* sqcolor run's engine: which rows a run has, their answers checked, then
 * repetitions spent where they are needed, and each row's net cost. */
#include "bench/measure/engine.h"

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

/* A row as the run times it: per repetition, its fastest visit so far. */
typedef struct timed {
    sq_row row;
    sq_visit *kept; /* per repetition: its fastest visit (sq_visit_faster): core cycles
                       per square, the clock and probe beside them, what the host did */
    struct timed *baseline;
    struct timed *shared;    /* the row of byte-identical code whose figure this one takes
                                (share.h), not sampled itself; NULL: sampled */
    int result;              /* its row in the run's results (collect) */
    int reps;                /* repetitions taken */
    int retaken;             /* samples taken again, the host having spoiled them */
    bool active;             /* still sampled */
    double need;             /* how much it needs more repetitions (need_of) */
    double cost;             /* a baseline's: what it costs (price_baselines) ... */
    unsigned char cost_host; /* ... and what spoiled it, where none of it is clean */
} timed;

typedef struct sq_engine {
    const sq_engine_config *cfg;
    double prepare_s; /* seconds sq_engine_prepare took: part of the run's */
    sq_sampler sampler;
    sq_input *inputs;
    int ninputs;
    timed *rows;
    int nrows;
    int nsampled;        /* rows sampled: not shared (share.h), baselines of those */
    const char **labels; /* each asked sequence's label (label_files): NULL for built-ins */
    char *err;
    size_t errlen;
    sq_progress bar; /* the rounds' progress line (cfg->progress) */
} engine;

static int fail(engine *e, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, e->errlen, fmt, ap);
    va_end(ap);
    return code;
}

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
                return fail(e, SQ_ENGINE_BAD_INPUT, "--sequence: '%s' is named twice",
                            cfg->sequences[i]);
    e->labels = calloc((size_t)cfg->nsequences + 1, sizeof *e->labels);
    if (!e->labels)
        return fail(e, SQ_ENGINE_BAD_INPUT, "out of memory");
    for (int i = 0; i < cfg->nsequences; i++)
        if (sq_sequence_path(cfg->sequences[i]) && !(e->labels[i] = file_label(cfg, i, run)))
            return fail(e, SQ_ENGINE_BAD_INPUT, "out of memory");
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
            return fail(e, SQ_ENGINE_BAD_INPUT,
                        "--sequence: '%s' is not a sequence of the selected families (one square: "
                        "%s, file:PATH, pgn:PATH; pairs: %s, file:PATH)",
                        e->cfg->sequences[i], sq_sequence_names(1), sq_sequence_names(2));
    }
    e->inputs = calloc((size_t)sq_family_count * 16, sizeof *e->inputs);
    if (!e->inputs)
        return fail(e, SQ_ENGINE_BAD_INPUT, "out of memory");
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

/* A baseline per (impl, input, mode); call mode has one identity per input. */
static timed *find_baseline(engine *e, const sq_impl *impl, const sq_input *in, sq_mode mode) {
    if (mode == SQ_MODE_CALL)
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
        return fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
    }
    int rc = 0;
    for (int m = 0; m < SQ_MODE_COUNT && !rc; m++) {
        if (!e->cfg->mode[m])
            continue;
        if (e->cfg->no_share)
            for (int k = 0; k < nv; k++)
                from[k] = k;
        else if (sq_share_plan(e->cfg->variants, nv, (sq_mode)m, from) < 0)
            rc = fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
        for (int k = 0; k < nv && !rc; k++) {
            const sq_variant *v = e->cfg->variants[k];
            for (int i = 0; i < ni && !rc; i++) {
                row_of[k * ni + i] = -1;
                if (e->inputs[i].family != v->family)
                    continue;
                row_of[k * ni + i] = e->nrows;
                if (!add_row(e, v, sq_impl_find(v->impl), &e->inputs[i], (sq_mode)m))
                    rc = fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
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
                rc = fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for rows");
        }
    }
    free(from);
    free(row_of);
    return rc;
}

/* Every kernel's answers before any timing. */
static int check_rows(engine *e) {
    for (int i = 0; i < e->nrows; i++)
        if (!sq_row_check(&e->rows[i].row, e->err, e->errlen))
            return SQ_ENGINE_CHECK_FAILED;
    return 0;
}

/* ---- sampling ----------------------------------------------------------- */

/* One visit of a row for repetition rep: a repetition keeps its fastest
 * visit. Some loops settle into one of two speeds for the length of a visit
 * (on the Intel guest this was written on, the throughput harness at 0.56 or
 * 0.77 cycles per square; via_color/gcc-12 at 2.13 or 2.88): the samples of
 * one visit share its luck, visits in other passes do not. */
static bool time_row(engine *e, timed *t, int rep, int v) {
    int visits = sq_engine_visits(e->cfg), samples = e->cfg->timing.samples;
    sq_visit got;
    long retaken = e->sampler.host.retaken;
    e->sampler.rep = rep;
    e->sampler.visit = v;
    bool right =
        sq_row_visit(&e->sampler, &t->row, samples / visits + (v < samples % visits), &got);
    t->retaken += (int)(e->sampler.host.retaken - retaken);
    if (v == 0 || sq_visit_faster(&got, &t->kept[rep], e->sampler.cal.perf))
        t->kept[rep] = got;
    return right;
}

/* A random order of n rows, Fisher-Yates. */
static void shuffle_rows(timed **order, int n, uint64_t *state) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sq_random_below(state, (uint64_t)i + 1);
        timed *t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

/* What each baseline costs (its cost and cost_host): the lower quartile of
 * its clean repetitions, where it has two or more. The identity loop's cost
 * does not move between repetitions, and the host only slows a clean one
 * (a virtual CPU descheduled inside a sample whose clocks agree): its
 * faster clean repetitions are the ones the host touched least. One
 * repetition slowed in all its visits, subtracted, took every row of its
 * input below its chain at once, and with the 3 repetitions of --quick at
 * a load of 12 on the two vCPUs of the AMD Zen 5 guest (0x1a/2) a median of
 * them did too (13 to 27 samples a run up to 0.75 cycle under their
 * chains). With fewer clean, the lower quartile of those whose clock held,
 * and every row subtracting it is marked as its baseline was. */
static int by_cycles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int price_baselines(engine *e) {
    double *x = malloc(sizeof *x * (size_t)e->cfg->timing.reps);
    if (!x)
        return -1;
    for (int i = 0; i < e->nrows; i++) {
        timed *b = &e->rows[i];
        int n = 0;
        if (b->row.variant || !b->reps)
            continue;
        /* clean ones; else those whose clock held; else all */
        static const unsigned char allowed[] = {0, SQ_HOST_SHARED, SQ_HOST_SHARED | SQ_HOST_MOVED};
        for (int level = 0; level < 3 && n < 2; level++) {
            b->cost_host = allowed[level];
            n = 0;
            for (int k = 0; k < b->reps; k++)
                if (!(b->kept[k].host & ~allowed[level]))
                    x[n++] = b->kept[k].cycles;
        }
        qsort(x, (size_t)n, sizeof *x, by_cycles);
        b->cost = n ? x[(n - 1) / 4] : NAN;
    }
    free(x);
    return 0;
}

/* A variant row's net cost per repetition so far: core cycles less its
 * baseline's (price_baselines); with host, what the host did to it. */
static void net_cycles(const timed *t, double *out, unsigned char *host) {
    for (int k = 0; k < t->reps; k++) {
        out[k] = t->kept[k].cycles - t->baseline->cost;
        if (host)
            host[k] = t->kept[k].host | t->baseline->cost_host;
    }
}

/* The repetitions the host left clean, moved to the front of x; how many. */
static int clean_first(double *x, const unsigned char *host, int n) {
    int c = 0;
    for (int k = 0; k < n; k++)
        if (!host[k]) {
            double v = x[c];
            x[c++] = x[k];
            x[k] = v;
        }
    return c;
}

/* Marks shared every repetition whose probe reads under the quiet level as
 * it stands now: the level rises as quiet readings come, and a run that
 * began on a shared core took its first samples as clean. */
static void mark_shared(engine *e) {
    double quiet = e->sampler.host.quiet;
    for (int i = 0; i < e->nrows; i++)
        for (int k = 0; k < e->rows[i].reps; k++) {
            sq_visit *v = &e->rows[i].kept[k];
            if (isfinite(v->cycles) && sq_alu_shared(v->alu, quiet))
                v->host |= SQ_HOST_SHARED;
        }
}

/* How much a row needs more repetitions, 0 when it has what it needs: an
 * interval of its median within the tolerance, or wholly below the
 * resolution (it reads ≈0 however many more repetitions it gets: a loop
 * ahead of its harness by 3 or 4 cycles, say). Otherwise its interval's
 * width over the tolerance; a row at two speeds 1 (it keeps being sampled,
 * so the speeds and their shares are well measured); a row with fewer clean
 * repetitions than the fewest, more than any other. */
static double need_of(const engine *e, const timed *t, double *scratch, unsigned char *host) {
    net_cycles(t, scratch, host);
    int clean = clean_first(scratch, host, t->reps);
    if (clean < sq_engine_min_reps(e->cfg))
        return HUGE_VAL;
    sq_stats s = sq_stats_of(scratch, clean);
    sq_speed modes[SQ_MAX_MODES];
    if (sq_modes_of(scratch, clean, modes))
        return 1;
    double half = sq_ci_halfwidth(s),
           tolerance = fmax(e->cfg->tight * fabs(s.median), e->cfg->tight_abs);
    if (half <= tolerance || s.ci_hi < SQ_RESOLUTION_CYCLES)
        return 0;
    return half / tolerance;
}

/* The round's rows and share done, and the time it has left at the pace so
 * far (the round after it, if any, only for rows not yet settled). */
static void progress(engine *e, int reps, int active, double done, double t_round) {
    if (!e->cfg->progress)
        return;
    double left = sq_progress_left_s(sq_monotonic_s() - t_round, done);
    char line[256];
    snprintf(line, sizeof line,
             "sqcolor: %s%s%s%d of %d rows at %d repetitions, %3.0f%%, %.0f s left in this round",
             e->cfg->process ? "process " : "", e->cfg->process ? e->cfg->process : "",
             e->cfg->process ? ": " : "", active, e->nsampled, reps, 100 * done,
             isnan(left) ? 0 : left);
    sq_progress_line(&e->bar, line);
}

/* Repetitions [k0, k1) of the active rows: (k1 - k0) x visits passes, each
 * over the active rows in a new order. Pass p is a visit of repetition k0 +
 * p % (k1 - k0), so a repetition's visits are spread over the round, and drift
 * touches every row alike. The order matters: which kernel ran just before
 * decides the speed some loops settle into (texel's throughput kernel at 1.65
 * or 1.88 cycles per square on the Intel guest), and in a fixed order that
 * predecessor is always the same. The order follows --seed. */
static int sample_round(engine *e, timed **order, int nactive, int k0, int k1, uint64_t *shuffle) {
    int span = k1 - k0, passes = span * sq_engine_visits(e->cfg);
    double t_round = sq_monotonic_s();
    for (int pass = 0; pass < passes; pass++) {
        shuffle_rows(order, nactive, shuffle);
        for (int i = 0; i < nactive; i++) {
            timed *t = order[i];
            if (!time_row(e, t, k0 + pass % span, pass / span))
                return fail(e, SQ_ENGINE_CHECK_FAILED,
                            "kernel check failed while timing %s (%s, %s)", t->row.variant->id,
                            sq_mode_names[t->row.mode], t->row.in->sequence);
        }
        progress(e, k1, nactive, (double)(pass + 1) / passes, t_round);
    }
    for (int i = 0; i < nactive; i++)
        order[i]->reps = k1;
    return 0;
}

/* Makes active every baseline of an active row; returns how many rows are
 * active. */
static int activate_baselines(engine *e) {
    int nactive = 0;
    for (int i = 0; i < e->nrows; i++)
        if (e->rows[i].row.variant && e->rows[i].active)
            e->rows[i].baseline->active = true;
    for (int i = 0; i < e->nrows; i++)
        nactive += e->rows[i].active;
    return nactive;
}

/* The rows (baselines too) holding a repetition the host spoiled, into
 * order; how many repetitions they hold. */
static int spoiled_rows(engine *e, timed **order, int *n) {
    int reps = 0;
    *n = 0;
    for (int i = 0; i < e->nrows; i++) {
        timed *t = &e->rows[i];
        int mine = 0;
        for (int k = 0; k < t->reps; k++)
            mine += t->kept[k].host != 0;
        if (mine)
            order[(*n)++] = t;
        reps += mine;
    }
    return reps;
}

/* One more visit of every repetition the host spoiled, the rows in a new
 * order, while the budget allows (at per_visit seconds a visit): a clean
 * sample replaces the spoiled one (sq_visit_faster), within the
 * repetitions a row was given. Up to SQ_RETAKE_PASSES passes; the visits
 * made into *visits. */
#define SQ_RETAKE_PASSES 2
static int retake_spoiled(engine *e, timed **order, uint64_t *shuffle, double t_start,
                          double per_visit, double *visits) {
    for (int pass = 0; pass < SQ_RETAKE_PASSES; pass++) {
        int n, reps = spoiled_rows(e, order, &n);
        double left = e->cfg->budget_s - (sq_monotonic_s() - t_start);
        if (!reps || (e->cfg->budget_s > 0 && reps * per_visit > left))
            return 0;
        shuffle_rows(order, n, shuffle);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < order[i]->reps; k++)
                if (order[i]->kept[k].host && !time_row(e, order[i], k, 1))
                    return fail(e, SQ_ENGINE_CHECK_FAILED,
                                "kernel check failed while timing %s (%s, %s)",
                                order[i]->row.variant ? order[i]->row.variant->id : "the harness",
                                sq_mode_names[order[i]->row.mode], order[i]->row.in->sequence);
        *visits += reps;
        mark_shared(e);
    }
    return 0;
}

static int by_need(const void *a, const void *b) {
    const timed *x = *(timed *const *)a, *y = *(timed *const *)b;
    return (x->need < y->need) - (x->need > y->need);
}

/* Keeps active the neediest rows whose visits, with their baselines', fit
 * in `room` visits of a row; the rest stop. The budget goes to the rows
 * that need it, not evenly. Returns the rows active. */
static int fit_budget(engine *e, timed **order, double room) {
    int n = 0;
    for (int i = 0; i < e->nrows; i++) {
        timed *t = &e->rows[i];
        if (t->row.variant && t->active)
            order[n++] = t;
        t->active = false;
    }
    qsort(order, (size_t)n, sizeof *order, by_need);
    int used = 0;
    for (int i = 0; i < n; i++) {
        int cost = 1 + !order[i]->baseline->active;
        if (used + cost > room)
            break;
        order[i]->active = order[i]->baseline->active = true;
        used += cost;
    }
    return used;
}

/* Rounds until every row is settled, has the most repetitions, or the
 * budget is spent: a round that would end past it (its length foreseen from
 * the visits so far) is cut to the neediest rows that fit (fit_budget). A
 * baseline is sampled while any of its rows is; a shared row never is, nor
 * a baseline only shared rows would have had. */
static int sample_rows(engine *e, double t_start) {
    const sq_engine_config *cfg = e->cfg;
    timed **order = malloc(sizeof *order * (size_t)e->nrows);
    double *scratch = malloc(sizeof *scratch * (size_t)cfg->timing.reps);
    unsigned char *host = malloc((size_t)cfg->timing.reps);
    if (!order || !scratch || !host) {
        free(order);
        free(scratch);
        free(host);
        return fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for %d rows", e->nrows);
    }
    uint64_t shuffle = (cfg->order_seed ? cfg->order_seed : cfg->seed) ^ SQ_ORDER_SALT;
    for (int i = 0; i < e->nrows; i++)
        e->rows[i].active = e->rows[i].row.variant && !e->rows[i].shared;
    e->nsampled = activate_baselines(e);
    int rc = 0, k0 = 0, k1 = sq_engine_min_reps(cfg), nactive = 0;
    double visits = 0, t_sampling = sq_monotonic_s();
    while (!rc && k0 < k1) {
        nactive = 0;
        for (int i = 0; i < e->nrows; i++)
            if (e->rows[i].active)
                order[nactive++] = &e->rows[i];
        rc = sample_round(e, order, nactive, k0, k1, &shuffle);
        visits += (double)nactive * (k1 - k0) * sq_engine_visits(cfg);
        mark_shared(e);
        if (!rc)
            rc = retake_spoiled(e, order, &shuffle, t_start,
                                (sq_monotonic_s() - t_sampling) / visits, &visits);
        if (!rc && price_baselines(e))
            rc = fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for %d rows", e->nrows);
        for (int i = 0; i < e->nrows; i++) {
            timed *t = &e->rows[i];
            t->need = t->row.variant && t->active ? need_of(e, t, scratch, host) : 0;
            t->active = t->need > 0;
        }
        nactive = activate_baselines(e);
        k0 = k1;
        k1 = k1 + SQ_RUN_REPS_STEP < cfg->timing.reps ? k1 + SQ_RUN_REPS_STEP : cfg->timing.reps;
        double now = sq_monotonic_s(),
               per_row = (now - t_sampling) / visits * (k1 - k0) * sq_engine_visits(cfg);
        if (cfg->budget_s > 0 && now - t_start + per_row * nactive > cfg->budget_s)
            nactive = fit_budget(e, order, (cfg->budget_s - (now - t_start)) / per_row);
        if (!nactive)
            k1 = k0;
    }
    free(order);
    free(scratch);
    free(host);
    sq_progress_clear(&e->bar);
    return rc;
}

/* ---- results ------------------------------------------------------------ */

/* A shared row's result: the samples and harness of the row it was timed
 * as, src, marked with src's id; the flags its own (collect). */
static bool copy_result(sq_result *res, const sq_result *src) {
    res->shared_from = src->variant->id;
    return sq_result_take_samples(res, src);
}

/* A sampled row's result: its net cost per repetition less its baseline's,
 * and the baseline's own statistics; its figures are the run's finish's
 * (figures.h). */
static bool measure_result(const timed *t, sq_result *res) {
    int reps = t->reps;
    res->reps = reps;
    res->samples = sq_samples_alloc((size_t)reps);
    if (!res->samples)
        return false;
    unsigned char *host = sq_samples_host(res->samples, (size_t)reps);
    net_cycles(t, res->samples, host);
    bool spoiled = false;
    for (int k = 0; k < reps; k++)
        spoiled |= host[k] != 0;
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
        if (e->rows[i].row.variant)
            e->rows[i].result = run->nresults++;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; ok && i < e->nrows; i++) {
            timed *t = &e->rows[i];
            if (!t->row.variant || (pass == 0) != !t->shared)
                continue;
            sq_result *res = &run->results[t->result];
            ok = t->shared ? copy_result(res, &run->results[t->shared->result])
                           : measure_result(t, res);
            res->variant = t->row.variant;
            res->sequence = t->row.in->sequence;
            res->mode = t->row.mode;
            sq_result_set_flags(res, &flags);
        }
    sq_flag_cache_free(&flags);
    return ok ? 0 : fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for results");
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
    for (int i = 0; i < e->nrows; i++)
        if (!e->rows[i].shared)
            sq_row_size(&e->rows[i].row, cfg->timing.sample_s * cal.tsc_hz);
    rc = sample_rows(e, t_start);
    if (!rc) {
        int n;
        double *cpt = clock_readings(e, &n);
        /* no reading at all (every sample dropped): the calibration's clock,
         * as a run of batch rows alone has */
        rc = (n ? sq_run_describe(run, cfg, &cal, cpt, n)
                : sq_run_describe(run, cfg, &cal, &cal.cycles_per_tick, 1))
                 ? fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for the run's description")
                 : 0;
        free(cpt);
        run->clock.screened = e->sampler.screened;
        run->clock.dropped = e->sampler.dropped;
        mark_shared(e);
        if (price_baselines(e))
            rc = fail(e, SQ_ENGINE_BAD_INPUT, "out of memory for the run's rows");
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
