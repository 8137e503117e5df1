/* capstone's x86-64 decoder, one instruction at a time, carried past what
 * capstone 4 (Debian 12's) does not know: AVX-512 instructions such as
 * vpshufb zmm or kmovq. Those are VEX or EVEX encoded, never branches, and
 * their length follows from the encoding, so the decoder measures them and
 * goes on; they come without capstone's detail. */
#ifndef SQCOLOR_DECODER_H
#define SQCOLOR_DECODER_H

#include <capstone/capstone.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sq_decoder {
    /* The current instruction: capstone's (with detail), or NULL where
     * capstone does not know it; its offset and its bytes. For one capstone
     * does not know, the offset in it of a RIP-relative disp32 (0: none) and
     * the bytes a memory operand spans (sq_vector_insn_length). */
    cs_insn *insn;
    size_t at, length, rip_disp;
    int memory;
    /* Bytes decoded so far: size when the whole code decoded. */
    size_t decoded;
    csh cs;
    cs_insn *buffer;
    const uint8_t *code;
    size_t size;
    uint64_t address;
} sq_decoder;

/* A decoder of code[0..size), taken to lie at address (Intel syntax). False
 * with a reason in err when capstone cannot open one. */
bool sq_decoder_open(sq_decoder *d, const uint8_t *code, size_t size, uint64_t address, char *err,
                     size_t errlen);

/* The next instruction into d; false at the end or where neither capstone
 * nor the encoding tells what comes next (d->decoded says where). */
bool sq_decoder_next(sq_decoder *d);

void sq_decoder_close(sq_decoder *d);

/* The length of the VEX, EVEX or XOP instruction at p (avail bytes there),
 * 0 if p holds none or is cut short; *rip_disp the offset of its
 * RIP-relative disp32, 0 if it has none; *memory the vector's bytes (16, 32
 * or 64) if it has a memory operand, else 0 (a broadcast or a mask register
 * moves fewer: a bound, enough to tell a vector loop from a scalar one). */
size_t sq_vector_insn_length(const uint8_t *p, size_t avail, size_t *rip_disp, int *memory);

#endif
