#include "bench/measure/share.h"

#include "bench/code/code_identity.h"
#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A loop's fact, and where it jumps out of its bytes its function's; false
 * where either does not decode or the function itself jumps or calls out. */
static bool loop_facts(const sq_timed_loop *loop, sq_code_fact *code, sq_code_fact *whole) {
    memset(whole, 0, sizeof *whole);
    if (!loop->has_fact)
        return false;
    *code = loop->fact;
    int exits = sq_code_exits(loop->code, loop->bytes, loop->address);
    if (exits == 0)
        return true;
    return exits > 0 &&
           sq_code_exits(loop->function, loop->function_bytes, loop->function_address) == 0 &&
           sq_code_fact_of_bytes(loop->function, loop->function_bytes, loop->function_address,
                                 whole);
}

void sq_timed_code_of(const sq_variant *v, sq_mode mode, sq_timed_code *out) {
    memset(out, 0, sizeof *out);
    char err[400];
    if (mode == SQ_MODE_CALL) {
        const uint8_t *code;
        size_t size;
        out->known = sq_routine_bytes(v, &code, &size, err, sizeof err) &&
                     sq_code_exits(code, size, (uint64_t)(uintptr_t)code) == 0 &&
                     sq_code_fact_of_bytes(code, size, (uint64_t)(uintptr_t)code, &out->code);
        return;
    }
    static const int kernels[] = {SQ_KERNEL_LATENCY, SQ_KERNEL_THROUGHPUT, SQ_KERNEL_BRANCH};
    const sq_impl *impl = sq_impl_find(v->impl);
    sq_timed_loop loop, harness;
    const char *name;
    out->known = impl && sq_kernel_loop(v, kernels[mode], false, &loop, err, sizeof err) &&
                 loop_facts(&loop, &out->code, &out->whole) &&
                 sq_loop_of_function((const void *)(uintptr_t)sq_timed_baseline(
                                         impl, v->family->arity, kernels[mode]),
                                     false, &harness, &name, err, sizeof err) &&
                 loop_facts(&harness, &out->harness, &out->harness_whole);
}

static bool same_or_none(const sq_code_fact *a, const sq_code_fact *b) {
    return (!a->bytes && !b->bytes) || sq_code_same(a, b);
}

bool sq_timed_code_same(const sq_timed_code *a, const sq_timed_code *b) {
    return a->known && b->known && sq_code_same(&a->code, &b->code) &&
           same_or_none(&a->whole, &b->whole) && same_or_none(&a->harness, &b->harness) &&
           same_or_none(&a->harness_whole, &b->harness_whole);
}

int sq_share_plan(const sq_variant *const *vs, int n, sq_mode mode, int *from) {
    sq_timed_code *codes = malloc(sizeof *codes * (size_t)(n ? n : 1));
    if (!codes)
        return -1;
    int timed = 0;
    for (int k = 0; k < n; k++) {
        from[k] = k;
        sq_timed_code_of(vs[k], mode, &codes[k]);
        /* asm is the reference: timed itself always, a C row of its code
         * takes its figure (share.h) */
        for (int j = 0; j < k && from[k] == k && strcmp(vs[k]->impl, "asm") != 0; j++)
            if (from[j] == j && vs[j]->family == vs[k]->family &&
                sq_timed_code_same(&codes[j], &codes[k]))
                from[k] = j;
        timed += from[k] == k;
    }
    free(codes);
    return timed;
}
