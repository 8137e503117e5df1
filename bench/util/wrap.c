#include "bench/util/wrap.h"

#include "bench/util/escape.h"

#include <stdlib.h>
#include <string.h>

/* The end of the longest start of p within width characters that ends at a
 * space (or at p's end); past the first word when that is longer. */
static const char *line_end(const char *p, int width) {
    const char *end = NULL, *q = p;
    int n = 0;
    for (; *q && n <= width; q++) {
        if (*q == ' ')
            end = q;
        n += ((unsigned char)*q & 0xc0) != 0x80;
    }
    if (!*q && n <= width)
        end = q;
    if (!end) /* one word longer than a line: it goes out whole */
        end = q + strcspn(q, " ");
    return end;
}

int sq_put_wrapped(FILE *out, const char *lead, const char *text, int columns, const char *indent) {
    const char *p = text, *before = lead;
    for (;;) {
        const char *end = line_end(p, columns - sq_plain_width(before));
        char *part = strndup(p, (size_t)(end - p));
        if (!part)
            return -1;
        fputs(before, out);
        sq_put_plain(out, part);
        fputc('\n', out);
        free(part);
        p = end + strspn(end, " ");
        if (!*p)
            return 0;
        before = indent;
    }
}
