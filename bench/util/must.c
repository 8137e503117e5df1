#include "bench/util/must.h"

#include <stdio.h>
#include <stdlib.h>

void *sq_must(void *p) {
    if (!p) {
        fputs("sqcolor: out of memory\n", stderr);
        exit(2);
    }
    return p;
}
