/* libFuzzer target: the PGN reader must reject, never crash, and never write
 * past the room it is promised (len / 2 squares) or a square past 63. */
#include "bench/input/pgn.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *out = malloc(size / 2 + 1); /* + 1: malloc(0) may give NULL */
    char err[256];
    if (!out)
        return 0;
    long n = sq_pgn_moves((const char *)data, size, out, err, sizeof err);
    if (n > (long)(size / 2))
        abort(); /* more moves than the text has room for */
    for (long i = 0; i < n; i++)
        if (out[i] > 63)
            abort(); /* a square out of range got through */
    free(out);
    return 0;
}
