/* Whether two routines are the same machine code: their bytes compared with
 * the fields the linker fills masked, so that two builds of one technique
 * that differ only in where their data or callees landed are one code. What
 * disasm groups by and what a run records (results.h, sq_run.code). */
#ifndef SQCOLOR_CODE_IDENTITY_H
#define SQCOLOR_CODE_IDENTITY_H

#include "bench/catalog/registry.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A variant's code in brief: enough to tell identical code apart from a
 * result file, without the code. */
typedef struct sq_code_fact {
    const char *id; /* the variant, family/technique/impl */
    int insns;      /* instructions, the ret included (as disasm counts them) */
    int bytes;      /* the routine's size */
    uint64_t hash;  /* FNV-1a of the masked bytes (sq_code_mask) */
} sq_code_fact;

/* Copies code[0..len), loaded at address, to masked[0..len) with every field
 * that depends on where the linker put things zeroed: the displacement of a
 * RIP-relative operand and the offset of a relative jump or call whose target
 * lies outside the routine (a jump within it is the code's own shape, and
 * kept); of a VEX or EVEX instruction capstone does not know (decoder.h),
 * a RIP-relative displacement. Returns the instructions decoded, or -1 when
 * the bytes do not decode to their end (copied unmasked past that point). */
int sq_code_mask(const uint8_t *code, size_t len, uint64_t address, uint8_t *masked);

/* The fact of code[0..len) at address; false where it does not decode to its
 * end or memory runs out. */
bool sq_code_fact_of_bytes(const uint8_t *code, size_t len, uint64_t address, sq_code_fact *out);

/* The fact of v's callable routine in this process (sq_routine_bytes),
 * out->id v's id. False with a reason in err. */
bool sq_code_fact_of(const sq_variant *v, sq_code_fact *out, char *err, size_t errlen);

/* The jumps and calls in code[0..len), loaded at address, that leave it:
 * relative ones whose target lies outside it (their offsets are what
 * sq_code_mask zeroes, so two codes of one fact may go to different places
 * there) and indirect ones. -1 when the bytes do not decode to their end. */
int sq_code_exits(const uint8_t *code, size_t len, uint64_t address);

/* Whether a and b are one code (same size, instructions and masked bytes'
 * hash); false when either is NULL. */
bool sq_code_same(const sq_code_fact *a, const sq_code_fact *b);

/* The variants among others[0..n) whose callable routine is one code with
 * v's (sq_code_same of their facts), in order, at most max of them, into
 * twins: v itself and those whose code cannot be read left out. Returns how
 * many, or -1 when v's code cannot be read. */
int sq_code_twins(const sq_variant *v, const sq_variant *const *others, int n,
                  const sq_variant **twins, int max);

#endif
