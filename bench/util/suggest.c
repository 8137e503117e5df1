#include "bench/util/suggest.h"

#include <stdio.h>
#include <string.h>

static int least(int a, int b) {
    return a < b ? a : b;
}

int sq_edit_distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > SQ_SUGGEST_MAX_LEN || lb > SQ_SUGGEST_MAX_LEN)
        return SQ_SUGGEST_MAX_LEN + 1;
    /* Three rows of the table: the one before the previous is for a swap. */
    int rows[3][SQ_SUGGEST_MAX_LEN + 1];
    int *before = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            cur[j] = least(least(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = least(cur[j], before[j - 2] + 1);
        }
        int *spare = before;
        before = prev;
        prev = cur;
        cur = spare;
    }
    return prev[lb];
}

/* s's length less its leading '-': "--quick" is five letters to get wrong. */
static int letters(const char *s) {
    return (int)(strlen(s) - strspn(s, "-"));
}

bool sq_suggest_close(const char *typed, const char *candidate) {
    int longer = letters(typed) > letters(candidate) ? letters(typed) : letters(candidate);
    int limit = longer / 3 > 1 ? longer / 3 : 1;
    return sq_edit_distance(typed, candidate) <= limit;
}

const char *sq_suggest(const char *typed, const char *const *candidates, int n) {
    const char *best = NULL;
    int best_distance = SQ_SUGGEST_MAX_LEN + 1;
    for (int i = 0; i < n; i++) {
        int d = sq_edit_distance(typed, candidates[i]);
        if (d < best_distance && sq_suggest_close(typed, candidates[i])) {
            best = candidates[i];
            best_distance = d;
        }
    }
    return best;
}

const char *sq_did_you_mean(const char *typed, const char *const *candidates, int n, char *buf,
                            size_t len) {
    const char *best = sq_suggest(typed, candidates, n);
    snprintf(buf, len, "%s%s%s", best ? "; did you mean '" : "", best ? best : "",
             best ? "'?" : "");
    return buf;
}
