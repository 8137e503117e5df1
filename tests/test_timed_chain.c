/* The latency chain is the routine's code and nothing else, read from every
 * latency loop of this binary:
 * - no loop calls out (its barriers are inlined; clang called a barrier's
 *   function form from kernels with a target attribute, which put a call
 *   and two stores on the chain: color/inreg64_shrx/clang-15 read 8.8
 *   cycles against 1.9);
 * - each square adds to the loop's chain the routine's own path from its
 *   square to its result and the harness's xor, no more and no fewer
 *   instructions (clang-13 to 16 added a movzx to color/lookup's each 8
 *   squares; gcc's parity loops kept r in dl, a setp and no movzx shorter
 *   than its routine). */
#include "bench/code/chain.h"
#include "bench/code/timed_loop.h"

#include <string.h>

#include "check.h"

int main(void) {
    int loops = 0, told = 0, untold = 0, apart = 0;
    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        sq_timed_loop loop;
        char err[256];
        if (!sq_kernel_loop(v, SQ_KERNEL_LATENCY, true, &loop, err, sizeof err)) {
            CHECK(false, "%s latency: %s", v->id, err);
            continue;
        }
        loops++;
        bool calls = false;
        for (int k = 0; k < loop.lines; k++)
            calls |= strncmp(loop.text[k], "call", 4) == 0;
        CHECK(!calls, "%s: its latency loop calls out", v->id);
        sq_timed_loop_free(&loop);

        int routine = sq_routine_chain(v), chain = sq_latency_loop_chain(v);
        if (routine < 0 || chain < 0) { /* a branch, or code capstone does not know */
            untold++;
            continue;
        }
        told++;
        int expected = SQ_KERNEL_UNROLL * (routine + 1);
        /* A harness never adds to the chain; asm inlines its routine's own
         * macro, so its chain is the routine's exactly. A compiler may make
         * the inlined routine shorter than the one it emitted alone: the run
         * marks those rows (chain_apart) and gives them no verdict. */
        CHECK(chain <= expected,
              "%s: its latency loop chains %d instructions a trip of %d squares, more than %d "
              "(the routine's %d and one xor a square)",
              v->id, chain, SQ_KERNEL_UNROLL, expected, routine);
        CHECK(strcmp(v->impl, "asm") != 0 || chain == expected,
              "%s: its latency loop chains %d instructions a trip, not the routine's %d", v->id,
              chain, expected);
        if (chain < expected) {
            apart++;
            printf("%s: the loop chains %d a trip, its routine %d (marked in a run)\n", v->id,
                   chain, expected);
        }
    }
    printf("%d latency loops read, %d chains compared with their routine's (%d shorter), %d not "
           "told (a branch, or code capstone does not know)\n",
           loops, told, apart, untold);
    CHECK(told > sq_variant_count / 2, "only %d of %d chains told", told, sq_variant_count);
    CHECK(loops == sq_variant_count, "%d of %d loops read", loops, sq_variant_count);
    return check_finish("timed_chain", NULL);
}
