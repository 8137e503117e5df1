#include "bench/cli/cli.h"

#include "bench/catalog/gate.h"

#include "bench/util/escape.h"
#include "bench/util/globs.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "sqcolor CMD: <message><after>" on stderr: the message quotes arguments,
 * the environment and files, so whatever they hold it is shown as one line
 * with no control character. */
static void say(const char *cmd, const char *after, const char *fmt, va_list ap) {
    char msg[2048], shown[8192];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fprintf(stderr, "sqcolor%s%s: %s%s\n", cmd ? " " : "", cmd ? cmd : "",
            sq_text_shown(msg, shown, sizeof shown), after);
}

void sq_usage_error(const char *cmd, const char *fmt, ...) {
    char see[96];
    if (cmd)
        snprintf(see, sizeof see, " (see 'sqcolor help %s')", cmd);
    else
        snprintf(see, sizeof see, " (see 'sqcolor --help')");
    va_list ap;
    va_start(ap, fmt);
    say(cmd, see, fmt, ap);
    va_end(ap);
    exit(SQ_EXIT_USAGE);
}

void sq_error_line(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    say(cmd, "", fmt, ap);
    va_end(ap);
}

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

/* The gate on n selected scalar variants; `others` selected variants of
 * another kind (batch) keep the command going when none of these is left. */
static int keep_supported_or_exit(const char *cmd, const sq_variant **vs, int n, int others) {
    char who[64], skipped[1024];
    snprintf(who, sizeof who, "sqcolor %s", cmd);
    int kept = sq_keep_supported_noting(who, vs, n, skipped, sizeof skipped);
    if (n > 0 && kept == 0 && others == 0)
        sq_usage_error(cmd, "no selected variant is supported on this CPU %s",
                       strchr(skipped, '('));
    return kept;
}

int sq_select_supported_or_exit(const char *cmd, const char *globs, const sq_variant **out) {
    return keep_supported_or_exit(cmd, out, sq_select_or_exit(cmd, globs, out), 0);
}

/* The batch variants chosen[] marks, in registry order; their count. */
static int batch_chosen(const bool *chosen, const sq_batch_variant **out) {
    int n = 0;
    for (int i = 0; i < sq_batch_variant_count; i++)
        if (chosen[i])
            out[n++] = &sq_batch_variants[i];
    return n;
}

int sq_select_batch_or_exit(const char *cmd, const char *globs, const sq_batch_variant **out) {
    bool chosen[sq_batch_variant_count];
    sq_id_table t = {sq_batch_variants, sizeof sq_batch_variants[0], sq_batch_variant_count,
                     chosen};
    char err[512];
    if (sq_globs_select(globs, &t, 1, err, sizeof err) < 0)
        sq_usage_error(cmd, "%s", err);
    return batch_chosen(chosen, out);
}

int sq_select_all_or_exit(const char *cmd, const char *globs, const sq_variant **out,
                          const sq_batch_variant **batch_out, int *nbatch) {
    bool chosen[sq_variant_count], batch_picks[sq_batch_variant_count];
    sq_id_table t[] = {
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
    return keep_supported_or_exit(cmd, out, n, *nbatch);
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
