/* Throughput and branch kernels are timed from copies placed by
 * construction (bench/code/placed_kernel.h), not where the linker put them:
 * on AMD Zen 5 an instruction added to color_inreg32's asm moved
 * color/lea_test_jz/asm's branch loop by 64 bytes and its byte-identical
 * code read 4.6-5.2% slower. Every catalogue kernel and baseline of those
 * modes is a copy, its loop's head at the spliced loops' offset of its
 * page, its bytes the linked function's but for the disp32 fields that
 * reach out of it, and it answers as the definition does; a hand-made
 * function lands alike from two places; and the refusals, each named. */
#include "bench/code/code_pages.h"
#include "bench/code/decoder.h"
#include "bench/code/placed_kernel.h"
#include "bench/code/timed_loop.h"

#include "bench/catalog/batch_registry.h"

#include "check.h"

#include <stdint.h>
#include <unistd.h>

static size_t page_size(void) {
    return (size_t)sysconf(_SC_PAGESIZE);
}

/* The offset in d's instruction of a disp32 reaching an address (a
 * RIP-relative operand's, a rel32 branch's) and that address; 0 if none. */
static size_t reach_of(const sq_decoder *d, uint64_t *target) {
    size_t at = d->rip_disp;
    for (int k = 0; d->insn && k < d->insn->detail->x86.op_count; k++) {
        const cs_x86 *x86 = &d->insn->detail->x86;
        if (x86->operands[k].type == X86_OP_MEM && x86->operands[k].mem.base == X86_REG_RIP)
            at = x86->encoding.disp_offset;
        else if (x86->operands[k].type == X86_OP_IMM && x86->encoding.imm_size == 4 &&
                 cs_insn_group(d->cs, d->insn, CS_GRP_BRANCH_RELATIVE))
            at = x86->encoding.imm_offset;
    }
    int32_t rel = 0;
    if (at)
        memcpy(&rel, d->code + d->at + at, sizeof rel);
    *target = d->address + d->at + d->length + (uint64_t)(int64_t)rel;
    return at;
}

/* Whether copy is linked's function instruction for instruction, byte for
 * byte but for the fields reaching out of it, which reach the same
 * addresses. */
static bool same_but_fields(const sq_timed_loop *linked, const sq_timed_loop *copy, char *why,
                            size_t len) {
    sq_decoder a, b;
    size_t size = linked->function_bytes;
    if (copy->function_bytes != size || copy->offset != linked->offset) {
        snprintf(why, len, "%zu bytes, loop at +%#zx", copy->function_bytes, copy->offset);
        return false;
    }
    if (!sq_decoder_open(&a, linked->function, size, linked->function_address, why, len))
        return false;
    if (!sq_decoder_open(&b, copy->function, size, copy->function_address, why, len)) {
        sq_decoder_close(&a);
        return false;
    }
    bool same = true;
    while (same && sq_decoder_next(&a)) {
        uint64_t ta = 0, tb = 0;
        same = sq_decoder_next(&b) && a.length == b.length;
        size_t at = same ? reach_of(&a, &ta) : 0;
        same = same && reach_of(&b, &tb) == at;
        /* a field reaching out is rewritten to reach the same address; all
         * else, a field reaching inside too, is the same bytes */
        bool out = at && ta - linked->function_address >= size;
        size_t field = out ? at : a.length, tail = out ? at + 4 : a.length;
        same = same && (!out || ta == tb) && memcmp(a.code + a.at, b.code + b.at, field) == 0 &&
               memcmp(a.code + a.at + tail, b.code + b.at + tail, a.length - tail) == 0;
        if (!same)
            snprintf(why, len, "they differ at +%#zx", a.at);
    }
    same = same && a.decoded == size && b.decoded == size;
    sq_decoder_close(&a);
    sq_decoder_close(&b);
    return same;
}

/* Whether timed, the kernel a run times for linked (name's, of mode), is a
 * placed copy: its loop's head at SQ_SPLICE_HEAD of its page, its function
 * the linked one's but for the fields that reach out. */
static bool check_placed(const char *name, sq_kernel_fn timed, sq_kernel_fn linked) {
    char err[600] = "", why[200] = "";
    const char *symbol;
    sq_timed_loop copy, own;
    if (timed == linked) {
        sq_placed_kernel(linked, err, sizeof err);
        CHECK(false, "%s: timed where it was linked: %s", name, err);
        return false;
    }
    if (!sq_loop_of_function((const void *)(uintptr_t)timed, false, &copy, &symbol, err,
                             sizeof err) ||
        !sq_loop_of_function((const void *)(uintptr_t)linked, false, &own, &symbol, err,
                             sizeof err)) {
        CHECK(false, "%s: %s", name, err);
        return false;
    }
    bool ok = copy.address % page_size() == SQ_SPLICE_HEAD && copy.function != own.function &&
              same_but_fields(&own, &copy, why, sizeof why);
    CHECK(ok, "%s: its loop's head at %#llx (its page's +%#llx), linked at %#llx: %s", name,
          (unsigned long long)copy.address, (unsigned long long)(copy.address % page_size()),
          (unsigned long long)own.address, why);
    return ok;
}

/* Every variant's throughput and branch kernel and every impl's baselines
 * of those modes. */
static void check_every_kernel_placed(void) {
    static const int modes[] = {SQ_KERNEL_THROUGHPUT, SQ_KERNEL_BRANCH};
    int placed = 0, kernels = 0;
    char name[200];
    for (int i = 0; i < sq_variant_count; i++)
        for (int m = 0; m < 2; m++, kernels++) {
            const sq_variant *v = &sq_variants[i];
            snprintf(name, sizeof name, "%s %s", v->id, sq_kernel_mode_names[modes[m]]);
            placed += check_placed(name, sq_timed_kernel(v, modes[m]), v->kernel[modes[m]]);
        }
    for (int i = 0; i < sq_impl_count; i++)
        for (int arity = 1; arity <= 2; arity++)
            for (int m = 0; m < 2; m++, kernels++) {
                const sq_impl *impl = &sq_impls[i];
                snprintf(name, sizeof name, "baseline %d/%s %s", arity, impl->name,
                         sq_kernel_mode_names[modes[m]]);
                placed += check_placed(name, sq_timed_baseline(impl, arity, modes[m]),
                                       impl->baseline[arity - 1][modes[m]]);
            }
    CHECK(placed == kernels, "%d of %d throughput and branch kernels placed", placed, kernels);
}

/* Every batch routine and bound way but the cpuid dispatchers (they jump
 * through memory to the routine they pick) is timed from a placed copy too:
 * where the linker put color_mask/scalar/clang-19 moved it 6% at 8 KiB and
 * 12% at 256 KiB between two builds whose only difference was elsewhere. */
static void check_every_batch_placed(void) {
    const sq_batch_variant *const lists[2] = {sq_batch_variants, sq_batch_bounds};
    const int counts[2] = {sq_batch_variant_count, sq_batch_bound_count};
    int placed = 0, routines = 0;
    char name[200];
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            const sq_batch_variant *v = &lists[l][i];
            for (int w = 0; !v->dispatcher && w < SQ_BATCH_BOUND_WAYS; w++) {
                sq_batch_fn fn = v->ways[w] ? v->ways[w] : w ? NULL : v->fn.any;
                if (!fn)
                    continue;
                snprintf(name, sizeof name, "%s way %d", v->id, w);
                routines++;
                placed += check_placed(name, (sq_kernel_fn)(uintptr_t)sq_timed_batch(fn),
                                       (sq_kernel_fn)(uintptr_t)fn);
            }
        }
    CHECK(placed == routines && routines > 0, "%d of %d batch routines placed", placed, routines);
    /* A dispatcher's row times the copy of the routine it picks, the copy
     * its pick's row times: one code, one copy. */
    int dispatchers = 0;
    for (int i = 0; i < sq_batch_variant_count; i++) {
        const sq_batch_variant *v = &sq_batch_variants[i], *pick;
        if (!v->dispatcher || !(pick = sq_batch_best_asm(v->family)))
            continue;
        dispatchers++;
        CHECK(sq_timed_batch_of(v) == sq_timed_batch_of(pick) &&
                  sq_timed_batch_of(v) != pick->fn.any,
              "%s: timed as %s's placed copy", v->id, pick->id);
    }
    CHECK(dispatchers > 0, "no dispatcher picks a routine here");
}

/* The copies answer as the definition does (as a run checks every kernel
 * before it times it), over squares of the family's domain. */
static void check_answers(void) {
    enum { N = 8 * 64 };
    static uint8_t a[N], b[N];
    int checked = 0;
    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        if (!sq_variant_supported(v))
            continue;
        uint64_t ones = 0;
        for (int k = 0; k < N; k++) {
            unsigned x, y;
            sq_domain_input(v->family, (int)((k * 37u + 11u) % (unsigned)v->family->domain_size),
                            &x, &y);
            a[k] = (uint8_t)x;
            b[k] = (uint8_t)y;
            ones += v->family->expected(x, y) != 0;
        }
        for (int m = SQ_KERNEL_THROUGHPUT; m <= SQ_KERNEL_BRANCH; m++) {
            uint64_t got = sq_timed_kernel(v, m)(a, b, N);
            CHECK(got == ones, "%s %s: %llu, not %llu", v->id, sq_kernel_mode_names[m],
                  (unsigned long long)got, (unsigned long long)ones);
            checked++;
        }
    }
    for (int i = 0; i < sq_impl_count; i++)
        for (int arity = 1; arity <= 2; arity++)
            for (int m = SQ_KERNEL_THROUGHPUT; m <= SQ_KERNEL_BRANCH; m++) {
                uint64_t got = sq_timed_baseline(&sq_impls[i], arity, m)(a, b, N);
                uint64_t want = sq_impls[i].baseline[arity - 1][m](a, b, N);
                CHECK(got == want, "baseline %d/%s %s: %llu, not %llu", arity, sq_impls[i].name,
                      sq_kernel_mode_names[m], (unsigned long long)got, (unsigned long long)want);
            }
    CHECK(checked > 0, "no kernel ran");
}

/* A hand-made function: n (rdx) times a load of seven through RIP, then
 * plus_one of the sum called through a rel32, and ret. Its loop's head at
 * +4, its jump back a rel8 inside. */
static int32_t seven = 7;

static uint64_t plus_one(unsigned x) {
    return x + 1ull;
}

static const uint8_t hand_made[] = {
    0x31, 0xc0,                   /* xor eax, eax */
    0x89, 0xd1,                   /* mov ecx, edx */
    0x03, 0x05, 0,    0,    0, 0, /* head: add eax, [rip + seven] */
    0xff, 0xc9,                   /* dec ecx */
    0x75, 0xf6,                   /* jnz head */
    0x89, 0xc7,                   /* mov edi, eax */
    0x48, 0x83, 0xec, 0x08,       /* sub rsp, 8: the call's stack aligned */
    0xe8, 0,    0,    0,    0,    /* call plus_one */
    0x48, 0x83, 0xc4, 0x08,       /* add rsp, 8 */
    0xc3,                         /* ret */
};

/* hand_made into at, its fields reaching seven and plus_one from there. */
static void put_hand_made(uint8_t *at) {
    memcpy(at, hand_made, sizeof hand_made);
    int32_t load = (int32_t)((intptr_t)&seven - (intptr_t)(at + 10));
    int32_t call = (int32_t)((intptr_t)(uintptr_t)plus_one - (intptr_t)(at + 25));
    memcpy(at + 6, &load, sizeof load);
    memcpy(at + 21, &call, sizeof call);
}

/* Two sources at different offsets of their pages (not run: the copies
 * are), within reach of seven and plus_one. */
static uint8_t sources[2][8192];

/* Where the function was linked moves nothing: from either place its copy's
 * head lands at the head's offset, and the copy runs. */
static void check_hand_made(void) {
    uint8_t *from[2] = {sources[0] + 0x40, sources[1] + 0x523};
    sq_kernel_fn copy[2];
    for (int i = 0; i < 2; i++) {
        char err[300] = "";
        sq_timed_loop loop;
        put_hand_made(from[i]);
        bool found = sq_loop_in_bytes(from[i], sizeof hand_made, (uint64_t)(uintptr_t)from[i],
                                      &loop, err, sizeof err);
        CHECK(found && loop.offset == 4, "the hand-made loop: +%#zx %s", loop.offset, err);
        copy[i] =
            sq_placed_copy(from[i], from[i], sizeof hand_made, 4, "hand-made", err, sizeof err);
        uint64_t head = (uint64_t)(uintptr_t)copy[i] + 4;
        CHECK(copy[i] && head % page_size() == SQ_SPLICE_HEAD, "from %p: head at %#llx: %s",
              (void *)from[i], (unsigned long long)head, err);
        CHECK(copy[i] && copy[i](NULL, NULL, 5) == 5 * 7 + 1, "from %p: it answers %llu",
              (void *)from[i], copy[i] ? (unsigned long long)copy[i](NULL, NULL, 5) : 0ull);
        CHECK(sq_placed_copy(from[i], from[i], sizeof hand_made, 4, "hand-made", err, sizeof err) ==
                  copy[i],
              "built twice from %p", (void *)from[i]);
    }
    CHECK(copy[0] != copy[1], "one copy for two sources");
    /* a process that moves its loops moves these too */
    char err[300] = "";
    sq_splice_shift(3);
    sq_kernel_fn moved =
        sq_placed_copy(from[0], from[0], sizeof hand_made, 4, "hand-made", err, sizeof err);
    sq_splice_shift(0);
    uint64_t head = (uint64_t)(uintptr_t)moved + 4;
    CHECK(moved && head % page_size() == SQ_SPLICE_HEAD + 3 * 64 && moved(NULL, NULL, 2) == 15,
          "moved 3 lines: head at %#llx: %s", (unsigned long long)head, err);
}

/* Placing code[0..size)'s answer: "" where it fits, else its refusal. */
static const char *placing(const uint8_t *code, size_t size) {
    static char err[200];
    err[0] = 0;
    return sq_place_fits(code, size, 0x401000, err, sizeof err) ? "" : err;
}

/* What placing refuses, and why. */
static void check_refusals(void) {
    static const uint8_t register_jump[] = {0xff, 0xe0, 0xc3};            /* jmp rax; ret */
    static const uint8_t memory_jump[] = {0xff, 0x24, 0xc5, 0, 0, 0, 0};  /* jmp [rax*8] */
    static const uint8_t rel8_out[] = {0x85, 0xff, 0x75, 0x10, 0xc3};     /* jnz past its end */
    static const uint8_t inside[] = {0x85, 0xff, 0x75, 0x01, 0x90, 0xc3}; /* jnz to its ret */
    static const uint8_t rel32_out[] = {0xe9, 0x00, 0x10, 0x00, 0x00};    /* jmp +0x1005 */
    const char *why = placing(register_jump, sizeof register_jump);
    CHECK(strstr(why, "jumps through a register or memory at +0"), "jmp rax: '%s'", why);
    why = placing(memory_jump, sizeof memory_jump);
    CHECK(strstr(why, "jumps through a register or memory at +0"), "jmp [rax*8]: '%s'", why);
    why = placing(rel8_out, sizeof rel8_out);
    CHECK(strstr(why, "a rel8 jump out of it (jne at +0x2)"), "a rel8 jump out: '%s'", why);
    why = placing(inside, sizeof inside);
    CHECK(!*why, "a jump inside: '%s'", why);
    why = placing(rel32_out, sizeof rel32_out);
    CHECK(!*why, "a rel32 jump out: '%s'", why);
    /* two targets 4 GiB apart: no page reaches both */
    static uint8_t far[16];
    static const uint8_t two_loads[] = {0x8b, 0x05, 0, 0, 0, 0x7f, /* mov eax, [rip + 2 GiB] */
                                        0x03, 0x05, 0, 0, 0, 0x81, /* add eax, [rip - 2 GiB] */
                                        0xc3};
    char err[200] = "";
    memcpy(far, two_loads, sizeof two_loads);
    CHECK(!sq_placed_copy(far, far, sizeof two_loads, 0, "far", err, sizeof err) &&
              strstr(err, "no page within reach"),
          "targets 4 GiB apart: '%s'", err);
}

int main(void) {
    check_refusals();
    check_hand_made();
    check_every_kernel_placed();
    check_every_batch_placed();
    check_answers();
    return check_finish("placed_kernel", NULL);
}
