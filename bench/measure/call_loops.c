/* Call mode: the callable routine through a function pointer, chained like the
 * latency kernels. The pointer is only known at run time, so nothing inlines.
 *
 * A call and its return cost this core a few cycles of their own (4 on the
 * Intel guest this was written on), which the chain overlaps. Without help the
 * loop runs at max(chain, call overhead): a cheap routine hides under the
 * overhead, and which of the two bounds a row depends on the state of the
 * core, so a row's cost over the identity routine jumped by a whole cycle from
 * one process to the next. The chain therefore also passes through
 * eight dependent xors, which the identity loop pays too: both loops are
 * bound by their chains, and the difference is the routine's latency as a
 * caller sees it (its register moves included). The loops are asm
 * (asm/call_loops.asm), so that each lies on a line of its own whatever
 * the C around them. */
#include "bench/measure/call_loops.h"

uint64_t sq_call_chain(sq_any_fn fn, int arity, const uint8_t *a, const uint8_t *b, size_t n) {
    return arity == 1 ? sq_call_chain1((sq_fn1)fn, a, n) : sq_call_chain2((sq_fn2)fn, a, b, n);
}
