/* Call mode: the callable routine through a function pointer, chained like the
 * latency kernels. The pointer is only known at run time, so nothing inlines. */
#include "call_loops.h"

uint64_t sq_call_chain(sq_any_fn fn, int arity, const uint8_t *a, const uint8_t *b, size_t n) {
    unsigned r = 0;
    if (arity == 1) {
        sq_fn1 f = (sq_fn1)fn;
        for (size_t i = 0; i < n; i++)
            r = f(a[i] ^ r);
    } else {
        sq_fn2 f = (sq_fn2)fn;
        for (size_t i = 0; i < n; i++)
            r = f(a[i] ^ r, b[i]);
    }
    return r;
}
