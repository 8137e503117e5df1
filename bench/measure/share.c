#include "bench/measure/share.h"

#include "bench/code/code_identity.h"
#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"

#include <stdint.h>
#include <stdio.h>
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

static const int kernels[] = {SQ_KERNEL_LATENCY, SQ_KERNEL_THROUGHPUT, SQ_KERNEL_BRANCH};

/* v's timed loop of mode (not call) into *loop and what it times into *out;
 * false where the loop cannot be read. */
static bool loop_code(const sq_variant *v, sq_mode mode, sq_timed_loop *loop, sq_timed_code *out) {
    char err[400];
    memset(out, 0, sizeof *out);
    if (!sq_kernel_loop(v, kernels[mode], false, loop, err, sizeof err))
        return false;
    out->known = loop_facts(loop, &out->code, &out->whole);
    return true;
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
    sq_timed_loop loop;
    loop_code(v, mode, &loop, out);
}

/* h with the bytes of text mixed in (FNV-1a's step). */
static uint64_t mix(uint64_t h, const char *text) {
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * 0x100000001b3ULL;
    return h;
}

bool sq_timed_code_fact(const sq_variant *v, sq_mode mode, sq_code_fact *out) {
    sq_timed_loop loop;
    sq_timed_code c;
    /* the loop decoded once: its fact, then what it jumps out to */
    if (mode == SQ_MODE_CALL || !loop_code(v, mode, &loop, &c) || !loop.has_fact)
        return false;
    *out = loop.fact;
    out->id = v->id;
    if (!c.known) {
        out->hash = mix(out->hash, v->id);
    } else if (c.whole.bytes) {
        char whole[40];
        snprintf(whole, sizeof whole, "%016llx", (unsigned long long)c.whole.hash);
        out->hash = mix(out->hash, whole);
    }
    return true;
}

static bool same_or_none(const sq_code_fact *a, const sq_code_fact *b) {
    return (!a->bytes && !b->bytes) || sq_code_same(a, b);
}

bool sq_timed_code_same(const sq_timed_code *a, const sq_timed_code *b) {
    return a->known && b->known && sq_code_same(&a->code, &b->code) &&
           same_or_none(&a->whole, &b->whole);
}

/* Whether j is planned before k in pass (0: the asm variants, 1: the
 * others): every asm variant before every other, each kind in order. */
static bool planned(const sq_variant *const *vs, int j, int k, int pass) {
    bool j_asm = strcmp(vs[j]->impl, "asm") == 0;
    return pass == 0 ? j_asm && j < k : j_asm || j < k;
}

int sq_share_plan(const sq_variant *const *vs, int n, sq_mode mode, int *from) {
    sq_timed_code *codes = malloc(sizeof *codes * (size_t)(n ? n : 1));
    if (!codes)
        return -1;
    for (int k = 0; k < n; k++)
        sq_timed_code_of(vs[k], mode, &codes[k]);
    /* asm is the reference: planned first, so that a C row of its code takes
     * its figure wherever it lies, and never taking a C row's (share.h) */
    int timed = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < n; k++) {
            bool is_asm = strcmp(vs[k]->impl, "asm") == 0;
            if (is_asm != (pass == 0))
                continue;
            from[k] = k;
            for (int j = 0; j < n && from[k] == k; j++)
                if (j != k && planned(vs, j, k, pass) && from[j] == j &&
                    vs[j]->family == vs[k]->family && sq_timed_code_same(&codes[j], &codes[k]))
                    from[k] = j;
            timed += from[k] == k;
        }
    free(codes);
    return timed;
}
