#include "bench/cli/cli.h"

#include "bench/catalog/gate.h"
#include "bench/util/failure.h"

#include "bench/util/escape.h"
#include "bench/util/globs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int sq_select_or_exit(const char *cmd, const char *globs, const sq_variant **out) {
    char err[512];
    int n = sq_select(globs, out, err, sizeof err);
    if (n < 0)
        sq_usage_error(cmd, "%s", err);
    return n;
}

int sq_keep_supported_noting(const char *who, const sq_variant **vs, int n, char *skipped,
                             size_t len) {
    int kept = sq_gate_scalar(vs, n, skipped, len);
    if (kept && kept < n)
        fprintf(stderr, "%s: %s\n", who, skipped);
    return kept;
}

/* Writes what is between the parentheses of a gate's skip line to buf at *used. */
static void append_needs(char *buf, size_t len, size_t *used, const char *skipped) {
    const char *open = strchr(skipped, '(');
    size_t n = open ? strlen(open + 1) : 0;
    if (n && open[n] == ')')
        n--;
    if (!n || *used >= len)
        return;
    int w = snprintf(buf + *used, len - *used, "%s%.*s", *used ? "; " : "", (int)n, open + 1);
    *used += w > 0 ? (size_t)w : 0;
}

/* What sq_variant_room gave, reachable to the end (no leak to report). */
static void *rooms[16];

static void *room(int n, size_t size) {
    static int nrooms;
    void *p = nrooms < 16 ? calloc(n > 0 ? (size_t)n : 1, size) : NULL;
    if (!p) {
        fprintf(stderr, "sqcolor: out of memory\n");
        exit(SQ_EXIT_FAIL);
    }
    return rooms[nrooms++] = p;
}

const sq_variant **sq_variant_room(void) {
    return room(sq_variant_count, sizeof(const sq_variant *));
}

const sq_batch_variant **sq_batch_variant_room(void) {
    return room(sq_batch_variant_count, sizeof(const sq_batch_variant *));
}

/* The gate on n selected scalar variants and nb batch ones: the scalar ones
 * this CPU executes stay in vs (their count returned); the batch ones are
 * only looked at (they are gated again, with their note, where they are
 * called). Exits 2 when neither kind leaves any. */
static int keep_supported_or_exit(const char *cmd, const sq_variant **vs, int n,
                                  const sq_batch_variant *const *bvs, int nb) {
    char who[64], skipped[1024], bskipped[1024];
    snprintf(who, sizeof who, "sqcolor %s", cmd);
    int kept = sq_keep_supported_noting(who, vs, n, skipped, sizeof skipped);
    if (kept || n + nb == 0)
        return kept;
    const sq_batch_variant **copy = sq_batch_variant_room();
    bskipped[0] = 0;
    if (nb) {
        memcpy(copy, bvs, sizeof *copy * (size_t)nb);
        if (sq_gate_batch(copy, nb, bskipped, sizeof bskipped) > 0)
            return kept;
    }
    static char needs[2100];
    size_t used = 0;
    needs[0] = 0;
    append_needs(needs, sizeof needs, &used, n ? skipped : "");
    append_needs(needs, sizeof needs, &used, bskipped);
    unsigned lacks = 0; /* vs and bvs as they were: none was kept */
    for (int i = 0; i < n; i++)
        lacks |= sq_gate_lack(vs[i]->needs);
    for (int i = 0; i < nb; i++)
        lacks |= sq_gate_lack(bvs[i]->needs);
    char where[320];
    sq_usage_error(cmd, "no selected variant is supported %s (%s)",
                   sq_gate_where(lacks, where, sizeof where), needs);
}

int sq_select_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out) {
    return keep_supported_or_exit(cmd, out, sq_select_or_exit(cmd, globs, out), NULL, 0);
}

/* The batch variants chosen[] marks, in registry order; their count. */
static int batch_chosen(const bool *chosen, const sq_batch_variant **out) {
    int n = 0;
    for (int i = 0; i < sq_batch_variant_count; i++)
        if (chosen[i])
            out[n++] = &sq_batch_variants[i];
    return n;
}

int sq_select_batch_supported_or_exit(const char *cmd, const char *globs,
                                      const sq_batch_variant **out) {
    bool chosen[sq_batch_variant_count];
    sq_glob_table t = {sq_batch_variants, sizeof sq_batch_variants[0], sq_batch_variant_count,
                       chosen};
    char err[512];
    if (sq_globs_select(globs, &t, 1, err, sizeof err) < 0)
        sq_usage_error(cmd, "%s", err);
    int n = batch_chosen(chosen, out);
    keep_supported_or_exit(cmd, NULL, 0, out, n);
    return n;
}

int sq_select_all_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                          const sq_batch_variant **batch_out, int *nbatch) {
    bool chosen[sq_variant_count], batch_picks[sq_batch_variant_count];
    sq_glob_table t[] = {
        {sq_variants, sizeof sq_variants[0], sq_variant_count, chosen},
        {sq_batch_variants, sizeof sq_batch_variants[0], sq_batch_variant_count, batch_picks}};
    char err[512];
    if (sq_globs_select(globs, t, 2, err, sizeof err) < 0)
        sq_usage_error(cmd, "%s", err);
    int n = 0;
    for (int i = 0; i < sq_variant_count; i++)
        if (chosen[i])
            out[n++] = &sq_variants[i];
    *nbatch = batch_chosen(batch_picks, batch_out);
    return n;
}

int sq_select_all_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                                    const sq_batch_variant **batch_out, int *nbatch) {
    int n = sq_select_all_or_exit(cmd, globs, out, batch_out, nbatch);
    return keep_supported_or_exit(cmd, out, n, batch_out, *nbatch);
}

bool sq_progress_wanted(void) {
    const char *ci = getenv("CI");
    return isatty(STDERR_FILENO) && !(ci && strcmp(ci, "true") == 0);
}

int sq_report_out_of_memory(sq_format format) {
    fprintf(stderr, "sqcolor: out of memory for %s\n",
            format == SQ_FORMAT_JSON ? "the result file" : "a report");
    return SQ_EXIT_FAIL;
}

int sq_finish_report_output(const char *cmd, sq_output *o, int written, sq_format format) {
    if (written == SQ_FAILED_MEMORY) {
        if (o)
            sq_output_abort(o);
        return sq_report_out_of_memory(format);
    }
    char err[600];
    if (o && sq_output_commit(o, err, sizeof err)) {
        /* a write that failed too: the commit says why */
        sq_error_line(cmd, "%s", err);
        return SQ_EXIT_USAGE;
    }
    return SQ_EXIT_OK;
}
