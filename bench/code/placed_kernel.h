/* Throughput and branch kernels timed from copies placed by construction.
 * Branch predictors index by address, so where the linker happened to put a
 * kernel moved its speed: on AMD Zen 5 an add eax, 0 in color_inreg32's asm
 * body moved color/lea_test_jz/asm's branch loop by 64 bytes, and its
 * byte-identical code read 4.6-5.2% slower. A kernel's whole function is
 * copied into pages of its own, found as the spliced loops' are, with its
 * timed loop's head at their offset of the page (code_pages.h); each disp32
 * that reaches out of the function (a RIP-relative operand, a rel32 jump or
 * call) reaches the same address from the copy, and jumps inside it stay as
 * they are. */
#ifndef SQCOLOR_PLACED_KERNEL_H
#define SQCOLOR_PLACED_KERNEL_H

#include "bench/catalog/registry.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether the function code[0..size), loaded at address, can be placed:
 * it decodes to its end, jumps through no register or memory (a jump table
 * would run the original), and leaves itself by no rel8 jump. False with
 * the reason in err. */
bool sq_place_fits(const uint8_t *code, size_t size, uint64_t address, char *err, size_t errlen);

/* The copy of the function code[0..size), whose timed loop's head lies at
 * loop_offset, built once per process per head for key (what finds it
 * again: code, or a function that tail-calls it); name (the function's,
 * which lives as long as the process) names it in messages. NULL with the
 * reason in err where it cannot be placed or no page lies within reach of
 * what it addresses. */
sq_kernel_fn sq_placed_copy(const void *key, const uint8_t *code, size_t size, size_t loop_offset,
                            const char *name, char *err, size_t errlen);

/* The copy built for key at the head of now, or NULL. */
sq_kernel_fn sq_placed_find(const void *key);

#endif
