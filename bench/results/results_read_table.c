#include "bench/results/results_read_table.h"

#include "bench/results/figures.h"
#include "bench/results/results_read_batch.h"
#include "bench/results/results_schema.h"
#include "bench/results/row_index.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const column_names[SQ_NCOLUMNS] = SQ_COLUMN_NAMES;

/* Schema 3's statistics, [min, median, p90, ci95 low, ci95 high], numbers or
 * nulls (NAN), in cycles; what names the field. */
static int stats_from(sq_reader *rd, json_t *v, const char *what, sq_stats *s) {
    double x[5];
    if (!v)
        return sq_reader_bad(rd, "%s: missing", what);
    if (!json_is_array(v) || json_array_size(v) != 5)
        return sq_reader_bad(rd, "%s: not an array of five numbers", what);
    for (size_t k = 0; k < 5; k++) {
        json_t *e = json_array_get(v, k);
        if (!json_is_number(e) && !json_is_null(e))
            return sq_reader_bad(rd, "%s: not an array of five numbers", what);
        x[k] = json_is_null(e) ? NAN : json_number_value(e);
        if (sq_check_cycles(rd, what, x[k]))
            return -1;
    }
    *s = (sq_stats){x[0], x[1], x[2], x[3], x[4]};
    return 0;
}

/* Host flags, one a repetition of samples[0, reps) (results.h's SQ_HOST_*
 * bits), into the samples' block: *out stays NULL where host is. */
static int host_flags(sq_reader *rd, json_t *host, const char *where, double *samples, int reps,
                      unsigned char **out) {
    if (!host)
        return 0;
    if (!json_is_array(host) || json_array_size(host) != (size_t)reps)
        return sq_reader_bad(rd, "%s.%s: not an array of one value a sample", where, SQ_KEY_HOST);
    unsigned char *flags = sq_samples_host(samples, (size_t)reps);
    for (int k = 0; k < reps; k++) {
        json_t *v = json_array_get(host, (size_t)k);
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            json_integer_value(v) > (SQ_HOST_MOVED | SQ_HOST_SHARED))
            return sq_reader_bad(rd, "%s.%s[%d]: not 0 to %d", where, SQ_KEY_HOST, k,
                                 SQ_HOST_MOVED | SQ_HOST_SHARED);
        flags[k] = (unsigned char)json_integer_value(v);
    }
    *out = flags;
    return 0;
}

/* A batch row's figures: its samples (and host flags), from which the
 * repetitions and statistics follow; or, without them, its repetitions and
 * statistics. */
static int batch_figures(sq_reader *rd, json_t *o, const char *where, sq_batch_result *b) {
    json_t *samples = json_object_get(o, SQ_KEY_SAMPLES);
    if (samples) {
        if (sq_get_samples(rd, o, where, json_array_size(samples), &b->samples, &b->process))
            return -1;
        b->reps = (int)json_array_size(samples);
        if (!host_flags(rd, json_object_get(o, SQ_KEY_HOST), where, b->samples, b->reps, &b->host))
            return 0;
        free(b->samples); /* not the run's yet: its reader frees only the rows read */
        b->samples = NULL;
        return -1;
    }
    if (json_object_get(o, SQ_KEY_HOST))
        return sq_reader_bad(rd, "%s: host without samples", where);
    char at[48];
    double reps;
    snprintf(at, sizeof at, "%s.%s", where, SQ_KEY_CYCLES);
    if (sq_get_whole(rd, o, where, SQ_KEY_REPS, 1, 1e6, &reps) ||
        stats_from(rd, json_object_get(o, SQ_KEY_CYCLES), at, &b->cycles))
        return -1;
    b->reps = (int)reps;
    return 0;
}

/* Each known column's place in a row (col[c]), -1 where the file has none. */
static int read_columns(sq_reader *rd, json_t *columns, int col[SQ_NCOLUMNS]) {
    for (int c = 0; c < SQ_NCOLUMNS; c++)
        col[c] = -1;
    if (!json_is_array(columns))
        return sq_reader_bad(rd, "results.columns: %s", columns ? "not an array" : "missing");
    for (size_t i = 0; i < json_array_size(columns); i++) {
        const char *name = json_string_value(json_array_get(columns, i));
        int c = 0;
        while (name && c < SQ_NCOLUMNS && strcmp(name, column_names[c]) != 0)
            c++;
        if (!name || c == SQ_NCOLUMNS)
            return sq_reader_bad(rd, "results.columns[%zu]: %s", i,
                                 name ? "not a column of schema 3" : "not a string");
        if (col[c] >= 0)
            return sq_reader_bad(rd, "results.columns: '%s' twice", name);
        col[c] = (int)i;
    }
    for (int c = 0; c < SQ_REQUIRED_COLUMNS; c++)
        if (col[c] < 0)
            return sq_reader_bad(rd, "results.columns: no '%s'", column_names[c]);
    return 0;
}

/* The value of column c in row, or NULL where the file has no such column. */
static json_t *cell(json_t *row, const int col[SQ_NCOLUMNS], int c) {
    return col[c] < 0 ? NULL : json_array_get(row, (size_t)col[c]);
}

/* A text cell, named where.column in messages. */
static int cell_text(sq_reader *rd, json_t *v, const char *where, int c, const char **out) {
    *out = json_string_value(v);
    return *out ? 0 : sq_reader_bad(rd, "%s.%s: not a string", where, column_names[c]);
}

/* The flags cell: an array of the names of the flags that are set. */
static int cell_flags(sq_reader *rd, json_t *v, const char *where, sq_result *r) {
    if (!json_is_array(v))
        return sq_reader_bad(rd, "%s.flags: not an array", where);
    for (size_t k = 0; k < json_array_size(v); k++) {
        const char *flag = json_string_value(json_array_get(v, k));
        bool *set = !flag                                         ? NULL
                    : strcmp(flag, SQ_KEY_CONTROL_DEPENDENT) == 0 ? &r->control_dependent
                    : strcmp(flag, SQ_KEY_LOOP_BRANCH_ONLY) == 0  ? &r->loop_branch_only
                    : strcmp(flag, SQ_KEY_CHAIN_APART) == 0       ? &r->chain_apart
                                                                  : NULL;
        if (!set)
            return sq_reader_bad(rd, "%s.flags[%zu]: not a flag name", where, k);
        *set = true;
    }
    return 0;
}

/* id's three parts, "family/technique/impl" (the impl the rest, whatever it
 * holds), in one allocation the caller frees (parts[0]); NULL in parts[0]
 * unless each is there and non-empty, or out of memory (*memory). */
static void split_id(const char *id, char *parts[3], bool *memory) {
    const char *a = strchr(id, '/'), *b = a ? strchr(a + 1, '/') : NULL;
    parts[0] = NULL;
    *memory = false;
    if (!b || a == id || b == a + 1 || !b[1])
        return;
    char *copy = malloc(strlen(id) + 1);
    *memory = !copy;
    if (!copy)
        return;
    strcpy(copy, id);
    copy[a - id] = copy[b - id] = 0;
    parts[0] = copy;
    parts[1] = copy + (a - id) + 1;
    parts[2] = copy + (b - id) + 1;
}

/* A row's host flags, how many samples it took again and the most the host
 * took from one; all optional. */
static int row_host(sq_reader *rd, json_t *host, json_t *retaken, json_t *loss, const char *where,
                    sq_result *r) {
    if (loss) {
        double v = json_is_number(loss) ? json_number_value(loss) : -1;
        if (!(v >= 0 && v <= 1))
            return sq_reader_bad(rd, "%s.%s: not a fraction from 0 to 1", where, SQ_KEY_HOST_LOSS);
        r->host_loss = v;
    }
    if (retaken) {
        if (!json_is_integer(retaken) || json_integer_value(retaken) < 0 ||
            json_integer_value(retaken) > 1000000000)
            return sq_reader_bad(rd, "%s.%s: not a count", where, SQ_KEY_RETAKEN);
        r->retaken = (int)json_integer_value(retaken);
    }
    return host_flags(rd, host, where, r->samples, r->reps, &r->host);
}

/* A row's samples (and processes and harness); none yet for a shared row
 * (take_shared). */
static int row_figures(sq_reader *rd, json_t *row, const int col[SQ_NCOLUMNS], const char *where,
                       sq_result *r) {
    json_t *samples = cell(row, col, SQ_COL_SAMPLES), *processes = cell(row, col, SQ_COL_PROCESSES),
           *harness = cell(row, col, SQ_COL_HARNESS), *host = cell(row, col, SQ_COL_HOST),
           *retaken = cell(row, col, SQ_COL_RETAKEN), *loss = cell(row, col, SQ_COL_HOST_LOSS);
    processes = json_is_null(processes) ? NULL : processes;
    harness = json_is_null(harness) ? NULL : harness;
    host = json_is_null(host) ? NULL : host;
    retaken = json_is_null(retaken) ? NULL : retaken;
    loss = json_is_null(loss) ? NULL : loss;
    if (json_is_null(samples)) {
        if (!r->shared_from)
            return sq_reader_bad(rd, "%s.samples: null on a row timed itself (no shared_from)",
                                 where);
        if (processes || harness || host || retaken || loss)
            return sq_reader_bad(
                rd, "%s: processes, harness, host, retaken or host_loss without samples", where);
        return 0; /* its source's, once every row is read (take_shared) */
    }
    size_t reps = json_array_size(samples);
    if (reps > 100000)
        return sq_reader_bad(rd, "%s.samples: %zu values, more than 100000", where, reps);
    if (sq_samples_from(rd, samples, processes, where, reps, &r->samples, &r->process))
        return -1;
    r->reps = (int)reps;
    if (row_host(rd, host, retaken, loss, where, r))
        return -1;
    if (harness) {
        char at[64];
        snprintf(at, sizeof at, "%s.%s", where, SQ_KEY_HARNESS);
        if (stats_from(rd, harness, at, &r->harness))
            return -1;
    }
    return 0;
}

/* Row index of results.rows into run->results[run->nresults]. */
static int read_row(sq_reader *rd, json_t *row, const int col[SQ_NCOLUMNS], size_t ncols,
                    size_t index, sq_run *run) {
    char where[40];
    const char *id, *sequence, *mode, *shared = NULL;
    snprintf(where, sizeof where, "results.rows[%zu]", index);
    if (!json_is_array(row) || json_array_size(row) != ncols)
        return sq_reader_bad(rd, "%s: not an array of %zu values, one a column", where, ncols);
    sq_result *r = &run->results[run->nresults];
    memset(r, 0, sizeof *r);
    r->harness = (sq_stats){NAN, NAN, NAN, NAN, NAN};
    json_t *from = cell(row, col, SQ_COL_SHARED);
    if (cell_text(rd, cell(row, col, SQ_COL_ID), where, SQ_COL_ID, &id) ||
        cell_text(rd, cell(row, col, SQ_COL_SEQUENCE), where, SQ_COL_SEQUENCE, &sequence) ||
        cell_text(rd, cell(row, col, SQ_COL_MODE), where, SQ_COL_MODE, &mode) ||
        (from && !json_is_null(from) && cell_text(rd, from, where, SQ_COL_SHARED, &shared)) ||
        cell_flags(rd, cell(row, col, SQ_COL_FLAGS), where, r))
        return -1;
    bool memory;
    char *parts[3];
    split_id(id, parts, &memory);
    if (!parts[0])
        return memory ? sq_reader_bad(rd, "out of memory")
                      : sq_reader_bad(rd, "%s.id: '%s' is not family/technique/impl", where, id);
    const sq_family *fam = sq_family_find(parts[0]);
    int m = sq_mode_named(mode);
    r->mode = (sq_mode)(m >= 0 ? m : 0);
    int rc = !fam    ? sq_reader_bad(rd, "%s.id: unknown family '%s'", where, parts[0])
             : m < 0 ? sq_reader_bad(rd, "%s.mode: unknown mode '%s'", where, mode)
             : shared && (strcmp(shared, id) == 0 || !strchr(shared, '/'))
                 ? sq_reader_bad(rd, "%s.shared_from: not the id of another variant", where)
                 : 0;
    if (rc == 0 && !(r->variant = sq_variant_of(rd, run, id, fam, parts[1], parts[2])))
        rc = sq_reader_bad(rd, "out of memory");
    free(parts[0]);
    if (rc)
        return rc;
    r->sequence = sq_run_strdup(run, sequence);
    r->shared_from = shared ? sq_run_strdup(run, shared) : NULL;
    if (!r->sequence || (shared && !r->shared_from))
        return sq_reader_bad(rd, "out of memory");
    if (row_figures(rd, row, col, where, r)) {
        free(r->samples);
        return -1;
    }
    run->nresults++;
    return 0;
}

/* Row i, if shared (no samples of its own), takes the samples of the row it
 * names, of its sequence and mode, timed itself, before or after it in the
 * file (an asm row is written where the catalogue has it, and a C row of an
 * earlier technique may take its figure). */
static int take_shared(sq_reader *rd, const sq_row_index *ix, sq_run *run, size_t i) {
    sq_result *r = &run->results[i];
    if (!r->shared_from || r->samples)
        return 0;
    int from = sq_row_index_source(ix, r);
    if (from < 0)
        return sq_reader_bad(rd,
                             "results.rows[%zu].samples: null, and no row of %s timed itself on "
                             "this sequence and mode",
                             i, r->shared_from);
    return sq_result_take_samples(r, &run->results[from]) ? 0 : sq_reader_bad(rd, "out of memory");
}

/* Schema 3's results: {"columns": [...], "rows": [[...], ...]}. */
static int read_rows(sq_reader *rd, json_t *root, sq_run *run) {
    json_t *results, *rows;
    int col[SQ_NCOLUMNS];
    if (sq_get_object(rd, root, "", SQ_KEY_RESULTS, &results) ||
        read_columns(rd, json_object_get(results, SQ_KEY_COLUMNS), col))
        return -1;
    rows = json_object_get(results, SQ_KEY_ROWS);
    if (!json_is_array(rows))
        return sq_reader_bad(rd, "results.rows: %s", rows ? "not an array" : "missing");
    size_t n = json_array_size(rows),
           ncols = json_array_size(json_object_get(results, SQ_KEY_COLUMNS));
    sq_row_index ix;
    if (sq_row_index_init(&ix, (int)n))
        return sq_reader_bad(rd, "out of memory");
    int rc = sq_id_table_init(&rd->variants, n) ||
                     !(run->results = calloc(n ? n : 1, sizeof *run->results))
                 ? sq_reader_bad(rd, "out of memory")
                 : 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        rc = read_row(rd, json_array_get(rows, i), col, ncols, i, run);
        if (rc == 0 && sq_row_index_add(&ix, &run->results[i], (int)i, NULL) < 0)
            rc = sq_reader_bad(rd, "out of memory");
    }
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = take_shared(rd, &ix, run, i);
    sq_row_index_free(&ix);
    return rc;
}

int sq_results_read_table(sq_reader *rd, json_t *root, sq_run *run) {
    if (sq_results_read_batch(rd, root, run, batch_figures))
        return -1;
    return read_rows(rd, root, run);
}
