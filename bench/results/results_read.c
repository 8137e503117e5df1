#include "bench/results/results_read.h"

#include "bench/results/figures.h"
#include "bench/results/json_arena.h"
#include "bench/results/results_read_header.h"
#include "bench/results/results_read_json.h"
#include "bench/results/results_read_old.h"
#include "bench/results/results_read_table.h"
#include "bench/results/results_read_unique.h"
#include "bench/results/results_schema.h"
#include "bench/util/id_table.h"

#include <errno.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    else if (sq_results_read_header(&rd, root, run) == 0 &&
             sq_results_check_derived(&rd, root) == 0)
        rc = rd.schema >= 3 ? sq_results_read_table(&rd, root, run)
                            : sq_results_read_objects(&rd, root, run);
    if (rc == 0)
        rc = sq_results_check_unique(&rd, run, rd.schema >= 3 ? "results.rows" : "results");
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
