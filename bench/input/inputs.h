/* The squares a row reads: one family's encoding of one sequence, with the
 * answers its kernels must give. */
#ifndef SQCOLOR_INPUTS_H
#define SQCOLOR_INPUTS_H

#include "bench/catalog/registry.h"
#include "bench/input/sequence.h"

#include <stddef.h>
#include <stdint.h>

typedef struct sq_input {
    const sq_family *family;
    const char *sequence; /* name for the tables: the spec; the engine gives
                             file:PATH its label (engine.c) */
    size_t n;
    uint8_t *a;     /* the family's squares (0x88 for color_x88) */
    uint8_t *b;     /* second squares, pair families (one square's: a, never read) */
    uint8_t *a_lat; /* a[i] ^ expected(i - 1): what the chained kernels read */
    uint8_t *want;  /* expected result at i */
    uint32_t *ones; /* ones[i]: expected results that are 1 before i (n + 1 entries) */
    void *timed;    /* a, b and a_lat, the buffers the kernels read: one block asked for
                       on 2 MiB pages (huge_pages.h), so their physical placement, and
                       the cache sets they meet, hold from one process to the next */
    size_t timed_size;
    bool huge; /* the kernel backed the block with huge pages */
} sq_input;

/* The sequence spec (e.g. "random", "file:moves.txt") of length squares
 * (pairs), trimmed to the kernels' unroll, encoded for fam. Returns 0, or -1
 * with a one-line reason. */
int sq_input_build(const sq_family *fam, const char *spec, size_t length, uint64_t seed,
                   sq_input *in, char *err, size_t errlen);

/* The same from a sequence already made (of fam's arity), which the input
 * does not keep: families of one arity share their sequences. */
int sq_input_encode(const sq_family *fam, const char *spec, const sq_sequence *seq, sq_input *in,
                    char *err, size_t errlen);

void sq_input_free(sq_input *in);

#endif
