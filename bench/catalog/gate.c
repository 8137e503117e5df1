#include "bench/catalog/gate.h"

#include "bench/machine/cpu_features.h"
#include "bench/machine/test_switches.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

unsigned sq_gate_lack(unsigned needs) {
    unsigned missing = sq_cpu_features_missing(needs);
    return !missing ? 0 : missing & ~sq_cpu_features_hidden() ? SQ_LACK_CPU : SQ_LACK_HIDDEN;
}

const char *sq_gate_where(unsigned lacks, char *buf, size_t len) {
    const char *hiding = sq_test_hiding();
    snprintf(buf, len, "%s%s%s%s", lacks & SQ_LACK_CPU ? "on this CPU" : "",
             lacks == (SQ_LACK_CPU | SQ_LACK_HIDDEN) ? " " : "",
             lacks & SQ_LACK_HIDDEN ? "with " : "", lacks & SQ_LACK_HIDDEN && hiding ? hiding : "");
    return buf;
}

const char *sq_gate_reason(unsigned needs, char *buf, size_t len) {
    unsigned missing = sq_cpu_features_missing(needs);
    if (!missing)
        return NULL;
    char names[128], where[320];
    snprintf(buf, len, "not supported %s (needs %s)",
             sq_gate_where(sq_gate_lack(needs), where, sizeof where),
             sq_feature_names(missing, names, sizeof names));
    return buf;
}

/* What the message says of a variant left out. */
typedef struct dropped {
    const char *family, *technique;
    unsigned missing, lack;
} dropped;

static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...) {
    if (*used >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    *used += n > 0 ? (size_t)n : 0;
}

/* Whether d[i]'s lack, or (same_technique) its technique with that lack, came
 * up before i. */
static bool seen_before(const dropped *d, int i, bool same_technique) {
    for (int j = 0; j < i; j++)
        if (d[j].missing == d[i].missing &&
            (!same_technique || (strcmp(d[j].family, d[i].family) == 0 &&
                                 strcmp(d[j].technique, d[i].technique) == 0)))
            return true;
    return false;
}

static void describe(const dropped *d, int n, char *skipped, size_t len) {
    size_t used = 0;
    skipped[0] = 0;
    if (!n)
        return;
    unsigned lacks = 0;
    for (int i = 0; i < n; i++)
        lacks |= d[i].lack;
    char where[320];
    append(skipped, len, &used, "skipped %d variant%s not supported %s (", n, n == 1 ? "" : "s",
           sq_gate_where(lacks, where, sizeof where));
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (seen_before(d, i, false))
            continue;
        char names[128];
        append(skipped, len, &used, "%sneeds %s:", first ? "" : "; ",
               sq_feature_names(d[i].missing, names, sizeof names));
        first = false;
        for (int k = i; k < n; k++)
            if (d[k].missing == d[i].missing && !seen_before(d, k, true))
                append(skipped, len, &used, "%s %s/%s", k == i ? "" : ",", d[k].family,
                       d[k].technique);
    }
    append(skipped, len, &used, ")");
}

/* Both kinds of variant have a family, a technique and needs: one body. */
#define SQ_GATE_BODY(vs, n, skipped, len)                                                          \
    do {                                                                                           \
        dropped d[(n) > 0 ? (n) : 1];                                                              \
        int kept = 0, nd = 0;                                                                      \
        for (int i = 0; i < (n); i++) {                                                            \
            unsigned missing = sq_cpu_features_missing((vs)[i]->needs);                            \
            if (!missing)                                                                          \
                (vs)[kept++] = (vs)[i];                                                            \
            else                                                                                   \
                d[nd++] = (dropped){(vs)[i]->family->name, (vs)[i]->technique, missing,            \
                                    sq_gate_lack((vs)[i]->needs)};                                 \
        }                                                                                          \
        describe(d, nd, skipped, len);                                                             \
        return kept;                                                                               \
    } while (0)

int sq_gate_scalar(const sq_variant **vs, int n, char *skipped, size_t len) {
    SQ_GATE_BODY(vs, n, skipped, len);
}

int sq_gate_batch(const sq_batch_variant **vs, int n, char *skipped, size_t len) {
    SQ_GATE_BODY(vs, n, skipped, len);
}
