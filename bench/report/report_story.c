/* The compilers' story in one table: per technique the best impl on this
 * machine by latency, the hand-written asm, which compilers match its
 * instruction count, and which compiler version first emitted the best code.
 * From the run's rows and the code facts it recorded (code_identity.h). */
#include "bench/report/report_formats.h"

#include "bench/results/cells.h"
#include "bench/code/code_groups.h"
#include "bench/results/summary.h"
#include "bench/results/runs.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One technique's impls (room for all the run's): their names, latencies
 * and code facts; scratch for the rows' text. */
typedef struct technique_impls {
    const char **names;
    sq_headline *latency;
    const sq_code_fact **fact;
    int n, asm_at; /* asm_at: asm's index, or -1 */
    int *group, *members;
    bool *pick;
} technique_impls;

/* Returns 0, or -1 on no memory (impls_free still frees what there is). */
static int impls_init(technique_impls *t, int room) {
    size_t n = (size_t)room + 1;
    *t = (technique_impls){malloc(sizeof *t->names * n),
                           malloc(sizeof *t->latency * n),
                           malloc(sizeof *t->fact * n),
                           0,
                           -1,
                           malloc(sizeof(int) * n),
                           malloc(sizeof(int) * n),
                           malloc(sizeof(bool) * n)};
    return t->names && t->latency && t->fact && t->group && t->members && t->pick ? 0 : -1;
}

static void impls_free(technique_impls *t) {
    free(t->names);
    free(t->latency);
    free(t->fact);
    free(t->group);
    free(t->members);
    free(t->pick);
}

/* The impls of technique key ("family/technique") among impls[0..nimpls),
 * in that order. */
static void impls_of(const sq_run *run, sq_variant_rows *rows, const char *key,
                     const char *const *impls, int nimpls, technique_impls *t) {
    t->n = 0;
    t->asm_at = -1;
    for (int k = 0; k < nimpls; k++) {
        char id[512];
        snprintf(id, sizeof id, "%s/%s", key, impls[k]);
        const sq_run *view = sq_variant_rows_of(rows, id);
        if (!view->nresults)
            continue;
        if (strcmp(impls[k], "asm") == 0)
            t->asm_at = t->n;
        t->names[t->n] = impls[k];
        t->latency[t->n] = sq_headline_of(view, id, SQ_HEADLINE_LATENCY);
        t->fact[t->n++] = sq_run_code_of(run, id);
    }
}

/* Appends text to buf (len bytes), after sep where buf holds something. */
static void add_item(char *buf, size_t len, const char *sep, const char *text) {
    size_t used = strlen(buf);
    snprintf(buf + used, len - used, "%s%s", used ? sep : "", text);
}

/* The impls selected (where pick[i]) by machine code: each code's impls
 * joined by " = ", codes by "; ", and after a code's impls its suffix
 * (suffix(i) for its first impl i; NULL for none); without code facts, all
 * of them joined by ", ". */
static void by_code(char *buf, size_t len, const technique_impls *t, const bool *pick,
                    const char *(*suffix)(const technique_impls *, int)) {
    int *group = t->group, *members = t->members;
    int ngroups = sq_code_groups(t->fact, t->n, group);
    bool known = false;
    for (int i = 0; i < t->n; i++)
        known |= pick[i] && t->fact[i];
    if (!known) { /* no code facts: one list */
        int n = 0;
        for (int i = 0; i < t->n; i++)
            if (pick[i])
                members[n++] = i;
        sq_impl_set_text(buf, len, t->names, t->n, members, n, ", ");
        return;
    }
    buf[0] = 0;
    for (int g = 0; g < ngroups; g++) {
        int n = 0;
        for (int i = 0; i < t->n; i++)
            if (group[i] == g && pick[i])
                members[n++] = i;
        if (!n)
            continue;
        char set[512], item[600];
        sq_impl_set_text(set, sizeof set, t->names, t->n, members, n, " = ");
        const char *after = suffix ? suffix(t, members[0]) : NULL;
        snprintf(item, sizeof item, "%s%s", set, after ? after : "");
        add_item(buf, len, "; ", item);
    }
}

static const char *asm_code_suffix(const technique_impls *t, int i) {
    return t->asm_at >= 0 && sq_code_same(t->fact[i], t->fact[t->asm_at]) ? " (asm's code)" : NULL;
}

/* Per code among the best, the oldest version of each compiler that emitted
 * it: "gcc-11, clang-16-native"; codes by "; "; "none: asm alone". */
static void first_emitters(char *buf, size_t len, const technique_impls *t, const bool *best) {
    int *group = t->group;
    int ngroups = sq_code_groups(t->fact, t->n, group);
    buf[0] = 0;
    for (int g = 0; g < ngroups; g++) {
        char item[256] = "";
        const sq_code_fact *code = NULL;
        for (int i = 0; i < t->n && !code; i++)
            code = group[i] == g && best[i] ? t->fact[i] : NULL;
        for (int i = 0; code && i < t->n; i++) {
            sq_impl_name p;
            bool new_kind = sq_impl_name_parse(t->names[i], &p);
            for (int k = 0; new_kind && k < i; k++) {
                sq_impl_name q;
                new_kind = !sq_impl_name_parse(t->names[k], &q) || strcmp(q.kind, p.kind) != 0;
            }
            int first =
                new_kind ? sq_code_first_emitter(t->names, t->fact, t->n, p.kind, code) : -1;
            if (first >= 0)
                add_item(item, sizeof item, ", ", t->names[first]);
        }
        if (item[0])
            add_item(buf, len, "; ", item);
    }
    if (!buf[0])
        snprintf(buf, len, "none: asm alone");
}

/* The compilers with the asm's instruction count, by code; "none (fewest:
 * N)" when no compiler has it. */
static void asm_count_matches(char *buf, size_t len, const technique_impls *t) {
    bool *pick = t->pick;
    int fewest = 0;
    const sq_code_fact *as = t->fact[t->asm_at];
    for (int i = 0; i < t->n; i++) {
        pick[i] = false;
        if (i == t->asm_at || !t->fact[i])
            continue;
        pick[i] = t->fact[i]->insns == as->insns;
        fewest = !fewest || t->fact[i]->insns < fewest ? t->fact[i]->insns : fewest;
    }
    by_code(buf, len, t, pick, asm_code_suffix);
    if (!buf[0])
        snprintf(buf, len, "none (fewest: %d)", fewest);
}

/* One technique's row; false (nothing added) when no impl has a latency.
 * No memory marks the table (tab->out_of_memory). */
static bool story_row(sq_text_table *tab, const technique_impls *t, const char *title) {
    int best = -1;
    for (int i = 0; i < t->n; i++)
        if (isfinite(sq_headline_rank(&t->latency[i])) &&
            (best < 0 || sq_headline_rank(&t->latency[i]) < sq_headline_rank(&t->latency[best])))
            best = i;
    if (best < 0)
        return false;
    bool *tied = malloc(sizeof *tied * (size_t)(t->n + 1)), facts = true;
    if (!tied) {
        tab->out_of_memory = true;
        return false;
    }
    for (int i = 0; i < t->n; i++) {
        tied[i] = sq_headline_ties(&t->latency[i], &t->latency[best]);
        facts &= t->fact[i] != NULL;
    }
    char text[1024], figure[64];
    sq_text_table_add(tab, "%s", title);
    sq_headline_text(figure, sizeof figure, &t->latency[best], 2);
    sq_text_table_add(tab, "%s", figure);
    by_code(text, sizeof text, t, tied, NULL);
    sq_text_table_add(tab, "%s", text);
    bool as = t->asm_at >= 0;
    if (as)
        sq_headline_text(figure, sizeof figure, &t->latency[t->asm_at], 2);
    sq_text_table_add(tab, "%s", as ? figure : "-");
    bool asm_fact = as && t->fact[t->asm_at];
    if (asm_fact)
        sq_text_table_add(tab, "%d", t->fact[t->asm_at]->insns);
    else
        sq_text_table_add(tab, "-");
    if (asm_fact)
        asm_count_matches(text, sizeof text, t);
    sq_text_table_add(tab, "%s", asm_fact ? text : "-");
    if (facts)
        first_emitters(text, sizeof text, t, tied);
    sq_text_table_add(tab, "%s", facts ? text : "-");
    free(tied);
    return true;
}

void sq_report_story(sq_doc *d, const sq_run *run) {
    int n = run->nresults;
    /* No memory: d->error is set and the document is not finished whole. */
    const char **impls = sq_doc_alloc(d, sizeof *impls * (size_t)(n + 1));
    const char **keys = sq_doc_alloc(d, sizeof *keys * (size_t)(n + 1));
    char **owned = calloc((size_t)n + 1, sizeof *owned);
    sq_variant_rows rows = {0};
    technique_impls t = {0};
    sq_text_table tab = {0};
    if (!impls || !keys || !owned)
        goto done;
    for (int i = 0; i < n; i++) { /* each row's impl and "family/technique" */
        const sq_variant *v = run->results[i].variant;
        size_t len = strlen(v->family->name) + strlen(v->technique) + 2;
        if (!(owned[i] = sq_doc_alloc(d, len)))
            goto done;
        snprintf(owned[i], len, "%s/%s", v->family->name, v->technique);
        keys[i] = owned[i];
        impls[i] = v->impl;
    }
    int nimpls = sq_distinct_strings(impls, n), ntech = sq_distinct_strings(keys, n);
    if (sq_variant_rows_init(&rows, run) || impls_init(&t, nimpls)) {
        sq_doc_out_of_memory(d);
        goto done;
    }
    sq_text_table_init(&tab, 7);
    const char *heads[] = {"technique", "best latency",       "best impls",          "asm",
                           "asm insns", "C with asm's count", "best code first from"};
    for (int h = 0; h < 7; h++)
        sq_text_table_add(&tab, "%s", heads[h]);
    int nrows = 0;
    for (int i = 0; i < ntech; i++) {
        impls_of(run, &rows, keys[i], impls, nimpls, &t);
        nrows += story_row(&tab, &t, keys[i]);
    }
    if (nrows) {
        sq_doc_heading(d, 2, "the compilers' story: latency per technique");
        sq_doc_table(d, &tab, 14, 9);
        sq_report_legend(d, &tab, 0);
        sq_doc_note(d, "best latency: the lowest latency of any impl (the median over sequences, "
                       "as in the headline tables); best impls: every impl not told apart from "
                       "it (within 0.05 cycles, or intervals touching), impls of one machine "
                       "code joined by =, codes by ;; † variants and figures at two speeds are "
                       "not ranked");
        sq_doc_note(d, "asm insns: the hand-written routine's instructions, ret included; C with "
                       "asm's count: the compilers whose routine has as many, by code; best "
                       "code first from: per compiler, the oldest version (generic before "
                       "native) whose routine is a best code byte for byte (relocations "
                       "masked)");
        sq_doc_note(d, "the code compared is each impl's callable routine (sqcolor disasm); the "
                       "latency is timed in a loop that inlines the technique, which each "
                       "compiler schedules its own way, so impls of one routine can time apart");
        if (!run->ncode)
            sq_doc_note(d, "this file records no machine code (it is older than the code "
                           "facts): instruction counts and versions are not known");
    }
    if (tab.out_of_memory) /* a row that found no memory is missing */
        sq_doc_out_of_memory(d);
done:
    if (!owned)
        sq_doc_out_of_memory(d);
    sq_text_table_free(&tab);
    impls_free(&t);
    sq_variant_rows_free(&rows);
    for (int i = 0; owned && i < n; i++)
        free(owned[i]);
    free(owned);
    free(keys);
    free(impls);
}
