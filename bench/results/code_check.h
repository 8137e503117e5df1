/* Identical code, one figure: the check every run makes of itself. Rows
 * that time byte-identical machine code (code_identity.h) on one sequence in
 * one mode must get one figure; two that do not point at the harness (how a loop was built or
 * placed), not at the code, and are named in the run's notes and file. */
#ifndef SQCOLOR_CODE_CHECK_H
#define SQCOLOR_CODE_CHECK_H

#include "bench/results/results.h"

/* Two rows of one code whose figures disagree: the group's cheapest and
 * dearest, their medians more than SQ_RESOLUTION_CYCLES (stats.h) apart and their
 * intervals disjoint. */
typedef struct sq_code_mismatch {
    const sq_result *cheap, *dear;
    int nsame; /* rows in the group: the code's impls on this sequence and mode */
} sq_code_mismatch;

/* The code a row times, as the run recorded it: in latency and call mode
 * the routine (the chain passes through its whole path, whatever loop is
 * around it), in throughput and branch mode, and in latency mode where the
 * loop's chain is not the routine's (chain_apart), the loop of its mode. NULL
 * where unknown (files from before loops or code were recorded). */
const sq_code_fact *sq_row_code(const sq_run *run, const sq_result *r);

/* The mismatches of run, at most one per group, into *out (the caller
 * frees). Returns how many, or -1 out of memory. Rows at two speeds and rows
 * without a finite median are left out. */
int sq_code_mismatches(const sq_run *run, sq_code_mismatch **out);

#endif
