/* Schemas 1 and 2: what only they hold, read or checked. Their rows are
 * objects, each with its statistics (checked, not kept: the figures follow
 * from the samples); their batch rows keep their statistics in objects; the
 * files keep mispredict_reference, summary[] and code_mismatches[].
 *
 * Dropping these schemas: delete this file and results_read_old.h; in
 * results_read.c, their include, the call of sq_results_check_derived and
 * the call of sq_results_read_objects (every file then read by
 * sq_results_read_table) and the branch that calls sq_run_finish for an
 * older schema. Then, what only they used: in results_read_header.c, the
 * branch of get_seed for schema 1 (a number), the check of
 * spread_threshold in read_config_numbers and the lowest schema read in
 * read_schema (1, and its message, "schemas 1 to %d"); in
 * results_read_json.c and .h, sq_get_stats and sq_get_interval; in
 * results_schema.h, the keys no other file uses; the section "Older
 * schemas" of docs/file-formats.md; tests/data/schema1.json and
 * schema2.json, tests/fuzz/corpus_results/schema2.json and what reads those
 * in tests/results.sh, results_exact.sh, bad_input.sh, bad_input.txt,
 * test_results_io.c and CMakeLists.txt. */
#include "bench/results/results_read_old.h"

#include "bench/results/results_read_batch.h"
#include "bench/results/results_schema.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int sq_results_check_derived(sq_reader *rd, json_t *root) {
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

int sq_results_read_objects(sq_reader *rd, json_t *root, sq_run *run) {
    if (sq_results_read_batch(rd, root, run, batch_figures))
        return -1;
    return read_objects(rd, root, run);
}
