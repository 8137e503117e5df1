/* A text table laid out as a listing (bench/util/text_table.h): every column
 * left-aligned after two spaces and padded, counted in characters, and cut
 * into bands of columns that fit a width, each band as long as its columns. */
#include "bench/util/text_table.h"

#include "check.h"

/* The listing of columns [first, last) of t. */
static void lists(const sq_text_table *t, int first, int last, const char *want) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = sq_text_table_write_listing(t, f, first, last);
    fclose(f);
    CHECK(rc == 0 && strcmp(buf, want) == 0, "columns [%d, %d): '%s', wanted '%s'", first, last,
          buf, want);
    free(buf);
}

int main(void) {
    sq_text_table t;
    sq_text_table_init(&t, 3);
    const char *cells[] = {"a", "bb", "c †", "+0x00 lea", "xor", "", "+0x07 ret", "", ""};
    for (int i = 0; i < 9; i++)
        sq_text_table_add(&t, "%s", cells[i]);
    /* † is one column, three bytes; the last column is padded too */
    lists(&t, 0, 3, "  a          bb   c †\n  +0x00 lea  xor     \n  +0x07 ret          \n");
    /* a band ends with the last row that has text in its columns */
    lists(&t, 1, 3, "  bb   c †\n  xor     \n");
    lists(&t, 2, 3, "  c †\n");
    /* widths 11, 5 and 5 with their two spaces: 21 characters in all */
    CHECK(sq_text_table_band_end(&t, 0, 21) == 3, "all three fit 21 characters");
    CHECK(sq_text_table_band_end(&t, 0, 20) == 2, "two fit 20 characters");
    CHECK(sq_text_table_band_end(&t, 0, 5) == 1, "a column wider than the width is a band");
    CHECK(sq_text_table_band_end(&t, 2, 5) == 3, "the last column is a band of its own");
    sq_text_table_free(&t);
    return check_finish("text_table", NULL);
}
