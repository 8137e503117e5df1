/* The batch variants verified in a process of their own, on the other core,
 * while this one prepares the run and verifies and checks the scalar
 * kernels: 0.7 s of a 3.6 s quick run on AMD Zen 5. Nothing is timed before
 * sq_verify_aside_wait. */
#ifndef SQCOLOR_VERIFY_ASIDE_H
#define SQCOLOR_VERIFY_ASIDE_H

#include "bench/catalog/batch_registry.h"
#include "bench/util/child.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct sq_verify_aside {
    sq_child child; /* the verifying process; pid 0: verified here, at the wait */
    FILE *log;      /* what it wrote, shown at the wait */
    const sq_batch_variant *const *vs;
    int n;
} sq_verify_aside;

/* Starts sq_batch_verify_all(vs, n, quiet) aside (inline at the wait where no
 * process can be started). A process that exits before the wait (a usage
 * error) takes it down. */
void sq_verify_aside_start(sq_verify_aside *a, const sq_batch_variant *const *vs, int n);

/* Waits for it, writes what it wrote to out, and returns whether every
 * variant passed. */
bool sq_verify_aside_wait(sq_verify_aside *a, FILE *out);

#endif
