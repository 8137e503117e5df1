/* The latency chain is the routine's code and nothing else: no C latency
 * loop calls out (its barriers are inlined; clang called OPAQUE_PAIR's
 * function form from kernels with a target attribute, which put a call and
 * two stores on the chain: color/inreg64_shrx/clang-15 read 8.8 cycles
 * against 1.9), read from every latency loop of this binary. */
#include "bench/code/timed_loop.h"

#include <string.h>

#include "check.h"

int main(void) {
    int loops = 0;
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
    }
    printf("%d latency loops read\n", loops);
    CHECK(loops == sq_variant_count, "%d of %d loops read", loops, sq_variant_count);
    return check_finish("timed_chain", NULL);
}
