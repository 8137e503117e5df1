/* Batch timing's loops (asm/batch_loops.asm): calls of a batch routine
 * between two TSC stamps, on a 64-byte line the C around them cannot move. */
#ifndef SQCOLOR_BATCH_LOOPS_H
#define SQCOLOR_BATCH_LOOPS_H

#include <stddef.h>
#include <stdint.h>

/* fn(in, out, n), calls times, fn a routine of one input (color_batch,
 * color_mask: sq_batch_variant's fn.any); the TSC ticks they took. */
uint64_t sq_batch_calls1(void (*fn)(void), const uint8_t *in, void *out, size_t n, uint64_t calls);
/* fn(a, b, out, n), calls times, fn a same_color_batch routine; the TSC
 * ticks they took. */
uint64_t sq_batch_calls2(void (*fn)(void), const uint8_t *a, const uint8_t *b, void *out, size_t n,
                         uint64_t calls);

#endif
