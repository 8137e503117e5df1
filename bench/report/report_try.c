/* A run of sqcolor try in its report: the footer's line naming the
 * technique tried and its file, and on the HTML page the file's text. */
#include "bench/report/report_formats.h"

#include "bench/catalog/registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most techniques the line names; more are "...". */
#define MAX_TRIED 8

/* Whether the catalogue has v's technique (in any impl). */
static bool in_catalogue(const sq_variant *v) {
    for (int i = 0; i < sq_variant_count; i++)
        if (sq_variants[i].family == v->family &&
            strcmp(sq_variants[i].technique, v->technique) == 0)
            return true;
    return false;
}

static bool same_technique(const sq_variant *a, const sq_variant *b) {
    return a->family == b->family && strcmp(a->technique, b->technique) == 0;
}

/* The techniques of run's rows that are not the catalogue's, as
 * "family/technique, ..." in out (empty: none). A row's technique is looked
 * up only where it differs from the row's before (a variant's rows are
 * together), so the catalogue is walked about once a variant. */
static void tried_of(const sq_run *run, char *out, size_t len) {
    const sq_variant *tried[MAX_TRIED], *last = NULL;
    int n = 0;
    *out = 0;
    for (int i = 0; i < run->nresults; i++) {
        const sq_variant *v = run->results[i].variant;
        if (last && same_technique(v, last))
            continue;
        last = v;
        bool known = false;
        for (int k = 0; k < n && !known; k++)
            known = same_technique(v, tried[k]);
        if (known || in_catalogue(v))
            continue;
        size_t used = strlen(out);
        if (n == MAX_TRIED) {
            snprintf(out + used, len - used, ", ...");
            return;
        }
        snprintf(out + used, len - used, "%s%s/%s", n ? ", " : "", v->family->name, v->technique);
        tried[n++] = v;
    }
}

/* path as one word of a shell command: as it is when it holds only
 * characters no shell treats specially, else in single quotes. Freed by the
 * caller; NULL on no memory. */
static char *shell_word(const char *path) {
    static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789_./+,:@%=-";
    char *w = malloc(strlen(path) * 4 + 3), *end = w;
    if (!w)
        return NULL;
    if (*path && path[strspn(path, plain)] == 0)
        return strcpy(w, path);
    *end++ = '\'';
    for (const char *p = path; *p; p++)
        if (*p == '\'')
            end = stpcpy(end, "'\\''");
        else
            *end++ = *p;
    strcpy(end, "'");
    return w;
}

void sq_report_try_note(sq_doc *d, const sq_run *run) {
    if (!run->try_name)
        return;
    char tried[512];
    tried_of(run, tried, sizeof tried);
    char *file = run->source ? shell_word(run->source) : NULL;
    if (run->source && !file) {
        sq_doc_out_of_memory(d);
        return;
    }
    sq_doc_note(d, "tried: %s from %s (its text is %s%s%s)", *tried ? tried : "a technique",
                run->try_name,
                file ? "in the result file: jq -j .try.text " : "kept in the result file",
                file ? file : "", file ? "" : ": --save, or --format json");
    free(file);
}

void sq_report_try_text(sq_doc *d, const sq_run *run) {
    if (!run->try_name || d->format != SQ_DOC_HTML)
        return;
    char tried[512];
    tried_of(run, tried, sizeof tried);
    sq_doc_heading(d, 2, "the technique tried");
    sq_doc_paragraph(d, "%s%s%s, as the result file keeps it:", *tried ? tried : "",
                     *tried ? " from " : "", run->try_name);
    sq_doc_preformatted(d, run->try_text ? run->try_text : "");
}
