/* What a row's own code says of its figure: whether the timed path passes
 * through a predicted branch (the tables' †), and whether its latency loop
 * chains less than its routine; set on each row a run collects. */
#ifndef SQCOLOR_ROW_FLAGS_H
#define SQCOLOR_ROW_FLAGS_H

#include "bench/results/results.h"

#include <stdbool.h>

/* Whether v's rows in mode time a predicted branch, not a data dependency
 * (the tables' †): in latency and throughput mode, where the loop timed
 * holds a conditional branch besides its exit test (a compiler may branch in
 * a loop around a branchless routine); in branch mode, where the routine
 * branches (the kernel branches on its answer by design); in call mode,
 * where the routine branches. */
bool sq_row_control_dependent(const sq_variant *v, sq_mode mode);

/* The answers read so far, per variant and mode: a variant's code is
 * decoded once however many rows it has. */
typedef struct sq_flag_cache {
    signed char *branches; /* 0: not yet read, 1: no branch, 2: branches */
    signed char *chains;   /* 0: not yet read, 1: chained, 2: apart */
} sq_flag_cache;

/* False out of memory. */
bool sq_flag_cache_init(sq_flag_cache *c);
void sq_flag_cache_free(sq_flag_cache *c);

/* r's control_dependent, loop_branch_only and chain_apart, from its
 * variant's code in its mode. */
void sq_result_set_flags(sq_result *r, sq_flag_cache *c);

#endif
