/* Identical code: bytes that differ only in a field the linker fills (a
 * RIP-relative displacement, the offset of a call or jump out of the routine)
 * are one code; an opcode, an immediate, a jump within the routine or a
 * displacement to a place inside it changed are not. And every routine of
 * this binary has a fact that agrees with what disasm decodes. */
#include "bench/code/code_identity.h"
#include "bench/code/disasm.h"

#include <string.h>

#include "check.h"

#define ADDRESS 0x401000u

static sq_code_fact fact(const uint8_t *code, size_t len) {
    sq_code_fact f = {0};
    CHECK(sq_code_fact_of_bytes(code, len, ADDRESS, &f), "%zu bytes do not decode", len);
    return f;
}

/* a and b (each len bytes) are one code exactly when same. */
#define PAIR(same, a, b)                                                                           \
    do {                                                                                           \
        sq_code_fact fa = fact(a, sizeof a), fb = fact(b, sizeof b);                               \
        CHECK(sq_code_same(&fa, &fb) == (same), "%s and %s: %s", #a, #b,                           \
              (same) ? "told apart" : "taken as one code");                                        \
    } while (0)

static void check_pairs(void) {
    /* lea rax, [rip + X]; ret: the table elsewhere */
    static const uint8_t lea_a[] = {0x48, 0x8d, 0x05, 0x78, 0x56, 0x34, 0x12, 0xc3};
    static const uint8_t lea_b[] = {0x48, 0x8d, 0x05, 0x11, 0x22, 0x33, 0x44, 0xc3};
    /* mov rax, [rip + X]; ret: another opcode */
    static const uint8_t mov_a[] = {0x48, 0x8b, 0x05, 0x78, 0x56, 0x34, 0x12, 0xc3};
    /* call rel32; ret */
    static const uint8_t call_a[] = {0xe8, 0x00, 0x10, 0x00, 0x00, 0xc3};
    static const uint8_t call_b[] = {0xe8, 0xf0, 0xef, 0xff, 0xff, 0xc3};
    /* jz rel32 out of the routine; ret */
    static const uint8_t jz_out_a[] = {0x0f, 0x84, 0x00, 0x01, 0x00, 0x00, 0xc3};
    static const uint8_t jz_out_b[] = {0x0f, 0x84, 0x00, 0x02, 0x00, 0x00, 0xc3};
    /* jmp +1 to the ret, or +0 to the nop: within the routine */
    static const uint8_t jmp_in_a[] = {0xeb, 0x01, 0x90, 0xc3};
    static const uint8_t jmp_in_b[] = {0xeb, 0x00, 0x90, 0xc3};
    /* lea rax, [rip + 0] / [rip + 1]: the nop or the ret, within the routine */
    static const uint8_t lea_in_a[] = {0x48, 0x8d, 0x05, 0x00, 0x00, 0x00, 0x00, 0x90, 0xc3};
    static const uint8_t lea_in_b[] = {0x48, 0x8d, 0x05, 0x01, 0x00, 0x00, 0x00, 0x90, 0xc3};
    /* mov eax, 1 / mov eax, 2: an immediate is the code's own */
    static const uint8_t imm_a[] = {0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3};
    static const uint8_t imm_b[] = {0xb8, 0x02, 0x00, 0x00, 0x00, 0xc3};

    /* vpshufb zmm1, zmm2, [rip + X]; ret: an instruction capstone 4 cannot
     * decode (bench/code/decoder.h), its displacement the linker's all the
     * same; vpshufb zmm1, zmm2, zmm0 / zmm3; ret: its registers its own */
    static const uint8_t evex_rip_a[] = {0x62, 0xf2, 0x6d, 0x48, 0x00, 0x0d,
                                         0xf6, 0x0f, 0x00, 0x00, 0xc3};
    static const uint8_t evex_rip_b[] = {0x62, 0xf2, 0x6d, 0x48, 0x00, 0x0d,
                                         0x12, 0x34, 0x00, 0x00, 0xc3};
    static const uint8_t evex_zmm0[] = {0x62, 0xf2, 0x6d, 0x48, 0x00, 0xc8, 0xc3};
    static const uint8_t evex_zmm3[] = {0x62, 0xf2, 0x6d, 0x48, 0x00, 0xcb, 0xc3};

    PAIR(true, lea_a, lea_b);
    PAIR(true, evex_rip_a, evex_rip_b);
    PAIR(false, evex_zmm0, evex_zmm3);
    PAIR(false, lea_a, mov_a);
    PAIR(true, call_a, call_b);
    PAIR(true, jz_out_a, jz_out_b);
    PAIR(false, jmp_in_a, jmp_in_b);
    PAIR(false, lea_in_a, lea_in_b);
    PAIR(false, imm_a, imm_b);
    PAIR(false, lea_a, call_a);

    sq_code_fact f = fact(lea_a, sizeof lea_a);
    CHECK(f.insns == 2 && f.bytes == 8, "lea; ret: %d insns, %d bytes", f.insns, f.bytes);
    CHECK(!sq_code_same(&f, NULL) && !sq_code_same(NULL, &f), "an unknown code matches");

    /* The masked copy: the displacement zeroed, the rest as it was. */
    uint8_t masked[sizeof lea_a];
    CHECK(sq_code_mask(lea_a, sizeof lea_a, ADDRESS, masked) == 2, "lea; ret: 2 instructions");
    static const uint8_t want[] = {0x48, 0x8d, 0x05, 0, 0, 0, 0, 0xc3};
    CHECK(memcmp(masked, want, sizeof want) == 0, "lea's displacement not masked alone");

    /* 0x06 is no instruction in 64-bit mode. */
    static const uint8_t junk[] = {0x90, 0x06, 0xc3};
    sq_code_fact j;
    CHECK(sq_code_mask(junk, sizeof junk, ADDRESS, masked) == -1, "junk decodes");
    CHECK(!sq_code_fact_of_bytes(junk, sizeof junk, ADDRESS, &j), "junk has a fact");
}

/* Every routine: a fact, its counts as disasm's; one routine is its own code
 * and not that of another technique's asm. */
static void check_routines(void) {
    int without = 0, disagree = 0;
    for (int i = 0; i < sq_variant_count; i++) {
        const sq_variant *v = &sq_variants[i];
        sq_code_fact f;
        sq_code code;
        char err[256];
        if (!sq_code_fact_of(v, &f, err, sizeof err) ||
            !sq_disassemble(v, &code, err, sizeof err)) {
            if (without++ < 3)
                printf("%s\n", err);
            continue;
        }
        if (f.insns != code.count || (size_t)f.bytes != code.bytes || strcmp(f.id, v->id) != 0)
            if (disagree++ < 3)
                printf("%s: fact %d insns %d bytes, disasm %d insns %zu bytes\n", v->id, f.insns,
                       f.bytes, code.count, code.bytes);
    }
    CHECK(without == 0, "%d routines without a fact", without);
    CHECK(disagree == 0, "%d routines whose fact disagrees with disasm", disagree);

    const sq_variant *asm_routines[2] = {NULL, NULL};
    for (int i = 0, n = 0; i < sq_variant_count && n < 2; i++)
        if (strcmp(sq_variants[i].impl, "asm") == 0)
            asm_routines[n++] = &sq_variants[i];
    const sq_variant *a = asm_routines[0], *b = asm_routines[1];
    sq_code_fact fa, fa2, fb;
    char err[256];
    CHECK(a && b && sq_code_fact_of(a, &fa, err, sizeof err) &&
              sq_code_fact_of(a, &fa2, err, sizeof err) && sq_code_fact_of(b, &fb, err, sizeof err),
          "no two asm routines with facts");
    CHECK(sq_code_same(&fa, &fa2), "%s is not its own code", a->id);
    CHECK(!sq_code_same(&fa, &fb), "%s and %s are one code", a->id, b->id);
}

int main(void) {
    check_pairs();
    check_routines();
    return check_finish("code_identity", NULL);
}
