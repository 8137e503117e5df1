/* The latency loops the harness builds around a routine's own machine code.
 * A compiler that inlines a routine into its own loop picks the loop's
 * registers and layout, so one routine met different loops in different
 * impls (color/lookup: rsi against r8, 128 against 140 bytes, 5.02 against
 * 5.08-5.13 cycles on Zen 4). Here every latency loop is the harness's: the
 * routine's bytes, its ret dropped, copied SQ_KERNEL_UNROLL times between
 * the harness's loads, each link of the chain as a call makes it (the square
 * a[i] ^ r in edi, a pair's b[i] in esi, the result in eax), in pages of its
 * own with the loop's head at one offset (code_pages.h). Byte-identical
 * routines are timed in byte-identical loops, apart from the displacements
 * of RIP-relative operands (addresses), whoever made them; and in one
 * process, at one offset of their pages. The throughput and branch kernels
 * are the compilers' own loops, timed from copies placed alike
 * (placed_kernel.h). */
#ifndef SQCOLOR_SPLICED_LOOP_H
#define SQCOLOR_SPLICED_LOOP_H

#include "bench/catalog/registry.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether code[0..size), loaded at address, can be spliced: a leaf that
 * ends in its only ret, no call, no jump out of it or through a register
 * (a jump to the ret is a jump to the next link). False with the reason in
 * err. */
bool sq_splice_fits(const uint8_t *code, size_t size, uint64_t address, char *err, size_t errlen);

/* v's latency kernel: its callable routine spliced into the harness's loop,
 * built once for the process. NULL with the reason in err where the routine
 * cannot be spliced or no page lies within reach of what it addresses. */
sq_kernel_fn sq_spliced_latency(const sq_variant *v, char *err, size_t errlen);

/* The latency baseline every impl shares for a family of arity: the
 * harness's identity body (mov eax, edi) in the same loop. */
sq_kernel_fn sq_spliced_baseline(int arity, char *err, size_t errlen);

#endif
