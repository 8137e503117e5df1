/* xorshift64*: reproducible bits for canaries and test data (not for
 * anything statistical). */
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
