#include "bench/results/cells.h"

#include "bench/util/stats.h"
#include "bench/results/summary.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DAGGER      "†"
#define LOOP_BRANCH "‡"
#define CHAIN_APART "§"
#define SHARED      "≡"
#define HOST        "~"

sq_estimate sq_estimate_of(double m, double lo, double hi) {
    sq_stats s = {.median = m, .ci_lo = lo, .ci_hi = hi};
    if (!isfinite(m))
        return (sq_estimate){SQ_ESTIMATE_NONE, NAN, NAN};
    /* A cost has no lower side below zero (that is the harness's slack):
     * what the interval says is how much it could cost at most. */
    if (sq_cost_about_zero(s)) {
        double bound = fmax(hi, 0);
        return (sq_estimate){SQ_ESTIMATE_ABOUT_ZERO, isfinite(bound) ? bound : NAN, NAN};
    }
    double half = fabs(sq_ci_halfwidth(s)); /* fabs: an inverted interval read from a file */
    return (sq_estimate){SQ_ESTIMATE_MEDIAN, m, isfinite(half) ? half : NAN};
}

void sq_cell_estimate(char *buf, size_t len, double m, double lo, double hi, int decimals) {
    sq_estimate e = sq_estimate_of(m, lo, hi);
    if (e.kind == SQ_ESTIMATE_NONE)
        snprintf(buf, len, "-");
    else if (e.kind == SQ_ESTIMATE_ABOUT_ZERO && isfinite(e.value) &&
             e.value >= 0.5 * pow(10, -decimals)) /* "≈0≤0.00" says nothing "≈0" does not */
        snprintf(buf, len, "≈0≤%.*f", decimals, e.value);
    else if (e.kind == SQ_ESTIMATE_ABOUT_ZERO)
        snprintf(buf, len, "≈0");
    else if (isfinite(e.half))
        snprintf(buf, len, "%.*f±%.*f", decimals, e.value, decimals, e.half);
    else
        snprintf(buf, len, "%.*f", decimals, e.value);
}

void sq_cell_value(char *buf, size_t len, double x, int decimals) {
    if (!isfinite(x))
        snprintf(buf, len, "-");
    else if (x < SQ_RESOLUTION_CYCLES)
        snprintf(buf, len, "≈0");
    else
        snprintf(buf, len, "%.*f", decimals, x);
}

static bool chain_mode(sq_mode mode) {
    return mode == SQ_MODE_LATENCY || mode == SQ_MODE_CALL;
}

bool sq_cell_dagger(const sq_result *r) {
    return r->control_dependent && chain_mode(r->mode);
}

void sq_cell_text(char *buf, size_t len, const sq_result *r) {
    if (!r) {
        snprintf(buf, len, "-");
        return;
    }
    if (r->nmodes > 0) {
        char fast[32], slow[32];
        sq_cell_value(fast, sizeof fast, r->modes[0].cycles, 2);
        sq_cell_value(slow, sizeof slow, r->modes[r->nmodes - 1].cycles, 2);
        snprintf(buf, len, "%s|%s", fast, slow);
    } else {
        sq_cell_estimate(buf, len, r->cycles.median, r->cycles.ci_lo, r->cycles.ci_hi, 2);
    }
    if (strcmp(buf, "-") != 0) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%s%s%s%s%s", r->host_spoiled ? HOST : "",
                 sq_cell_dagger(r) ? DAGGER : "", r->loop_branch_only ? LOOP_BRANCH : "",
                 r->chain_apart ? CHAIN_APART : "", r->shared_from ? SHARED : "");
    }
}

bool sq_cell_ties_best(const sq_result *r, const sq_result *best) {
    double rank = sq_cell_rank(r), least = sq_cell_rank(best);
    if (!isfinite(rank) || !isfinite(least))
        return false;
    return rank - least < SQ_RESOLUTION_CYCLES || r->cycles.ci_lo <= best->cycles.ci_hi;
}

double sq_cell_rank(const sq_result *r) {
    if (!r || !isfinite(r->cycles.median) || r->nmodes || r->host_spoiled || sq_cell_dagger(r) ||
        r->loop_branch_only || r->chain_apart)
        return INFINITY;
    return sq_about_zero(r->cycles) ? 0 : r->cycles.median;
}

void sq_cell_over_sequences(char *buf, size_t len, const sq_run *run, const char *id,
                            sq_mode mode) {
    char dagger[24];
    snprintf(dagger, sizeof dagger, "%s%s%s%s",
             chain_mode(mode) && sq_variant_control_dependent(run, id, mode) ? DAGGER : "",
             sq_variant_loop_branch_only(run, id, mode) ? LOOP_BRANCH : "",
             sq_variant_chain_apart(run, id, mode) ? CHAIN_APART : "",
             sq_variant_shared(run, id, mode) ? SHARED : "");
    if (!sq_regimes_apart(run, id, mode)) {
        char v[32];
        sq_cell_value(v, sizeof v, sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_ALL).median, 2);
        snprintf(buf, len, "%s%s", v, strcmp(v, "-") ? dagger : "");
        return;
    }
    sq_over_sequences pred = sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_PREDICTABLE);
    sq_over_sequences rnd = sq_over_sequences_of(run, id, mode, SQ_SEQUENCES_RANDOM);
    char p[32], r[32];
    sq_cell_value(p, sizeof p, pred.median, 2);
    sq_cell_value(r, sizeof r, rnd.median, 2);
    if (pred.ncells && rnd.ncells)
        snprintf(buf, len, "%s / %s rnd%s", p, r, dagger);
    else if (rnd.ncells)
        snprintf(buf, len, "%s rnd%s", r, dagger);
    else if (pred.ncells)
        snprintf(buf, len, "%s%s", p, dagger);
    else
        snprintf(buf, len, "-");
}

#define LEFT_OUT "‖"

void sq_headline_text(char *buf, size_t len, const sq_headline *h, int decimals) {
    if (h->control_dependent) {
        snprintf(buf, len, DAGGER);
    } else if (!h->ncells && h->nbimodal) {
        snprintf(buf, len, "2 speeds");
    } else {
        sq_cell_estimate(buf, len, h->median, h->lo, h->hi, decimals);
        size_t n = strlen(buf);
        if (strcmp(buf, "-") != 0) {
            sq_headline_marks(buf + n, len - n, h);
            n += strlen(buf + n);
            snprintf(buf + n, len - n, "%s", h->shared ? SHARED : "");
        }
    }
}

void sq_headline_marks(char *buf, size_t len, const sq_headline *h) {
    snprintf(buf, len, "%s%s%s%s", h->nspoiled ? HOST : "", h->nbimodal ? LEFT_OUT : "",
             h->loop_branch_only ? LOOP_BRANCH : "", h->chain_apart ? CHAIN_APART : "");
}

double sq_headline_rank(const sq_headline *h) {
    if (!h || h->control_dependent || h->loop_branch_only || h->chain_apart || !h->ncells ||
        h->nspoiled || !isfinite(h->median))
        return INFINITY;
    sq_stats s = {.median = h->median, .ci_lo = h->lo, .ci_hi = h->hi};
    return sq_cost_about_zero(s) ? 0 : h->median;
}

bool sq_headline_ties(const sq_headline *h, const sq_headline *best) {
    double rank = sq_headline_rank(h), least = sq_headline_rank(best);
    if (!isfinite(rank) || !isfinite(least))
        return false;
    return rank - least < SQ_RESOLUTION_CYCLES || h->lo <= best->hi;
}

bool sq_headline_wins(const sq_headline *h, const sq_headline *other) {
    double rank = sq_headline_rank(h), against = sq_headline_rank(other);
    return isfinite(rank) && isfinite(against) && rank < against && !sq_headline_ties(other, h);
}
