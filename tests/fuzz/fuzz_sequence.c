/* libFuzzer target: the sequence-file reader (file: and pgn:) must reject,
 * never crash. */
#include "bench/input/sequence.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char path[] = "/tmp/sqcolor-fuzz-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        unlink(path);
        return 0;
    }
    close(fd);
    char spec[64], err[512];
    for (int k = 0; k < 3; k++) { /* file: squares, file: pairs, pgn: */
        int arity = k == 1 ? 2 : 1;
        snprintf(spec, sizeof spec, "%s%s", k == 2 ? "pgn:" : "file:", path);
        sq_sequence s;
        if (sq_sequence_make(spec, arity, 256, 1, &s, err, sizeof err) == 0) {
            for (size_t i = 0; i < s.length; i++)
                if (s.a[i] > 63 || (s.b && s.b[i] > 63))
                    abort(); /* a square out of range got through */
            sq_sequence_free(&s);
        }
    }
    unlink(path);
    return 0;
}
