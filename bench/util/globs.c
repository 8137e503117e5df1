#include "bench/util/globs.h"

#include "bench/util/escape.h"
#include "bench/util/suggest.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

static const char *id_of(const sq_glob_table *t, int i) {
    return *(const char *const *)(const void *)((const char *)t->rows + (size_t)i * t->stride);
}

/* Marks the rows glob matches; whether it matched any. */
static bool mark(const char *glob, sq_glob_table *tables, int ntables) {
    bool any = false;
    for (int k = 0; k < ntables; k++)
        for (int i = 0; i < tables[k].count; i++)
            if (!glob || fnmatch(glob, id_of(&tables[k], i), 0) == 0)
                tables[k].chosen[i] = any = true;
    return any;
}

enum { MOST_PARTS = 8 };

/* s split at '/' into parts[] (copied to room), at most MOST_PARTS: the
 * last part keeps what is left, slashes and all. Returns the parts. */
static int split_parts(const char *s, char room[][SQ_SUGGEST_MAX_LEN + 1], int most) {
    int n = 0;
    for (const char *p = s; n < most; n++) {
        size_t len = n == most - 1 ? strlen(p) : strcspn(p, "/");
        snprintf(room[n], SQ_SUGGEST_MAX_LEN + 1, "%.*s", (int)len, p);
        if (!p[len] || n == most - 1)
            return n + 1;
        p += len + 1;
    }
    return n;
}

/* How far id is from the glob's parts: each part with a wildcard must
 * match its part of id, each other one be close to it (suggest.h); the sum
 * of their distances, or -1. */
static int parts_distance(char glob[][SQ_SUGGEST_MAX_LEN + 1], int nparts, const char *id) {
    char part[MOST_PARTS][SQ_SUGGEST_MAX_LEN + 1];
    if (split_parts(id, part, nparts) != nparts)
        return -1;
    int sum = 0;
    for (int k = 0; k < nparts; k++) {
        if (strpbrk(glob[k], "*?[")) {
            if (fnmatch(glob[k], part[k], 0) != 0)
                return -1;
        } else if (sq_suggest_close(glob[k], part[k])) {
            sum += sq_edit_distance(glob[k], part[k]);
        } else {
            return -1;
        }
    }
    return sum;
}

/* The glob glob could have meant, into out: its parts with wildcards kept,
 * each other part that of the closest id (color/inreg23/asm: the id
 * color/inreg32/asm); false when no id is close. */
static bool suggest_glob(const char *glob, const sq_glob_table *tables, int ntables, char *out,
                         size_t len) {
    char part[MOST_PARTS][SQ_SUGGEST_MAX_LEN + 1];
    if (strlen(glob) > SQ_SUGGEST_MAX_LEN)
        return false;
    int nparts = split_parts(glob, part, MOST_PARTS), best = -1;
    const char *closest = NULL;
    for (int k = 0; k < ntables; k++)
        for (int i = 0; i < tables[k].count; i++) {
            int d = parts_distance(part, nparts, id_of(&tables[k], i));
            if (d >= 0 && (best < 0 || d < best)) {
                best = d;
                closest = id_of(&tables[k], i);
            }
        }
    if (!closest)
        return false;
    char id_part[MOST_PARTS][SQ_SUGGEST_MAX_LEN + 1];
    split_parts(closest, id_part, nparts);
    size_t used = 0;
    for (int k = 0; k < nparts && used < len; k++)
        used += (size_t)snprintf(out + used, len - used, "%s%s", k ? "/" : "",
                                 strpbrk(part[k], "*?[") ? part[k] : id_part[k]);
    return true;
}

static int count_chosen(const sq_glob_table *tables, int ntables) {
    int n = 0;
    for (int k = 0; k < ntables; k++)
        for (int i = 0; i < tables[k].count; i++)
            n += tables[k].chosen[i];
    return n;
}

int sq_globs_select(const char *globs, sq_glob_table *tables, int ntables, char *err,
                    size_t errlen) {
    for (int k = 0; k < ntables; k++)
        memset(tables[k].chosen, 0, (size_t)tables[k].count * sizeof tables[k].chosen[0]);
    if (!globs || !*globs) {
        mark(NULL, tables, ntables);
        return count_chosen(tables, ntables);
    }
    for (const char *p = globs;;) {
        size_t len = strcspn(p, ",");
        char glob[256];
        char shown[1024];
        if (len == 0 || len >= sizeof glob) {
            snprintf(err, errlen, "--filter '%s': %s", sq_text_shown(globs, shown, sizeof shown),
                     len == 0 ? "empty glob between commas" : "glob too long");
            return -1;
        }
        memcpy(glob, p, len);
        glob[len] = 0;
        if (!mark(glob, tables, ntables)) {
            char meant[SQ_SUGGEST_MAX_LEN + 1], meant_shown[4 * sizeof meant];
            if (suggest_glob(glob, tables, ntables, meant, sizeof meant))
                snprintf(err, errlen, "--filter: '%s' matches no variant; did you mean '%s'?",
                         sq_text_shown(glob, shown, sizeof shown),
                         sq_text_shown(meant, meant_shown, sizeof meant_shown));
            else
                snprintf(err, errlen,
                         "--filter: '%s' matches no variant (ids look like "
                         "color/lea_shr_and/asm; see 'sqcolor list')",
                         sq_text_shown(glob, shown, sizeof shown));
            return -1;
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    return count_chosen(tables, ntables);
}
