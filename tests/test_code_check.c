/* The run's check of itself on made-up rows with known answers: rows of one
 * machine code on one sequence and mode that got figures apart are named,
 * once per group; figures within the resolution or with touching intervals,
 * rows of other code, sequences or modes, throughput rows and rows at two
 * speeds are not. */
#include "bench/results/code_check.h"

#include <string.h>

#include "check.h"

#define MAX_ROWS 32

static sq_run run;
static sq_result rows[MAX_ROWS];
static sq_code_fact facts[8];
static sq_variant variants[8];

/* Variant k, whose routine has code hash h. */
static const sq_variant *variant(int k, const char *id, uint64_t h) {
    variants[k] = (sq_variant){.id = id, .family = &sq_families[0], .impl = strchr(id, '/')};
    facts[k] = (sq_code_fact){.id = id, .insns = 4, .bytes = 12, .hash = h};
    run.ncode = k + 1 > run.ncode ? k + 1 : run.ncode;
    return &variants[k];
}

/* A row of median m and interval m +- half. */
static sq_result *add(const sq_variant *v, const char *seq, sq_mode mode, double m, double half) {
    sq_result *r = &rows[run.nresults++];
    *r = (sq_result){.variant = v,
                     .sequence = seq,
                     .mode = mode,
                     .cycles = {m - half, m, m + half, m - half, m + half}};
    return r;
}

int main(void) {
    run = (sq_run){.results = rows, .code = facts};
    const sq_variant *as = variant(0, "color/t/asm", 1), *c13 = variant(1, "color/t/clang-13", 1),
                     *c14 = variant(2, "color/t/clang-14", 1),
                     *gcc = variant(3, "color/t/gcc-12", 2);
    /* One code on ordered: 3.00, 2.12 and 3.01, intervals apart: one mismatch, cheapest and
     * dearest named. */
    add(as, "ordered", SQ_MODE_LATENCY, 3.00, 0.005);
    add(c13, "ordered", SQ_MODE_LATENCY, 2.12, 0.005);
    add(c14, "ordered", SQ_MODE_LATENCY, 3.01, 0.005);
    /* Another code, far away: not of the group. */
    add(gcc, "ordered", SQ_MODE_LATENCY, 9.00, 0.005);
    /* random: apart by 0.04 only, and apart by 0.5 with touching intervals: agree. */
    add(as, "random", SQ_MODE_LATENCY, 3.00, 0.001);
    add(c13, "random", SQ_MODE_LATENCY, 3.04, 0.001);
    add(as, "dark", SQ_MODE_CALL, 4.00, 0.3);
    add(c13, "dark", SQ_MODE_CALL, 4.50, 0.3);
    /* Throughput rows are not checked by the routine's code (their loops differ). */
    add(as, "light", SQ_MODE_THROUGHPUT, 0.37, 0.001);
    add(c13, "light", SQ_MODE_THROUGHPUT, 0.08, 0.001);
    /* A row at two speeds is left out. */
    add(as, "alternating", SQ_MODE_LATENCY, 3.00, 0.001);
    add(c13, "alternating", SQ_MODE_LATENCY, 4.00, 0.001)->nmodes = SQ_MAX_MODES;
    /* The call-mode group on ordered differs: its own group, and apart. */
    add(c14, "ordered", SQ_MODE_CALL, 5.00, 0.001);
    add(as, "ordered", SQ_MODE_CALL, 6.00, 0.001);

    sq_code_mismatch *m;
    int n = sq_code_mismatches(&run, &m);
    CHECK(n == 2, "2 mismatches, got %d", n);
    if (n == 2) {
        CHECK(m[0].cheap->mode == SQ_MODE_LATENCY && strcmp(m[0].cheap->sequence, "ordered") == 0,
              "the first: latency on ordered");
        CHECK(m[0].cheap->variant == c13 && m[0].dear->variant == c14 && m[0].nsame == 3,
              "cheapest clang-13, dearest clang-14, 3 rows: %s, %s, %d", m[0].cheap->variant->id,
              m[0].dear->variant->id, m[0].nsame);
        CHECK(m[1].cheap->mode == SQ_MODE_CALL && m[1].cheap->variant == c14 &&
                  m[1].dear->variant == as && m[1].nsame == 2,
              "the second: call on ordered, clang-14 then asm");
    }
    free(m);

    /* A row's code: the routine in latency and call mode, its loop's in the
     * others (none recorded yet). */
    CHECK(sq_row_code(&run, &rows[0]) == &facts[0], "latency row: its routine");
    CHECK(sq_row_code(&run, &rows[8]) == NULL, "throughput row without loops: none");

    /* With the loops recorded, the throughput rows on light time one loop
     * (asm's and clang-13's, alike) at 0.37 and 0.08: a third mismatch. */
    sq_loop_fact loops[] = {{{"color/t/asm", 30, 90, 7}, SQ_MODE_THROUGHPUT},
                            {{"color/t/clang-13", 30, 90, 7}, SQ_MODE_THROUGHPUT},
                            {{"color/t/clang-13", 30, 90, 8}, SQ_MODE_LATENCY}};
    run.loops = loops;
    run.nloops = 3;
    CHECK(sq_row_code(&run, &rows[8]) == &loops[0].code, "throughput row: its loop");
    n = sq_code_mismatches(&run, &m);
    /* In mode order: latency, throughput, call. */
    CHECK(n == 3 && m[1].cheap->mode == SQ_MODE_THROUGHPUT && m[1].cheap->variant == c13 &&
              m[1].dear->variant == as,
          "3 mismatches, the second on the throughput loop: %d", n);
    free(m);

    /* Without recorded code (an older file): nothing to check. */
    run.ncode = 0;
    run.nloops = 0;
    n = sq_code_mismatches(&run, &m);
    CHECK(n == 0, "no code, no mismatch: %d", n);
    free(m);
    return check_finish("code_check", NULL);
}
