/* The dependence chain a piece of code carries, counted in instructions
 * from register to register (capstone's register access), a mov between
 * registers not counted: how many lie on
 * the longest path from a routine's input to its result, and from a latency
 * loop's chained result at its head to the same register at its end. A
 * timed chain is the routine's when each square of the loop adds exactly
 * the routine's path and the harness's one xor (c/kernels_c.c). */
#ifndef SQCOLOR_CHAIN_H
#define SQCOLOR_CHAIN_H

#include "bench/catalog/registry.h"
#include "bench/code/insn_form.h"

#include <stddef.h>
#include <stdint.h>

/* Instructions on the longest path from rdi (the square a routine gets) to
 * rax (its result), read from code[0..size) at address straight through to
 * its first ret. -1 where that cannot be told: a branch, an instruction
 * capstone does not know, or rax off the path. */
int sq_chain_insns(const uint8_t *code, size_t size, uint64_t address);

/* The loop code[0..size) (its last instruction the jump back to its head):
 * instructions on its longest path from a general register at its head to
 * the same register at its end, the chain it carries from trip to trip
 * wherever a compiler rotated it. -1 as above, or a branch besides the
 * jump back. */
int sq_loop_chain_insns(const uint8_t *code, size_t size, uint64_t address);

/* v's routine: instructions from its square to its result (-1 as above). */
int sq_routine_chain(const sq_variant *v);

/* v's latency loop: the chain it carries a trip (-1 as above). */
int sq_latency_loop_chain(const sq_variant *v);

/* An instruction form's latency as calibrate measured it on this CPU. */
typedef struct sq_form_cost {
    char form[SQ_FORM_TEXT];
    double cycles;
} sq_form_cost;

/* The least the path from rdi to rax of code[0..size) can take, in core
 * cycles: the longest path where each instruction costs its form's latency
 * in costs[0..ncosts), or where that lacks it 1 (0 for a register copy or a
 * zero idiom). A latency chain cannot run faster. NAN where the path cannot
 * be told (as sq_chain_insns). */
double sq_chain_floor(const uint8_t *code, size_t size, uint64_t address, const sq_form_cost *costs,
                      int ncosts);

/* v's routine's floor (sq_chain_floor). */
double sq_routine_floor(const sq_variant *v, const sq_form_cost *costs, int ncosts);

#endif
