/* Where batch timing puts a row's buffers (bench/measure/batch_timing.h):
 * windows of the pools on 64 KiB boundaries, inside them, the two inputs
 * apart, random squares in them, a fresh draw each time; and how many
 * placements a repetition takes, for a quick row and a slow one, at L1 as
 * past it (a repetition at 8 KiB timed here: two placements at least,
 * however slow this host). */
#include "bench/measure/batch_timing.h"
#include "bench/measure/timing_defaults.h"

#include "check.h"

#include <stdint.h>

#define SLOT ((uintptr_t)64 << 10)

static void check_draws(sq_batch_pool *p, size_t n) {
    int draws = 2000, inside = 0, aligned = 0, apart = 0;
    uintptr_t first = 0;
    int moved = 0;
    for (int d = 0; d < draws; d++) {
        sq_batch_buffers b = sq_batch_place(p, n);
        uintptr_t a = (uintptr_t)b.in[0], bb = (uintptr_t)b.in[1], o = (uintptr_t)b.out;
        uintptr_t in = (uintptr_t)p->in, out = (uintptr_t)p->out;
        inside += a >= in && a + n <= in + p->in_size && bb >= in && bb + n <= in + p->in_size &&
                  o >= out && o + n <= out + p->out_size;
        aligned += a % SLOT == 0 && bb % SLOT == 0 && o % SLOT == 0;
        apart += a + n <= bb || bb + n <= a;
        if (!d)
            first = a;
        moved += a != first;
    }
    CHECK(inside == draws, "n %zu: %d of %d draws inside the pools", n, inside, draws);
    CHECK(aligned == draws, "n %zu: %d of %d draws on 64 KiB boundaries", n, aligned, draws);
    CHECK(apart == draws, "n %zu: %d of %d draws with the inputs apart", n, apart, draws);
    CHECK(moved > draws * 9 / 10, "n %zu: only %d of %d draws moved the input", n, moved, draws);
}

int main(void) {
    sq_batch_pool p;
    CHECK(sq_batch_pool_new(&p, 262144, 0) == 0, "no pool");
    CHECK(p.in_size >= (size_t)16 << 20 && p.out_size >= (size_t)8 << 20, "pools of %zu and %zu",
          p.in_size, p.out_size);
    int squares = 0;
    for (size_t i = 0; i < p.in_size; i++)
        squares += p.in[i] < 64;
    CHECK((size_t)squares == p.in_size, "%zu bytes of the inputs are no square",
          p.in_size - (size_t)squares);
    check_draws(&p, 262144);
    check_draws(&p, 8192);
    check_draws(&p, 100);
    /* A run's processes draw their own placements: another seed, other
     * windows from the same pool. */
    sq_batch_pool mine, other;
    CHECK(sq_batch_pool_new(&mine, 262144, 0) == 0 && sq_batch_pool_new(&other, 262144, 7) == 0,
          "no pools");
    int same = 0;
    for (int d = 0; d < 100; d++)
        same += sq_batch_place(&mine, 262144).in[0] - mine.in ==
                sq_batch_place(&other, 262144).in[0] - other.in;
    CHECK(same < 10, "seeds 0 and 7 drew the same input window %d times in 100", same);
    sq_batch_pool_free(&mine);
    sq_batch_pool_free(&other);
    sq_batch_pool_free(&p);
    /* A size past the least pools: they grow to hold it. */
    CHECK(sq_batch_pool_new(&p, (size_t)1 << 22, 0) == 0, "no pool for 2^22");
    CHECK(p.in_size >= (size_t)4 << 22 && p.out_size >= (size_t)2 << 22, "pools of %zu and %zu",
          p.in_size, p.out_size);
    check_draws(&p, (size_t)1 << 22);
    sq_batch_pool_free(&p);

    sq_batch_timing t = sq_batch_timing_defaults(false), q = sq_batch_timing_defaults(true);
    CHECK(sq_batch_placements(&t, 25e-6) == SQ_DEFAULT_OF(SQ_TIMING_BATCH_PLACEMENTS), "25 us: %d",
          sq_batch_placements(&t, 25e-6));
    CHECK(sq_batch_placements(&q, 25e-6) == SQ_QUICK_OF(SQ_TIMING_BATCH_PLACEMENTS), "quick: %d",
          sq_batch_placements(&q, 25e-6));
    CHECK(sq_batch_placements(&t, 95e-6) == 2, "95 us: %d", sq_batch_placements(&t, 95e-6));
    CHECK(sq_batch_placements(&t, 1e-3) == SQ_BATCH_LEAST_PLACEMENTS, "1 ms: %d",
          sq_batch_placements(&t, 1e-3));
    /* A repetition at L1 takes placements as one past it does. */
    sq_calibration_config ccfg = sq_calibration_defaults();
    sq_calibration cal;
    sq_calibrate_clock(&ccfg, &cal);
    CHECK(sq_batch_pool_new(&p, 8192, 0) == 0, "no pool for 8192");
    uint64_t calls = 0;
    int places = 0;
    sq_batch_repetition(&sq_batch_bounds[0], &p, 8192, &calls, &t, &ccfg, &cal, &places);
    CHECK(places >= SQ_BATCH_LEAST_PLACEMENTS, "L1, 8 KiB: %d placements", places);
    sq_batch_pool_free(&p);
    return check_finish("batch_place", NULL);
}
