/* Every timed loop of this binary starts on a 64-byte line: each variant's
 * in each mode, each impl's baselines, each batch routine's (timed_loop.h),
 * read from the machine code, not taken from the flags that asked for it.
 * A loop not found fails too. */
#include "bench/code/timed_loop.h"
#include "bench/measure/batch_loops.h"
#include "bench/measure/call_loops.h"

#include "check.h"

/* gcc aligns a loop only where its guess of the trips per entry passes
 * --param align-loop-iterations, and guesses too few for the latency and
 * branch loops, which it enters after peeling n % 8 squares. At 1 it aligns
 * them, and with them the block each square of a branch loop rejoins at:
 * nops inside the loop timed, worse than a loop off its line. So gcc's
 * latency loops are built apart, with it (cmake/compilers.cmake), and its
 * branch loops stay off their line: nothing tried with gcc 11 and 12
 * (-falign-jumps, -falign-labels, align-threshold, avg-loop-niter,
 * max-predicted-iterations, -fno-tree-ch, block reordering) aligns the one
 * without the other. */
static const char *const cannot_align[] = {
    "*/gcc-* branch",
};

int main(void) {
    int checked, skipped, n = (int)(sizeof cannot_align / sizeof cannot_align[0]);
    int bad = sq_loops_misaligned(stdout, cannot_align, n, &checked, &skipped);
    printf("%d loops read, %d on a %d-byte line; %d skipped (gcc's branch loops)\n", checked,
           checked - bad, SQ_LOOP_ALIGN, skipped);
    CHECK(checked > 0, "no loop read");
    /* Call mode's loops and the batch routines' too (asm/call_loops.asm,
     * asm/batch_loops.asm): in C they moved with the code before them. */
    const void *call_loops[] = {(const void *)sq_call_chain1, (const void *)sq_call_chain2,
                                (const void *)sq_batch_calls1, (const void *)sq_batch_calls2};
    for (int i = 0; i < 4; i++) {
        sq_timed_loop loop;
        const char *name = NULL;
        char err[200] = "";
        bool found = sq_loop_of_function(call_loops[i], false, &loop, &name, err, sizeof err);
        CHECK(found && loop.alignment == 0, "asm loop %d: %s, %d bytes past its line", i + 1,
              found ? "found" : err, found ? loop.alignment : -1);
        if (found)
            sq_timed_loop_free(&loop);
    }
    passed += checked - bad;
    failed += bad;
    return check_finish("loop_alignment", NULL);
}
