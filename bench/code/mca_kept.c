#include "bench/code/mca_kept.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- llvm-mca's input ------------------------------------------------------- */

static int write_input(FILE *f, const char (*lines)[SQ_INSN_TEXT], int n, const char *closing,
                       const char *label) {
    int written = 0;
    for (int i = 0; i < n; i++) {
        const char *t = lines[i];
        if (strncmp(t, "ret", 3) == 0)
            continue;
        if (t[0] == 'j')
            fprintf(f, "%.*s %s\n", (int)strcspn(t, " "), t, label);
        else
            fprintf(f, "%s\n", t);
        written++;
    }
    fprintf(f, "%s:\n%s\n", label, closing ? closing : "");
    return written + (closing != NULL);
}

char *sq_mca_input(const char (*lines)[SQ_INSN_TEXT], int n, const char *closing, const char *label,
                   int *written) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    *written = write_input(f, lines, n, closing, label);
    if (ferror(f)) {
        fclose(f);
        free(text);
        return NULL;
    }
    return fclose(f) == 0 ? text : (free(text), NULL);
}

/* ---- llvm-mca's report -------------------------------------------------------- */

static double field(const char *text, const char *label) {
    const char *p = strstr(text, label);
    char *end;
    double x = p ? strtod(p + strlen(label), &end) : NAN;
    return p && end != p + strlen(label) && x >= 0 ? x : NAN;
}

bool sq_mca_figures_complete(sq_mca_figures f) {
    return !isnan(f.total_cycles) && !isnan(f.rthroughput);
}

sq_mca_figures sq_mca_report_figures(const char *report) {
    return (sq_mca_figures){field(report, "Total Cycles:"), field(report, "Block RThroughput:")};
}

int sq_mca_region_figures(char *report, sq_mca_figures *out, int n) {
    static const char head[] = "] Code Region - sq";
    for (int k = 0; k < n; k++)
        out[k] = (sq_mca_figures){NAN, NAN};
    int found = 0;
    char *at = strstr(report, head);
    while (at) {
        char *name = at + sizeof head - 1, *end;
        long k = strtol(name, &end, 10);
        char *next = strstr(end, head);
        if (next)
            *next = 0; /* this region's report ends where the next one's begins */
        if (end != name && (*end == '\n' || *end == '\r') && k >= 0 && k < n &&
            isnan(out[k].total_cycles)) {
            out[k] = sq_mca_report_figures(end);
            found++;
        }
        if (next)
            *next = ']';
        at = next;
    }
    return found;
}

/* ---- figures kept --------------------------------------------------------------- */

typedef struct kept {
    struct kept *next;
    uint64_t hash;
    sq_mca_figures figures;
    char key[]; /* path, mcpu, iterations and the input, a line each */
} kept;

enum { BUCKETS = 4096 };
static kept *buckets[BUCKETS];

static char *key_of(const char *path, const char *mcpu, int iterations, const char *input,
                    uint64_t *hash) {
    size_t len = strlen(path) + strlen(mcpu) + strlen(input) + 32;
    char *key = malloc(len);
    if (!key)
        return NULL;
    snprintf(key, len, "%s\n%s\n%d\n%s", path, mcpu, iterations, input);
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 1099511628211ULL;
    *hash = h;
    return key;
}

static kept *lookup(const char *key, uint64_t hash) {
    for (kept *k = buckets[hash % BUCKETS]; k; k = k->next)
        if (k->hash == hash && strcmp(k->key, key) == 0)
            return k;
    return NULL;
}

bool sq_mca_kept_find(const char *path, const char *mcpu, int iterations, const char *input,
                      sq_mca_figures *out) {
    uint64_t hash;
    char *key = key_of(path, mcpu, iterations, input, &hash);
    kept *k = key ? lookup(key, hash) : NULL;
    free(key);
    if (k)
        *out = k->figures;
    return k != NULL;
}

void sq_mca_keep(const char *path, const char *mcpu, int iterations, const char *input,
                 sq_mca_figures f) {
    uint64_t hash;
    char *key = key_of(path, mcpu, iterations, input, &hash);
    kept *k = key && !lookup(key, hash) ? malloc(sizeof *k + strlen(key) + 1) : NULL;
    if (k) {
        k->hash = hash;
        k->figures = f;
        strcpy(k->key, key);
        k->next = buckets[hash % BUCKETS];
        buckets[hash % BUCKETS] = k;
    }
    free(key);
}
