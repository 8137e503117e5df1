/* Prose wrapped for the console (bench/util/wrap.h): broken at spaces within
 * the columns, counted in characters, a word longer than a line whole. */
#include "bench/util/wrap.h"

#include "check.h"

static void wraps(const char *lead, const char *text, int columns, const char *want) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = sq_put_wrapped(f, lead, text, columns, "    ");
    fclose(f);
    CHECK(rc == 0 && strcmp(buf, want) == 0, "'%s' in %d columns: '%s', wanted '%s'", text, columns,
          buf, want);
    free(buf);
}

int main(void) {
    wraps("", "one line", 20, "one line\n");
    wraps("", "aaaa bbbb cccc dddd", 10, "aaaa bbbb\n    cccc\n    dddd\n");
    wraps("  ", "aaaa bbbb cccc", 11, "  aaaa bbbb\n    cccc\n");
    /* characters, not bytes: † is one column, three bytes */
    wraps("", "a † b † c", 5, "a † b\n    †\n    c\n");
    wraps("", "x averyveryverylongword y", 8, "x\n    averyveryverylongword\n    y\n");
    return check_finish("wrap", NULL);
}
