#include "bench/code/code_groups.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sq_impl_name_parse(const char *name, sq_impl_name *out) {
    const char *dash = strchr(name, '-');
    size_t kind = dash ? (size_t)(dash - name) : 0;
    if (!kind || kind >= sizeof out->kind || !isdigit((unsigned char)dash[1]))
        return false;
    char *end;
    long version = strtol(dash + 1, &end, 10);
    if (version > 9999 || (*end && strcmp(end, "-native") != 0))
        return false;
    memcpy(out->kind, name, kind);
    out->kind[kind] = 0;
    out->version = (int)version;
    out->native = *end != 0;
    return true;
}

void sq_impl_key(char *buf, size_t len, const char *name) {
    sq_impl_name p;
    bool known = sq_impl_name_parse(name, &p) &&
                 (strcmp(p.kind, "gcc") == 0 || strcmp(p.kind, "clang") == 0);
    if (known)
        snprintf(buf, len, "%c%d%s", p.kind[0], p.version, p.native ? "n" : "");
    else
        snprintf(buf, len, "%s", name);
}

int sq_code_groups(const sq_code_fact *const *facts, int n, int *group) {
    int ngroups = 0;
    for (int i = 0; i < n; i++) {
        group[i] = -1;
        for (int k = 0; k < i && group[i] < 0; k++)
            if (sq_code_same(facts[i], facts[k]))
                group[i] = group[k];
        if (group[i] < 0)
            group[i] = ngroups++;
    }
    return ngroups;
}

/* Text appended to a buffer, cut at its end. */
typedef struct appender {
    char *buf;
    size_t len, used;
} appender;

static void append(appender *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void append(appender *a, const char *fmt, ...) {
    if (a->used >= a->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(a->buf + a->used, a->len - a->used, fmt, ap);
    va_end(ap);
    a->used = n < 0 ? a->len : a->used + (size_t)n;
}

/* The compilers of names[0..n) by kind and flag set: names' indexes of one
 * kind and flag set, versions rising. */
typedef struct lineage {
    sq_impl_name name; /* the kind and flag set; version unused */
    int *member;
    int n;
} lineage;

static int by_version(const void *x, const void *y, void *names) {
    sq_impl_name a, b;
    sq_impl_name_parse(((const char *const *)names)[*(const int *)x], &a);
    sq_impl_name_parse(((const char *const *)names)[*(const int *)y], &b);
    return (a.version > b.version) - (a.version < b.version);
}

/* Fills out (room for 2n lineages, each member list of room n) in order:
 * kinds by first appearance, generic then native. Returns how many; the
 * caller frees out[0].member. */
static int lineages_of(const char *const *names, int n, lineage *out) {
    int *room = malloc(sizeof *room * (size_t)(n ? n : 1)), count = 0, used = 0;
    if (!room)
        return 0;
    for (int i = 0; i < n; i++) {
        sq_impl_name p;
        if (!sq_impl_name_parse(names[i], &p))
            continue;
        bool seen = false;
        for (int l = 0; l < count; l++)
            seen |= strcmp(out[l].name.kind, p.kind) == 0;
        if (seen)
            continue;
        for (int native = 0; native < 2; native++) {
            lineage *l = &out[count];
            *l = (lineage){.name = p, .member = room + used};
            l->name.native = native;
            for (int k = i; k < n; k++) {
                sq_impl_name q;
                if (sq_impl_name_parse(names[k], &q) && strcmp(q.kind, p.kind) == 0 &&
                    q.native == (bool)native)
                    l->member[l->n++] = k;
            }
            qsort_r(l->member, (size_t)l->n, sizeof *l->member, by_version, (void *)names);
            used += l->n;
            count += l->n > 0;
        }
    }
    if (!count)
        free(room);
    return count;
}

static void lineages_free(lineage *l, int count) {
    if (count)
        free(l[0].member);
}

/* One item of a set: an impl by its name or its key. */
static void put_impl(appender *a, const char *sep, const char *name, bool keys) {
    char key[64];
    if (keys)
        sq_impl_key(key, sizeof key, name);
    append(a, "%s%s", sep, keys ? key : name);
}

static void set_text(char *buf, size_t len, const char *const *names, int n, const int *members,
                     int nmembers, const char *sep, bool keys) {
    appender a = {buf, len, 0};
    buf[0] = 0;
    bool *in = calloc((size_t)(n ? n : 1), sizeof *in);
    lineage *l = malloc(sizeof *l * (size_t)(2 * n + 1));
    if (!in || !l) {
        free(in);
        free(l);
        return;
    }
    for (int i = 0; i < nmembers; i++)
        in[members[i]] = true;
    int items = 0;
    for (int i = 0; i < nmembers; i++) { /* asm and names of no compiler, as they come */
        sq_impl_name p;
        if (!sq_impl_name_parse(names[members[i]], &p))
            put_impl(&a, items++ ? sep : "", names[members[i]], keys);
    }
    int count = lineages_of(names, n, l);
    for (int k = 0; k < count; k++)
        for (int i = 0; i < l[k].n; i++) {
            if (!in[l[k].member[i]])
                continue;
            int last = i;
            while (last + 1 < l[k].n && in[l[k].member[last + 1]])
                last++;
            if (last - i >= 2) { /* a range: "clang-13..16-native", "c13..16n" */
                char from[64], to[64];
                const char *first = names[l[k].member[i]], *end = names[l[k].member[last]];
                sq_impl_name p, q;
                sq_impl_name_parse(first, &p);
                sq_impl_name_parse(end, &q);
                sq_impl_key(from, sizeof from, first);
                if (keys && strcmp(from, first) != 0) { /* a key: "c13n" */
                    from[strcspn(from, "n")] = 0;
                    snprintf(to, sizeof to, "%d%s", q.version, q.native ? "n" : "");
                } else {
                    snprintf(from, sizeof from, "%s-%d", p.kind, p.version);
                    snprintf(to, sizeof to, "%d%s", q.version, q.native ? "-native" : "");
                }
                append(&a, "%s%s..%s", items++ ? sep : "", from, to);
                i = last;
            } else {
                put_impl(&a, items++ ? sep : "", names[l[k].member[i]], keys);
            }
        }
    lineages_free(l, count);
    free(l);
    free(in);
}

void sq_impl_set_text(char *buf, size_t len, const char *const *names, int n, const int *members,
                      int nmembers, const char *sep) {
    set_text(buf, len, names, n, members, nmembers, sep, false);
}

void sq_impl_keys_text(char *buf, size_t len, const char *const *names, int n, const int *members,
                       int nmembers) {
    set_text(buf, len, names, n, members, nmembers, " ", true);
}

/* One lineage's history, appended to a. */
static void history_of(appender *a, const lineage *l, const char *const *names,
                       const sq_code_fact *const *facts, const char *const *summary) {
    append(a, "%s %s: ", l->name.kind, l->name.native ? "native" : "generic");
    int first = l->member[0], newest = l->member[l->n - 1];
    bool changed = false;
    for (int i = 1; i < l->n; i++)
        changed |= !sq_code_same(facts[l->member[i]], facts[l->member[i - 1]]);
    if (!facts[first]) {
        append(a, "%s: code not known", names[first]);
    } else if (!changed && l->n > 1) {
        append(a, "one code from %s to %s: %s", names[first], names[newest], summary[first]);
    } else {
        append(a, "%s emits %s", names[first], summary[first]);
    }
    for (int i = 1; changed && i < l->n; i++) {
        int at = l->member[i], before = l->member[i - 1];
        if (sq_code_same(facts[at], facts[before]))
            continue;
        if (!facts[at]) {
            append(a, "; %s: code not known", names[at]);
            continue;
        }
        int earlier = -1;
        for (int k = 0; k < i - 1 && earlier < 0; k++)
            if (sq_code_same(facts[at], facts[l->member[k]]))
                earlier = l->member[k];
        if (earlier >= 0)
            append(a, "; %s emits %s's code again", names[at], names[earlier]);
        else
            append(a, "; %s first emits %s%s", names[at], summary[at],
                   strcmp(summary[at], summary[before]) == 0 ? " (other operands)" : "");
    }
}

int sq_code_history(const char *const *names, const sq_code_fact *const *facts,
                    const char *const *summary, int n, char (*lines)[SQ_HISTORY_LINE], int max) {
    lineage *l = malloc(sizeof *l * (size_t)(2 * n + 1));
    if (!l)
        return 0;
    int count = lineages_of(names, n, l), written = 0;
    for (int k = 0; k < count && written < max; k++) {
        appender a = {lines[written++], SQ_HISTORY_LINE, 0};
        history_of(&a, &l[k], names, facts, summary);
    }
    lineages_free(l, count);
    free(l);
    return written;
}

int sq_code_first_emitter(const char *const *names, const sq_code_fact *const *facts, int n,
                          const char *kind, const sq_code_fact *target) {
    int best = -1;
    sq_impl_name b = {{0}, 0, false};
    for (int i = 0; i < n; i++) {
        sq_impl_name p;
        if (!sq_impl_name_parse(names[i], &p) || strcmp(p.kind, kind) != 0 ||
            !sq_code_same(facts[i], target))
            continue;
        if (best < 0 || p.version < b.version || (p.version == b.version && !p.native)) {
            best = i;
            b = p;
        }
    }
    return best;
}
