/* The machine code of sqcolor's own routines, decoded with capstone (mca.h
 * predicts its cost). */
#ifndef SQCOLOR_DISASM_H
#define SQCOLOR_DISASM_H

#include "bench/catalog/registry.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SQ_MAX_INSNS 64

typedef struct sq_code {
    int count; /* instructions */
    size_t bytes;
    size_t offset[SQ_MAX_INSNS]; /* each instruction's, from the routine's start */
    /* Intel syntax, "mnemonic operands", without an absolute address: a
     * branch or RIP-relative target inside the routine as "+0x1a", outside
     * as its symbol ("sq_table", "sq_table+0x8") or "<outside>". The same
     * in every process, whatever the load address. */
    char text[SQ_MAX_INSNS][200];
    char decoded[SQ_MAX_INSNS][200]; /* capstone's own text (a mnemonic of 32 and
                                        operands of 160 at most), addresses and
                                        all, for llvm-mca to assemble; not printed */
} sq_code;

/* The bytes of v's callable routine in this process: its start and its size
 * (from the binary's symbol table). False with a reason in err. */
bool sq_routine_bytes(const sq_variant *v, const uint8_t **code, size_t *size, char *err,
                      size_t errlen);

/* Decodes the callable routine of v (its size from the binary's symbol table).
 * Returns false with a reason in err. */
bool sq_disassemble(const sq_variant *v, sq_code *out, char *err, size_t errlen);

/* 1 if v's routine holds a conditional branch (jcc, loop), 0 if not, -1 if
 * it cannot be decoded; sq_code_has_branch for code already decoded. */
int sq_code_branches(const sq_variant *v);
bool sq_code_has_branch(const sq_code *code);

#endif
