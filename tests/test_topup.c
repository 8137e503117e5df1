/* A run's top-up (bench/cli/topup.h) on made-up rows with known answers:
 * which rows a top-up times, in which order, how many the room allows, and
 * the rows' list as a process is told it, read back and refused when
 * malformed. */
#include "bench/cli/topup.h"
#include "bench/util/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define ROWS 9

/* A row of n samples, the k-th at x[k % 6]; three processes in turn. */
static void row(sq_result *r, int n, const double x[6]) {
    r->reps = n;
    r->samples = sq_samples_alloc((size_t)n);
    r->process = sq_samples_process(r->samples, (size_t)n);
    for (int k = 0; k < n; k++) {
        r->samples[k] = x[k % 6];
        r->process[k] = (unsigned char)(k % 3);
    }
}

static bool picked(const unsigned char *bits, int i) {
    return bits[i / 8] >> i % 8 & 1;
}

int main(void) {
    sq_result rows[ROWS] = {0};
    /* 0: within 0.01 of its median: settled. */
    row(&rows[0], 6, (double[]){2.000, 2.002, 2.004, 2.001, 2.003, 2.005});
    /* 1: 3 cycles ±0.03 against a tolerance of 0.015 (5 per mille): need 2;
     * its first process reads 2.97 and 2.975, another speed, which holds
     * the interval open after a step too. */
    row(&rows[1], 6, (double[]){2.970, 3.000, 3.030, 2.975, 3.010, 3.000});
    /* 2: 2 cycles ±0.012 against 0.01: need 1.2, nearer to settling. */
    row(&rows[2], 6, (double[]){1.988, 2.000, 2.012, 1.995, 2.005, 2.000});
    /* 3: as 1, four of its samples spoiled by the host: too few clean. */
    row(&rows[3], 6, (double[]){2.970, 3.000, 3.030, 2.975, 3.010, 3.000});
    rows[3].host = sq_samples_host(rows[3].samples, 6);
    memset(rows[3].host, 0, 6);
    memset(rows[3].host, SQ_HOST_SHARED, 4);
    /* 4: as 1, but timed as another impl's (≡): never on its own. */
    row(&rows[4], 6, (double[]){2.970, 3.000, 3.030, 2.975, 3.010, 3.000});
    rows[4].shared_from = "color/lookup/asm";
    /* 5: as 1, with the most repetitions a row may have. */
    row(&rows[5], 30, (double[]){2.970, 3.000, 3.030, 2.975, 3.010, 3.000});
    /* 6: at two speeds, 1 and 2 cycles: more measure its shares, last. */
    row(&rows[6], 6, (double[]){1.0, 2.0, 1.0, 2.0, 1.0, 2.0});
    /* 7: ≈0, below the resolution however wide: settled. */
    row(&rows[7], 6, (double[]){0.001, 0.030, 0.002, 0.020, 0.0, 0.010});
    /* 8: one process, a lone outlier: 100 times too wide, settled by one step
     * (of 9 samples the interval is x(2)..x(8)). */
    row(&rows[8], 6, (double[]){5.000, 5.001, 4.999, 7.500, 5.002, 5.000});
    rows[8].process = NULL;

    CHECK(sq_settle_need(rows[0].samples, rows[0].process, 6, 6, 0.005, 0.01) == 0,
          "row 0 settled");
    double need = sq_settle_need(rows[1].samples, rows[1].process, 6, 6, 0.005, 0.01);
    CHECK(fabs(need - 2) < 1e-9, "row 1 needs 2: %g", need);
    CHECK(sq_settle_need(rows[1].samples, NULL, 5, 6, 0.005, 0.01) == HUGE_VAL,
          "fewer than the fewest: the most need");
    CHECK(sq_settle_need(rows[6].samples, NULL, 6, 6, 0.005, 0.01) == 1, "two speeds: need 1");

    sq_run run = {.results = rows, .nresults = ROWS};
    sq_topup_rule rule = {.fewest = 6, .most = 30, .step = 3, .tight = 0.005, .tight_abs = 0.01};
    unsigned char bits[SQ_TOPUP_BYTES(ROWS)];
    int n = sq_topup_pick(&run, &rule, 100, bits);
    CHECK(n == 5 && picked(bits, 1) && picked(bits, 2) && picked(bits, 3) && picked(bits, 6) &&
              picked(bits, 8) && !picked(bits, 0) && !picked(bits, 4) && !picked(bits, 5) &&
              !picked(bits, 7),
          "rows 1, 2, 3, 6 and 8 of 9: %d picked (bits %02x %02x)", n, bits[0], bits[1]);
    n = sq_topup_pick(&run, &rule, 1, bits);
    CHECK(n == 1 && picked(bits, 3), "room for 1: the one without a figure");
    n = sq_topup_pick(&run, &rule, 3, bits);
    CHECK(n == 3 && picked(bits, 3) && picked(bits, 2) && picked(bits, 8) && !picked(bits, 1),
          "room for 3: then those one step settles, row 8 however wide (bits %02x %02x)", bits[0],
          bits[1]);
    n = sq_topup_pick(&run, &rule, 4, bits);
    CHECK(n == 4 && picked(bits, 1) && !picked(bits, 6), "two speeds after every other");
    CHECK(sq_topup_pick(&run, &rule, 0, bits) == 0 && bits[0] == 0 && bits[1] == 0,
          "no room: none");

    /* The list as a process is told it, and back. */
    char text[SQ_TOPUP_TEXT(ROWS)];
    unsigned char *back;
    int nrows;
    sq_topup_pick(&run, &rule, 100, bits);
    sq_topup_text(bits, ROWS, text);
    CHECK(strcmp(text, "9:4e01") == 0, "the list as text: %s", text);
    CHECK(sq_topup_read(text, &back, &nrows) == 0 && nrows == ROWS && back[0] == bits[0] &&
              back[1] == bits[1],
          "read back");
    free(back);
    static const char *const bad[] = {"",     "x",   "8",    "8:",   "8:4",  "8:4e0",
                                      "8:zz", "-1:", "8:4E", "9:4e", "8 :4e"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK(sq_topup_read(bad[i], &back, &nrows) == -1 && !back, "refused: '%s'", bad[i]);
    for (int i = 0; i < ROWS; i++)
        free(rows[i].samples);
    return check_finish("topup", NULL);
}
