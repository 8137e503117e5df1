/* LD_PRELOAD shim for tests/out_of_memory.sh: with SQ_FAIL_BIG_MALLOC=N, the
 * first N calls of malloc for 1 MiB or more succeed and every later one
 * fails (the JSON arena's chunks are such calls; the small ones of the
 * program's start are spared). Not for sanitizer builds: it bypasses their
 * malloc. */
#include <stdlib.h>

extern void *__libc_malloc(size_t size);

void *malloc(size_t size) {
    static long left = -2;
    if (left == -2) {
        const char *s = getenv("SQ_FAIL_BIG_MALLOC");
        left = s ? atol(s) : -1;
    }
    if (size >= (size_t)1 << 20 && left >= 0) {
        if (left == 0)
            return NULL;
        left--;
    }
    return __libc_malloc(size);
}
