/* The machine code of sqcolor's own routines, decoded with capstone (mca.h
 * predicts its cost). */
#ifndef SQCOLOR_DISASM_H
#define SQCOLOR_DISASM_H

#include "bench/catalog/registry.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SQ_MAX_INSNS 64
#define SQ_INSN_TEXT 200 /* a line of a listing, its terminating 0 included */

typedef struct sq_code {
    int count; /* instructions */
    size_t bytes;
    size_t offset[SQ_MAX_INSNS]; /* each instruction's, from the routine's start */
    /* Intel syntax, "mnemonic operands", without an absolute address: a
     * branch or RIP-relative target inside the routine as "+0x1a", outside
     * as its symbol ("sq_table", "sq_table+0x8") or "<outside>". The same
     * in every process, whatever the load address. */
    char text[SQ_MAX_INSNS][SQ_INSN_TEXT];
    char decoded[SQ_MAX_INSNS][SQ_INSN_TEXT]; /* capstone's own text (a mnemonic of 32
                                                 and operands of 160 at most), addresses
                                                 and all, for llvm-mca to assemble; not
                                                 printed */
} sq_code;

/* The bytes of v's callable routine in this process: its start and its size
 * (from the binary's symbol table, or for a routine of a shared object
 * loaded at run time, from that object's dynamic symbols by its address).
 * False with a reason in err. */
bool sq_routine_bytes(const sq_variant *v, const uint8_t **code, size_t *size, char *err,
                      size_t errlen);

/* The function of this binary that starts at fn, or of a shared object
 * loaded at run time (from its dynamic symbols): its bytes, size and name
 * (which lives as long as the process, or while that object stays loaded).
 * False with a reason in err. */
bool sq_function_bytes(const void *fn, const uint8_t **code, size_t *size, const char **name,
                       char *err, size_t errlen);

/* Lines of sq_code's form (offsets and text, without absolute addresses: a
 * target inside code[0..size) as "+0x1a") for the bytes code[0..size) of
 * this process, at most max of them. Returns how many, or -1 with a reason
 * in err. */
int sq_listing(const uint8_t *code, size_t size, size_t *offset, char (*text)[SQ_INSN_TEXT],
               int max, char *err, size_t errlen);

/* An instruction's place and how it moves control. */
typedef struct sq_insn {
    size_t offset;    /* from the first byte decoded */
    size_t size;      /* its bytes */
    bool branch;      /* a relative jump: jmp, jcc, loop, jrcxz */
    bool conditional; /* a branch that may fall through */
    bool stops;       /* nothing falls through: jmp (any), ret, ud2, hlt, int3 */
    uint64_t target;  /* a branch's, the bytes taken to lie at address */
    int memory;       /* bytes it reads or writes through a pointer in a register
                         (RIP-relative data, lea and nop left out) */
} sq_insn;

/* The instructions of code[0..size), taken to lie at address, as far as
 * they decode (decoder.h): a heap array (free it) of *count. NULL with a
 * reason in err when none decodes or memory runs out. */
sq_insn *sq_decode(const uint8_t *code, size_t size, uint64_t address, int *count, char *err,
                   size_t errlen);

/* Decodes the callable routine of v (its size as sq_routine_bytes finds it).
 * Returns false with a reason in err. */
bool sq_disassemble(const sq_variant *v, sq_code *out, char *err, size_t errlen);

/* 1 if v's routine holds a conditional branch (jcc, loop), 0 if not, -1 if
 * it cannot be decoded; sq_code_has_branch for code already decoded. */
int sq_code_branches(const sq_variant *v);
bool sq_code_has_branch(const sq_code *code);

#endif
