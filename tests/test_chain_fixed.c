/* A chain sample's ticks per link do not depend on its length: what a
 * sample costs besides its links (sq_chain_fixed_ticks) is removed whole.
 * Where it was not (the least empty region's ticks taken for it, a step of
 * a stepped TSC under its mean), a chain of 256 links read 14% more a link
 * than one of 16,384 on the Zen 5 guest, and every clock sample a kernel
 * sample was converted by read 0.1% long. Short and long samples alternate,
 * so a clock that wanders moves both; each length's figure is the centred
 * mean of its samples, as a stepped clock needs. The bound, 5%, is a third
 * of what the error was, and far over what a host's noise leaves. */
#include "bench/machine/clock.h"
#include "bench/util/stats.h"

#include <math.h>

#include "check.h"

enum { PAIRS = 3001, SHORT_ITERS = 4, LONG_ITERS = 256 };

int main(void) {
    static double short_link[PAIRS], long_link[PAIRS];
    const sq_chain *add = sq_chain_find("add");
    sq_chain_ticks(add, 4 * LONG_ITERS, 1); /* warm-up: the core's clock, the code */
    for (int i = 0; i < PAIRS; i++) {
        short_link[i] = sq_chain_sample(add, SHORT_ITERS);
        long_link[i] = sq_chain_sample(add, LONG_ITERS);
    }
    double s = sq_centred_mean(short_link, PAIRS, sq_stats_of(short_link, PAIRS).median / 2),
           l = sq_centred_mean(long_link, PAIRS, sq_stats_of(long_link, PAIRS).median / 2);
    printf("chain_fixed: %.1f ticks a sample besides its links; a link %.4f ticks in %d, %.4f in "
           "%d (ratio %.4f)\n",
           sq_chain_fixed_ticks(), s, SHORT_ITERS * SQ_CHAIN_LINKS, l, LONG_ITERS * SQ_CHAIN_LINKS,
           s / l);
    CHECK(fabs(s / l - 1) < 0.05,
          "add chain: %.4f ticks a link in a sample of %d links, %.4f in one of %d: the fixed "
          "cost is not removed",
          s, SHORT_ITERS * SQ_CHAIN_LINKS, l, LONG_ITERS * SQ_CHAIN_LINKS);
    return check_finish("chain_fixed", NULL);
}
