/* xorshift64*: reproducible bits for the batch routines (their verifier's
 * canaries and squares, the squares they are timed on, where their buffers
 * sit) and for the tests' made-up data. The random sequences, the scalar
 * verifier's canaries and the statistics tests' samples are splitmix64's
 * (bench/util/splitmix64.h). */
#ifndef SQCOLOR_XORSHIFT_H
#define SQCOLOR_XORSHIFT_H

#include <stdint.h>

/* The next 64 bits from *state (never 0). */
static inline uint64_t sq_xorshift64s(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dULL;
}

#endif
