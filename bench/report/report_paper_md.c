/* The paper table as Markdown (--format paper): its caption as a "Table:"
 * line, one pipe table, then the marks' letters (^a) explained, a paragraph
 * each. */
#include "bench/report/report_formats.h"

#include "bench/report/paper_table.h"
#include "bench/util/escape.h"

static const sq_paper_style markdown = {
    .text = sq_put_markdown,
    .math_open = "",
    .math_close = "",
    .bold_open = "**",
    .bold_close = "**",
    .pm = "±",
    .pm_prose = "±",
    .bold_word = "**Bold**",
    .le = "≤ ",
    .approx_zero = "≈0",
    .none = "—",
    .marks_open = "^",
    .marks_close = "",
    .family_open = "*",
    .family_close = "*",
    .row_open = "| ",
    .cell_sep = " | ",
    .row_close = " |\n",
};

/* One column head: "asm" or "best C", after the machine's name with several. */
static void head(FILE *out, const sq_paper_table *t, int r, int k) {
    fputs(" | ", out);
    if (t->nmachines > 1) {
        sq_put_markdown(out, t->machine[r]);
        fputc(' ', out);
    }
    fputs(t->has_asm && k == 0 ? "asm" : "best C", out);
}

static void header(FILE *out, const sq_paper_table *t) {
    int per = t->ncols / t->nmachines;
    fputs("| technique", out);
    for (int r = 0; r < t->nmachines; r++)
        for (int k = 0; k < per; k++)
            head(out, t, r, k);
    fputs(" |\n|:--", out);
    for (int k = 0; k < t->ncols; k++)
        fputs("|--:", out);
    fputs("|\n", out);
}

static void body(FILE *out, const sq_paper_table *t) {
    for (int i = 0; i < t->nrows; i++) {
        const sq_paper_row *row = &t->rows[i];
        if (i == 0 || row->family != t->rows[i - 1].family) {
            fputs("| ", out);
            sq_paper_write_family(out, t, row->family, &markdown);
            for (int k = 0; k < t->ncols; k++)
                fputs(" | ", out);
            fputs(" |\n", out);
        }
        sq_paper_write_row(out, t, row, &markdown);
    }
}

void sq_write_paper_md(FILE *out, const sq_paper_table *t) {
    fputs("Table: ", out);
    sq_paper_write_caption(out, t, &markdown);
    fputs("\n\n", out);
    header(out, t);
    body(out, t);
    for (int i = 0; i < t->nletters; i++) {
        fputc('\n', out);
        sq_paper_write_mark(out, t, i, &markdown);
        fputc('\n', out);
    }
    sq_paper_write_plain_notes(out, &markdown, t->any_best, t->any_missing, "\n", "\n");
}
