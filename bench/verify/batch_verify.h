/* Truth for the batch routines: every square in every lane, every length
 * 0..SQ_BATCH_VERIFY_MAX_N at every start offset, nothing written outside the
 * output, the input unchanged, through the checked call. */
#ifndef SQCOLOR_BATCH_VERIFY_H
#define SQCOLOR_BATCH_VERIFY_H

#include "bench/catalog/batch_registry.h"

#include <stdbool.h>
#include <stdio.h>

enum { SQ_BATCH_VERIFY_MAX_N = 257, SQ_BATCH_VERIFY_OFFSETS = 64 };

typedef struct sq_batch_check {
    bool pass;
    long calls;       /* checked calls made */
    char detail[320]; /* the first failure: variant's call, what, expected, got */
} sq_batch_check;

/* Checks v. A routine that crashes is reported, not fatal. */
void sq_batch_verify_variant(const sq_batch_variant *v, sq_batch_check *out);

/* Verifies the variants this CPU runs: the skip line, one line each, then
 * "verify batch: P passed, F failed, S not supported here"; quiet, only the
 * failures and then that line.
 * Nothing at all for no variant. Returns true when none failed. */
bool sq_batch_verify_all(const sq_batch_variant *const *vs, int n, bool quiet, FILE *out);

#endif
