#include "bench/util/escape.h"

#include <stdio.h>

const char *sq_token_shown(const char *tok, char *buf, size_t len) {
    size_t n = 0, i = 0;
    for (; tok[i] && i < 24 && n + 5 < len; i++) {
        unsigned char c = (unsigned char)tok[i];
        n += (size_t)snprintf(buf + n, len - n, c >= 0x20 && c < 0x7f ? "%c" : "\\x%02x", c);
    }
    snprintf(buf + n, len - n, "%s", tok[i] ? "..." : "");
    return buf;
}
