/* An instruction's form: its mnemonic and the kinds of its operands, what a
 * core's cost tables key on ("lea r32, [r + r*8 + disp]", "movzx r32, byte
 * [r + r]"): registers by width, immediates as imm, memory by its size and
 * the parts of its address. The forms a piece of code holds are what
 * disasm --results matches against the forms calibrate times. */
#ifndef SQCOLOR_INSN_FORM_H
#define SQCOLOR_INSN_FORM_H

#include <capstone/capstone.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SQ_FORM_TEXT 64 /* a form, its terminating 0 included */

/* insn's form (capstone's detail) into buf. */
void sq_insn_form(const cs_insn *insn, char *buf, size_t len);

/* xor r, r and its kin: a new value that reads nothing. */
bool sq_zero_idiom(const cs_insn *insn);

/* mov between 32- or 64-bit registers: renamed, not executed, by the cores
 * sqcolor runs on, and a compiler's choice of which operand to copy. */
bool sq_renamed_move(const cs_insn *insn);

/* mov, movzx or movsx from a register to a register: a copy, which some
 * cores eliminate at rename. */
bool sq_register_copy(const cs_insn *insn);

/* The distinct forms of the first max_insns instructions of code[0..size)
 * (fewer where the bytes end first), taken to lie at address, in order of
 * first appearance, into forms[0..max); with glue false, zero idioms and
 * renamed moves left out. Returns how many, or -1 with a reason in err: an
 * instruction capstone does not know, or more than max forms. */
int sq_code_forms(const uint8_t *code, size_t size, uint64_t address, int max_insns, bool glue,
                  char (*forms)[SQ_FORM_TEXT], int max, char *err, size_t errlen);

#endif
