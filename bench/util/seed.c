#include "bench/util/seed.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool sq_seed_parse(const char *text, uint64_t *seed) {
    char *end;
    errno = 0;
    bool digits = text[0] != 0 && strspn(text, "0123456789") == strlen(text);
    unsigned long long v = digits ? strtoull(text, &end, 10) : 0;
    if (!digits || errno || *end)
        return false;
    *seed = v;
    return true;
}
