#include "bench/verify/batch_verify.h"

#include "bench/catalog/gate.h"
#include "bench/code/timed_loop.h"

#include "bench/verify/checked_call.h"
#include "bench/machine/cpu_features.h"
#include "bench/util/crash_guard.h"
#include "bench/catalog/reference.h"
#include "bench/util/xorshift.h"

#include <cpuid.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Room: an offset, the longest call (every pair in every lane), a guard zone. */
enum { GUARD = 64, LANES = 64 };
#define MAX_ELEMS ((size_t)4096 * LANES)
#define BUF_BYTES (SQ_BATCH_VERIFY_OFFSETS + MAX_ELEMS + 2 * GUARD)

/* Canaries and squares, the same every run. */
static uint64_t rng = 0x6261746368736571ULL;
static uint64_t next_random(void) {
    return sq_xorshift64s(&rng);
}
static void fill_random(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i += 8) {
        uint64_t r = next_random();
        memcpy(p + i, &r, n - i < 8 ? n - i : 8);
    }
}

/* Whether XGETBV with ecx = 1 (XINUSE) works: cpuid 0xD sub-leaf 1 eax bit 2,
 * with AVX usable (the trampoline's vzeroupper). */
static bool xinuse_readable(void) {
    unsigned a, b, c, d;
    if (!(sq_cpu_features() & SQ_FEATURE_AVX2) || __get_cpuid_max(0, NULL) < 0xd)
        return false;
    __cpuid_count(0xd, 1, a, b, c, d);
    return (a >> 2) & 1;
}

typedef struct buffers {
    uint8_t *in[2], *out, *in_copy[2], *out_copy;
} buffers;

/* One call's shape: n elements, the inputs at offsets io[], the output at oo. */
typedef struct call_shape {
    size_t n, io[2], oo;
} call_shape;

/* The bytes of each buffer a call of n elements may touch, and its guards. */
static size_t span_of(size_t n) {
    return GUARD + SQ_BATCH_VERIFY_OFFSETS + n + GUARD;
}

/* Output bytes for n elements: mask words are written whole. */
static size_t out_bytes(const sq_batch_variant *v, size_t n) {
    return v->family->bits == 1 ? (n + 63) / 64 * 8 : n;
}

static void fail(sq_batch_check *out, const call_shape *s, const char *fmt, ...) {
    int len = snprintf(out->detail, sizeof out->detail, "n=%zu, input offset %zu", s->n, s->io[0]);
    if (len < 0)
        len = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->detail + len, sizeof out->detail - (size_t)len, fmt, ap);
    va_end(ap);
    out->pass = false;
}

/* The expected output bit or byte for element i. */
static unsigned want(const sq_batch_variant *v, const uint8_t *a, const uint8_t *b, size_t i) {
    return v->family->inputs == 2 ? ref_same_color(a[i], b[i]) : ref_color(a[i]);
}

static void describe(const sq_batch_variant *v, const uint8_t *a, const uint8_t *b, size_t i,
                     char *buf, size_t len) {
    char na[3], nb[3];
    if (v->family->inputs == 2)
        snprintf(buf, len, "a=%s (%u), b=%s (%u)", sq_name(a[i], na), a[i], sq_name(b[i], nb),
                 b[i]);
    else
        snprintf(buf, len, "sq=%s (%u)", sq_name(a[i], na), a[i]);
}

/* The result the routine wrote for element i, or for bits past n of the
 * last mask word (i >= n). */
static unsigned got(const sq_batch_variant *v, const uint8_t *out, size_t i) {
    if (v->family->bits == 8)
        return out[i];
    uint64_t word;
    memcpy(&word, out + i / 64 * 8, 8);
    return (unsigned)(word >> (i % 64)) & 1;
}

/* One checked call with fresh canaries, under the crash guard: a routine of
 * two inputs gets (a, b, o, n), of one (a, o, n). */
static sq_cc_outcome guarded_call(const sq_batch_variant *v, const uint8_t *a, const uint8_t *b,
                                  uint8_t *o, size_t n) {
    uint64_t two[4] = {(uintptr_t)a, (uintptr_t)b, (uintptr_t)o, n},
             one[4] = {(uintptr_t)a, (uintptr_t)o, n, 0};
    return sq_checked(v->fn.any, 4, v->family->inputs == 2 ? two : one, next_random);
}

/* One checked call of v with the shape s on inputs already in b->in; false
 * (and out filled) at the first problem. */
static bool check_call(const sq_batch_variant *v, buffers *b, const call_shape *s,
                       sq_batch_check *out) {
    int inputs = v->family->inputs;
    size_t ob = out_bytes(v, s->n), span = span_of(s->n);
    fill_random(b->out, span);
    memcpy(b->out_copy, b->out, span);
    for (int k = 0; k < inputs; k++)
        memcpy(b->in_copy[k], b->in[k], span);
    const uint8_t *a = b->in[0] + GUARD + s->io[0], *bb = b->in[1] + GUARD + s->io[1];
    uint8_t *o = b->out + GUARD + s->oo;
    out->calls++;
    sq_cc_outcome call = guarded_call(v, a, bb, o, s->n);
    if (call.crashed) {
        fail(out, s, ": crashed (%s)", sq_signal_name(call.crashed));
        return false;
    }
    if (call.broken) {
        char words[200];
        fail(out, s, ": %s", sq_cc_broken_words(call.broken, words, sizeof words));
        return false;
    }
    if (call.dirty_upper) {
        fail(out, s, ": left the upper %s state in use (XINUSE 0x%x): no vzeroupper",
             call.dirty_upper & 0x40 ? "zmm" : "ymm", call.dirty_upper);
        return false;
    }
    size_t oo = GUARD + s->oo;
    /* The bytes around the output untouched: memcmp first (the byte loop
     * below, which names the first one written, took half of a run's
     * verification). */
    bool around = memcmp(b->out, b->out_copy, oo) == 0 &&
                  memcmp(b->out + oo + ob, b->out_copy + oo + ob, span - oo - ob) == 0;
    for (size_t i = 0; !around && i < span; i++)
        if ((i < oo || i >= oo + ob) && b->out[i] != b->out_copy[i]) {
            long at = (long)i - (long)oo;
            fail(out, s, ", output offset %zu: wrote byte %ld %s (0x%02x, was 0x%02x)", s->oo,
                 at < 0 ? -at : at - (long)ob, at < 0 ? "before the start" : "past the end",
                 b->out[i], b->out_copy[i]);
            return false;
        }
    for (int k = 0; k < inputs; k++)
        if (memcmp(b->in[k], b->in_copy[k], span) != 0) {
            fail(out, s, ": changed its input %s", k ? "b" : "a");
            return false;
        }
    size_t bits = v->family->bits == 8 ? s->n : ob * 8;
    for (size_t i = 0; i < bits; i++) {
        unsigned w = i < s->n ? want(v, a, bb, i) : 0, g = got(v, o, i);
        if (w != g) {
            char in[64] = "past n";
            if (i < s->n)
                describe(v, a, bb, i, in, sizeof in);
            fail(out, s, ", output offset %zu: position %zu (%s): expected %u, got %u", s->oo, i,
                 in, w, g);
            return false;
        }
    }
    return true;
}

/* Every square (pair) in every lane: element i = block k, lane p holds
 * square (k + p) mod 64 (pair (k + p) mod 4096), from aligned starts. */
static bool check_lanes(const sq_batch_variant *v, buffers *b, sq_batch_check *out) {
    size_t domain = v->family->inputs == 2 ? 4096 : 64;
    call_shape s = {domain * LANES, {0, 0}, 0};
    for (size_t i = 0; i < s.n; i++) {
        size_t x = (i / LANES + i % LANES) % domain;
        b->in[0][GUARD + i] = (uint8_t)(domain == 64 ? x : x / 64);
        b->in[1][GUARD + i] = (uint8_t)(x % 64);
    }
    return check_call(v, b, &s, out);
}

/* Every length at every input offset, and every output offset (multiples
 * of 8 for mask words, as uint64_t demands), on random squares. */
static bool check_lengths(const sq_batch_variant *v, buffers *b, sq_batch_check *out) {
    bool words = v->family->bits == 1;
    for (size_t n = 0; n <= SQ_BATCH_VERIFY_MAX_N; n++)
        for (size_t k = 0; k < SQ_BATCH_VERIFY_OFFSETS; k++) {
            size_t oo = (k * 29 + n) % SQ_BATCH_VERIFY_OFFSETS;
            call_shape s = {
                n, {k, (k * 13 + 7 + n) % SQ_BATCH_VERIFY_OFFSETS}, words ? oo / 8 * 8 : oo};
            for (int j = 0; j < 2; j++) {
                fill_random(b->in[j], span_of(n)); /* bytes outside the input too */
                for (size_t i = 0; i < n; i++)
                    b->in[j][GUARD + s.io[j] + i] &= 63;
            }
            if (!check_call(v, b, &s, out))
                return false;
        }
    return true;
}

void sq_batch_verify_variant(const sq_batch_variant *linked, sq_batch_check *out) {
    /* The copy a run times (sq_timed_batch), found once: a dispatcher cannot
     * be placed, and trying again at each of its 16,513 calls took a second. */
    sq_batch_variant timed = *linked;
    timed.fn.any = sq_timed_batch(linked->fn.any);
    const sq_batch_variant *v = &timed;
    out->pass = true;
    out->calls = 0;
    out->detail[0] = 0;
    buffers b;
    uint8_t **all[] = {&b.in[0], &b.in[1], &b.out, &b.in_copy[0], &b.in_copy[1], &b.out_copy};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        *all[i] = aligned_alloc(64, BUF_BYTES);
    bool room = true;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        room = room && *all[i];
    sq_cc_check_upper = xinuse_readable();
    if (!room) {
        snprintf(out->detail, sizeof out->detail, "out of memory for the buffers");
        out->pass = false;
    } else {
        sq_crash_guard_install();
        if (check_lanes(v, &b, out))
            check_lengths(v, &b, out);
        sq_crash_guard_remove();
    }
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(*all[i]);
}

bool sq_batch_verify_all(const sq_batch_variant *const *vs, int n, bool quiet, FILE *out) {
    if (n == 0)
        return true;
    const sq_batch_variant *run[n];
    char skipped[2200];
    memcpy(run, vs, sizeof run);
    int nrun = sq_gate_batch(run, n, skipped, sizeof skipped);
    if (*skipped && !quiet)
        fprintf(out, "%s\n", skipped);
    int passed = 0, failed = 0;
    for (int i = 0; i < nrun; i++) {
        sq_batch_check c;
        sq_batch_verify_variant(run[i], &c);
        if (c.pass)
            passed++;
        else
            failed++;
        if (!c.pass || !quiet)
            fprintf(out, "%-40s %6ld calls  %s%s%s\n", run[i]->id, c.calls,
                    c.pass ? "PASS" : "FAIL", c.pass ? "" : "  ", c.detail);
    }
    unsigned lacks = 0;
    for (int i = 0; i < n; i++)
        lacks |= sq_gate_lack(vs[i]->needs);
    char where[320] = "here";
    if (lacks & SQ_LACK_HIDDEN)
        sq_gate_where(lacks, where, sizeof where);
    if (failed || !quiet)
        fprintf(out, "verify batch: %d passed, %d failed, %d not supported %s\n", passed, failed,
                n - nrun, where);
    fflush(out);
    return failed == 0;
}
