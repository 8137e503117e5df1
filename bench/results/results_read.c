#include "bench/results/results_read.h"

#include "bench/results/results_read_json.h"
#include "bench/results/results_read_header.h"
#include "bench/results/results_read_batch.h"
#include "bench/results/results_read_table.h"
#include "bench/results/json_arena.h"
#include "bench/results/figures.h"
#include "bench/results/results_schema.h"
#include "bench/util/id_table.h"
#include "bench/util/stats.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A batch row's figures: its repetitions and statistics, and the samples
 * of the schema-2 runs that kept them. */
static int batch_figures(sq_reader *rd, json_t *o, const char *where, sq_batch_result *b) {
    double reps;
    if (sq_get_whole(rd, o, where, SQ_KEY_REPS, 1, 1e6, &reps) ||
        sq_get_stats(rd, o, where, SQ_KEY_CYCLES, &b->cycles))
        return -1;
    b->reps = (int)reps;
    if (json_object_get(o, SQ_KEY_SAMPLES) &&
        sq_get_samples(rd, o, where, (size_t)reps, &b->samples, &b->process))
        return -1;
    return 0;
}

static int get_modes(sq_reader *rd, json_t *o, const char *where, sq_result *r) {
    json_t *modes = json_object_get(o, SQ_KEY_MODES);
    if (!modes)
        return 0;
    if (!json_is_array(modes) || json_array_size(modes) != SQ_MAX_MODES)
        return sq_reader_bad(rd, "%s.modes: not an array of %d {cycles, share}", where,
                             SQ_MAX_MODES);
    for (int k = 0; k < SQ_MAX_MODES; k++) {
        char at[64];
        snprintf(at, sizeof at, "%s.modes[%d]", where, k);
        json_t *m = json_array_get(modes, (size_t)k);
        if (!json_is_object(m))
            return sq_reader_bad(rd, "%s: not an object", at);
        sq_speed *s = &r->modes[k];
        if (sq_get_number(rd, m, at, SQ_KEY_CYCLES, &s->cycles, false) ||
            sq_get_number(rd, m, at, SQ_KEY_SHARE, &s->share, false))
            return -1;
        if (!(s->share >= 0 && s->share <= 1))
            return sq_reader_bad(rd, "%s.share: %g is not from 0 to 1", at, s->share);
    }
    r->nmodes = SQ_MAX_MODES;
    return 0;
}

/* summary[i], kept for other readers of the file: of its documented types. */
static int check_summary_entry(sq_reader *rd, json_t *summary, size_t i) {
    static const char *const numbers[] = {SQ_KEY_LATENCY, SQ_KEY_THROUGHPUT,
                                          SQ_KEY_BRANCH_PREDICTABLE, SQ_KEY_MISPREDICT_PENALTY};
    char at[32];
    json_t *o = json_array_get(summary, i);
    const char *id;
    double x, lo, hi;
    if (sq_get_element(rd, SQ_KEY_SUMMARY, i, o, at, sizeof at) ||
        sq_get_text(rd, o, at, SQ_KEY_ID, &id))
        return -1;
    for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++)
        if (sq_get_optional_number(rd, o, at, numbers[k], NAN, &x))
            return -1;
    if (json_is_null(json_object_get(o, SQ_KEY_MISPREDICT_PENALTY_CI95)))
        return 0;
    return sq_get_interval(rd, o, at, SQ_KEY_MISPREDICT_PENALTY_CI95, &lo, &hi);
}

static bool json_is_string_value(const json_t *v) {
    return json_is_string(v);
}

static bool json_is_number_value(const json_t *v) {
    return json_is_number(v);
}

/* obj's key: an array of two values that each pass is(); -1 (err: "not
 * what") otherwise. */
static int check_pair(sq_reader *rd, json_t *obj, const char *where, const char *key,
                      bool (*is)(const json_t *), const char *what) {
    json_t *a = json_object_get(obj, key);
    if (!json_is_array(a) || json_array_size(a) != 2 || !is(json_array_get(a, 0)) ||
        !is(json_array_get(a, 1)))
        return sq_reader_bad(rd, "%s.%s: not %s", where, key, what);
    return 0;
}

/* code_mismatches[i], kept for other readers of the file: of its documented
 * types. */
static int check_mismatch_entry(sq_reader *rd, json_t *mismatches, size_t i) {
    char at[40];
    json_t *o = json_array_get(mismatches, i);
    const char *text;
    double same;
    if (sq_get_element(rd, SQ_KEY_CODE_MISMATCHES, i, o, at, sizeof at) ||
        sq_get_text(rd, o, at, SQ_KEY_MODE, &text) ||
        sq_get_text(rd, o, at, SQ_KEY_SEQUENCE, &text) ||
        sq_get_whole(rd, o, at, SQ_KEY_SAME, 2, 1e9, &same))
        return -1;
    return check_pair(rd, o, at, SQ_KEY_IDS, json_is_string_value, "two ids") ||
           check_pair(rd, o, at, SQ_KEY_CYCLES, json_is_number_value, "two numbers");
}

/* root's optional array key, each entry checked by check. */
static int check_entries(sq_reader *rd, json_t *root, const char *key,
                         int (*check)(sq_reader *, json_t *, size_t)) {
    json_t *a = json_object_get(root, key);
    if (a && !json_is_array(a))
        return sq_reader_bad(rd, "%s: not an array", key);
    for (size_t i = 0; i < json_array_size(a); i++)
        if (check(rd, a, i))
            return -1;
    return 0;
}

/* The fields kept for other readers of the file (mispredict_reference,
 * summary[], code_mismatches[]): derived from the results, so not read back, but optional and,
 * where present, of their documented types. */
static int check_derived(sq_reader *rd, json_t *root) {
    json_t *ref = json_object_get(root, SQ_KEY_MISPREDICT_REFERENCE);
    const char *text;
    if (ref && !json_is_null(ref)) {
        if (!json_is_object(ref))
            return sq_reader_bad(rd, "mispredict_reference: not an object or null");
        if (sq_get_text(rd, ref, SQ_KEY_MISPREDICT_REFERENCE, SQ_KEY_CORE, &text) ||
            sq_get_text(rd, ref, SQ_KEY_MISPREDICT_REFERENCE, SQ_KEY_CYCLES, &text))
            return -1;
    }
    return check_entries(rd, root, SQ_KEY_SUMMARY, check_summary_entry) ||
           check_entries(rd, root, SQ_KEY_CODE_MISMATCHES, check_mismatch_entry);
}

/* id is "family/technique/impl". */
static bool id_of(const char *id, const char *family, const char *tech, const char *impl) {
    size_t f = strlen(family), t = strlen(tech);
    return strncmp(id, family, f) == 0 && id[f] == '/' && strncmp(id + f + 1, tech, t) == 0 &&
           id[f + 1 + t] == '/' && strcmp(id + f + t + 2, impl) == 0;
}

static int read_result(sq_reader *rd, json_t *o, size_t index, sq_run *run) {
    char where[32];
    const char *id, *family, *tech, *impl, *sequence, *mode;
    snprintf(where, sizeof where, "results[%zu]", index);
    if (!json_is_object(o))
        return sq_reader_bad(rd, "%s: not an object", where);
    if (sq_get_text(rd, o, where, SQ_KEY_ID, &id) ||
        sq_get_text(rd, o, where, SQ_KEY_FAMILY, &family) ||
        sq_get_text(rd, o, where, SQ_KEY_TECHNIQUE, &tech) ||
        sq_get_text(rd, o, where, SQ_KEY_IMPL, &impl) ||
        sq_get_text(rd, o, where, SQ_KEY_SEQUENCE, &sequence) ||
        sq_get_text(rd, o, where, SQ_KEY_MODE, &mode))
        return -1;
    const sq_family *fam = sq_family_find(family);
    if (!fam)
        return sq_reader_bad(rd, "%s.family: unknown family '%s'", where, family);
    if (!id_of(id, family, tech, impl))
        return sq_reader_bad(rd, "%s.id: '%s' is not family/technique/impl", where, id);
    int m = sq_get_mode(rd, o, where);
    if (m < 0)
        return -1;
    sq_result *r = &run->results[run->nresults];
    memset(r, 0, sizeof *r);
    r->mode = (sq_mode)m;
    r->harness = (sq_stats){NAN, NAN, NAN, NAN, NAN};
    if (sq_get_stats(rd, o, where, SQ_KEY_CYCLES, &r->cycles) ||
        sq_get_stats(rd, o, where, SQ_KEY_TICKS, &r->ticks) ||
        sq_get_stats(rd, o, where, SQ_KEY_NS, &r->ns) ||
        (json_object_get(o, SQ_KEY_HARNESS) &&
         sq_get_stats(rd, o, where, SQ_KEY_HARNESS, &r->harness)))
        return -1;
    double reps = 0;
    if (sq_get_whole(rd, o, where, SQ_KEY_REPS, 0, 100000, &reps))
        return -1;
    r->reps = (int)reps;
    if (sq_get_samples(rd, o, where, (size_t)reps, &r->samples, &r->process))
        return -1;
    if (get_modes(rd, o, where, r) ||
        sq_get_optional_bool(rd, o, where, SQ_KEY_CONTROL_DEPENDENT, false,
                             &r->control_dependent) ||
        sq_get_optional_bool(rd, o, where, SQ_KEY_LOOP_BRANCH_ONLY, false, &r->loop_branch_only) ||
        sq_get_optional_bool(rd, o, where, SQ_KEY_CHAIN_APART, false, &r->chain_apart)) {
        free(r->samples);
        return -1;
    }
    json_t *shared = json_object_get(o, SQ_KEY_SHARED_FROM);
    if (shared && (!json_is_string(shared) || strcmp(json_string_value(shared), id) == 0 ||
                   !strchr(json_string_value(shared), '/'))) {
        free(r->samples);
        return sq_reader_bad(rd, "%s.shared_from: not the id of another variant", where);
    }
    r->variant = sq_variant_of(rd, run, id, fam, tech, impl);
    r->sequence = sq_run_strdup(run, sequence);
    r->shared_from = shared ? sq_run_strdup(run, json_string_value(shared)) : NULL;
    if (!r->variant || !r->sequence || (shared && !r->shared_from)) {
        free(r->samples);
        return sq_reader_bad(rd, "out of memory");
    }
    run->nresults++;
    return 0;
}

/* Schemas 1 and 2: results, an array of one object a row. */
static int read_objects(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *results = json_object_get(root, SQ_KEY_RESULTS), *o;
    if (!json_is_array(results))
        return sq_reader_bad(rd, "results: %s", results ? "not an array" : "missing");
    size_t n = json_array_size(results), i;
    int table = sq_id_table_init(&rd->variants, n);
    run->results = calloc(n ? n : 1, sizeof *run->results);
    int rc = run->results && table == 0 ? 0 : sq_reader_bad(rd, "out of memory");
    json_array_foreach(results, i, o) {
        if (rc == 0)
            rc = read_result(rd, o, i, run);
    }
    return rc;
}

int sq_results_parse(const char *text, size_t len, const char *name, sq_run *run, char *err,
                     size_t errlen) {
    memset(run, 0, sizeof *run);
    sq_reader rd = {.name = name, .err = err, .errlen = errlen};
    if (len == 0)
        return sq_reader_bad(&rd, "empty file");
    json_error_t jerr;
    sq_json_arena_begin();
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root || sq_json_arena_failed()) {
        /* Out of memory, whatever jansson's error says (a syntax error, or
         * none at all, when its allocations fail). */
        bool memory = sq_json_arena_failed() || json_error_code(&jerr) == json_error_out_of_memory;
        sq_json_arena_end();
        if (memory)
            return sq_reader_bad(&rd, "out of memory while reading it");
        return sq_reader_bad(&rd, "not valid JSON (line %d: %s)", jerr.line, jerr.text);
    }
    int rc = -1;
    if (!json_is_object(root))
        sq_reader_bad(&rd, "not a sqcolor result file (the top level is not an object)");
    else if (sq_results_read_header(&rd, root, run) == 0 && check_derived(&rd, root) == 0)
        rc = rd.schema >= 3 ? sq_results_read_table(&rd, root, run)
             : sq_results_read_batch(&rd, root, run, batch_figures) || read_objects(&rd, root, run)
                 ? -1
                 : 0;
    sq_id_table_free(&rd.variants);
    sq_json_arena_end(); /* the document, root and all */
    if (rc == 0 && !(run->source = sq_run_strdup(run, name)))
        rc = sq_reader_bad(&rd, "out of memory");
    /* The figures of the samples as written (figures.h); an older schema's
     * samples first to the resolution measured, as the current schema keeps
     * them. The statistics an older file stored were checked, not kept. */
    if (rc == 0 && rd.schema >= SQ_RESULTS_SCHEMA)
        sq_run_figures(run);
    else if (rc == 0)
        sq_run_finish(run);
    if (rc) {
        char keep[512];
        snprintf(keep, sizeof keep, "%s", err);
        sq_run_free(run);
        snprintf(err, errlen, "%s", keep);
    }
    return rc;
}

int sq_results_load(const char *path, sq_run *run, char *err, size_t errlen) {
    memset(run, 0, sizeof *run);
    FILE *f = fopen(path, "rb");
    if (!f) {
        return sq_say_failed(err, errlen, "%s: %s", path, strerror(errno));
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) {
            if (cap >= (size_t)256 << 20) {
                free(text);
                fclose(f);
                return sq_say_failed(err, errlen, "%s: larger than 256 MiB", path);
            }
            char *bigger = realloc(text, cap *= 2);
            if (!bigger)
                free(text);
            text = bigger;
        }
    }
    int read_errno = ferror(f) ? errno : 0;
    bool failed = read_errno || !text;
    fclose(f);
    if (failed) {
        free(text);
        return sq_say_failed(err, errlen, "%s: %s", path,
                             !text ? "out of memory while reading it" : strerror(read_errno));
    }
    int rc = sq_results_parse(text, len, path, run, err, errlen);
    free(text);
    return rc;
}
