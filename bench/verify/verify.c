#include "bench/verify/verify.h"

#include "bench/verify/checked_call.h"
#include "bench/util/crash_guard.h"
#include "bench/util/splitmix64.h"
#include "bench/util/watchdog.h"
#include "c/knight.h"
#include "bench/catalog/reference.h"
#include "c/techniques_c.h"
#include "bench/catalog/gate.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Fresh canaries and garbage for every call, reproducible runs. */
static uint64_t rng_state = 0x5157434f4c4f5231ULL;
static uint64_t next_random(void) {
    return sq_splitmix64(&rng_state);
}

static uint64_t garbage_upper_half(void) {
    uint64_t g;
    do
        g = next_random() & 0xffffffff00000000ULL;
    while (g == 0);
    return g;
}

/* One checked call of v with fresh canaries. Must run under the crash guard. */
static sq_cc_outcome checked_call(const sq_variant *v, uint64_t a, uint64_t b) {
    return sq_checked(v->fn.any, 2, (const uint64_t[]){a, b}, next_random);
}

void sq_describe_input(const sq_variant *v, unsigned a, unsigned b, char *buf, size_t len) {
    char na[3], nb[3];
    if (v->family->arity == 2)
        snprintf(buf, len, "a=%s (%u), b=%s (%u)", sq_name(a, na), a, sq_name(b, nb), b);
    else if (v->family->x88)
        snprintf(buf, len, "x88=0x%02x (%s)", a, sq_name(x88_to_sq(a), na));
    else
        snprintf(buf, len, "sq=%s (%u)", sq_name(a, na), a);
}

static void fail(sq_check *out, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->detail, sizeof out->detail, fmt, ap);
    va_end(ap);
    out->pass = false;
}

/* Checks one input; returns false (and fills out) at the first problem. */
static bool verify_input(const sq_variant *v, unsigned a, unsigned b, sq_check *out) {
    char in[64];
    sq_describe_input(v, a, b, in, sizeof in);
    unsigned want = v->family->expected(a, b);

    sq_cc_outcome clean = checked_call(v, a, b);
    if (clean.crashed) {
        fail(out, "crashed (%s) on %s", sq_signal_name(clean.crashed), in);
        return false;
    }
    if (clean.broken) {
        char words[200];
        fail(out, "%s (call with %s)", sq_cc_broken_words(clean.broken, words, sizeof words), in);
        return false;
    }
    if (clean.result != want) {
        fail(out, "%s: expected %u (%s%s), got %u", in, want, want ? "" : "not ",
             v->family->meaning, clean.result);
        return false;
    }

    /* The same input with garbage above the 32-bit argument, one register at a
     * time so the culprit can be named. */
    for (int arg = 0; arg < v->family->arity; arg++) {
        uint64_t g = garbage_upper_half();
        sq_cc_outcome dirty = arg == 0 ? checked_call(v, g | a, b) : checked_call(v, a, g | b);
        const char *reg = arg == 0 ? "rdi" : "rsi";
        if (dirty.crashed) {
            fail(out,
                 "crashed (%s) with garbage in the upper 32 bits of %s (%s): the unsigned "
                 "argument must be zero-extended before use as a 64-bit value",
                 sq_signal_name(dirty.crashed), reg, in);
            return false;
        }
        if (dirty.result != clean.result || dirty.broken) {
            fail(out,
                 "depends on the upper 32 bits of %s: %s gave %u, with 0x%08x in the upper "
                 "half it gave %u",
                 reg, in, clean.result, (unsigned)(g >> 32), dirty.result);
            return false;
        }
    }
    return true;
}

void sq_verify_variant(const sq_variant *v, sq_check *out) {
    out->pass = true;
    out->checked = 0;
    out->detail[0] = 0;
    /* Never called where it would die of SIGILL. */
    if (sq_gate_reason(v->needs, out->detail, sizeof out->detail)) {
        out->pass = false;
        return;
    }
    sq_crash_guard_install();
    sq_watchdog_enter(v->id, "while it was verified");
    for (int i = 0; i < v->family->domain_size; i++) {
        unsigned a, b;
        sq_domain_input(v->family, i, &a, &b);
        if (!verify_input(v, a, b, out))
            break;
        out->checked++;
    }
    sq_watchdog_leave();
    sq_crash_guard_remove();
}

/* ---- properties from the seeds ------------------------------------------ */

/* A color routine of either square encoding, or the definition itself
 * (v == NULL), asked about a 0..63 square. */
static unsigned color_of(const sq_variant *v, unsigned sq) {
    if (!v)
        return ref_color(sq);
    return v->fn.f1(v->family->x88 ? sq_to_x88(sq) : sq);
}

static const char *who(const sq_variant *v) {
    return v ? v->id : "the definition";
}

/* Runs pred over the definition and every one-square color variant in vs. */
typedef bool (*square_pred)(const sq_variant *v, unsigned sq, unsigned *other);

static void check_squares(const sq_variant *const *vs, int n, sq_check *out, square_pred pred,
                          const char *what) {
    out->pass = true;
    out->checked = 0;
    for (int k = -1; k < n; k++) {
        const sq_variant *v = k < 0 ? NULL : vs[k];
        if (v && v->family->arity != 1)
            continue;
        if (v)
            sq_watchdog_enter(v->id, "while its properties were verified");
        for (unsigned sq = 0; sq < 64 && out->pass; sq++) {
            unsigned other = 64;
            if (!pred(v, sq, &other)) {
                char a[3], b[3];
                fail(out, "%s: %s and %s %s", who(v), sq_name(sq, a), sq_name(other, b), what);
            } else if (other < 64) {
                out->checked++;
            }
        }
        if (v)
            sq_watchdog_leave();
        if (!out->pass)
            return;
    }
}

static bool flip_inverts(const sq_variant *v, unsigned sq, unsigned *other) {
    *other = sq ^ 56;
    return color_of(v, sq) != color_of(v, *other);
}

static bool rotation_keeps(const sq_variant *v, unsigned sq, unsigned *other) {
    *other = sq ^ 63;
    return color_of(v, sq) == color_of(v, *other);
}

/* Neighbour up-right (diagonal) must share the color. */
static bool diagonal_same(const sq_variant *v, unsigned sq, unsigned *other) {
    if (sq_file(sq) == 7 || sq_rank(sq) == 7)
        return true;
    *other = sq + 9;
    return color_of(v, sq) == color_of(v, *other);
}

/* Neighbour up-left (anti-diagonal) must share the color. */
static bool antidiagonal_same(const sq_variant *v, unsigned sq, unsigned *other) {
    if (sq_file(sq) == 0 || sq_rank(sq) == 7)
        return true;
    *other = sq + 7;
    return color_of(v, sq) == color_of(v, *other);
}

static void prop_flip(const sq_variant *const *vs, int n, sq_check *out) {
    check_squares(vs, n, out, flip_inverts, "(sq ^ 56) have the same color");
}
static void prop_rotate(const sq_variant *const *vs, int n, sq_check *out) {
    check_squares(vs, n, out, rotation_keeps, "(sq ^ 63) differ in color");
}
static void prop_diagonal(const sq_variant *const *vs, int n, sq_check *out) {
    check_squares(vs, n, out, diagonal_same, "are on one diagonal but differ in color");
}
static void prop_antidiagonal(const sq_variant *const *vs, int n, sq_check *out) {
    check_squares(vs, n, out, antidiagonal_same, "are on one anti-diagonal but differ in color");
}

/* The constants the in-register lookups use, rebuilt from the definition. */
static void prop_constants(const sq_variant *const *vs, int n, sq_check *out) {
    (void)vs;
    (void)n;
    uint64_t board = 0;
    uint32_t x88 = 0;
    for (unsigned sq = 0; sq < 64; sq++) {
        if (ref_color(sq))
            board |= 1ULL << sq;
        if (ref_color(sq) && sq_to_x88(sq) < 32)
            x88 |= 1u << sq_to_x88(sq);
    }
    out->pass = true;
    out->checked = 3;
    if (board != SQ_DARK_SQUARES)
        fail(out, "dark squares from the definition are 0x%016llx, not 0x%016llx",
             (unsigned long long)board, (unsigned long long)SQ_DARK_SQUARES);
    else if ((uint32_t)board != SQ_DARK_SQUARES32 || (uint32_t)(board >> 32) != SQ_DARK_SQUARES32)
        fail(out, "0x%08x is not both halves of the dark-squares bitboard", SQ_DARK_SQUARES32);
    else if (x88 != SQ_DARK_X88)
        fail(out, "dark 0x88 squares of ranks 1-2 are 0x%08x, not 0x%08x", x88, SQ_DARK_X88);
}

/* Every knight distance is finite, symmetric, and even exactly for same colors. */
static void prop_knight(const sq_variant *const *vs, int n, sq_check *out) {
    (void)vs;
    (void)n;
    out->pass = true;
    out->checked = 0;
    for (unsigned a = 0; a < 64; a++)
        for (unsigned b = 0; b < 64; b++) {
            unsigned d = sq_knight_distance[a][b];
            char na[3], nb[3];
            if (d > 6 || d != sq_knight_distance[b][a] || (d == 0) != (a == b)) {
                fail(out, "knight distance %s-%s is %u", sq_name(a, na), sq_name(b, nb), d);
                return;
            }
            if ((d % 2 == 0) != ref_same_color(a, b)) {
                fail(out, "knight distance %s-%s is %u but the squares are %s", sq_name(a, na),
                     sq_name(b, nb), d, ref_same_color(a, b) ? "the same color" : "different");
                return;
            }
            out->checked++;
        }
}

const sq_property sq_properties[] = {
    {"dark_constant", "0xAA55AA55AA55AA55, 0xAA55AA55 and 0x00AA0055 follow from the definition",
     prop_constants},
    {"flip_vertical", "sq ^ 56 has the other color", prop_flip},
    {"rotate_180", "sq ^ 63 has the same color", prop_rotate},
    {"diagonals", "every diagonal is monochrome", prop_diagonal},
    {"antidiagonals", "every anti-diagonal is monochrome", prop_antidiagonal},
    {"knight_parity", "knight distance is even iff the squares share a color", prop_knight},
};
const int sq_property_count = sizeof sq_properties / sizeof sq_properties[0];
