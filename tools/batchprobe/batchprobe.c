/* batchprobe: what moves a batch row. Times batch routines and copy loops
 * as sqcolor batch does (its per-placement measurement, the asm loop driver
 * of asm/batch_loops.asm, an add-chain clock either side of each sweep, the
 * fastest of samples) while one factor takes several values: the size, each
 * buffer's offset in its 4 KiB page or its 2 MiB page, which buffer lies
 * first. Rows are catalogue ids or this tool's copies
 * (tools/batchprobe/probe_copies.asm).
 * Prints a table: a row per routine, a column per value of the factor.
 * Built with sqcolor, not installed: an investigation tool (docs/batch.md). */
#include "bench/catalog/batch_registry.h"
#include "bench/machine/calibration.h"
#include "bench/machine/cpu_features.h"
#include "bench/machine/huge_pages.h"
#include "bench/measure/batch_timing.h"
#include "bench/util/text_table.h"
#include "bench/util/xorshift.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The copies of tools/batchprobe/probe_copies.asm: W bytes a register, U a trip; plain,
 * streaming (_nt) or moved once on the way (_mv); and _u1 at eight other
 * addresses (_at0 .. _at7). */
#define PROBE_KINDS(X, w, u) X(w, _u##u, , false) X(w, _u##u, _nt, true) X(w, _u##u, _mv, false)
#define PROBE_UNROLLS(X, w)  PROBE_KINDS(X, w, 1) PROBE_KINDS(X, w, 2) PROBE_KINDS(X, w, 4)
#define PROBE_AT(X, w)                                                                             \
    X(w, _at0, , false)                                                                            \
    X(w, _at1, , false)                                                                            \
    X(w, _at2, , false)                                                                            \
    X(w, _at3, , false)                                                                            \
    X(w, _at4, , false) X(w, _at5, , false) X(w, _at6, , false) X(w, _at7, , false)
#define PROBE_CHUNKS(X, w) X(w, _c64, , false) X(w, _c128, , false) X(w, _c256, , false)
#define PROBE_COPIES(X)                                                                            \
    PROBE_UNROLLS(X, 16)                                                                           \
    PROBE_UNROLLS(X, 32)                                                                           \
    PROBE_UNROLLS(X, 64)                                                                           \
    PROBE_AT(X, 16) PROBE_AT(X, 64) PROBE_CHUNKS(X, 16) PROBE_CHUNKS(X, 32) PROBE_CHUNKS(X, 64)
#define PROBE_DECLARE(w, tag, kind, nt) SQ_BATCH_SIG_color_batch(probe_copy##w##tag##kind);
PROBE_COPIES(PROBE_DECLARE)

typedef struct probe_copy {
    const char *name;
    int width;
    bool nt;
    void (*fn)(void);
} probe_copy;
#define PROBE_ROW(w, tag, kind, nt)                                                                \
    {"copy" #w #tag #kind, w, nt, (void (*)(void))probe_copy##w##tag##kind},
static const probe_copy copies[] = {PROBE_COPIES(PROBE_ROW)};
#define NCOPIES ((int)(sizeof copies / sizeof copies[0]))

/* The factors, one of which takes several values (the table's columns). */
enum { F_SIZE, F_IN_PAGE, F_OUT_PAGE, F_IN_HUGE, F_OUT_HUGE, F_ORDER, NFACTORS };
static const char *const factor_names[NFACTORS] = {"size",    "in-page",  "out-page",
                                                   "in-huge", "out-huge", "order"};
static const char *const factor_units[NFACTORS] = {
    "squares a call", "in's offset in its 4 KiB page, bytes",
    "out's, bytes",   "in's 4 KiB page in its region, KiB",
    "out's, KiB",     "0: in below out, 1: out below in"};
#define MOST_VALUES 32
#define REGION      ((size_t)32 << 20) /* each buffer's, a whole number of 2 MiB pages */
#define MOST_N      ((size_t)4 << 20)

typedef struct probe {
    long values[NFACTORS][MOST_VALUES];
    int nvalues[NFACTORS];
    int varied; /* the factor with several values, F_SIZE if none */
    sq_batch_variant rows[64];
    int nrows;
    int repeats;
    int ref; /* the row the ratio table divides by (--ref), or -1 */
    sq_batch_timing t;
} probe;

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: batchprobe [--rows LIST] [--size N,...] [--in-page B,...] [--out-page B,...]\n"
        "                  [--in-huge KiB,...] [--out-huge KiB,...] [--order 0,1]\n"
        "                  [--repeats N] [--samples N] [--ref ROW]\n"
        "One factor takes several values (the columns); the others one each. Rows: catalogue\n"
        "ids (color_batch/sse2/asm, color_batch/copy_xmm/bound) or copies copy<W>_u<U>[_nt|_mv]\n"
        "(W 16, 32, 64 bytes a register, U 1, 2, 4 a trip, _nt streaming stores, _mv each\n"
        "register moved once before its store) and copy<W>_at<0-7> (_u1 at eight code\n"
        "addresses); 'copies' is all of those. A cell: core cycles per square, the fastest\n"
        "sweep / the median of the sweeps. --ref ROW adds a table of each cell over ROW's in\n"
        "the same sweep and column, the median of those ratios (a sweep's clock cancels).\n");
}

static int fail(const char *fmt, const char *what) {
    fprintf(stderr, "batchprobe: ");
    fprintf(stderr, fmt, what);
    fputc('\n', stderr);
    return 2;
}

static int add_row(probe *p, const char *name) {
    if (p->nrows >= (int)(sizeof p->rows / sizeof p->rows[0]))
        return fail("too many rows at %s", name);
    for (int i = 0; i < sq_batch_variant_count; i++)
        if (strcmp(sq_batch_variants[i].id, name) == 0) {
            p->rows[p->nrows++] = sq_batch_variants[i];
            return 0;
        }
    for (int i = 0; i < sq_batch_bound_count; i++)
        if (strcmp(sq_batch_bounds[i].id, name) == 0) {
            p->rows[p->nrows++] = sq_batch_bounds[i];
            return 0;
        }
    for (int i = 0; i < NCOPIES; i++)
        if (strcmp(copies[i].name, name) == 0 || strcmp(name, "copies") == 0) {
            const probe_copy *c = &copies[i];
            unsigned needs = c->width == 64   ? SQ_NEEDS(AVX512BW)
                             : c->width == 32 ? SQ_NEEDS(AVX2)
                                              : 0;
            p->rows[p->nrows++] = (sq_batch_variant){.id = c->name,
                                                     .family = &sq_batch_families[0],
                                                     .technique = c->name,
                                                     .impl = c->nt ? "nt" : "probe",
                                                     .needs = needs,
                                                     .fn.any = c->fn};
            if (strcmp(name, "copies") != 0)
                return 0;
            if (p->nrows >= (int)(sizeof p->rows / sizeof p->rows[0]))
                return fail("too many rows at %s", name);
        }
    return strcmp(name, "copies") == 0 ? 0 : fail("no batch routine or copy %s", name);
}

static int parse_rows(probe *p, const char *list) {
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (add_row(p, tok))
            return 2;
    return 0;
}

static int parse_values(probe *p, int f, const char *list) {
    p->nvalues[f] = 0;
    const char *s = list;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 0);
        if (end == s || v < 0 || (*end && *end != ',') || p->nvalues[f] == MOST_VALUES)
            return fail("bad value list for --%s", factor_names[f]);
        p->values[f][p->nvalues[f]++] = v;
        s = *end ? end + 1 : end;
    }
    return p->nvalues[f] ? 0 : fail("no value for --%s", factor_names[f]);
}

static const char default_rows[] =
    "color_batch/copy_xmm/bound,color_batch/copy_ymm/bound,color_batch/copy_zmm/bound,"
    "color_batch/sse2/asm,color_batch/avx2/asm,color_batch/avx512bw/asm,color_batch/gfni/asm";

static int parse(probe *p, int argc, char **argv) {
    static const struct option longs[] = {
        {"rows", 1, 0, 'r'},          {"size", 1, 0, F_SIZE},
        {"in-page", 1, 0, F_IN_PAGE}, {"out-page", 1, 0, F_OUT_PAGE},
        {"in-huge", 1, 0, F_IN_HUGE}, {"out-huge", 1, 0, F_OUT_HUGE},
        {"order", 1, 0, F_ORDER},     {"repeats", 1, 0, 'n'},
        {"samples", 1, 0, 's'},       {"ref", 1, 0, 'f'},
        {"help", 0, 0, 'h'},          {0, 0, 0, 0}};
    const char *rows = default_rows, *ref = NULL;
    for (int f = 0; f < NFACTORS; f++)
        p->nvalues[f] = 1;
    p->values[F_SIZE][0] = SQ_BATCH_L1_N;
    p->repeats = 7;
    int c;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        if (c >= 0 && c < NFACTORS) {
            if (parse_values(p, c, optarg))
                return 2;
        } else if (c == 'r')
            rows = optarg;
        else if (c == 'f')
            ref = optarg;
        else if (c == 'n' || c == 's') {
            int v = atoi(optarg);
            if (v < 1 || v > 1000)
                return fail("--repeats and --samples take 1 to 1000, not %s", optarg);
            *(c == 'n' ? &p->repeats : &p->t.samples) = v;
        } else if (c == 'h') {
            usage(stdout);
            exit(0);
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (optind < argc)
        return fail("unexpected argument %s", argv[optind]);
    p->varied = F_SIZE;
    for (int f = 0, many = 0; f < NFACTORS; f++)
        if (p->nvalues[f] > 1) {
            if (many++)
                return fail("%s: vary one factor at a time", factor_names[f]);
            p->varied = f;
        }
    if (parse_rows(p, rows))
        return 2;
    p->ref = -1;
    for (int i = 0; ref && i < p->nrows; i++)
        p->ref = strcmp(p->rows[i].id, ref) == 0 ? i : p->ref;
    return ref && p->ref < 0 ? fail("--ref %s: not one of the rows", ref) : 0;
}

/* The value of factor f in column col. */
static long value(const probe *p, int f, int col) {
    return p->values[f][f == p->varied ? col : 0];
}

/* Column col's buffers in region (two REGIONs, in's and out's, their order
 * the factor's); NULL in out->out when they do not fit. */
static sq_batch_buffers place(const probe *p, uint8_t *region, int col, size_t *n) {
    *n = (size_t)value(p, F_SIZE, col);
    size_t at_in = (size_t)value(p, F_IN_HUGE, col) * 1024 + (size_t)value(p, F_IN_PAGE, col);
    size_t at_out = (size_t)value(p, F_OUT_HUGE, col) * 1024 + (size_t)value(p, F_OUT_PAGE, col);
    uint8_t *in = region + (value(p, F_ORDER, col) ? REGION : 0);
    uint8_t *out = region + (value(p, F_ORDER, col) ? 0 : REGION);
    bool fits = *n >= 64 && *n <= MOST_N && at_in + 2 * *n <= REGION && at_out + *n <= REGION;
    return (sq_batch_buffers){{in + at_in, in + at_in + *n}, fits ? out + at_out : NULL};
}

/* One sweep: every row in every column, from cell `first` on (the repeats
 * start each at another, so that no cell always follows the same one), in
 * cycles per square at the mean of the add-chain clocks either side (taken
 * again, up to 3 times, when they differ by more than 1%, as the harness). */
static void sweep(const probe *p, uint8_t *region, int first, uint64_t *calls, double *out,
                  const sq_calibration_config *ccfg, const sq_calibration *cal) {
    int ncols = p->nvalues[p->varied], ncells = p->nrows * ncols;
    double before = 0, after = 0;
    for (int try = 0; try < 3; try++) {
        before = sq_cycles_per_tick_now(ccfg, cal);
        for (int k = 0; k < ncells; k++) {
            int cell = (first + k) % ncells, row = cell / ncols, col = cell % ncols;
            size_t n;
            sq_batch_buffers b = place(p, region, col, &n);
            const sq_batch_variant *v = &p->rows[row];
            bool nt = strcmp(v->impl, "nt") == 0;
            out[cell] = NAN;
            if (b.out && !(nt && (uintptr_t)b.out % 64)) {
                double sample_ticks;
                out[cell] =
                    sq_batch_on_placement(v, &b, n, &calls[cell], &p->t, cal, &sample_ticks);
            }
        }
        after = sq_cycles_per_tick_now(ccfg, cal);
        if (fabs(after / before - 1) <= SQ_CLOCK_AGREEMENT)
            break;
    }
    for (int cell = 0; cell < ncells; cell++)
        out[cell] *= (before + after) / 2;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A cell: the fastest of its sweeps and their median; or, over ref's cell
 * of the same column (ref >= 0), the median of the sweeps' ratios, which
 * no error of a sweep's clock moves. */
static void print_cell(sq_text_table *t, const probe *p, const double *by_repeat, int cell, int ref,
                       double *values) {
    int n = 0, ncells = p->nrows * p->nvalues[p->varied], ncols = p->nvalues[p->varied];
    for (int r = 0; r < p->repeats; r++) {
        const double *sweep_of = by_repeat + (size_t)r * (size_t)ncells;
        double v = ref < 0 ? sweep_of[cell] : sweep_of[cell] / sweep_of[ref * ncols + cell % ncols];
        if (!isnan(v))
            values[n++] = v;
    }
    qsort(values, (size_t)n, sizeof *values, by_value);
    if (!n)
        sq_text_table_add(t, "-");
    else if (ref >= 0)
        sq_text_table_add(t, "%.3f", values[n / 2]);
    else
        sq_text_table_add(t, "%.4f/%.4f", values[0], values[n / 2]);
}

/* The table of cells, or (ref >= 0) of their ratios to ref's. */
static void write_cells(const probe *p, const double *by_repeat, int ref, double *values) {
    int ncols = p->nvalues[p->varied];
    sq_text_table t;
    sq_text_table_init(&t, 1 + ncols);
    sq_text_table_add(&t, "%s:", factor_names[p->varied]);
    for (int col = 0; col < ncols; col++)
        sq_text_table_add(&t, "%ld", p->values[p->varied][col]);
    for (int row = 0; row < p->nrows; row++) {
        sq_text_table_add(&t, "%s", p->rows[row].id);
        for (int col = 0; col < ncols; col++)
            print_cell(&t, p, by_repeat, row * ncols + col, ref, values);
    }
    sq_text_table_write(&t, stdout, 28, 14);
    sq_text_table_free(&t);
}

static void print_table(const probe *p, const double *by_repeat, const sq_calibration *cal,
                        bool huge) {
    double *values = malloc(sizeof *values * (size_t)p->repeats);
    if (!values) {
        fprintf(stderr, "batchprobe: out of memory\n");
        exit(1);
    }
    write_cells(p, by_repeat, -1, values);
    printf("core cycles per square: the fastest / the median of %d sweeps, each of which times "
           "every cell once, the fastest of %d samples of %.0f us after a warm call\n",
           p->repeats, p->t.samples, p->t.sample_s * 1e6);
    if (p->ref >= 0) {
        printf("\n");
        write_cells(p, by_repeat, p->ref, values);
        printf("each cell over %s's in its column and sweep: the median over the sweeps\n",
               p->rows[p->ref].id);
    }
    printf("%s: %s", factor_names[p->varied], factor_units[p->varied]);
    for (int f = 0; f < NFACTORS; f++)
        if (f != p->varied)
            printf("; %s %ld", factor_names[f], p->values[f][0]);
    printf("\nmachine: %s (family 0x%x model 0x%x), %.2f GHz core; buffers on %s pages\n",
           cal->machine.brand, cal->machine.family, cal->machine.model, cal->core_hz / 1e9,
           huge ? "2 MiB" : "4 KiB");
    free(values);
}

/* Whether copy row v copies its input exactly, and nothing past it (on
 * 64-byte-aligned buffers, as the streaming stores need). */
static bool copies_exactly(const sq_batch_variant *v) {
    enum { N = 4096 };
    static _Alignas(64) uint8_t in[N], out[N + 64];
    for (size_t i = 0; i < N; i++)
        in[i] = (uint8_t)(i * 7 % 64);
    memset(out, 0xff, sizeof out);
    v->fn.color(in, out, N);
    for (size_t i = 0; i < N; i++)
        if (out[i] != in[i])
            return false;
    return out[N] == 0xff;
}

int main(int argc, char **argv) {
    static probe p;
    p.t = sq_batch_timing_defaults(false);
    if (parse(&p, argc, argv))
        return 2;
    for (int i = 0; i < p.nrows; i++)
        if (sq_cpu_features_missing(p.rows[i].needs)) {
            fprintf(stderr, "batchprobe: %s: not on this CPU\n", p.rows[i].id);
            p.rows[i--] = p.rows[--p.nrows];
        } else if (strcmp(p.rows[i].family->name, "color_batch") == 0 &&
                   strcmp(p.rows[i].impl, "asm") != 0 && !copies_exactly(&p.rows[i])) {
            fprintf(stderr, "batchprobe: %s does not copy its input\n", p.rows[i].id);
            return 1;
        }
    bool huge = false;
    uint8_t *region = sq_huge_alloc(2 * REGION, &huge);
    int ncells = p.nrows * p.nvalues[p.varied];
    uint64_t *calls = calloc((size_t)ncells + 1, sizeof *calls);
    double *by_repeat = malloc(sizeof *by_repeat * ((size_t)ncells * (size_t)p.repeats + 1));
    if (!region || !calls || !by_repeat) {
        fprintf(stderr, "batchprobe: out of memory\n");
        return 1;
    }
    uint64_t rng = 0x5351434f4c4f5253ULL; /* random squares, as the harness's pool */
    for (size_t i = 0; i < 2 * REGION; i += 8) {
        uint64_t r = sq_xorshift64s(&rng) & 0x3f3f3f3f3f3f3f3fULL;
        memcpy(region + i, &r, 8);
    }
    sq_calibration_config ccfg = sq_calibration_defaults();
    sq_calibration cal;
    sq_calibrate_clock(&ccfg, &cal);
    for (int r = 0; r < p.repeats; r++)
        sweep(&p, region, r * (ncells / p.repeats + 1), calls,
              by_repeat + (size_t)r * (size_t)ncells, &ccfg, &cal);
    print_table(&p, by_repeat, &cal, huge);
    sq_huge_free(region, 2 * REGION);
    free(calls);
    free(by_repeat);
    return 0;
}
