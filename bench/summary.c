#include "summary.h"

#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool sq_sequence_predictable(const char *sequence) {
    return strcmp(sequence, "random") != 0 && strcmp(sequence, "file") != 0 &&
           strncmp(sequence, "file:", 5) != 0;
}

static bool in_set(const char *sequence, sq_sequence_set set) {
    switch (set) {
    case SQ_SEQUENCES_PREDICTABLE:
        return sq_sequence_predictable(sequence);
    case SQ_SEQUENCES_RANDOM:
        return strcmp(sequence, "random") == 0;
    default:
        return true;
    }
}

static bool is_variant(const sq_result *r, const char *id) {
    return r->variant->id == id || strcmp(r->variant->id, id) == 0;
}

sq_over_sequences sq_over_sequences_of(const sq_run *run, const char *id, sq_mode mode,
                                       sq_sequence_set set) {
    sq_over_sequences o = {NAN, NAN, NAN, 0, false};
    double *x = malloc(sizeof *x * 3 * (size_t)(run->nresults ? run->nresults : 1));
    if (!x)
        return o;
    double *lo = x + run->nresults, *hi = lo + run->nresults;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        if (r->mode != mode || !in_set(r->sequence, set) || !isfinite(r->cycles.median) ||
            !is_variant(r, id))
            continue;
        x[o.ncells] = r->cycles.median;
        lo[o.ncells] = r->cycles.ci_lo;
        hi[o.ncells] = r->cycles.ci_hi;
        o.ncells++;
        o.bimodal |= r->nmodes > 0;
    }
    if (o.ncells) {
        o.median = sq_stats_of(x, o.ncells).median;
        o.ci_lo = sq_stats_of(lo, o.ncells).median;
        o.ci_hi = sq_stats_of(hi, o.ncells).median;
    }
    free(x);
    return o;
}

bool sq_variant_control_dependent(const sq_run *run, const char *id) {
    for (int i = 0; i < run->nresults; i++)
        if (run->results[i].control_dependent && is_variant(&run->results[i], id))
            return true;
    return false;
}

bool sq_regimes_apart(const sq_run *run, const char *id, sq_mode mode) {
    return mode == SQ_MODE_BRANCH || sq_variant_control_dependent(run, id);
}

sq_summary sq_summary_of(const sq_run *run, const sq_variant *variant) {
    const char *id = variant->id;
    sq_summary s = {.variant = variant, .control_dependent = sq_variant_control_dependent(run, id)};
    s.latency = s.control_dependent
                    ? NAN
                    : sq_over_sequences_of(run, id, SQ_MODE_LATENCY, SQ_SEQUENCES_ALL).median;
    s.throughput =
        sq_over_sequences_of(run, id, SQ_MODE_THROUGHPUT,
                             s.control_dependent ? SQ_SEQUENCES_PREDICTABLE : SQ_SEQUENCES_ALL)
            .median;
    sq_over_sequences pred =
        sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_PREDICTABLE);
    sq_over_sequences rnd = sq_over_sequences_of(run, id, SQ_MODE_BRANCH, SQ_SEQUENCES_RANDOM);
    s.branch_predictable = pred.median;
    s.mispredict_penalty = s.penalty_lo = s.penalty_hi = NAN;
    if (pred.ncells && rnd.ncells && !pred.bimodal && !rnd.bimodal) {
        s.mispredict_penalty = (rnd.median - pred.median) / SQ_RANDOM_MISPREDICT_RATE;
        s.penalty_lo = (rnd.ci_lo - pred.ci_hi) / SQ_RANDOM_MISPREDICT_RATE;
        s.penalty_hi = (rnd.ci_hi - pred.ci_lo) / SQ_RANDOM_MISPREDICT_RATE;
    }
    return s;
}

sq_summary *sq_summaries_of(const sq_run *run, int *n) {
    *n = 0;
    sq_summary *out = run->nresults ? malloc(sizeof *out * (size_t)run->nresults) : NULL;
    for (int i = 0; out && i < run->nresults; i++) {
        const sq_variant *v = run->results[i].variant;
        bool seen = false;
        for (int k = 0; k < *n && !seen; k++)
            seen = strcmp(out[k].variant->id, v->id) == 0;
        if (!seen)
            out[(*n)++] = sq_summary_of(run, v);
    }
    return out;
}

/* Cores by CPUID vendor, family and model range, with their vendor's figure. */
typedef struct core_models {
    const char *vendor;
    unsigned family, model_lo, model_hi;
    bool virtualized_only; /* a model number a guest reports for another core */
    sq_mispredict_reference reference;
} core_models;

static const sq_mispredict_reference zen4 = {"Zen 4", "11-18, 13 typical"};
static const sq_mispredict_reference zen5 = {"Zen 5", "12-18"};
static const sq_mispredict_reference golden_cove = {"Golden Cove", "about 14-17"};

static const core_models cores[] = {
    {"AuthenticAMD", 0x19, 0x10, 0x1f, false, zen4},
    {"AuthenticAMD", 0x19, 0x60, 0x7f, false, zen4},
    {"AuthenticAMD", 0x19, 0xa0, 0xaf, false, zen4},
    {"AuthenticAMD", 0x1a, 0x00, 0xff, false, zen5},
    {"GenuineIntel", 6, 0x8f, 0x8f, false, golden_cove}, /* Sapphire Rapids */
    {"GenuineIntel", 6, 0xcf, 0xcf, false, golden_cove}, /* Emerald Rapids */
    {"GenuineIntel", 6, 0x97, 0x97, false, golden_cove}, /* Alder Lake's P-cores */
    {"GenuineIntel", 6, 0x9a, 0x9a, false, golden_cove},
    /* On bare metal 0xa7 is Rocket Lake; it is also what this project's
     * Sapphire-Rapids-class KVM guest reports, so it counts only in a guest. */
    {"GenuineIntel", 6, 0xa7, 0xa7, true, golden_cove},
};

const sq_mispredict_reference *sq_mispredict_reference_of(const sq_machine *m) {
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++) {
        const core_models *c = &cores[i];
        if (strcmp(m->vendor, c->vendor) == 0 && m->family == c->family &&
            m->model >= c->model_lo && m->model <= c->model_hi &&
            (!c->virtualized_only || m->hypervisor))
            return &c->reference;
    }
    return NULL;
}
