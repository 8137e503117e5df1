#include "bench/compare/batch_rows.h"

#include "bench/compare/rules.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int unmatched(const sq_run *from, const sq_batch_index *in) {
    int n = 0;
    for (int i = 0; i < from->nbatch; i++)
        n += !sq_batch_find(in, from->batch[i].id, from->batch[i].n);
    return n;
}

/* The p-value of a matched pair, tested as scalar rows are: Student's t on
 * per-process medians of the clean samples (samples where neither has two
 * processes); NAN where a side keeps no samples (older files) or there is
 * nothing to test. */
static double batch_p(const sq_batch_result *x, const sq_batch_result *y) {
    if (!x->samples || !y->samples || x->reps < 1 || y->reps < 1)
        return NAN;
    size_t n = (size_t)(x->reps + y->reps);
    double *u = malloc(sizeof *u * n * 2);
    unsigned char *g = malloc(n);
    if (!u || !g) {
        free(u), free(g);
        return NAN;
    }
    double *cx = u + n, *cy = cx + x->reps;
    unsigned char *gx = g, *gy = g + x->reps;
    int kx = sq_samples_clean(x->samples, x->process, x->host, x->reps, cx, gx),
        ky = sq_samples_clean(y->samples, y->process, y->host, y->reps, cy, gy);
    const unsigned char *px = x->process ? gx : NULL, *py = y->process ? gy : NULL;
    bool by_samples = sq_group_count(px, kx) < 2 && sq_group_count(py, ky) < 2;
    int nx = sq_test_units(cx, px, kx, by_samples, u),
        ny = sq_test_units(cy, py, ky, by_samples, u + kx);
    double p = nx && ny ? sq_t_test(u, nx, u + kx, ny).p : NAN;
    free(u), free(g);
    return p;
}

/* A batch row's speeds: its two, or its median alone. */
static int speeds_of(const sq_batch_result *b, sq_speed out[SQ_MAX_MODES]) {
    if (b->nmodes == SQ_MAX_MODES) {
        memcpy(out, b->modes, sizeof b->modes);
        return SQ_MAX_MODES;
    }
    out[0] = (sq_speed){b->cycles.median, 1};
    return 1;
}

/* Whether x's and y's speeds tell of a change (sq_compare_speeds_differ),
 * on their clean samples where they keep samples. Past L2 a batch row reads
 * at several speeds, one per placement of its data (Intel 0xa7,
 * color_mask/scalar/clang-15 at 256 KiB: 1.95, 2.01, 2.13, 2.20 and 2.40
 * cycles), and two runs of one build took two of them each: "slower" by
 * 5.9%. */
static bool speeds_differ(const sq_batch_result *x, const sq_speed *sx, int nx,
                          const sq_batch_result *y, const sq_speed *sy, int ny) {
    bool sampled = x->samples && y->samples;
    size_t n = sampled ? (size_t)(x->reps + y->reps) + 1 : 1;
    double *v = malloc(sizeof *v * n);
    unsigned char *g = malloc(n);
    int kx = 0, ky = 0;
    if (sampled && v && g) {
        kx = sq_samples_clean(x->samples, x->process, x->host, x->reps, v, g);
        ky = sq_samples_clean(y->samples, y->process, y->host, y->reps, v + kx, g + kx);
    }
    bool differ =
        sq_compare_speeds_differ(SQ_ROWS_BATCH, sx, nx, v, kx, sy, ny, v ? v + kx : v, ky);
    free(v), free(g);
    return differ;
}

/* A's batch row x against B's y: by their speeds where the rules say
 * (sq_compare_by_speeds: the test would measure how the processes fell
 * between them); else with samples on both sides (p finite), significant at
 * false discovery rate q (adjusted, p adjusted over the batch rows) and over
 * the floor; rows without samples, by their intervals apart; never between
 * medians that print alike. */
static sq_batch_verdict judge(const sq_batch_result *x, const sq_batch_result *y, double p,
                              double adjusted, double q, bool by_runs) {
    sq_batch_verdict v = {.ratio = y->cycles.median / x->cycles.median};
    const sq_stats *s = &x->cycles, *t = &y->cycles;
    bool two = x->nmodes == SQ_MAX_MODES || y->nmodes == SQ_MAX_MODES;
    bool differ;
    if (sq_compare_by_speeds(two, by_runs, p)) {
        sq_speed sx[SQ_MAX_MODES], sy[SQ_MAX_MODES];
        int nx = speeds_of(x, sx), ny = speeds_of(y, sy);
        differ = speeds_differ(x, sx, nx, y, sy, ny);
    } else if (isfinite(p)) {
        differ = adjusted <= q && sq_compare_clears_floor(SQ_ROWS_BATCH, s->median, t->median, 0);
    } else { /* older files: no samples to test */
        differ = s->ci_hi < t->ci_lo || t->ci_hi < s->ci_lo;
    }
    /* Never under the floor, whatever decided: by its speeds a row moved 2%
     * (same_color_batch/sse2/asm at 256 KiB, 0.0922 to 0.0941, Zen 5) was
     * called slower between two runs of one build. */
    differ &= sq_compare_printed_apart(SQ_ROWS_BATCH, s->median, t->median) &&
              sq_compare_clears_floor(SQ_ROWS_BATCH, s->median, t->median, 0);
    v.slower = differ && t->median > s->median;
    v.faster = differ && t->median < s->median;
    return v;
}

/* verdicts[i] for a's batch row i (judge; ratio NAN: not in b), NULL when
 * out of memory. */
static sq_batch_verdict *batch_verdicts(const sq_run *a, const sq_batch_index *ib, double q,
                                        double fail_over, bool by_runs, bool cores_differ) {
    int n = a->nbatch;
    sq_batch_verdict *v = calloc((size_t)n + 1, sizeof *v);
    double *p = calloc((size_t)n + 1, sizeof *p),
           *adjusted = calloc((size_t)n + 1, sizeof *adjusted);
    if (!v || !p || !adjusted) {
        free(v), free(p), free(adjusted);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        const sq_batch_result *y = sq_batch_find(ib, a->batch[i].id, a->batch[i].n);
        p[i] = y ? batch_p(&a->batch[i], y) : NAN;
    }
    sq_bh_adjust(p, n, adjusted);
    for (int i = 0; i < n; i++) {
        const sq_batch_result *x = &a->batch[i], *y = sq_batch_find(ib, x->id, x->n);
        v[i] = y ? judge(x, y, p[i], adjusted[i], q, by_runs) : (sq_batch_verdict){.ratio = NAN};
        /* Where the host spoiled a side, its figure holds what the host did:
         * not judged, as a scalar row's (scalar_rows.c). */
        if (y && (cores_differ || x->host_spoiled || y->host_spoiled))
            v[i] = (sq_batch_verdict){.host = true, .ratio = v[i].ratio};
        v[i].over = v[i].slower && fail_over >= 0 && (v[i].ratio - 1) * 100 > fail_over;
    }
    free(p);
    free(adjusted);
    return v;
}

int sq_batch_compare(const sq_run *a, const sq_run *b, double q, double fail_over, bool by_runs,
                     bool cores_differ, sq_batch_comparison *c) {
    *c = (sq_batch_comparison){.a = a, .b = b};
    sq_batch_index ia = {0}; /* freeable whichever init fails */
    if (sq_batch_index_init(&ia, a) || sq_batch_index_init(&c->ib, b) ||
        !(c->verdicts = batch_verdicts(a, &c->ib, q, fail_over, by_runs, cores_differ))) {
        sq_batch_index_free(&ia);
        sq_batch_comparison_free(c);
        return -1;
    }
    for (int i = 0; i < a->nbatch; i++) {
        const sq_batch_verdict *v = &c->verdicts[i];
        c->matched += sq_batch_find(&c->ib, a->batch[i].id, a->batch[i].n) != NULL;
        c->slower += v->slower;
        c->faster += v->faster;
        c->host += v->host;
        c->gate += v->over;
    }
    c->only_a = unmatched(a, &c->ib);
    c->only_b = unmatched(b, &ia);
    sq_batch_index_free(&ia);
    return 0;
}

const sq_batch_result *sq_batch_shown(const sq_batch_comparison *c, int i, bool all,
                                      const sq_batch_result **y) {
    const sq_batch_result *x = &c->a->batch[i];
    *y = sq_batch_find(&c->ib, x->id, x->n);
    if (!*y || !(all || c->verdicts[i].slower || c->verdicts[i].faster))
        return NULL;
    return x;
}

bool sq_batch_shows_rows(const sq_batch_comparison *c, bool all) {
    return (all ? c->matched : c->slower + c->faster) > 0;
}

const char *sq_batch_verdict_word(const sq_batch_verdict *v) {
    return v->host ? "host" : v->slower ? "slower" : v->faster ? "faster" : "same";
}

void sq_batch_comparison_free(sq_batch_comparison *c) {
    free(c->verdicts);
    c->verdicts = NULL;
    sq_batch_index_free(&c->ib);
}
