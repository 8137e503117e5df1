#include "bench/cli/cli.h"

#include "bench/util/globs.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void sq_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "sqcolor%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (cmd)
        fprintf(stderr, " (see 'sqcolor help %s')\n", cmd);
    else
        fprintf(stderr, " (see 'sqcolor --help')\n");
    exit(SQ_EXIT_USAGE);
}

const char *(*sq_command_usage)(const char *cmd);

/* "CMD --help" or "-h": the command's usage on standard output, exit 0 (2 if
 * it cannot be written). */
static _Noreturn void help_exit(const char *cmd) {
    const char *usage = sq_command_usage ? sq_command_usage(cmd) : NULL;
    errno = 0;
    if (usage)
        fputs(usage, stdout);
    else
        printf("usage: sqcolor %s\n", cmd ? cmd : "");
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "sqcolor %s: cannot write the help: %s\n", cmd ? cmd : "",
                strerror(errno ? errno : EIO));
        exit(SQ_EXIT_USAGE);
    }
    exit(SQ_EXIT_OK);
}

static const sq_option *find_option(const sq_option *opts, int nopts, const char *name,
                                    size_t len) {
    for (int i = 0; i < nopts; i++)
        if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
            return &opts[i];
    return NULL;
}

void sq_parse_options(const char *cmd, int argc, char **argv, const sq_option *opts, int nopts,
                      const char **positional, int max_positional, int *npositional) {
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
            help_exit(cmd);
        if (strncmp(arg, "--", 2) != 0 || arg[2] == 0) {
            if (npos >= max_positional)
                sq_usage_error(cmd, "unexpected argument '%s'", arg);
            positional[npos++] = arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        const sq_option *o = find_option(opts, nopts, arg, len);
        if (!o)
            sq_usage_error(cmd, "unknown option '%.*s'", (int)len, arg);
        if (!o->value) {
            if (eq)
                sq_usage_error(cmd, "option '%s' takes no value", o->name);
            *o->flag = true;
            continue;
        }
        const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!value || (!eq && strncmp(value, "--", 2) == 0))
            sq_usage_error(cmd, "option '%s' needs a value", o->name);
        if (!*value)
            sq_usage_error(cmd, "option '%s' needs a non-empty value", o->name);
        *o->value = value;
    }
    if (npositional)
        *npositional = npos;
}

int sq_choice(const char *cmd, const char *option, const char *value, const char *choices) {
    int index = 0;
    for (const char *p = choices;; index++) {
        size_t len = strcspn(p, "|");
        if (strlen(value) == len && strncmp(value, p, len) == 0)
            return index;
        if (!p[len])
            break;
        p += len + 1;
    }
    sq_usage_error(cmd, "%s must be one of %s, not '%s'", option, choices, value);
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
    int kept = sq_keep_supported(vs, n, skipped, len);
    if (kept && kept < n)
        fprintf(stderr, "%s: skipped %d variants not supported on this CPU (%s)\n", who, n - kept,
                skipped);
    return kept;
}

/* The gate on n selected scalar variants; `others` selected variants of
 * another kind (batch) keep the command going when none of these is left. */
static int keep_supported_or_exit(const char *cmd, const sq_variant **vs, int n, int others) {
    char who[64], skipped[1024];
    snprintf(who, sizeof who, "sqcolor %s", cmd);
    int kept = sq_keep_supported_noting(who, vs, n, skipped, sizeof skipped);
    if (n > 0 && kept == 0 && others == 0)
        sq_usage_error(cmd, "no selected variant is supported on this CPU (%s)", skipped);
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

long sq_parse_long(const char *cmd, const char *option, const char *value, long min, long max) {
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || end == value || *end)
        sq_usage_error(cmd, "%s takes a whole number, not '%s'", option, value);
    if (v < min || v > max)
        sq_usage_error(cmd, "%s %ld is out of range (%ld to %ld)", option, v, min, max);
    return v;
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
