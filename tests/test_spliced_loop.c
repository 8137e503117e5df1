/* Identical routines are timed in identical latency loops, by construction
 * (bench/code/spliced_loop.h): read from this binary, on any CPU, every
 * catalogue routine's timed latency loop is the harness's around its bytes,
 * and routines of one code meet loops of one code (RIP displacements, the
 * addresses, masked). It failed on the compilers' own latency loops:
 * color/lookup's routine is one code from clang-13 to clang-19, and its
 * loops were two (rsi against r8, 128 against 140 bytes). Then a splice's
 * refusals, each named. */
#include "bench/code/code_identity.h"
#include "bench/code/code_pages.h"
#include "bench/code/spliced_loop.h"
#include "bench/code/timed_loop.h"

#include "check.h"

#include <stdint.h>

/* Every variant's latency loop is spliced, starts a line, and loads its
 * squares and nothing else a link. */
static void check_every_loop_spliced(void) {
    int spliced = 0;
    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        char err[400];
        sq_kernel_fn k = sq_spliced_latency(v, err, sizeof err);
        CHECK(k && sq_timed_kernel(v, SQ_KERNEL_LATENCY) == k, "%s: %s", v->id,
              k ? "timed through its own loop" : err);
        sq_timed_loop loop;
        if (!k || !sq_kernel_loop(v, SQ_KERNEL_LATENCY, false, &loop, err, sizeof err))
            continue;
        CHECK(loop.address % SQ_LOOP_ALIGN == 0 && loop.offset == SQ_SPLICE_HEAD,
              "%s: its loop's head at +%#zx, %d past a line", v->id, loop.offset, loop.alignment);
        spliced++;
    }
    CHECK(spliced == sq_variant_count, "%d of %d latency loops spliced", spliced, sq_variant_count);
}

/* Routines of one code, loops of one code. */
static void check_one_code_one_loop(void) {
    static sq_code_fact routine[4096], loop[4096];
    int n = sq_variant_count < 4096 ? sq_variant_count : 4096, groups = 0, apart = 0;
    char err[400];
    for (int i = 0; i < n; i++) {
        routine[i].id = loop[i].id = NULL;
        if (!sq_code_fact_of(&sq_variants[i], &routine[i], err, sizeof err) ||
            !sq_kernel_loop_fact(&sq_variants[i], SQ_KERNEL_LATENCY, &loop[i], err, sizeof err))
            CHECK(false, "%s: %s", sq_variants[i].id, err);
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (!routine[i].id || !loop[i].id || !routine[j].id || !loop[j].id ||
                !sq_code_same(&routine[i], &routine[j]))
                continue;
            groups++;
            if (!sq_code_same(&loop[i], &loop[j])) {
                apart++;
                if (apart <= 5)
                    CHECK(false, "%s and %s: one routine, latency loops of %d and %d bytes",
                          sq_variants[i].id, sq_variants[j].id, loop[i].bytes, loop[j].bytes);
            }
        }
    CHECK(groups > 0 && apart == 0, "%d pairs of identical routines, %d in loops apart", groups,
          apart);
}

/* What a splice refuses, and why. */
static void check_refusals(void) {
    static const uint8_t calls[] = {0xe8, 0, 0, 0, 0, 0xc3};     /* call; ret */
    static const uint8_t no_ret[] = {0x89, 0xf8};                /* mov eax, edi */
    static const uint8_t register_jump[] = {0xff, 0xe0, 0xc3};   /* jmp rax; ret */
    static const uint8_t after_ret[] = {0x74, 0x01, 0xc3, 0xc3}; /* jz past; ret; ret */
    static const uint8_t fine[] = {0x85, 0xff, 0x74, 0x02, 0x31, 0xc0, 0xc3}; /* jz to ret */
    char err[200];
    uint64_t at = 0x401000;
    CHECK(!sq_splice_fits(calls, sizeof calls, at, err, sizeof err) && strstr(err, "calls out"),
          "a call: %s", err);
    CHECK(!sq_splice_fits(no_ret, sizeof no_ret, at, err, sizeof err) && strstr(err, "no ret"),
          "no ret: %s", err);
    CHECK(!sq_splice_fits(register_jump, sizeof register_jump, at, err, sizeof err) &&
              strstr(err, "through a register"),
          "jmp rax: %s", err);
    CHECK(!sq_splice_fits(after_ret, sizeof after_ret, at, err, sizeof err) &&
              strstr(err, "after its ret"),
          "code after the ret: %s", err);
    CHECK(sq_splice_fits(fine, sizeof fine, at, err, sizeof err), "a jump to the ret: %s", err);
}

/* A process moves its loops within their pages, and they stay one code. */
static void check_shift(void) {
    const sq_variant *v = &sq_variants[0];
    sq_timed_loop here, moved;
    char err[400];
    bool ok = sq_kernel_loop(v, SQ_KERNEL_LATENCY, false, &here, err, sizeof err);
    sq_splice_shift(5);
    ok = ok && sq_kernel_loop(v, SQ_KERNEL_LATENCY, false, &moved, err, sizeof err);
    sq_splice_shift(0);
    CHECK(ok && here.offset == SQ_SPLICE_HEAD && moved.offset == SQ_SPLICE_HEAD + 5 * 64 &&
              moved.alignment == 0 && sq_code_same(&here.fact, &moved.fact),
          "%s moved 5 lines: head at +%#zx against +%#zx, one code: %s", v->id, moved.offset,
          here.offset, ok ? "" : err);
}

/* A loop that addresses nothing lies where every build puts it: under 32 TiB
 * (spliced_loop.c), not beside the binary, whose code a change moves; under
 * the sanitizers too (16 TiB was in their shadow). */
static void check_place(void) {
    const sq_variant *v = NULL;
    for (int i = 0; i < sq_variant_count && !v; i++)
        if (strcmp(sq_variants[i].id, "color/inreg32/asm") == 0)
            v = &sq_variants[i];
    char err[400];
    sq_kernel_fn k = v ? sq_spliced_latency(v, err, sizeof err) : NULL;
    uint64_t at = (uint64_t)(uintptr_t)k, top = (uint64_t)1 << 45;
    CHECK(k && at < top && at > top - ((uint64_t)1 << 30), "color/inreg32/asm's loop at %#llx",
          (unsigned long long)at);
}

int main(void) {
    check_refusals();
    check_every_loop_spliced();
    check_one_code_one_loop();
    check_shift();
    check_place();
    return check_finish("spliced_loop", NULL);
}
