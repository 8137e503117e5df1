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
 * caller sees it (its register moves included). */
#include "bench/measure/call_loops.h"

/* r through eight xors whose constants cancel: 8 cycles of latency on any
 * x86-64 core, invisible to the compiler. */
static inline unsigned pad(unsigned r) {
    __asm__("xor $0x11, %0\n\txor $0x22, %0\n\txor $0x44, %0\n\txor $0x88, %0\n\t"
            "xor $0x11, %0\n\txor $0x22, %0\n\txor $0x44, %0\n\txor $0x88, %0"
            : "+r"(r)
            :
            : "cc");
    return r;
}

uint64_t sq_call_chain(sq_any_fn fn, int arity, const uint8_t *a, const uint8_t *b, size_t n) {
    unsigned r = 0;
    if (arity == 1) {
        sq_fn1 f = (sq_fn1)fn;
        for (size_t i = 0; i < n; i++)
            r = f(a[i] ^ pad(r));
    } else {
        sq_fn2 f = (sq_fn2)fn;
        for (size_t i = 0; i < n; i++)
            r = f(a[i] ^ pad(r), b[i]);
    }
    return r;
}
