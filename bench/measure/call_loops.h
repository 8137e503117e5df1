#ifndef SQCOLOR_CALL_LOOPS_H
#define SQCOLOR_CALL_LOOPS_H

#include "bench/catalog/registry.h"

/* r = fn(a[i] ^ r[, b[i]]) for i < n; returns the last r. */
__attribute__((noinline)) uint64_t sq_call_chain(sq_any_fn fn, int arity, const uint8_t *a,
                                                 const uint8_t *b, size_t n);

/* The loops themselves, one per arity (asm/call_loops.asm). */
uint64_t sq_call_chain1(sq_fn1 fn, const uint8_t *a, size_t n);
uint64_t sq_call_chain2(sq_fn2 fn, const uint8_t *a, const uint8_t *b, size_t n);

/* The identity routine (asm): returns its first argument; call mode's baseline. */
unsigned sq_asm_identity(unsigned a, unsigned b);

#endif
