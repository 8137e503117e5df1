/* splitmix64 (Steele, Lea and Flood): the one generator of the random
 * sequences, the verifier's canaries and garbage, and the statistics tests'
 * simulated samples.
 *
 * Its output is frozen: the built-in random sequences are drawn from it, so a
 * saved result file's rows (its --seed and sequences) name squares only as
 * long as the same seed gives the same bits. Never change a constant or a
 * shift here; a different generator is a new function beside this one. */
#ifndef SQCOLOR_SPLITMIX64_H
#define SQCOLOR_SPLITMIX64_H

#include <stdint.h>

/* The next 64 bits from *state, which it advances. */
static inline uint64_t sq_splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
