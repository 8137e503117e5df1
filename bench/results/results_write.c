#include "bench/results/results_write.h"

#include "bench/results/json_arena.h"
#include "bench/results/code_check.h"
#include "bench/results/results_schema.h"
#include "bench/results/summary.h"
#include "bench/util/escape.h"
#include "bench/util/failure.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 character at p, or 0 where the bytes are not one
 * (a NUL ends a sequence too). */
static size_t utf8_char_length(const unsigned char *p) {
    if (p[0] < 0x80)
        return 1;
    size_t n;
    uint32_t c, least;
    if ((p[0] & 0xe0) == 0xc0)
        n = 2, c = p[0] & 0x1fu, least = 0x80;
    else if ((p[0] & 0xf0) == 0xe0)
        n = 3, c = p[0] & 0x0fu, least = 0x800;
    else if ((p[0] & 0xf8) == 0xf0)
        n = 4, c = p[0] & 0x07u, least = 0x10000;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (p[i] & 0x3fu);
    }
    return c >= least && c <= 0x10ffff && !(c >= 0xd800 && c <= 0xdfff) ? n : 0;
}

/* A string as JSON. jansson takes UTF-8 only; a byte that is not (a sequence
 * file's name may hold any) becomes U+FFFD, so the run is still saved. */
static json_t *text(const char *s) {
    json_t *v = json_string(s);
    if (v)
        return v;
    static const char replacement[] = "\xef\xbf\xbd";
    char *valid = malloc(strlen(s) * (sizeof replacement - 1) + 1), *end = valid;
    for (const unsigned char *p = (const unsigned char *)s; valid && *p;) {
        size_t n = utf8_char_length(p);
        memcpy(end, n ? (const char *)p : replacement, n ? n : sizeof replacement - 1);
        end += n ? n : sizeof replacement - 1;
        p += n ? n : 1;
    }
    if (valid) {
        *end = 0;
        v = json_string(valid);
        free(valid);
    }
    return v;
}

/* A double: null where it is not finite (JSON has no NaN or infinity). */
static json_t *real(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *interval(double lo, double hi) {
    return json_pack("[o, o]", real(lo), real(hi));
}

static json_t *stats_json(sq_stats s) {
    return json_pack("{s:o, s:o, s:o, s:o}", SQ_KEY_MIN, real(s.min), SQ_KEY_MEDIAN, real(s.median),
                     SQ_KEY_P90, real(s.p90), SQ_KEY_CI95, interval(s.ci_lo, s.ci_hi));
}

/* Appends item to array; NULL (no memory) drops the array. */
static json_t *append(json_t *array, json_t *item) {
    if (array && json_array_append_new(array, item) == 0)
        return array;
    json_decref(array);
    json_decref(item);
    return NULL;
}

/* Sets key in obj; NULL (no memory) drops obj. */
static json_t *set(json_t *obj, const char *key, json_t *value) {
    if (obj && json_object_set_new(obj, key, value) == 0)
        return obj;
    json_decref(obj);
    json_decref(value);
    return NULL;
}

/* o with a row's samples, and their processes where it has them. */
static json_t *with_samples(json_t *o, const double *x, const unsigned char *process, int n) {
    json_t *samples = json_array();
    for (int k = 0; x && k < n; k++)
        samples = append(samples, real(x[k]));
    if (process) {
        json_t *processes = json_array();
        for (int k = 0; k < n; k++)
            processes = append(processes, json_integer(process[k]));
        o = set(o, SQ_KEY_PROCESSES, processes);
    }
    return set(o, SQ_KEY_SAMPLES, samples);
}

static json_t *result_json(const sq_result *r) {
    const sq_variant *v = r->variant;
    json_t *o =
        json_pack("{s:o, s:o, s:o, s:o, s:o, s:s, s:o, s:o, s:o, s:i, s:b}", SQ_KEY_ID, text(v->id),
                  SQ_KEY_FAMILY, text(v->family->name), SQ_KEY_TECHNIQUE, text(v->technique),
                  SQ_KEY_IMPL, text(v->impl), SQ_KEY_SEQUENCE, text(r->sequence), SQ_KEY_MODE,
                  sq_mode_names[r->mode], SQ_KEY_CYCLES, stats_json(r->cycles), SQ_KEY_TICKS,
                  stats_json(r->ticks), SQ_KEY_NS, stats_json(r->ns), SQ_KEY_REPS, r->reps,
                  SQ_KEY_CONTROL_DEPENDENT, (int)r->control_dependent);
    if (r->loop_branch_only)
        o = set(o, SQ_KEY_LOOP_BRANCH_ONLY, json_true());
    if (r->chain_apart)
        o = set(o, SQ_KEY_CHAIN_APART, json_true());
    if (r->shared_from)
        o = set(o, SQ_KEY_SHARED_FROM, text(r->shared_from));
    if (isfinite(r->harness.median))
        o = set(o, SQ_KEY_HARNESS, stats_json(r->harness));
    if (r->nmodes > 0) {
        json_t *modes = json_array();
        for (int k = 0; k < r->nmodes && k < SQ_MAX_MODES; k++)
            modes = append(modes, json_pack("{s:o, s:o}", SQ_KEY_CYCLES, real(r->modes[k].cycles),
                                            SQ_KEY_SHARE, real(r->modes[k].share)));
        o = set(o, SQ_KEY_MODES, modes);
    }
    return with_samples(o, r->samples, r->process, r->reps);
}

/* The vendor's mispredict figure for the machine and each variant's summary
 * (summary.h): derived from the results, kept for readers of the file. */
static json_t *summary_json(const sq_run *run) {
    int n;
    sq_summary *s = sq_summaries_of(run, &n);
    json_t *a = s || !run->nresults ? json_array() : NULL;
    for (int i = 0; i < n; i++)
        a = append(a, json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", SQ_KEY_ID, text(s[i].variant->id),
                                SQ_KEY_LATENCY, real(s[i].latency), SQ_KEY_THROUGHPUT,
                                real(s[i].throughput), SQ_KEY_BRANCH_PREDICTABLE,
                                real(s[i].branch_predictable), SQ_KEY_MISPREDICT_PENALTY,
                                real(s[i].mispredict_penalty), SQ_KEY_MISPREDICT_PENALTY_CI95,
                                isfinite(s[i].mispredict_penalty)
                                    ? interval(s[i].penalty_lo, s[i].penalty_hi)
                                    : json_null()));
    free(s);
    return a;
}

static json_t *machine_json(const sq_run *run) {
    const sq_machine *m = &run->machine;
    return json_pack("{s:o, s:o, s:I, s:I, s:I, s:b, s:o}", SQ_KEY_VENDOR, text(m->vendor),
                     SQ_KEY_BRAND, text(m->brand), SQ_KEY_FAMILY, (json_int_t)m->family,
                     SQ_KEY_MODEL, (json_int_t)m->model, SQ_KEY_STEPPING, (json_int_t)m->stepping,
                     SQ_KEY_HYPERVISOR, (int)m->hypervisor, SQ_KEY_KERNEL, text(run->kernel));
}

static json_t *clock_json(const sq_clock *c) {
    json_t *o =
        json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", SQ_KEY_SOURCE, text(c->source),
                  SQ_KEY_TSC_SOURCE, text(c->tsc_source), SQ_KEY_TSC_HZ, real(c->tsc_hz),
                  SQ_KEY_CORE_HZ, real(c->core_hz), SQ_KEY_CORE_HZ_MIN, real(c->core_hz_min),
                  SQ_KEY_CORE_HZ_MAX, real(c->core_hz_max), SQ_KEY_TIMER_OVERHEAD_TICKS,
                  real(c->timer_overhead), SQ_KEY_ALU_PER_CYCLE, real(c->alu_per_cycle));
    if (c->screened >= 0)
        o = set(set(o, SQ_KEY_SCREENED, json_integer(c->screened)), SQ_KEY_DROPPED,
                json_integer(c->dropped));
    return o;
}

/* The seed in a string: jansson's integers stop at 2^63-1. share only
 * where known. */
static json_t *config_json(const sq_run *run) {
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, run->seed);
    json_t *o =
        json_pack("{s:i, s:i, s:o, s:i, s:o, s:i, s:I, s:s, s:i, s:o, s:b, s:i}", SQ_KEY_REPS,
                  run->reps, SQ_KEY_MIN_REPS, run->min_reps, SQ_KEY_TIGHT, real(run->tight),
                  SQ_KEY_SAMPLES, run->samples, SQ_KEY_SAMPLE_US, real(run->sample_us),
                  SQ_KEY_VISITS, run->visits, SQ_KEY_LENGTH, (json_int_t)run->length, SQ_KEY_SEED,
                  seed, SQ_KEY_CPU, run->cpu, SQ_KEY_SEQUENCES, text(run->sequences), SQ_KEY_ASLR,
                  (int)run->aslr, SQ_KEY_FORKS, run->processes > 0 ? run->processes : 1);
    return run->share ? set(o, SQ_KEY_SHARE_IDENTICAL, json_boolean(run->share > 0)) : o;
}

/* A code fact: {id, insns, bytes, hash}, the hash as 16 hex digits (JSON
 * integers stop at 2^63-1). */
static json_t *fact_json(const sq_code_fact *f) {
    char hash[17];
    snprintf(hash, sizeof hash, "%016" PRIx64, f->hash);
    return json_pack("{s:o, s:i, s:i, s:s}", SQ_KEY_ID, text(f->id), SQ_KEY_INSNS, f->insns,
                     SQ_KEY_BYTES, f->bytes, SQ_KEY_HASH, hash);
}

static json_t *code_json(const sq_run *run) {
    json_t *a = json_array();
    for (int i = 0; i < run->ncode; i++)
        a = append(a, fact_json(&run->code[i]));
    return a;
}

static json_t *loops_json(const sq_run *run) {
    json_t *a = json_array();
    for (int i = 0; i < run->nloops; i++)
        a = append(a, set(fact_json(&run->loops[i].code), SQ_KEY_MODE,
                          json_string(sq_mode_names[run->loops[i].mode])));
    return a;
}

/* The run's check of itself (code_check.h): derived, kept for readers of the
 * file. NULL out of memory. */
static json_t *mismatches_json(const sq_run *run) {
    sq_code_mismatch *m;
    int n = sq_code_mismatches(run, &m);
    json_t *a = n >= 0 ? json_array() : NULL;
    for (int i = 0; i < n; i++)
        a = append(a, json_pack("{s:s, s:o, s:[o, o], s:[o, o], s:i}", SQ_KEY_MODE,
                                sq_mode_names[m[i].cheap->mode], SQ_KEY_SEQUENCE,
                                text(m[i].cheap->sequence), SQ_KEY_IDS,
                                text(m[i].cheap->variant->id), text(m[i].dear->variant->id),
                                SQ_KEY_CYCLES, real(m[i].cheap->cycles.median),
                                real(m[i].dear->cycles.median), SQ_KEY_SAME, m[i].nsame));
    free(m);
    return a;
}

static json_t *batch_json(const sq_run *run) {
    json_t *a = json_array();
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        json_t *o =
            json_pack("{s:o, s:I, s:i, s:o}", SQ_KEY_ID, text(b->id), SQ_KEY_N, (json_int_t)b->n,
                      SQ_KEY_REPS, b->reps, SQ_KEY_CYCLES, stats_json(b->cycles));
        a = append(a, b->samples ? with_samples(o, b->samples, b->process, b->reps) : o);
    }
    return a;
}

/* The whole document; NULL when memory ran out. Batch rows only where the run
 * has them: a file without them is written back as it was. */
static json_t *run_json(const sq_run *run) {
    const sq_cpu_model *ref = sq_mispredict_reference_of(&run->machine);
    json_t *impls = json_array();
    for (int i = 0; i < run->nimpls; i++)
        impls = append(impls, json_pack("{s:o, s:o, s:o}", SQ_KEY_NAME, text(run->impls[i].name),
                                        SQ_KEY_COMPILER, text(run->impls[i].compiler), SQ_KEY_FLAGS,
                                        text(run->impls[i].flags)));
    json_t *results = json_array();
    for (int i = 0; i < run->nresults; i++)
        results = append(results, result_json(&run->results[i]));
    json_t *root = json_pack(
        "{s:i, s:{s:s, s:o, s:o}, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", SQ_KEY_SCHEMA,
        SQ_RESULTS_SCHEMA, SQ_KEY_TOOL, SQ_KEY_NAME, SQ_RESULTS_TOOL, SQ_KEY_VERSION,
        text(run->version), SQ_KEY_COMMIT, text(run->commit), SQ_KEY_IMPLS, impls, SQ_KEY_MACHINE,
        machine_json(run), SQ_KEY_CLOCK, clock_json(&run->clock), SQ_KEY_CONFIG, config_json(run),
        SQ_KEY_ELAPSED_S, real(run->elapsed_s), SQ_KEY_MISPREDICT_REFERENCE,
        ref ? json_pack("{s:o, s:o}", SQ_KEY_CORE, text(ref->core), SQ_KEY_CYCLES,
                        text(ref->mispredict))
            : json_null(),
        SQ_KEY_SUMMARY, summary_json(run), SQ_KEY_CODE, code_json(run), SQ_KEY_RESULTS, results);
    root = set(root, SQ_KEY_CODE_MISMATCHES, mismatches_json(run));
    if (run->nloops)
        root = set(root, SQ_KEY_LOOPS, loops_json(run));
    if (run->nresults && run->sequence_huge_pages >= 0)
        root = set(root, SQ_KEY_SEQUENCE_HUGE_PAGES, json_boolean(run->sequence_huge_pages));
    if (run->nbatch && run->batch_huge_pages >= 0)
        root = set(root, SQ_KEY_BATCH_HUGE_PAGES, json_boolean(run->batch_huge_pages));
    return run->nbatch ? set(root, SQ_KEY_BATCH, batch_json(run)) : root;
}

/* jansson hands its text over a token at a time: gathered here and written
 * in large pieces (an fwrite a token took a sixth of the time), each through
 * sq_json_shown, so what the file quotes from outside (a brand, a name) is
 * safe on a terminal. A piece ends between tokens, so between characters. */
typedef struct gather {
    FILE *out;
    size_t used;
    char buf[1 << 16];
} gather;

static int write_raw(const char *text, size_t size, void *out) {
    return fwrite(text, 1, size, out) == size ? 0 : -1;
}

static int gather_flush(gather *g) {
    size_t n = g->used;
    g->used = 0;
    return sq_json_shown(g->buf, n, write_raw, g->out);
}

static int gather_text(const char *text, size_t size, void *data) {
    gather *g = data;
    if (sizeof g->buf - g->used < size && gather_flush(g))
        return -1;
    if (size > sizeof g->buf)
        return sq_json_shown(text, size, write_raw, g->out);
    memcpy(g->buf + g->used, text, size);
    g->used += size;
    return 0;
}

int sq_results_write(FILE *out, const sq_run *run) {
    sq_json_arena_begin();
    json_t *root = run_json(run);
    gather *g = root ? sq_json_arena_alloc(sizeof *g) : NULL;
    int rc = -1;
    if (g) {
        g->out = out;
        g->used = 0;
        rc = json_dump_callback(root, gather_text, g, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
        rc = gather_flush(g) || rc ? -1 : 0;
    }
    sq_json_arena_end();
    if (!g)
        return SQ_FAILED_MEMORY;
    return rc == 0 && putc('\n', out) != EOF && !ferror(out) ? 0 : SQ_FAILED_WRITE;
}
