/* The batch rows' check of themselves (bound_check.h), on made-up cells with
 * known answers and on a real file: a routine under its width's bound, or
 * under the cheapest bound where its width is not known, and an L1 cell over
 * its own L2 cell are named; cells within 2% or with touching intervals,
 * color_mask's (a bit stored a square), a bound against itself, and the
 * small sizes of a curve over sizes are not. The file (tests/data/
 * bound_zen5.json) is the batch rows of an AMD Zen 5 default run at f7c4dcb,
 * the asm, bound and clang-15 rows kept: its copy_zmm read 0.023 at L1
 * where avx512bw read 0.016, its 16-byte rows dearer at L1 than at L2.
 * usage: test_bound_check tests/data/bound_zen5.json */
#include "bench/results/bound_check.h"
#include "bench/results/results_read.h"

#include <string.h>

#include "check.h"

#define MAX_ROWS 32

static sq_run run;
static sq_batch_result rows[MAX_ROWS];

/* A cell of median m and interval m +- half. */
static void add(const char *id, size_t n, double m, double half) {
    rows[run.nbatch++] = (sq_batch_result){
        .id = id, .n = n, .reps = 12, .cycles = {m - half, m, m + half, m - half, m + half}};
}

/* Whether the breaches name a cell of id at n of that kind, and how often. */
static int named(const sq_bound_breach *b, int nb, sq_bound_breach_kind kind, const char *id,
                 size_t n) {
    int count = 0;
    for (int i = 0; i < nb; i++)
        count += b[i].kind == kind && b[i].cell->n == n && strcmp(b[i].cell->id, id) == 0;
    return count;
}

static void made_up(void) {
    run = (sq_run){.batch = rows};
    add("color_batch/copy_xmm/bound", 8192, 0.044, 0.001);
    add("color_batch/copy_xmm/bound", 262144, 0.050, 0.0005);
    add("color_batch/copy_zmm/bound", 8192, 0.0156, 0.0001);
    add("color_batch/copy_zmm/bound", 262144, 0.0316, 0.0001);
    add("color_batch/sse2/asm", 8192, 0.040, 0.001);      /* under copy_xmm: named */
    add("color_batch/sse2/asm", 262144, 0.0493, 0.00005); /* apart, 1.4% under: not */
    add("color_batch/ssse3/asm", 8192, 0.060, 0.001);     /* over its L2 beyond 2%: named */
    add("color_batch/ssse3/asm", 262144, 0.055, 0.001);
    add("color_batch/avx512bw/asm", 8192, 0.0150, 0.0006);   /* touching: not */
    add("color_batch/avx512bw/asm", 262144, 0.0300, 0.0001); /* under copy_zmm 5%: named */
    add("color_batch/avx2/asm", 8192, 0.030, 0.001); /* no copy_ymm in the run: not checked */
    add("color_batch/avx2/asm", 262144, 0.031, 0.001);
    add("color_batch/autovec/clang-15-native", 8192, 0.0140, 0.0001); /* under the cheapest */
    add("color_batch/autovec/clang-15-native", 262144, 0.032, 0.001);
    add("same_color_batch/gfni/asm", 8192, 0.0120, 0.0001); /* under copy_zmm: named */
    add("same_color_batch/gfni/asm", 262144, 0.048, 0.001);
    add("color_mask/gfni/asm", 8192, 0.0100, 0.0001);   /* a bit a square: no bound */
    add("color_mask/gfni/asm", 262144, 0.0080, 0.0001); /* but L1 over L2: named */
    sq_bound_breach *b;
    int nb = sq_bound_breaches(&run, &b);
    CHECK(nb == 6, "6 breaches, got %d", nb);
    CHECK(named(b, nb, SQ_BOUND_BEATEN, "color_batch/sse2/asm", 8192) == 1, "sse2 under copy_xmm");
    CHECK(!named(b, nb, SQ_BOUND_BEATEN, "color_batch/sse2/asm", 262144), "1.4%% under: not named");
    CHECK(named(b, nb, SQ_BOUND_L1_ABOVE_L2, "color_batch/ssse3/asm", 8192) == 1, "ssse3 L1 > L2");
    CHECK(!named(b, nb, SQ_BOUND_BEATEN, "color_batch/avx512bw/asm", 8192), "touching: not");
    CHECK(named(b, nb, SQ_BOUND_BEATEN, "color_batch/avx512bw/asm", 262144) == 1, "avx512bw L2");
    CHECK(!named(b, nb, SQ_BOUND_BEATEN, "color_batch/avx2/asm", 8192), "avx2: no ymm bound");
    CHECK(named(b, nb, SQ_BOUND_BEATEN, "color_batch/autovec/clang-15-native", 8192) == 1,
          "a C row against the cheapest bound");
    CHECK(named(b, nb, SQ_BOUND_BEATEN, "same_color_batch/gfni/asm", 8192) == 1, "pairs too");
    CHECK(!named(b, nb, SQ_BOUND_BEATEN, "color_mask/gfni/asm", 8192), "color_mask: no bound");
    CHECK(named(b, nb, SQ_BOUND_L1_ABOVE_L2, "color_mask/gfni/asm", 8192) == 1, "mask L1 > L2");
    for (int i = 0; i < nb; i++)
        CHECK(b[i].kind != SQ_BOUND_BEATEN || strstr(b[i].other->id, "/bound"),
              "%s: beaten by a bound", b[i].cell->id);
    free(b);

    /* A curve over sizes: its small sizes are dearer on purpose; no L1-L2 check. */
    add("color_batch/ssse3/asm", 1024, 0.080, 0.001);
    nb = sq_bound_breaches(&run, &b);
    CHECK(!named(b, nb, SQ_BOUND_L1_ABOVE_L2, "color_batch/ssse3/asm", 8192) &&
              !named(b, nb, SQ_BOUND_L1_ABOVE_L2, "color_batch/ssse3/asm", 1024),
          "three sizes: no L1-L2 check");
    free(b);
}

static void real_file(const char *path) {
    sq_run zen5;
    char err[256];
    if (sq_results_load(path, &zen5, err, sizeof err)) {
        CHECK(false, "%s", err);
        return;
    }
    sq_bound_breach *b;
    int nb = sq_bound_breaches(&zen5, &b);
    CHECK(nb == 17, "the Zen 5 file: 17 breaches, got %d", nb);
    /* same_color_batch/dispatch/asm since a process's two samples stand for
     * it by the one nearer the cell (stats.h): its interval, 0.018|0.025, no
     * longer reached copy_zmm's by a mean of the two speeds */
    const char *const under_zmm[] = {"color_batch/avx512bw/asm", "color_batch/vbmi/asm",
                                     "color_batch/gfni/asm", "color_batch/autovec/clang-15-native",
                                     "same_color_batch/dispatch/asm"};
    for (int i = 0; i < 5; i++)
        CHECK(named(b, nb, SQ_BOUND_BEATEN, under_zmm[i], 8192) == 1, "%s under copy_zmm",
              under_zmm[i]);
    const char *const over_l2[] = {"color_batch/sse2/asm", "color_batch/ssse3/asm",
                                   "color_batch/avx2/asm", "color_batch/copy_xmm/bound",
                                   "color_batch/copy_ymm/bound"};
    for (int i = 0; i < 5; i++)
        CHECK(named(b, nb, SQ_BOUND_L1_ABOVE_L2, over_l2[i], 8192) == 1, "%s L1 over L2",
              over_l2[i]);
    free(b);
    sq_run_free(&zen5);
}

int main(int argc, char **argv) {
    made_up();
    if (argc > 1)
        real_file(argv[1]);
    else
        CHECK(false, "usage: test_bound_check tests/data/bound_zen5.json");
    printf("bound_check: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
