/* The document's sticky out-of-memory state: once a table or a block found
 * no memory, later blocks write nothing, sq_doc_finish returns
 * SQ_FAILED_MEMORY, and an HTML page is not written at all. Out of memory is
 * set by hand here (the flag a failed allocation sets). */
#include "bench/render/doc.h"
#include "bench/util/failure.h"

#include <stdio.h>
#include <stdlib.h>

#include "check.h"

/* A document in format whose table ran out of memory: what it wrote. */
static char *failed_table_doc(sq_doc_format format, int *rc) {
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return NULL;
    sq_doc d;
    sq_doc_open(&d, out, format, "title");
    sq_text_table t;
    sq_text_table_init(&t, 2);
    sq_text_table_add(&t, "a");
    t.out_of_memory = true; /* as a failed cell leaves it */
    sq_text_table_add(&t, "dropped cell");
    CHECK(t.ncells == 1, "a cell added after out of memory was kept (%d cells)", t.ncells);
    CHECK(sq_text_table_write(&t, out, 1, 1) == SQ_FAILED_MEMORY,
          "sq_text_table_write wrote a table that lost a cell");
    sq_doc_table(&d, &t, 1, 1);
    sq_doc_paragraph(&d, "after the table");
    *rc = sq_doc_finish(&d);
    sq_text_table_free(&t);
    fclose(out);
    return text;
}

int main(void) {
    static const char *const names[] = {"text", "markdown", "html"};
    for (int f = SQ_DOC_TEXT; f <= SQ_DOC_HTML; f++) {
        int rc = 0;
        char *text = failed_table_doc((sq_doc_format)f, &rc);
        CHECK(text != NULL, "%s: no memory stream", names[f]);
        if (!text)
            continue;
        CHECK(rc == SQ_FAILED_MEMORY, "%s: sq_doc_finish returned %d", names[f], rc);
        CHECK(!strstr(text, "after the table"), "%s: a block after the failure was written",
              names[f]);
        if (f == SQ_DOC_HTML)
            CHECK(text[0] == 0, "html: a page was written: %.60s", text);
        free(text);
    }
    return check_finish("doc_error", NULL);
}
