/* A run's seed as text: what --seed takes and schema 2 result files store. */
#ifndef SQCOLOR_SEED_H
#define SQCOLOR_SEED_H

#include <stdbool.h>
#include <stdint.h>

/* A seed in decimal digits, 0 to 2^64-1. No sign, space or hex (strtoull
 * alone would take " -1" as 2^64-1, and "0x10"). */
bool sq_seed_parse(const char *text, uint64_t *seed);

#endif
