/* The timed loop of a kernel, from machine code with known answers: which
 * loop is found (the unrolled one before a remainder loop, the vector one
 * before its scalar tail, the inner of two, past instructions capstone 4
 * cannot decode), its alignment, whether it branches besides its harness, and
 * its code fact. Then kernels found through their symbols (timed_loops.asm):
 * a branch-free routine whose throughput loop branches is control dependent
 * there, and nowhere else. */
#include "bench/code/decoder.h"
#include "bench/code/disasm.h"
#include "bench/code/timed_loop.h"

#include "check.h"

#define ADDRESS 0x401000u

/* Each string is NASM's code for the lines beside it. */

/* xor eax, eax; nop; L: movzx edi, byte [r11 + rbx]; xor edi, eax;
 * mov eax, edi; and eax, 1; add rbx, 8; jnz L; ret */
static const uint8_t simple[] = {0x31, 0xc0, 0x90, 0x41, 0x0f, 0xb6, 0x3c, 0x1b, 0x31, 0xc7, 0x89,
                                 0xf8, 0x83, 0xe0, 0x01, 0x48, 0x83, 0xc3, 0x08, 0x75, 0xee, 0xc3};

/* push rbx; xor eax, eax; the same loop; jmp out: another routine around
 * the same loop bytes */
static const uint8_t same_loop[] = {0x53, 0x31, 0xc0, 0x41, 0x0f, 0xb6, 0x3c, 0x1b,
                                    0x31, 0xc7, 0x89, 0xf8, 0x83, 0xe0, 0x01, 0x48,
                                    0x83, 0xc3, 0x08, 0x75, 0xee, 0xeb, 0x3e};

/* L: movzx edi, byte [r11 + rbx]; xor edi, eax; mov eax, edi; and eax, 3;
 * add rbx, 8; jnz L; ret: one immediate apart */
static const uint8_t other_loop[] = {0x41, 0x0f, 0xb6, 0x3c, 0x1b, 0x31, 0xc7, 0x89, 0xf8, 0x83,
                                     0xe0, 0x03, 0x48, 0x83, 0xc3, 0x08, 0x75, 0xee, 0xc3};

/* L: movzx eax, byte [rdi + rdx]; test al, 8; jne S; not eax; S: and eax, 1;
 * add rdx, 4; add rsi, rax; cmp r10, rdx; ja L; ret: gcc-11 -march=native's
 * color/cmov throughput loop in brief */
static const uint8_t branching[] = {0x0f, 0xb6, 0x04, 0x17, 0xa8, 0x08, 0x75, 0x02, 0xf7,
                                    0xd0, 0x83, 0xe0, 0x01, 0x48, 0x83, 0xc2, 0x04, 0x48,
                                    0x01, 0xc6, 0x49, 0x39, 0xd2, 0x77, 0xe7, 0xc3};

/* R: movzx eax, byte [rdi]; imul eax, eax, 9; shr eax, 3; and eax, 1;
 * add r8, rax; imul ecx, ecx, 3; inc rdi; dec rdx; jnz R (26 bytes, a byte a
 * trip); U: movzx eax, byte [rdi]; movzx ecx, byte [rdi + 1]; add rdi, 2;
 * sub rdx, 2; jnz U (17 bytes, two a trip); ret */
static const uint8_t remainder_first[] = {
    0x0f, 0xb6, 0x07, 0x6b, 0xc0, 0x09, 0xc1, 0xe8, 0x03, 0x83, 0xe0, 0x01, 0x49, 0x01, 0xc0,
    0x6b, 0xc9, 0x03, 0x48, 0xff, 0xc7, 0x48, 0xff, 0xca, 0x75, 0xe6, 0x0f, 0xb6, 0x07, 0x0f,
    0xb6, 0x4f, 0x01, 0x48, 0x83, 0xc7, 0x02, 0x48, 0x83, 0xea, 0x02, 0x75, 0xef, 0xc3};

/* test rdx, rdx; je E; jmp H0; E: ret; H0: xor esi, esi; H: add rsi, 8;
 * cmp rdx, rsi; je E (back, but no loop: E returns); movzx ecx, byte
 * [rdi + rsi]; bt r9, rcx; jb H; inc rax; jmp H: clang's branch loop, its
 * exit test at its head and two jumps back */
static const uint8_t rotated[] = {0x48, 0x85, 0xd2, 0x74, 0x02, 0xeb, 0x01, 0xc3, 0x31,
                                  0xf6, 0x48, 0x83, 0xc6, 0x08, 0x48, 0x39, 0xf2, 0x74,
                                  0xf4, 0x0f, 0xb6, 0x0c, 0x37, 0x49, 0x0f, 0xa3, 0xc9,
                                  0x72, 0xed, 0x48, 0xff, 0xc0, 0xeb, 0xe8};

/* O: mov ecx, 64; I: movzx eax, byte [rdi]; inc rdi; dec ecx; jnz I;
 * mov [rsi], rax; add rsi, 8; dec rdx; jnz O; ret */
static const uint8_t nested[] = {0xb9, 0x40, 0x00, 0x00, 0x00, 0x0f, 0xb6, 0x07, 0x48, 0xff,
                                 0xc7, 0xff, 0xc9, 0x75, 0xf6, 0x48, 0x89, 0x06, 0x48, 0x83,
                                 0xc6, 0x08, 0x48, 0xff, 0xca, 0x75, 0xe5, 0xc3};

/* vmovdqu64 zmm2, [rip + X]; xor eax, eax; B: vmovdqu8 zmm0, [r8 + rax];
 * vpshufb zmm1, zmm2, zmm0; vmovdqu8 [r10 + rax], zmm1; add rax, 64;
 * cmp rax, rsi; jb B (20 bytes, 128 moved a trip); T: movzx ecx, byte
 * [r8 + rax]; mov edx, ecx; shr edx, 3; xor ecx, edx; not ecx; and ecx, 1;
 * mov [r10 + rax], cl; inc rax; cmp rax, r11; jb T (32 bytes, 2 moved);
 * kmovq k1, rdx; vmovdqu8 zmm0{k1}{z}, [r8 + rax]; vzeroupper; ret:
 * sq_asm_color_batch_avx512bw in brief */
static const uint8_t vector[] = {
    0x62, 0xf1, 0xfe, 0x48, 0x6f, 0x15, 0xf6, 0x0f, 0x00, 0x00, 0x31, 0xc0, 0x62, 0xd1, 0x7f,
    0x48, 0x6f, 0x04, 0x00, 0x62, 0xf2, 0x6d, 0x48, 0x00, 0xc8, 0x62, 0xd1, 0x7f, 0x48, 0x7f,
    0x0c, 0x02, 0x48, 0x83, 0xc0, 0x40, 0x48, 0x39, 0xf0, 0x72, 0xe3, 0x41, 0x0f, 0xb6, 0x0c,
    0x00, 0x89, 0xca, 0xc1, 0xea, 0x03, 0x31, 0xd1, 0xf7, 0xd1, 0x83, 0xe1, 0x01, 0x41, 0x88,
    0x0c, 0x02, 0x48, 0xff, 0xc0, 0x4c, 0x39, 0xd8, 0x72, 0xe3, 0xc4, 0xe1, 0xfb, 0x92, 0xca,
    0x62, 0xd1, 0x7f, 0xc9, 0x6f, 0x04, 0x00, 0xc5, 0xf8, 0x77, 0xc3};

/* mov eax, edi; ret */
static const uint8_t straight[] = {0x89, 0xf8, 0xc3};

static sq_timed_loop loop_of(const uint8_t *code, size_t size, uint64_t address, const char *what) {
    sq_timed_loop loop;
    char err[200];
    memset(&loop, 0, sizeof loop);
    CHECK(sq_loop_in_bytes(code, size, address, &loop, err, sizeof err), "%s: %s", what, err);
    return loop;
}

#define LOOP_OF(bytes, address) loop_of(bytes, sizeof bytes, address, #bytes)

/* The loop found at offset, of bytes and insns, with conditionals. */
static void expect(const sq_timed_loop *l, const char *what, size_t offset, size_t bytes, int insns,
                   int conditionals) {
    CHECK(l->offset == offset && l->bytes == bytes && l->insns == insns &&
              l->conditionals == conditionals,
          "%s: loop at +%zu, %zu bytes, %d insns, %d conditional; want +%zu, %zu, %d, %d", what,
          l->offset, l->bytes, l->insns, l->conditionals, offset, bytes, insns, conditionals);
}

static void check_bytes(void) {
    sq_timed_loop l = LOOP_OF(simple, ADDRESS);
    expect(&l, "simple", 3, 18, 6, 1);
    CHECK(l.alignment == 3 && l.address == ADDRESS + 3, "simple: alignment %d", l.alignment);
    CHECK(!sq_loop_branches(&l, SQ_KERNEL_LATENCY, 1), "simple: an exit test taken for a branch");
    l = LOOP_OF(simple, ADDRESS - 3);
    CHECK(l.alignment == 0, "simple, its head on a line: alignment %d", l.alignment);
    sq_timed_loop moved = LOOP_OF(same_loop, ADDRESS + 0x2345),
                  other = LOOP_OF(other_loop, ADDRESS);
    CHECK(l.has_fact && moved.has_fact && sq_code_same(&l.fact, &moved.fact),
          "one loop in two routines, at two addresses: two codes");
    CHECK(other.has_fact && !sq_code_same(&l.fact, &other.fact), "an immediate apart: one code");

    l = LOOP_OF(branching, ADDRESS);
    expect(&l, "branching", 0, 25, 9, 2);
    CHECK(sq_loop_branches(&l, SQ_KERNEL_THROUGHPUT, 1) &&
              sq_loop_branches(&l, SQ_KERNEL_LATENCY, 1),
          "a branch in the loop not seen");
    CHECK(!sq_loop_branches(&l, SQ_KERNEL_BRANCH, 1), "branch mode: a branch a square is its own");

    l = LOOP_OF(remainder_first, ADDRESS);
    expect(&l, "remainder_first", 26, 17, 5, 1);

    l = LOOP_OF(rotated, ADDRESS);
    expect(&l, "rotated", 10, 24, 8, 2);
    CHECK(l.byte_reads == 1, "rotated: %d byte reads", l.byte_reads);
    CHECK(!sq_loop_branches(&l, SQ_KERNEL_BRANCH, 1), "rotated: its one branch a square is extra");
    CHECK(sq_loop_branches(&l, SQ_KERNEL_BRANCH, 2), "pairs of one byte read: a branch missed");
    CHECK(sq_loop_branches(&l, SQ_KERNEL_THROUGHPUT, 1), "rotated: throughput's branch missed");

    l = LOOP_OF(nested, ADDRESS);
    expect(&l, "nested", 5, 10, 4, 1);

    l = LOOP_OF(vector, ADDRESS);
    expect(&l, "vector", 12, 29, 6, 1);
    CHECK(l.has_fact, "vector: no fact past what capstone cannot decode");

    sq_timed_loop none;
    char err[200] = "";
    CHECK(!sq_loop_in_bytes(straight, sizeof straight, ADDRESS, &none, err, sizeof err) &&
              strstr(err, "no loop"),
          "straight code has a loop: %s", err);
}

/* Instructions capstone 4 does not know, measured from their encoding. */
static void check_vector_lengths(void) {
    static const struct {
        const char *what;
        uint8_t bytes[12];
        size_t size, length, rip_disp;
        int memory;
    } cases[] = {
        {"vpshufb zmm1, zmm2, zmm0", {0x62, 0xf2, 0x6d, 0x48, 0x00, 0xc8}, 6, 6, 0, 0},
        {"kmovq k1, rdx", {0xc4, 0xe1, 0xfb, 0x92, 0xca}, 5, 5, 0, 0},
        {"vmovdqu8 zmm0{k1}{z}, [r8 + rax]",
         {0x62, 0xd1, 0x7f, 0xc9, 0x6f, 0x04, 0x00},
         7,
         7,
         0,
         64},
        {"vmovdqu64 zmm2, [rip + X]",
         {0x62, 0xf1, 0xfe, 0x48, 0x6f, 0x15, 0xf6, 0x0f, 0x00, 0x00},
         10,
         10,
         6,
         64},
        {"vgf2p8affineqb ymm, ymm, ymm, 0", {0xc4, 0xe3, 0xed, 0xce, 0xc1, 0x00}, 6, 6, 0, 0},
        {"vzeroupper", {0xc5, 0xf8, 0x77}, 3, 3, 0, 0},
        {"nop: not VEX", {0x90}, 1, 0, 0, 0},
        {"vpshufb cut short", {0x62, 0xf2, 0x6d, 0x48, 0x00}, 5, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t rip;
        int memory;
        size_t n = sq_vector_insn_length(cases[i].bytes, cases[i].size, &rip, &memory);
        CHECK(n == cases[i].length && rip == cases[i].rip_disp && memory == cases[i].memory,
              "%s: length %zu, rip disp %zu, memory %d", cases[i].what, n, rip, memory);
    }
}

unsigned sq_fake_color_branchless(unsigned sq);
SQ_KERNEL_SIG(sq_fake_color_branchless_latency);
SQ_KERNEL_SIG(sq_fake_color_branchless_throughput);
SQ_KERNEL_SIG(sq_fake_color_branchless_branch);
void sq_fake_tail_call(void);

/* The kernels of timed_loops.asm, through the symbol table. */
static void check_symbols(void) {
    sq_variant fake = {.id = "color/branchless/fake",
                       .family = sq_family_find("color"),
                       .technique = "branchless",
                       .impl = "fake",
                       .fn.f1 = sq_fake_color_branchless,
                       .kernel = {sq_fake_color_branchless_latency,
                                  sq_fake_color_branchless_throughput,
                                  sq_fake_color_branchless_branch}};
    CHECK(sq_code_branches(&fake) == 0, "the routine branches");
    CHECK(sq_kernel_loop_branches(&fake, SQ_KERNEL_LATENCY) == 0, "latency: a branch seen");
    CHECK(sq_kernel_loop_branches(&fake, SQ_KERNEL_THROUGHPUT) == 1,
          "throughput: the loop's branch not seen");
    CHECK(sq_kernel_loop_branches(&fake, SQ_KERNEL_BRANCH) == 0, "branch: its own branch is extra");

    sq_timed_loop l;
    char err[600];
    const char *name;
    /* its own latency kernel's loop (a run times the spliced one: test_spliced_loop) */
    CHECK(sq_loop_of_function((const void *)(uintptr_t)fake.kernel[SQ_KERNEL_LATENCY], true, &l,
                              &name, err, sizeof err) &&
              !l.alignment && l.lines == l.insns && l.lines == 6 &&
              strcmp(l.text[0], "movzx edi, byte ptr [r11 + rcx]") == 0 &&
              strcmp(l.text[5], "jne +0x0") == 0,
          "latency loop: %s", err);
    sq_timed_loop_free(&l);
    CHECK(sq_loop_of_function((const void *)(uintptr_t)fake.kernel[SQ_KERNEL_BRANCH], false, &l,
                              &name, err, sizeof err) &&
              l.alignment == 16,
          "branch loop: alignment %d, not 16", l.alignment);
    /* a run times its placed copy, on a line (test_placed_kernel) */
    CHECK(sq_kernel_loop(&fake, SQ_KERNEL_BRANCH, false, &l, err, sizeof err) && l.alignment == 0,
          "the placed branch loop: alignment %d, not 0", l.alignment);

    sq_code_fact a, b;
    CHECK(sq_kernel_loop_fact(&fake, SQ_KERNEL_LATENCY, &a, err, sizeof err) &&
              sq_kernel_loop_fact(&fake, SQ_KERNEL_THROUGHPUT, &b, err, sizeof err) &&
              strcmp(a.id, fake.id) == 0 && !sq_code_same(&a, &b),
          "loop facts: %s", err);

    CHECK(sq_loop_of_function((const void *)(uintptr_t)sq_fake_tail_call, false, &l, &name, err,
                              sizeof err) &&
              strcmp(name, "sq_fake_color_branchless_latency") == 0,
          "a tail call not followed: %s", err);
}

int main(void) {
    check_bytes();
    check_vector_lengths();
    check_symbols();
    return check_finish("timed_loop", NULL);
}
