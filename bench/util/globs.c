#include "bench/util/globs.h"

#include "bench/util/escape.h"

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
            snprintf(err, errlen,
                     "--filter: '%s' matches no variant (ids look like color/lea_shr_and/asm; "
                     "see 'sqcolor list')",
                     sq_text_shown(glob, shown, sizeof shown));
            return -1;
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    return count_chosen(tables, ntables);
}
