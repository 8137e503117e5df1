#include "bench/results/results_write.h"

#include "bench/results/json_arena.h"
#include "bench/results/figures.h"
#include "bench/results/row_index.h"
#include "bench/results/results_schema.h"
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

/* Statistics as [min, median, p90, ci95 low, ci95 high]. */
static json_t *stats_json(sq_stats s) {
    return json_pack("[o, o, o, o, o]", real(s.min), real(s.median), real(s.p90), real(s.ci_lo),
                     real(s.ci_hi));
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

static json_t *samples_json(const double *x, int n) {
    json_t *a = json_array();
    for (int k = 0; k < n; k++)
        a = append(a, real(x[k]));
    return a;
}

static json_t *processes_json(const unsigned char *process, int n) {
    json_t *a = json_array();
    for (int k = 0; k < n; k++)
        a = append(a, json_integer(process[k]));
    return a;
}

static const char *const column_names[SQ_NCOLUMNS] = SQ_COLUMN_NAMES;

static json_t *flags_json(const sq_result *r) {
    json_t *a = json_array();
    if (r->control_dependent)
        a = append(a, json_string(SQ_KEY_CONTROL_DEPENDENT));
    if (r->loop_branch_only)
        a = append(a, json_string(SQ_KEY_LOOP_BRANCH_ONLY));
    if (r->chain_apart)
        a = append(a, json_string(SQ_KEY_CHAIN_APART));
    return a;
}

/* A row's values in the columns used; figures false for a shared row whose
 * figures are its source's, which the reader takes from there (null). */
static json_t *row_json(const sq_result *r, const bool *used, bool figures) {
    json_t *v[SQ_NCOLUMNS] = {
        text(r->variant->id),
        text(r->sequence),
        json_string(sq_mode_names[r->mode]),
        flags_json(r),
        figures ? samples_json(r->samples, r->reps) : json_null(),
        r->shared_from ? text(r->shared_from) : json_null(),
        figures && r->process ? processes_json(r->process, r->reps) : json_null(),
        figures && isfinite(r->harness.median) ? stats_json(r->harness) : json_null(),
        figures && r->host ? processes_json(r->host, r->reps) : json_null(),
        figures && r->retaken ? json_integer(r->retaken) : json_null(),
        figures && r->host_loss > 0 ? json_real(sq_to_digits(r->host_loss, SQ_HOST_LOSS_DIGITS))
                                    : json_null()};
    json_t *row = json_array();
    for (int c = 0; c < SQ_NCOLUMNS; c++) {
        if (used[c])
            row = append(row, v[c]);
        else
            json_decref(v[c]);
    }
    return row;
}

/* results: {"columns": [...], "rows": [[...], ...]}. A shared row's figures
 * are left out where an earlier row timed itself holds them (row_index.h). */
static json_t *results_json(const sq_run *run) {
    bool used[SQ_NCOLUMNS];
    for (int c = 0; c < SQ_NCOLUMNS; c++)
        used[c] = c < SQ_REQUIRED_COLUMNS;
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        used[SQ_COL_SHARED] |= r->shared_from != NULL;
        used[SQ_COL_PROCESSES] |= r->process != NULL;
        used[SQ_COL_HARNESS] |= isfinite(r->harness.median) != 0;
        used[SQ_COL_HOST] |= r->host != NULL;
        used[SQ_COL_RETAKEN] |= r->retaken != 0;
        used[SQ_COL_HOST_LOSS] |= r->host_loss > 0;
    }
    json_t *columns = json_array(), *rows = json_array();
    for (int c = 0; c < SQ_NCOLUMNS; c++)
        if (used[c])
            columns = append(columns, json_string(column_names[c]));
    sq_row_index ix;
    if (sq_row_index_init(&ix, run->nresults)) {
        json_decref(columns);
        json_decref(rows);
        return NULL;
    }
    for (int i = 0; i < run->nresults; i++) {
        const sq_result *r = &run->results[i];
        int from = sq_row_index_source(&ix, r);
        bool figures = from < 0 || !sq_result_same_figures(r, &run->results[from]);
        if (sq_row_index_add(&ix, r, i, NULL) < 0) {
            json_decref(rows);
            rows = NULL;
        }
        rows = append(rows, row_json(r, used, figures));
    }
    sq_row_index_free(&ix);
    return json_pack("{s:o, s:o}", SQ_KEY_COLUMNS, columns, SQ_KEY_ROWS, rows);
}

/* tool: its harness version only where the run has one (a file of an older
 * harness is written back without). */
static json_t *tool_json(const sq_run *run) {
    json_t *o = json_pack("{s:s, s:o, s:o}", SQ_KEY_NAME, SQ_RESULTS_TOOL, SQ_KEY_VERSION,
                          text(run->version), SQ_KEY_COMMIT, text(run->commit));
    if (run->harness_version > 0)
        o = set(o, SQ_KEY_HARNESS_VERSION, json_integer(run->harness_version));
    return o;
}

json_t *sq_test_switches_json(json_t *o, const sq_machine *m) {
    if (o && m->hidden[0])
        o = set(o, SQ_KEY_HIDDEN_FEATURES, json_string(m->hidden));
    if (o && m->test_brand)
        o = set(o, SQ_KEY_TEST_BRAND, json_true());
    return o;
}

static json_t *machine_json(const sq_run *run) {
    const sq_machine *m = &run->machine;
    json_t *o =
        json_pack("{s:o, s:o, s:I, s:I, s:I, s:b, s:o}", SQ_KEY_VENDOR, text(m->vendor),
                  SQ_KEY_BRAND, text(m->brand), SQ_KEY_FAMILY, (json_int_t)m->family, SQ_KEY_MODEL,
                  (json_int_t)m->model, SQ_KEY_STEPPING, (json_int_t)m->stepping, SQ_KEY_HYPERVISOR,
                  (int)m->hypervisor, SQ_KEY_KERNEL, text(run->kernel));
    return sq_test_switches_json(o, m);
}

static json_t *clock_json(const sq_clock *c) {
    json_t *o =
        json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", SQ_KEY_SOURCE, text(c->source),
                  SQ_KEY_TSC_SOURCE, text(c->tsc_source), SQ_KEY_TSC_HZ, real(c->tsc_hz),
                  SQ_KEY_CORE_HZ, real(c->core_hz), SQ_KEY_CORE_HZ_MIN, real(c->core_hz_min),
                  SQ_KEY_CORE_HZ_MAX, real(c->core_hz_max), SQ_KEY_TIMER_OVERHEAD_TICKS,
                  real(c->timer_overhead), SQ_KEY_ALU_PER_CYCLE, real(c->alu_per_cycle));
    if (isfinite(c->modulation_hz))
        o = set(set(o, SQ_KEY_MODULATION_HZ, real(c->modulation_hz)), SQ_KEY_MODULATION_AMPLITUDE,
                real(c->modulation_amplitude));
    if (c->screened >= 0)
        o = set(set(o, SQ_KEY_SCREENED, json_integer(c->screened)), SQ_KEY_DROPPED,
                json_integer(c->dropped));
    return o;
}

/* host: per process, what the host did to its kernel samples. */
static json_t *host_json(const sq_run *run) {
    json_t *a = json_array();
    for (int p = 0; p < run->nhost; p++) {
        const sq_host_counts *h = &run->host[p];
        a = append(a, json_pack("{s:I, s:I, s:I, s:I, s:o}", SQ_KEY_SAMPLES, (json_int_t)h->samples,
                                SQ_KEY_MOVED, (json_int_t)h->moved, SQ_KEY_SHARED,
                                (json_int_t)h->shared, SQ_KEY_RETAKEN, (json_int_t)h->retaken,
                                SQ_KEY_QUIET, real(h->quiet)));
    }
    return a;
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
                  (int)run->aslr, SQ_KEY_PROCESSES, run->processes > 0 ? run->processes : 1);
    return run->share ? set(o, SQ_KEY_SHARE_IDENTICAL, json_boolean(run->share > 0)) : o;
}

/* The technique a run of sqcolor try timed: {file, text}, its text whole
 * (escaped, each byte that is not UTF-8 as U+FFFD, as every name). */
static json_t *try_json(const sq_run *run) {
    return json_pack("{s:o, s:o}", SQ_KEY_FILE, text(run->try_name ? run->try_name : "-"),
                     SQ_KEY_TEXT, text(run->try_text ? run->try_text : ""));
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

/* A batch row: its samples (and processes and host flags), or, for a row
 * from an older file that has none, its repetitions and statistics. */
static json_t *batch_json(const sq_run *run) {
    json_t *a = json_array();
    for (int i = 0; i < run->nbatch; i++) {
        const sq_batch_result *b = &run->batch[i];
        json_t *o = json_pack("{s:o, s:I}", SQ_KEY_ID, text(b->id), SQ_KEY_N, (json_int_t)b->n);
        if (!b->samples)
            o = set(set(o, SQ_KEY_REPS, json_integer(b->reps)), SQ_KEY_CYCLES,
                    stats_json(b->cycles));
        else if (b->process)
            o = set(set(o, SQ_KEY_SAMPLES, samples_json(b->samples, b->reps)), SQ_KEY_PROCESSES,
                    processes_json(b->process, b->reps));
        else
            o = set(o, SQ_KEY_SAMPLES, samples_json(b->samples, b->reps));
        if (b->samples && b->host)
            o = set(o, SQ_KEY_HOST, processes_json(b->host, b->reps));
        a = append(a, o);
    }
    return a;
}

static json_t *impls_json(const sq_run *run) {
    json_t *impls = json_array();
    for (int i = 0; i < run->nimpls; i++)
        impls = append(impls, json_pack("{s:o, s:o, s:o}", SQ_KEY_NAME, text(run->impls[i].name),
                                        SQ_KEY_COMPILER, text(run->impls[i].compiler), SQ_KEY_FLAGS,
                                        text(run->impls[i].flags)));
    return impls;
}

/* A member of the top level: a value on its line, an array a record a line
 * (compact: records of numbers without spaces), or the results' table, its
 * rows a line each; its numbers with digits significant digits (17: every
 * bit). */
typedef enum layout { ONE_LINE, RECORDS, COMPACT_RECORDS, TABLE } layout;
typedef struct member {
    const char *key;
    json_t *value; /* NULL: out of memory */
    layout layout;
    int digits;
} member;

#define MAX_MEMBERS 16

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

static int put(gather *g, const char *s) {
    return gather_text(s, strlen(s), g);
}

/* v on one line: a space after each comma and colon, or none (compact). */
static int dump(gather *g, json_t *v, bool compact, int digits) {
    size_t flags = JSON_ENCODE_ANY | JSON_REAL_PRECISION(digits) | (compact ? JSON_COMPACT : 0);
    return json_dump_callback(v, gather_text, g, flags);
}

/* An array a record a line, each indent deep. */
static int records(gather *g, json_t *a, const char *indent, bool compact, int digits) {
    int rc = put(g, json_array_size(a) ? "[" : "[]");
    for (size_t i = 0; !rc && i < json_array_size(a); i++) {
        rc = put(g, i ? ",\n" : "\n") || put(g, indent) || put(g, "  ") ||
             dump(g, json_array_get(a, i), compact, digits);
        if (!rc && i + 1 == json_array_size(a))
            rc = put(g, "\n") || put(g, indent) || put(g, "]");
    }
    return rc;
}

static int write_member(gather *g, const member *m) {
    int rc = put(g, "  \"") || put(g, m->key) || put(g, "\": ");
    if (rc || m->layout == ONE_LINE)
        return rc || dump(g, m->value, false, m->digits);
    if (m->layout != TABLE)
        return records(g, m->value, "  ", m->layout == COMPACT_RECORDS, m->digits);
    return put(g, "{\n    \"" SQ_KEY_COLUMNS "\": ") ||
           dump(g, json_object_get(m->value, SQ_KEY_COLUMNS), false, 17) ||
           put(g, ",\n    \"" SQ_KEY_ROWS "\": ") ||
           records(g, json_object_get(m->value, SQ_KEY_ROWS), "    ", true, m->digits) ||
           put(g, "\n  }");
}

/* The document's members in order; false when memory ran out. Batch rows
 * only where the run has them: a file without them is written back as it
 * was. */
static bool members_of(const sq_run *run, member *m, int *n) {
    int sample_digits = sq_sample_digits(run, run->sample_us);
    *n = 0;
    m[(*n)++] = (member){SQ_KEY_SCHEMA, json_integer(SQ_RESULTS_SCHEMA), ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_TOOL, tool_json(run), ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_IMPLS, impls_json(run), RECORDS, 17};
    m[(*n)++] = (member){SQ_KEY_MACHINE, machine_json(run), ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_CLOCK, clock_json(&run->clock), ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_CONFIG, config_json(run), ONE_LINE, 17};
    if (run->nhost)
        m[(*n)++] = (member){SQ_KEY_HOST, host_json(run), COMPACT_RECORDS, 6};
    if (run->history_runs > 0)
        m[(*n)++] = (member){SQ_KEY_HISTORY,
                             json_pack("{s:o, s:i}", SQ_KEY_QUIET, real(run->history_quiet),
                                       SQ_KEY_RUNS, run->history_runs),
                             ONE_LINE, 6};
    if (run->try_name || run->try_text)
        m[(*n)++] = (member){SQ_KEY_TRY, try_json(run), ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_ELAPSED_S, real(run->elapsed_s), ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_CODE, code_json(run), RECORDS, 17};
    if (run->nloops)
        m[(*n)++] = (member){SQ_KEY_LOOPS, loops_json(run), RECORDS, 17};
    if (run->nresults && run->sequence_huge_pages >= 0)
        m[(*n)++] = (member){SQ_KEY_SEQUENCE_HUGE_PAGES, json_boolean(run->sequence_huge_pages),
                             ONE_LINE, 17};
    m[(*n)++] = (member){SQ_KEY_RESULTS, results_json(run), TABLE, sample_digits};
    if (run->nbatch && run->batch_huge_pages >= 0)
        m[(*n)++] =
            (member){SQ_KEY_BATCH_HUGE_PAGES, json_boolean(run->batch_huge_pages), ONE_LINE, 17};
    if (run->nbatch)
        m[(*n)++] = (member){SQ_KEY_BATCH, batch_json(run), COMPACT_RECORDS,
                             sq_sample_digits(run, SQ_BATCH_SAMPLE_US)};
    bool whole = true;
    for (int i = 0; i < *n; i++)
        whole &= m[i].value != NULL;
    return whole;
}

int sq_results_write(FILE *out, const sq_run *run) {
    sq_json_arena_begin();
    member m[MAX_MEMBERS];
    int n, rc = -1;
    bool whole = members_of(run, m, &n);
    gather *g = whole ? sq_json_arena_alloc(sizeof *g) : NULL;
    if (g) {
        g->out = out;
        g->used = 0;
        rc = put(g, "{\n");
        for (int i = 0; !rc && i < n; i++)
            rc = write_member(g, &m[i]) || put(g, i + 1 < n ? ",\n" : "\n}\n");
        rc = gather_flush(g) || rc ? -1 : 0;
    }
    sq_json_arena_end();
    if (!g)
        return SQ_FAILED_MEMORY;
    return rc == 0 && !ferror(out) ? 0 : SQ_FAILED_WRITE;
}
